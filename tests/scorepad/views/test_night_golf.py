"""Everything else of the scorepad for a game of Golf: the watch page and its poll, the
rematch, rename and history, the chart below zero, the CSV and JSON exports with signed
scores, the result picture, the paper sheet, the evening's series and the statistics
counted per game (never Golf's totals with Ghost's), "My games"."""

import csv
import io
import json
import re
from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation
from PIL import Image

from scorepad.models import Game
from tests.conftest import HTMX, fresh, golf, make_game, play, url

pytestmark = pytest.mark.django_db

MINUS = "\u2212"


def holes(game, *scores):
    return play(game, *scores)


def test_the_watch_page_and_its_poll_follow_in_holes(client):
    game = holes(golf(holes=3), (4, -2, 7))
    page = client.get(url("watch", game, token="watch_token")).content.decode()
    assert "Hole 2 is being played; Bo deals." in page
    assert f"{MINUS}2" in page and game.edit_token not in page
    poll = url("watch-poll", game, token="watch_token")
    shown = fresh(game).poll_mark
    assert client.get(poll, {"v": shown}, **HTMX).status_code == 204
    holes(game, (1, 1, 1))
    answer = client.get(poll, {"v": shown}, **HTMX).content.decode()
    assert "Hole 3 is being played; Cy deals." in answer and "Golf, the card game" in answer
    nb = client.get(url("watch", game, "nb", token="watch_token")).content.decode()
    assert "Hull 3 spilles nå, og Cy gir." in nb


def test_the_chart_runs_below_zero_without_a_threshold_line(client):
    game = holes(golf(), (-6, 3, 9), (-5, 4, 1))
    html = client.get(url("game", game)).content.decode()
    chart = html.split('<figure class="course" id="course">')[1].split("</figure>")[0]
    assert 'class="threshold"' not in chart and "loss threshold" not in chart
    assert f">{MINUS}" in chart  # a negative value on the side
    assert "Running totals after 2 holes: Anna −11, Bo 7, Cy 10." in chart
    assert 'data-axis-name="hole"' in chart


def test_csv_and_json_exports_carry_signed_scores_and_the_penalty(client):
    game = golf(caller_penalty=True)
    client.post(
        url("add-round", game),
        {"number": "1", "points_0": "5", "points_1": "−2", "points_2": "8", "caller": "0"},
    )
    client.post(
        url("add-round", game),
        {"number": "2", "points_0": "6", "points_1": "3", "points_2": "9", "caller": "2"},
    )
    response = client.get(url("export-csv", game))
    assert "golf-" in response["Content-Disposition"]
    rows = list(csv.reader(io.StringIO(response.content.decode().lstrip("\ufeff"))))
    assert rows[0] == ["Hole", "Anna", "Bo", "Cy"]
    assert rows[1] == ["1", "5", "-2", "8"]  # a minus a spreadsheet reads as one
    assert rows[2] == ["2", "6", "0", "12"]
    assert rows[3] == ["Total after 2 holes", "11", "-2", "20"]
    data = json.loads(client.get(url("export-json", game)).content)
    assert data["game"] == "golf" and data["caller_penalty"] is True and data["holes"] == 9
    assert "jack_value" not in data and "threshold" not in data
    first, second = data["rounds"]
    assert [s["points"] for s in first["scores"]] == [5, -2, 8]  # whole numbers (issue 35)
    assert first["caller"] == "Anna" and "scored" not in first["scores"][1]
    assert second["caller"] == "Cy"
    assert [s.get("scored") for s in second["scores"]] == [None, 3, 9]
    assert not any("written" in s for s in second["scores"])  # the old name, reversed
    assert data["totals"] == [11, -2, 20]


