"""A game of Golf's holes through HTTP (scorepad/views/game.py with Golf's forms): scores
with any of three minus signs, shown with a real one; refusals that name the player and
the nearest possible scores in the reader's language; who went out first and the caller
penalty in the hole's row; the extra hole; edit, undo, bring back; the page in holes,
never rounds; the outbox's resend; query counts as for Ghost."""

import json
import re
from decimal import Decimal
from html import unescape

import pytest
from django.core.cache import caches

from scorepad.models import Game, Result, Round
from tests.conftest import HTMX, golf, live_points, url
from tests.conftest import enter as send

pytestmark = pytest.mark.django_db

MINUS = "\u2212"


def table_text(html):
    """The score table's cells, without their markup: a link's address holds the game's
    random token, which may hold "-2" itself."""
    table = html.split('<table class="scores')[1].split("</table>")[0]
    return " ".join(
        re.sub(r"<[^>]*>", " ", cell)
        for cell in re.findall(r"<t[dh][^>]*>(.*?)</t[dh]>", table, re.S)
    )


@pytest.mark.parametrize("minus", ["-", MINUS, "\u2013"])
def test_every_minus_reads_as_minus_and_shows_as_a_real_one(client, minus):
    game = golf()
    response = send(client, game, f"{minus}2", f"{minus}6", "60")
    assert response.status_code == 302
    assert live_points(game) == [[Decimal(-2), Decimal(-6), Decimal(60)]]
    table = table_text(client.get(url("game", game)).content.decode())
    assert f"{MINUS}2" in table and f"{MINUS}6" in table
    assert "-2" not in table and "\u20132" not in table


@pytest.mark.parametrize(
    ("lang", "typed", "said"),
    [
        ("en", "61", "Cy: 61 cannot happen with these rules. The nearest possible score is 60."),
        (
            "nb",
            "-7",
            f"Cy: {MINUS}7 er ikke mulig med disse reglene. Nærmeste mulige poengsum er {MINUS}6.",
        ),
    ],
)
def test_an_impossible_score_names_the_player_and_the_nearest(client, lang, typed, said):
    game = golf()
    response = send(client, game, 3, 4, typed, lang=lang)
    assert response.status_code == 422
    assert said in unescape(response.content.decode())
    assert not Round.objects.exists()


def test_the_nearest_possible_scores_may_be_two(client):
    # Four-card golf with jokers at −5 has a hole in its scores: the one below −12.
    game = golf(variant="four_card", jokers="minus_five")
    possible = game.possible_totals()
    gap = next(s for s in range(int(min(possible)), 0) if Decimal(s) not in possible)
    response = send(client, game, 3, 4, gap)
    assert response.status_code == 422
    below, above = f"{MINUS}{1 - gap}", f"{MINUS}{-1 - gap}"
    said = f"The nearest possible scores are {below} and {above}."
    assert said in unescape(response.content.decode())


@pytest.mark.parametrize("typed", ["2.5", "1e2", "--2", "٣", "1000", "x"])
def test_what_is_no_whole_number_is_refused_without_a_500(client, typed):
    game = golf()
    response = send(client, game, typed, 4, 5)
    assert response.status_code == 422
    assert f"Anna: write the hole score as a whole number, such as {MINUS}3." in unescape(
        response.content.decode()
    )


def test_a_missing_score_is_named(client):
    response = send(client, golf(), 3, 4)
    assert response.status_code == 422
    assert "Cy: enter the hole score." in response.content.decode()


def test_the_board_for_htmx_speaks_of_holes(client):
    game = golf()
    response = send(client, game, 3, 4, 5, headers=HTMX)
    html = response.content.decode()
    assert "Hole 1 saved." in html and "Save hole 2" in html and "Undo hole 1" in html
    assert not re.search(r"\bRounds?\b|\bround\b", re.sub(r"<[^>]+>", " ", html))


