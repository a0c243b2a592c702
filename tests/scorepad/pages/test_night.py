"""What the game night's pages show (scorepad/pages/night.py), through HTTP: the chart in
the page, the series on the game page and in "My games", the statistics page, the
result picture."""

import io
import re
from decimal import Decimal

import pytest
from django.urls import reverse
from PIL import Image

from scorepad.logic import chart
from scorepad.models import Game
from scorepad.pages import night
from scorepad.pages import result_picture as picture
from tests.conftest import HTMX, fresh, make_game, play, url

pytestmark = pytest.mark.django_db


def remember(client, *games):
    session = client.session
    session["my_games"] = [g.edit_token for g in games]
    session.save()


def enter(client, game, *points, lang="en"):
    number = fresh(game).next_number
    data = {"number": str(number), **{f"points_{i}": str(p) for i, p in enumerate(points)}}
    return client.post(url("add-round", game, lang), data, **HTMX)


# ------------------------------------------------------------------ the chart in the page


def drawn_lines(html):
    """(total, number of points, last point's y) per player line, the threshold's y and
    the chart's top value, read from the SVG as the browser gets it."""
    svg = re.search(r"<svg class=\"course-svg\".*?</svg>", html, re.S).group(0)
    top = Decimal(re.search(r'data-top="([^"]+)"', svg).group(1))
    lines = [
        (Decimal(total), [tuple(map(float, p.split(","))) for p in points.split()])
        for total, points in re.findall(r'data-total="([^"]+)"><polyline points="([^"]+)"', svg)
    ]
    threshold = re.search(r'data-threshold="(\d+)"><line [^>]*y1="([^"]+)"', svg)
    return svg, top, lines, threshold


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_chart_in_the_page_ends_each_line_at_its_total(client, lang):
    game = play(make_game(("Anna", "Bo", "Cy")), (3, 5.5, 9), (7.5, 2, 4), (1, 12, 0))
    html = client.get(url("game", game, lang)).content.decode()
    svg, top, lines, threshold = drawn_lines(html)
    bottom, plot_top = chart.HEIGHT - chart.BOTTOM, chart.TOP
    totals = fresh(game).outcome().totals
    assert [total for total, _ in lines] == totals
    for total, points in lines:
        assert len(points) == 3  # one per live round
        expected = bottom - float(total / top) * (bottom - plot_top)
        assert points[-1][1] == pytest.approx(expected, abs=0.06)
    assert threshold.group(1) == "21"
    assert float(threshold.group(2)) == pytest.approx(
        bottom - 21 / float(top) * (bottom - plot_top), abs=0.06
    )
    # the accessible name and description, in the page's language, numbers as written there
    assert 'role="img" aria-labelledby="course-title course-desc"' in svg
    desc = re.search(r"<desc[^>]*>(.*?)</desc>", svg).group(1)
    assert ("Bo 19.5" if lang == "en" else "Bo 19,5") in desc
    assert 'href="#rounds"' in html and 'id="rounds"' in html


def test_the_chart_follows_the_board_in_htmx_answers_and_the_watch_poll(client):
    game = play(make_game(("Anna", "Bo")), (3, 5))
    answer = enter(client, game, 4, 2).content.decode()
    assert len(drawn_lines(answer)[2][0][1]) == 2
    poll = client.get(url("watch-poll", game, token="watch_token"), {"v": "1"}, **HTMX)
    _svg, _top, lines, _t = drawn_lines(poll.content.decode())
    assert [total for total, _ in lines] == [Decimal(7), Decimal(7)]
    assert all(len(points) == 2 for _, points in lines)


def test_no_chart_before_the_first_round(client):
    assert "course-svg" not in client.get(url("game", make_game())).content.decode()


# ------------------------------------------------------------------ the series


def test_a_rematch_shows_the_evening_so_far(client):
    first = play(make_game(("Anna", "Bo"), threshold=10), (11, 2))
    client.post(url("rematch", first))
    second = Game.objects.get(rematch_of=first)
    html = client.get(url("game", second)).content.decode()
    series = re.search(r'<section class="series".*?</section>', html, re.S).group(0)
    # under way: the games over, and this one being played (issue 36)
    assert "The evening so far: 1 game over, this one under way" in series
    assert re.search(r"Anna <span class=\"mark bad\">closest to losing</span>", series)
    # Anna: one lost, none won
    assert re.search(r'<td data-label="Lost">1</td><td data-label="Won">0</td>', series)
    # Undoing the first game's deciding round shows on the rematch's page at once
    fresh(first).undo_round(1)
    html = client.get(url("game", second)).content.decode()
    series = re.search(r'<section class="series".*?</section>', html, re.S).group(0)
    assert "closest to losing</span>" not in series


def test_my_games_shows_a_series_as_one_entry_that_opens_into_its_games(client):
    first = play(make_game(("Anna", "Bo"), threshold=10), (11, 2))
    client.post(url("rematch", first))
    second = Game.objects.get(rematch_of=first)
    alone = make_game(("Cy", "Dag"))
    remember(client, alone, second, first)
    html = client.get("/en/scorepad/").content.decode()
    entries = re.search(r'<ul class="my-games">(.*)</ul>\s*</section>', html, re.S).group(1)
    assert entries.count('class="series-entry"') == 1
    details = re.search(r"<details>.*?</details>", entries, re.S).group(0)
    assert "An evening of 2 games: Anna lost 1 · Bo lost 0" in details
    assert url("game", first) in details and url("game", second) in details
    assert url("game", alone) not in details and url("game", alone) in entries


