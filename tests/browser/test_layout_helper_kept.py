"""Golf's layout helper keeps what was tapped (layout-helper.js, sessionStorage): a reload
shows the grids again and writes their scores back; a hole the server refuses because
another phone was first is drawn again with the scores as typed and the grids that made
them; a hole saved starts with empty grids. On a real Golf game page, at 320 and 360 px,
in both languages."""

import pytest

from rules.games.golf.cards import GolfHouse
from rules.games.golf.scoring import hole_score
from rules.games.golf.words import signed
from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, no_sideways_scroll
from tests.conftest import url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NAMES = ("Anne-Marthe", "Øyvind", "Bo")
ANNE = ["Q", "7", "5", "Q", "2", "9"]  # the queens in one column cancel
OYVIND = ["K", "3", "K", "4", "8", "4"]
PHONES = [("en", {"width": 320, "height": 640}), ("nb", {"width": 360, "height": 740})]


def open_game(live_server, phone, game, lang, viewport):
    page = phone(lang, viewport=viewport)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + url("game", game, lang))
    page.errors = errors
    return page


def tap(page, *ranks):
    for rank in ranks:
        page.locator(f".layout-ranks .rank[data-rank='{rank}']").click()


def grid(page) -> list[str]:
    return page.locator(".layout-grid .place").all_inner_texts()


def field(page, seat):
    return page.locator(f"input[name=points_{seat}]").input_value()


def open_helper(page):
    if not page.locator(".layout-grid").is_visible():
        page.locator(".layout-helper > summary").click()


@pytest.mark.parametrize("lang,viewport", PHONES)
def test_a_reload_shows_the_grids_again_with_their_scores(live_server, phone, lang, viewport):
    game = Game.create_with_players(list(NAMES), game="golf", threshold=None)
    page = open_game(live_server, phone, game, lang, viewport)
    open_helper(page)
    tap(page, *ANNE, *OYVIND[:3])  # Anne-Marthe's six cards, then half of Øyvind's
    house = GolfHouse()
    anne = signed(hole_score(ANNE, house))
    assert field(page, 0) == anne and field(page, 1) == ""
    oyvind_half = grid(page)
    page.reload()
    open_helper(page)
    assert field(page, 0) == anne  # written again from the kept grid
    assert grid(page) == oyvind_half  # the grid shown is still Øyvind's, half full
    tap(page, *OYVIND[3:])
    assert field(page, 1) == signed(hole_score(OYVIND, house))
    page.locator("[data-layout-step='-1']").click()
    assert NAMES[0] in page.locator(".layout-whose").inner_text()
    assert all(grid(page)) and page.locator(".place.cancelled").count() == 2  # the queens
    no_sideways_scroll(page)
    assert page.errors == []


@pytest.mark.parametrize("lang,viewport", PHONES)
def test_a_hole_refused_for_another_phone_keeps_the_grids_and_a_saved_one_clears_them(
    live_server, client, phone, lang, viewport
):
    game = Game.create_with_players(list(NAMES), game="golf", threshold=None)
    page = open_game(live_server, phone, game, lang, viewport)
    open_helper(page)
    tap(page, *ANNE)
    page.locator("input[name=points_2]").fill("4")
    tap(page, *OYVIND)
    typed = [field(page, seat) for seat in range(3)]
    oyvind = grid(page)
    # Another phone saves hole 1 first.
    data = {"number": "1", "points_0": "1", "points_1": "2", "points_2": "3"}
    assert client.post(url("add-round", game), data).status_code == 302
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.locator("#round-form button[type=submit]").click()
    assert answer.value.status == 409
    page.locator(".messages").wait_for()
    assert [field(page, seat) for seat in range(3)] == typed  # the scores as typed
    open_helper(page)
    assert grid(page) == oyvind  # and the grids that made them
    page.locator("[data-layout-step='-1']").click()
    assert all(grid(page))
    # Saved as hole 2 now: hole 3 starts with empty grids, after a reload too.
    with page.expect_response(lambda r: r.request.method == "POST") as answer:
        page.locator("#round-form button[type=submit]").click()
    assert answer.value.status == 200
    page.locator("#round-form input[name=number][value='3']").wait_for(state="attached")
    assert game.rounds.filter(number=2).exists()
    open_helper(page)
    assert not any(grid(page)) and field(page, 0) == ""
    page.reload()
    open_helper(page)
    assert not any(grid(page)) and field(page, 0) == ""
    assert page.errors == []