def test_the_norwegian_page_says_hull(client):
    game = golf()
    send(client, game, 3, 4, 5, lang="nb")
    text = re.sub(r"<[^>]+>", " ", client.get(url("game", game, "nb")).content.decode())
    assert "Hull 2" in text and "Lagre hull 2" in text and "Angre hull 1" in text
    assert "runde" not in text.lower().split("poengblokk")[-1]


def test_the_hole_form_carries_the_layout_for_the_helper(client):
    game = golf(variant="six_card", jokers="minus_five", four_of_a_kind="square")
    html = client.get(url("game", game)).content.decode()
    form = re.search(r'<form id="round-form"[^>]*>', html)[0]
    layout = json.loads(unescape(re.search(r'data-golf-layout="([^"]*)"', form)[1]))
    assert layout["variant"] == "six_card"
    assert (layout["rows"], layout["columns"]) == (2, 3)
    assert layout["values"]["X"] == -5 and layout["values"]["2"] == -2
    assert layout["values"]["K"] == 0 and layout["values"]["Q"] == 10
    assert layout["four_of_a_kind"] == "square" and layout["four_bonus"] == -20
    assert layout["jokers"] == "minus_five"
    names = re.findall(r'name="(points_\d+)"', html)
    assert names == ["points_0", "points_1", "points_2"]


def test_with_the_caller_penalty_who_called_is_asked_and_the_penalty_shown(client):
    game = golf(caller_penalty=True)
    page = client.get(url("game", game)).content.decode()
    assert len(re.findall(r'type="radio" name="caller"', page)) == 3
    refused = send(client, game, 5, 2, 8)
    assert refused.status_code == 422 and "Choose who went out." in refused.content.decode()
    assert send(client, game, 5, 2, 8, caller=2).status_code == 302
    assert live_points(game) == [[Decimal(5), Decimal(0), Decimal(10)]]
    table = table_text(client.get(url("game", game)).content.decode())
    assert "Caller penalty: Cy adds 2; Bo writes 0." in table


def test_a_caller_among_the_lowest_changes_nothing(client):
    game = golf(caller_penalty=True)
    assert send(client, game, 2, 2, 8, caller=1).status_code == 302
    assert live_points(game) == [[Decimal(2), Decimal(2), Decimal(8)]]
    page = client.get(url("game", game)).content.decode()
    # what the page shows (its script's data carries the note's words for kept holes)
    assert "Caller penalty" not in re.sub(r"<script.*?</script>", "", page, flags=re.S)


def test_editing_a_penalised_hole_shows_it_as_written_and_counts_again(client):
    game = golf(caller_penalty=True)
    send(client, game, 5, 2, 8, caller=2)
    edit = client.get(url("edit-round", game, number=1)).content.decode()
    assert re.search(r'name="points_1"[^>]* value="2"', edit)
    assert re.search(r'value="2"[^>]* checked|checked[^>]* value="2"', edit)
    data = dict(re.findall(r'name="(number|round_id|made)"[^>]* value="([^"]*)"', edit))
    data |= {"points_0": "5", "points_1": "2", "points_2": "8", "caller": "1"}
    response = client.post(url("edit-round", game, number=1), data)
    assert response.status_code == 302
    assert live_points(game) == [[Decimal(5), Decimal(2), Decimal(8)]]  # Bo called, lowest
    history = client.get(url("history", game)).content.decode()
    assert "Hole 1, replaced by an edit:" in history


def test_undo_and_bring_back_a_hole(client):
    game = golf()
    send(client, game, 3, 4, 5)
    page = client.post(url("undo", game), {"number": "1"}, follow=True).content.decode()
    assert "Hole 1 undone." in page and "Bring back hole 1" in page
    made = re.search(r'name="made" value="(\d+)"', page)[1]
    rid = re.search(r'name="round_id" value="(\d+)"', page)[1]
    page = client.post(url("restore", game), {"round_id": rid, "made": made}, follow=True)
    assert "Hole 1 is back." in page.content.decode()
    assert live_points(game) == [[Decimal(3), Decimal(4), Decimal(5)]]