# ------------------------------------------------------------------ statistics


@pytest.mark.parametrize(("lang", "average"), [("en", "6.3"), ("nb", "6,3")])
def test_the_statistics_page_in_both_languages(client, lang, average):
    games = [
        play(make_game(("Anna", "Bo"), threshold=10), (2.5, 3), (9, 1)),  # Anna loses
        play(make_game(("Anna", "Bo"), threshold=None), (7.5, 8)),  # Anna wins
    ]
    remember(client, *reversed(games))
    html = client.get(
        reverse("scorepad:statistics") if lang == "en" else "/nb/poengblokk/statistikk/"
    )
    html = html.content.decode()
    anna = re.search(r"<tr><th scope=\"row\">Anna</th>(.*?)</tr>", html).group(1)
    cells = re.findall(r"<td[^>]*>(.*?)</td>", anna)
    # games, lost, won, rounds won / rounds, average, best, worst
    assert cells[:4] == ["2", "1", "1", "2 / 3"]
    assert cells[4] == average  # (2.5 + 9 + 7.5) / 3 = 6.33
    assert cells[5] == ("2.5" if lang == "en" else "2,5") and cells[6] == "9"
    streak = "won the last game" if lang == "en" else "vant det siste spillet"
    assert streak in html


def test_the_statistics_are_reachable_from_the_home_page_and_the_scorepad(client):
    remember(client, play(make_game(), (1, 2)))
    link = reverse("scorepad:statistics")
    assert f'href="{link}"' in client.get("/en/").content.decode()
    assert f'href="{link}"' in client.get("/en/scorepad/").content.decode()


def test_statistics_without_games_say_so(client):
    html = client.get(reverse("scorepad:statistics")).content.decode()
    assert "Nothing has been played yet" in html


# ------------------------------------------------------------------ the picture


def test_the_result_picture_at_the_game_and_the_watch_address(client):
    game = play(make_game(("Anna", "Bo")), (3, 5), (19, 2))
    for address in (url("result-png", game), url("watch-result-png", game, token="watch_token")):
        response = client.get(address)
        assert response["Content-Type"] == "image/png"
        assert Image.open(io.BytesIO(response.content)).size == picture.SIZE
    html = client.get(url("game", game)).content.decode()
    # the keeper's page shares the watch address's picture (views/test_night_share_picture.py)
    watch = url("watch-result-png", game, token="watch_token")
    assert f'href="{watch}?v=2"' in html and "Share the result" in html


def test_the_picture_differs_per_language_and_changes_with_the_game(client):
    game = play(make_game(("Anna", "Bo")), (3, 5), (19, 2))
    english = client.get(url("result-png", game)).content
    norwegian = client.get(url("result-png", game, "nb")).content
    assert english != norwegian
    assert client.get(url("result-png", game)).content == english  # kept per version
    fresh(game).undo_round(2)
    assert client.get(url("result-png", game)).status_code == 404  # not decided now
    play(game, (2, 22))
    changed = client.get(url("result-png", game)).content
    assert changed != english
    assert Image.open(io.BytesIO(changed)).size == picture.SIZE


def test_an_open_game_has_no_picture_yet(client):
    game = play(make_game(), (1, 2))
    assert client.get(url("result-png", game)).status_code == 404
    assert "Share the result" not in client.get(url("game", game)).content.decode()


# ------------------------------------------------------------------ names at the lines' ends

LONG = ("Anne-Marthe Kristiansen", "Bjørn-Erik Haugland", "Kari", "Ola Nordmann")


def test_the_result_pictures_names_are_cut_by_width_not_to_seven_letters(monkeypatch):
    game = Game.create_with_players(list(LONG), game="golf", holes=2)
    game = play(game, (4, 5, 6, 7), (3, 3, 6, 7))
    drawn = []
    real = picture.fonts.text

    def text(draw, xy, words, size, bold=False, fill="#000", anchor="ls"):
        if size in picture.LABEL_SIZES and bold and anchor == "lm":  # a name at a line's end
            drawn.append((words, xy[0] + picture.fonts.length(draw, words, size, True)))
        return real(draw, xy, words, size, bold, fill, anchor)

    monkeypatch.setattr(picture.fonts, "text", text)
    png = night.draw_result(fresh(game), "en")
    assert Image.open(io.BytesIO(png)).size == picture.SIZE
    labels = [words for words, _right in drawn]
    assert "Ola Nordmann" in labels and "Kari" in labels  # whole, not "Ola Nor…"
    assert "Anne-Marthe Kristiansen" not in labels
    cut = [label for label in labels if label.endswith("…")]
    assert cut and all(len(label) > 8 for label in cut), cut
    assert all(right <= picture.SIZE[0] - picture.LABEL_EDGE for _words, right in drawn)
