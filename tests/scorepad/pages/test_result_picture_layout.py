"""The result picture's layout, measured as it is drawn: the headline says who lost in
whole words within the canvas, in both languages; names in the standings are whole where
there is room; no text on another; the chart starts right under the standings."""

import io

import pytest
from django.utils import translation
from PIL import Image, ImageDraw

from rules import words
from scorepad.pages import night
from scorepad.pages import result_picture as picture
from tests.conftest import fresh, make_game, play

pytestmark = pytest.mark.django_db
LONG = ("Anne-Marthe Kristiansen", "Øyvind", "Håkon Bjørnstad-Eriksen", "Ingrid")
# Every score the same but one: how a table can end with many sharing the loss.
MANY = tuple(f"Frøydis Margrethe {n}" for n in range(1, 11))


def canvas():
    return ImageDraw.Draw(Image.new("RGB", picture.SIZE))


def texts_of(game, lang):
    game = fresh(game)
    result = game.outcome()
    fmt = words.points_formatter(lang)
    with translation.override(lang):
        title = night.headline(game, result)
        standings = [
            picture.Standing(p.name, fmt(result.totals[i]),
                             "lost" if i in result.losers else "", i in result.losers)
            for i, p in enumerate(game.player_list)
        ]  # fmt: skip
    draw = canvas()
    texts, chart_top = picture.layout(draw, title, "1 December 2026 · Standard", standings)
    return title, texts, chart_top, draw


def headline_texts(texts):
    """The headline's lines: the bold texts at the left margin (the places are not bold,
    the names stand further in)."""
    return [t for t in texts if t.bold and t.x == picture.MARGIN]


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize(
    ("names", "rounds"),
    [
        (LONG, [(10, 3, 4, 5), (6, 2, 7, 1), (9, 4, 2, 3)]),  # one long name loses
        (MANY, [(25,) * 9 + (1,)]),  # nine share the loss
    ],
)
def test_the_headline_says_who_lost_in_whole_words_within_the_canvas(lang, names, rounds):
    game = play(make_game(names, threshold=21), *rounds)
    title, texts, chart_top, draw = texts_of(game, lang)
    lines = [t.text for t in headline_texts(texts)]
    assert " ".join(lines).split() == title.split()  # every word, whole, in order
    for loser in fresh(game).outcome().losers:
        assert fresh(game).player_list[loser].name in title
    for text in texts:  # measured against the canvas
        left, top, right, bottom = text.box(draw)
        assert left >= picture.MARGIN - 1 and right <= picture.SIZE[0] - picture.MARGIN + 1, text
        assert top >= 0 and bottom <= chart_top, text
    boxes = [t.box(draw) for t in texts]
    for i, a in enumerate(boxes):
        for b in boxes[i + 1 :]:
            apart = a[2] <= b[0] or b[2] <= a[0] or a[3] <= b[1] or b[3] <= a[1]
            assert apart, (a, b)


def test_names_in_the_standings_are_whole_when_there_is_room():
    game = play(make_game(LONG, threshold=21), (10, 3, 4, 5), (6, 2, 7, 1), (9, 4, 2, 3))
    _title, texts, _top, _draw = texts_of(game, "en")
    drawn = {t.text for t in texts}
    for name in LONG:
        assert name in drawn


def test_the_chart_starts_right_under_the_standings_and_fills_the_picture():
    game = play(make_game(("Anna", "Bo"), threshold=21), (10, 3), (12, 4))
    _title, texts, chart_top, draw = texts_of(game, "nb")
    lowest = max(t.box(draw)[3] for t in texts)
    assert chart_top - lowest <= 2 * picture.CHART_GAP  # no empty band above the chart
    png = Image.open(io.BytesIO(night.draw_result(fresh(game), "nb")))
    assert png.size == picture.SIZE
    # The chart's lines reach down into the lower part of the picture: nothing left empty
    lower = png.crop((0, picture.SIZE[1] * 3 // 4, picture.SIZE[0], picture.SIZE[1]))
    assert lower.convert("L").getextrema()[0] < 128