def test_the_end_refuses_more_holes_and_names_the_winner(client):
    game = golf(holes=2)
    send(client, game, 3, 4, 5)
    send(client, game, 3, -2, 5)
    page = client.get(url("game", game)).content.decode()
    assert "Bo wins with the lowest total, 2." in page and "Decided after 2 holes." in page
    assert 'id="round-form"' not in page
    response = send(client, game, 1, 1, 1, number=3)
    assert response.status_code == 409
    assert "The game is over. Undo or edit a hole to reopen it." in response.content.decode()


def test_the_extra_hole_asks_only_the_tied(client):
    game = golf(holes=1, extra_hole=True, caller_penalty=True)
    send(client, game, 4, 4, 9, caller=0)
    page = client.get(url("game", game)).content.decode()
    assert "A tie after the last hole: Anna and Bo play one extra hole" in page
    form = page.split('id="round-form"')[1].split("</form>")[0]
    assert re.findall(r'name="(points_\d+)"', form) == ["points_0", "points_1"]
    # the caller penalty works among the players of the extra hole (issue 35)
    assert re.findall(r'name="caller" value="(\d+)"', form) == ["0", "1"]
    assert "<h2 data-round-heading>Extra hole</h2>" in form
    assert send(client, game, 6, 2, None, number=2, caller=0).status_code == 302
    assert live_points(game)[1] == [Decimal(8), Decimal(0)]  # Cy sat it out
    page = client.get(url("game", game)).content.decode()
    assert "Bo wins the game on the extra hole." in page
    assert "The tied players had 4 each after the last hole." in page


def test_standings_show_the_leader_and_the_gap(client):
    game = golf()
    send(client, game, 4, -2, 7)
    html = client.get(url("game", game)).content.decode()
    standings = html.split('class="standings"')[1].split("</section>")[0]
    assert re.search(r"Bo</span>\s*<span class=\"marks\">[^\n]*leads", standings)
    assert "6 behind" in standings and "9 behind" in standings
    assert "threshold" not in standings


def test_a_resent_hole_from_the_outbox_is_one_hole(client):
    game = golf(caller_penalty=True)
    for _ in range(2):
        response = send(client, game, 5, 2, 8, caller=2, client_id="phone-hole-0001")
        assert response.status_code == 302
    assert live_points(game) == [[Decimal(5), Decimal(0), Decimal(10)]]
    assert "Hole 1 was already saved." in client.get(url("game", game)).content.decode()


@pytest.mark.parametrize("holes", [1, 18])
def test_game_page_and_hole_entry_queries_as_for_ghost(client, holes, django_assert_num_queries):
    game = golf(names=("A", "B", "C", "D", "E", "F"), holes=18)
    for _ in range(holes - 1):
        send(client, game, 1, 2, 3, 4, 5, 6)
    client.get(url("game", game))
    with django_assert_num_queries(5):  # as Ghost's round entry (tests/scorepad/pages)
        assert send(client, game, 1, 2, 3, 4, 5, 6, number=holes).status_code == 302
    with django_assert_num_queries(2):
        assert client.get(url("game", game)).status_code == 200
    for alias in ("default", "boards"):
        caches[alias].clear()
    with django_assert_num_queries(4):  # game, players, scores of live rounds, rematch
        assert client.get(url("game", game)).status_code == 200


# ------------------------------------------------- the extra hole after a change before it

OTHER_PLAYERS = {
    "edit": {
        "en": "Hole 2 was not changed: these scores change who is tied after the last hole",
        "nb": "Hull 2 ble ikke endret: med disse poengene står andre likt etter siste hull",
    },
    "back": {
        "en": "Hole 3 cannot come back: since it was undone, an earlier hole was changed",
        "nb": "Hull 3 kan ikke hentes tilbake: etter at det ble angret, er et tidligere hull",
    },
}
CY_MISSING = {"en": "Cy: enter the hole score.", "nb": "Cy: skriv inn poengene for hullet."}


def tied_two_played_the_extra_hole(client):
    """Two holes, Anna and Bo tied after them, and Bo won the extra hole."""
    game = golf(holes=2, extra_hole=True)
    send(client, game, -2, -2, -2)
    send(client, game, -2, -2, 0)
    assert send(client, game, 0, -2, None).status_code == 302
    return game