def test_the_ghost_json_export_is_as_it_was(client):
    game = play(make_game(("Anna", "Bo")), (3, 5))
    data = json.loads(client.get(url("export-json", game)).content)
    assert "game" not in data and data["jack_value"] == "0.5" and data["threshold"] == 21
    assert "caller" not in data["rounds"][0]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_result_picture_of_a_finished_game(client, lang):
    game = holes(golf(holes=2), (-3, 4, 7), (2, -1, 0))
    response = client.get(url("result-png", game, lang))
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    assert 'filename="golf-' in response["Content-Disposition"]
    assert Image.open(io.BytesIO(response.content)).size == (1080, 1350)
    unfinished = holes(golf(holes=2), (1, 2, 3))
    assert client.get(url("result-png", unfinished, lang)).status_code == 404


def test_the_picture_says_who_won_the_game_of_golf():
    from django.utils import translation

    from scorepad.pages import night

    game = fresh(holes(golf(holes=1), (3, -2, 7)))
    with translation.override("en"):
        assert night.headline(game, game.outcome()) == "Bo won the game of Golf"
    with translation.override("nb"):
        assert night.headline(game, game.outcome()) == "Golf: Bo vant"


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Anna won the game of Golf on the extra hole"),
        ("nb", "Golf: Anna vant på det ekstra hullet"),
    ],
)
def test_the_picture_says_a_game_was_won_on_the_extra_hole(lang, said):
    """Anna and Bo level on 3 after the one hole; Anna wins the extra hole (item 38)."""
    from django.utils import translation

    from scorepad.pages import night

    game = fresh(holes(golf(holes=1, extra_hole=True), (3, 3, 7), (2, 5, None)))
    with translation.override(lang):
        assert night.headline(game, game.outcome()) == said
    level = fresh(holes(golf(holes=1, extra_hole=True), (3, 3, 7), (4, 4, None)))
    with translation.override(lang):
        assert night.headline(level, level.outcome()).startswith(
            {"en": "Anna and Bo won", "nb": "Golf: Anna og Bo vant"}[lang]
        )


def test_the_paper_sheet_is_golfs_for_these_players(client):
    game = golf(holes=5)
    html = client.get(url("sheet", game)).content.decode()
    assert "Anna" in html and "Cy" in html
    rows = re.findall(r'<th scope="row"[^>]*>\s*(\d+)', html)
    assert rows[:5] == ["1", "2", "3", "4", "5"] and "6" not in rows
    # the players' own sheet: no links to sheets for other counts, which would drop the names
    assert "Players:" not in html and "Golf · score sheet" in html


def test_a_golf_rematch_keeps_the_table_and_the_evening_counts_wins(client):
    game = holes(golf(holes=1, jokers="pagat"), (3, -2, 7))
    response = client.post(url("rematch", game))
    new = Game.objects.get(rematch_of=game)
    assert response["Location"].endswith(f"/{new.edit_token}/#board")  # opened at its board
    assert new.game == "golf" and new.house == game.house
    holes(new, (-1, 4, 4))
    page = client.get(url("game", new)).content.decode()
    series = page.split('class="series"')[1].split("</section>")[0]
    won = re.findall(r'<th scope="row">(\w+)</th><td data-label="Won">(\d)</td>', series)
    assert won == [("Anna", "1"), ("Bo", "1"), ("Cy", "0")]
    assert "Lost" not in series


def test_rename_and_history_speak_of_holes(client):
    game = holes(golf(), (3, 4, 5), (1, 2, 3))
    client.post(url("undo", game), {"number": "2"})
    client.post(url("rename", game), {"seat": "1", "name": "Bodil"})
    history = client.get(url("history", game)).content.decode()
    assert "Hole 2, undone:" in history and "Name corrected: Bo is now Bodil." in history
    shown = re.sub(r"<script.*?</script>", "", history.split("<main")[1], flags=re.S)
    assert "round" not in re.sub(r"<[^>]+>", " ", shown).lower()


def mine(client, games):
    session = client.session
    session["my_games"] = [g.edit_token for g in games]
    session.save()


