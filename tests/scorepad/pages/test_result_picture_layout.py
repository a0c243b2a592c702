"""The result picture's layout, measured as it is drawn: the headline says who lost in
whole words within the canvas, in both languages; names in the standings are whole where
there is room; no text on another; the chart starts right under the standings."""

import io
import re
from datetime import datetime
from decimal import Decimal
from itertools import takewhile

import pytest
from django.utils import timezone, translation
from PIL import Image, ImageDraw

from rules import words
from scorepad.logic.names import NAME_MAX
from scorepad.models import Game
from scorepad.pages import night
from scorepad.pages import result_picture as picture
from tests.conftest import fresh, golf, make_game, play

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


# ------------------------------------------------------------------ lines of whole phrases

# Names as long as a name may be, with spaces and hyphens inside.
LONGEST = ("Karl-Johan Wilhelmsen Bø", "Anne-Marthe Kristiansen", "Håkon Bjørnstad-Eriksen")
SUBTITLE = {  # the longest month, the longest variant name, the most holes
    "en": ["30 September 2026", "Four-card golf", "18 holes + extra hole"],
    "nb": ["30. september 2026", "Golf med seks kort", "18 hull + ekstra hull"],
}


def drawn(monkeypatch, game, lang):
    """The lines the result picture draws: its headline's, its subtitle's, and the names
    the headline was written with."""
    seen = {}

    def lay_out(title, subtitle, standings, *args):
        seen["texts"], _top = picture.layout(canvas(), title, subtitle, standings)
        return b""

    monkeypatch.setattr(night.picture, "result_png", lay_out)
    with translation.override(lang):
        night.draw_result(fresh(game), lang)
    texts = seen["texts"]
    headline = [t.text for t in headline_texts(texts)]
    # the subtitle's lines follow the headline's, up to the first place ("1.")
    after = [t.text for t in texts[len(headline) :]]
    subtitle = list(takewhile(lambda text: not re.fullmatch(r"\d+\.", text), after))
    return headline, subtitle


def golf_won_on_the_extra_hole(names, variant="six_card"):
    """18 holes: the first two tie, the first wins the extra hole."""
    game = golf(names, variant=variant, holes=18, extra_hole=True)
    day = datetime(2026, 9, 30, 12, tzinfo=timezone.get_current_timezone())
    Game.objects.filter(pk=game.pk).update(created_at=day)
    holes = [(5, 5, 9)] * 18 + [(2, 6, None)]
    for number, points in enumerate(holes, 1):
        scores = [None if p is None else Decimal(p) for p in points]
        assert fresh(game).add_round(number, scores, [""] * 3).result.value == "saved"
    return game


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_subtitle_breaks_only_between_whole_phrases(monkeypatch, lang):
    """Reported: «… · 2 hull + ekstra» / «hull» in Norwegian."""
    variant = {"en": "four_card", "nb": "six_card"}[lang]
    game = golf_won_on_the_extra_hole(("Ada", "Bo", "Cy"), variant)
    _headline, subtitle = drawn(monkeypatch, game, lang)
    phrases = [phrase for line in subtitle for phrase in line.split(" · ")]
    assert phrases == SUBTITLE[lang]  # every phrase whole, in order, none split
    assert len(subtitle) == 2  # too long for one line: broken between phrases


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("winners", [1, 2])
def test_the_headline_breaks_between_names_never_inside_one(monkeypatch, lang, winners):
    """Reported with the longest names: «Håkon» / «Bjørnstad-Eriksen», and a line of
    «vant» alone."""
    assert all(len(name) <= NAME_MAX for name in LONGEST)
    game = golf_won_on_the_extra_hole(LONGEST)
    if winners == 2:  # Karl-Johan and Anne-Marthe tie the extra hole: both win
        rnd = fresh(game).live_rounds[-1]
        fresh(game).edit_round(19, rnd.pk, [Decimal(4), Decimal(4), None], [""] * 3)
    headline, _subtitle = drawn(monkeypatch, game, lang)
    won = LONGEST[:winners]
    for name in won:  # each name whole on one line
        assert [line for line in headline if name in line], (name, headline)
    # one winner won it on the extra hole, and the headline says so; two tied it again
    said = {
        ("en", 1): "won the game of Golf on the extra hole",
        ("nb", 1): "vant på det ekstra hullet",
        ("en", 2): "won the game of Golf",
        ("nb", 2): "vant",
    }[lang, winners]
    assert headline[-1].endswith(said.split()[-1]), headline  # the words whole
    assert all(" " in line for line in headline[1:]), headline  # no word left alone
    names = {"en": " and ", "nb": " og "}[lang].join(won)
    whole = {"en": f"{names} {said}", "nb": f"Golf: {names} {said}"}[lang]
    assert " ".join(headline).split() == whole.split()


def test_a_phrase_too_long_for_any_line_is_still_drawn_within_the_canvas():
    draw = canvas()
    width = picture.SIZE[0] - 2 * picture.MARGIN
    title = picture.whole(" ".join(["Bjørnstad-Eriksen"] * 12)) + " vant"
    size, lines = picture.headline(draw, title, width)
    assert " ".join(lines).split() == title.split()
    assert all(picture.fits(draw, line, size, width, True) for line in lines)