def edit(client, game, number, *points, lang="en"):
    page = client.get(url("edit-round", game, lang, number=number)).content.decode()
    data = dict(re.findall(r'name="(number|round_id|made)"[^>]* value="([^"]*)"', page))
    data |= {f"points_{i}": str(p) for i, p in enumerate(points)}
    return client.post(url("edit-round", game, lang, number=number), data)


def said(response) -> str:
    return " ".join(unescape(response.content.decode()).split())


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_an_edit_that_moves_who_is_tied_under_an_extra_hole_is_refused_as_typed(client, lang):
    game = tied_two_played_the_extra_hole(client)
    before = live_points(game)
    response = edit(client, game, 2, -2, -2, -2, lang=lang)  # all three tied: Cy sat it out
    assert response.status_code == 409
    assert OTHER_PLAYERS["edit"][lang] in said(response)
    assert re.search(rf'name="points_2"[^>]* value="(-|{MINUS})2"', response.content.decode())
    response = edit(client, game, 1, 5, -2, -2, lang=lang)  # Cy alone ahead: no extra hole
    assert response.status_code == 409
    assert live_points(game) == before
    page = client.get(url("game", game, lang))
    assert page.status_code == 200


def test_an_edit_that_leaves_the_same_two_tied_is_saved(client):
    game = tied_two_played_the_extra_hole(client)
    assert edit(client, game, 1, 0, 0, 5).status_code == 302
    assert live_points(game)[0] == [Decimal(0), Decimal(0), Decimal(5)]
    assert "Bo wins the game on the extra hole." in client.get(url("game", game)).content.decode()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_an_extra_hole_cannot_come_back_for_other_players_than_those_tied(client, lang):
    """Another phone still shows "Bring back hole 3" from before hole 2 was changed."""
    game = tied_two_played_the_extra_hole(client)
    assert client.post(url("undo", game, lang), {"number": "3"}).status_code == 302
    page = client.get(url("game", game, lang)).content.decode()
    made = re.search(r'name="made" value="(\d+)"', page)[1]
    rid = re.search(r'name="round_id" value="(\d+)"', page)[1]
    assert edit(client, game, 2, -2, -2, -2, lang=lang).status_code == 302  # three tied now
    response = client.post(url("restore", game, lang), {"round_id": rid, "made": made}, follow=True)
    assert OTHER_PLAYERS["back"][lang] in said(response)
    assert len(live_points(game)) == 2
    form = response.content.decode().split('id="round-form"')[1].split("</form>")[0]
    assert re.findall(r'name="(points_\d+)"', form) == ["points_0", "points_1", "points_2"]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_an_extra_hole_sent_for_the_players_tied_before_is_refused(client, lang):
    """A phone kept the extra hole for Anna and Bo (offline) while another phone's edit made
    all three tied: sent now, the form of the game as it is asks Cy too (422), Anna's and
    Bo's scores as typed. The model refuses it as well, for a phone that saw the game
    before the edit (`Game.last_seen`)."""
    game = golf(holes=2, extra_hole=True)
    send(client, game, -2, -2, -2)
    send(client, game, -2, -2, 0)
    seen_before = Game.objects.get(pk=game.pk)
    seen_before.load_board()
    assert edit(client, game, 2, -2, -2, -2).status_code == 302
    change = seen_before.add_round(3, [Decimal(5), Decimal(-2), None], [""] * 3)
    assert change.result is Result.OTHER_PLAYERS
    response = send(client, game, 5, -2, None, number=3, lang=lang)
    assert response.status_code == 422
    assert CY_MISSING[lang] in said(response)
    form = response.content.decode().split('id="round-form"')[1].split("</form>")[0]
    assert re.findall(r'name="(points_\d+)"', form) == ["points_0", "points_1", "points_2"]
    assert re.search(r'name="points_0"[^>]* value="5"', form)
    assert len(live_points(game)) == 2