def test_statistics_count_golf_and_ghost_apart(client):
    ghost = play(make_game(("Anna", "Bo")), (10, 3))
    golf_game = holes(golf(("Anna", "Bo"), holes=2), (-4, 6), (2, 1))
    mine(client, [golf_game, ghost])
    html = client.get("/en/scorepad/statistics/").content.decode()
    ghost_part, golf_part = html.split("<h2>Ghost</h2>")[1].split("<h2>Golf</h2>")
    # Anna's best Ghost round is 10; her best Golf hole −4: never one list of both
    assert re.search(r'data-label="Best round">10<', ghost_part)
    assert re.search(rf'data-label="Best hole">{MINUS}4<', golf_part)
    assert "Best hole" not in ghost_part and "Best round" not in golf_part
    assert 'data-label="Lost"' not in golf_part


def test_statistics_of_ghost_alone_are_as_they_were(client):
    ghost = play(make_game(("Anna", "Bo")), (10, 3))
    mine(client, [ghost])
    html = client.get("/en/scorepad/statistics/").content.decode()
    assert "<h2>Ghost</h2>" not in html and 'data-label="Lost"' in html
    assert "Per player: games, rounds and points (lower is better)" in html


def test_my_games_lists_golf_in_holes_and_its_evening_in_wins(client):
    game = holes(golf(holes=1), (3, -2, 7))
    client.post(url("rematch", game))
    new = Game.objects.get(rematch_of=game)
    holes(new, (1, 2, 3))
    mine(client, [new, game])
    html = client.get("/en/scorepad/").content.decode()
    assert "over: Bo won" in html and "Bo won 1" in html and "Anna won 1" in html
    new_unfinished = holes(golf(holes=3), (1, 2, 3))
    mine(client, [new_unfinished])
    assert "1 hole played" in client.get("/en/scorepad/").content.decode()


@pytest.mark.parametrize(
    ("lang", "kinds"), [("en", ("Golf", "Ghost")), ("nb", ("Golf", "Spøkelse"))]
)
def test_my_games_says_which_game_each_entry_is(client, lang, kinds):
    """The editor's read: Ghost's and Golf's games stood side by side in "My games" with
    nothing to tell them apart."""
    mine(client, [holes(golf(holes=3), (1, 2, 3)), play(make_game(("Anna", "Bo")), (10, 3))])
    with translation.override(lang):
        html = client.get(reverse("scorepad:start")).content.decode()
    listed = html[html.index('class="my-games"') :]
    hints = re.findall(r'<span class="hint">\s*([^<·]+?) ·', listed)
    assert sorted(hints) == sorted(kinds)


@pytest.mark.parametrize(
    ("lang", "said", "never"),
    [
        ("en", "did not win the last game", "neither won nor lost"),
        ("nb", "vant ikke det siste spillet", "verken vant eller tapte"),
    ],
)
def test_golf_statistics_say_a_game_was_not_won_never_that_nobody_lost(client, lang, said, never):
    """Nobody loses a game of Golf: the streak of a player who did not win says so."""
    mine(client, [holes(golf(holes=1), (3, -2, 7))])
    with translation.override(lang):
        html = client.get(reverse("scorepad:statistics")).content.decode()
    assert html.count(said) == 2 and never not in html  # Anna and Cy; Bo won
    assert "golfpartier" not in html  # the editor's read: «spill», as the column says


def test_outbox_data_for_golf(client):
    game = holes(golf(holes=4, extra_hole=True), (4, -2, 7))
    html = client.get(url("game", game)).content.decode()
    data = json.loads(re.search(r'<script id="round-data"[^>]*>(.*?)</script>', html)[1])
    assert data["game"] == "golf" and -6 in data["possible"] and 61 not in data["possible"]
    pattern = data["number"].replace("\\u2212", MINUS).replace("\\u2013", "\u2013")
    assert all(re.match(pattern, typed) for typed in ("-2", f"{MINUS}2", "\u20132", "60"))
    assert not re.match(pattern, "2.5")
    assert data["texts"]["save"] == "Save hole %(n)s"
    board = json.loads(re.search(r'data-board="([^"]*)"', html)[1].replace("&quot;", '"'))
    assert board["game"] == "golf" and board["holes"] == 4 and board["extra_hole"] is True
    assert board["rounds"] == [[4.0, -2.0, 7.0]] and board["threshold"] is None
    assert Decimal(-2) in game.possible_totals()
