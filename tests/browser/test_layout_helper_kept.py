"""Golf's layout helper keeps what was tapped (layout-helper.js, sessionStorage): a reload
shows the grids again and writes their scores back, offline too with a hole kept on the
phone; a hole the server refuses because another phone was first is drawn again with the
scores as typed and the grids that made them; a hole saved starts with empty grids, and
an edit page opened afresh too; what a tab holds that does not fit is left alone. On a
real Golf game page, at 320 and 360 px, in both languages."""

import pytest
from playwright.sync_api import expect

from rules.games.golf.cards import GolfHouse
from rules.games.golf.scoring import hole_score
from rules.games.golf.words import signed
from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, no_sideways_scroll, wait_for_worker
from tests.conftest import url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NAMES = ("Anne-Marthe", "Øyvind", "Bo")
ANNE = ["Q", "7", "5", "Q", "2", "9"]  # the queens in one column cancel
OYVIND = ["K", "3", "K", "4", "8", "4"]
SHORT = {"en": {}, "nb": {"Q": "D", "J": "Kn", "A": "E"}}  # a card's letter on the pad
PHONES = [("en", {"width": 320, "height": 640}), ("nb", {"width": 360, "height": 740})]


def copy_holds(page, path, text):
    """Until the phone's copy of `path` (the service worker's) holds `text`."""
    page.wait_for_function(
        """([path, text]) => caches.open('pages').then(c => c.match(path))
            .then(hit => hit ? hit.text() : '').then(html => html.includes(text))""",
        arg=[path, text],
        timeout=15_000,
    )


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


def comes_back(page, cards=None, **scores):
    """Until the kept grids are back (`cards`, the grid shown) and have written `scores`
    (`points_0="19"`): the helper puts them back just after the page's other scripts,
    which after an htmx swap can be a moment after the new form shows."""
    for name, score in scores.items():
        expect(page.locator(f"input[name={name}]")).to_have_value(score)
    if cards is not None:
        expect(page.locator(".layout-grid .place")).to_have_text(cards)


def open_helper(page):
    helper = page.locator(".layout-helper")
    # shown once its script has set it up (after an htmx swap too); closed, its toggle is
    # all there is of it, on the line of the hole's heading
    page.locator(".layout-helper > summary").wait_for()
    if not helper.evaluate("details => details.open"):
        page.locator(".layout-helper > summary").click()


@pytest.mark.parametrize("lang,viewport", PHONES)
def test_a_reload_shows_the_grids_again_with_their_scores(live_server, phone, lang, viewport):
    game = Game.create_with_players(list(NAMES), game="golf")
    page = open_game(live_server, phone, game, lang, viewport)
    open_helper(page)
    tap(page, *ANNE, *OYVIND[:3])  # Anne-Marthe's six cards, then half of Øyvind's
    house = GolfHouse()
    anne = signed(hole_score(ANNE, house))
    assert field(page, 0) == anne and field(page, 1) == ""
    oyvind_half = grid(page)
    page.reload()
    open_helper(page)
    # written again from the kept grid; the grid shown is still Øyvind's, half full
    comes_back(page, oyvind_half, points_0=anne)
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
    game = Game.create_with_players(list(NAMES), game="golf")
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
    comes_back(page, oyvind)  # and the grids that made them
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


@pytest.mark.parametrize("lang,viewport", PHONES)
def test_offline_with_a_hole_kept_a_reload_shows_the_next_holes_grids(
    live_server, phone, lang, viewport
):
    game = Game.create_with_players(list(NAMES), game="golf")
    page = open_game(live_server, phone, game, lang, viewport)
    wait_for_worker(page)
    copy_holds(page, url("game", game, lang), 'name="points_0"')
    page.context.set_offline(True)
    for seat, score in enumerate(("3", "4", "5")):  # hole 1, kept on the phone
        page.locator(f"input[name=points_{seat}]").fill(score)
    page.locator("#round-form button[type=submit]").click()
    page.locator("input[name=number][value='2']").wait_for(state="attached")
    open_helper(page)
    tap(page, *ANNE)  # hole 2: Anne-Marthe's cards
    anne = field(page, 0)
    assert anne == signed(hole_score(ANNE, GolfHouse()))
    page.reload()  # the phone's copy says hole 1; the outbox moves it on to hole 2
    page.locator("input[name=number][value='2']").wait_for(state="attached")
    open_helper(page)
    comes_back(page, points_0=anne)
    page.locator("[data-layout-step='-1']").click()
    page.locator("[data-layout-step='1']").click()
    assert grid(page) == [SHORT[lang].get(r, r) for r in ANNE]
    assert page.errors == []


def test_an_edit_page_opened_afresh_starts_empty_and_a_stored_grid_that_does_not_fit_is_left(
    live_server, client, phone
):
    game = Game.create_with_players(list(NAMES), game="golf")
    data = {"number": "1", "points_0": "1", "points_1": "2", "points_2": "3"}
    assert client.post(url("add-round", game), data).status_code == 302
    page = phone("en", viewport={"width": 320, "height": 640})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    edit = live_server.url + url("edit-round", game, number=1)
    page.goto(edit)
    open_helper(page)
    tap(page, *ANNE)
    assert field(page, 0) == signed(hole_score(ANNE, GolfHouse()))
    page.goto(edit)  # back again, nothing saved: the hole's own scores, empty grids
    open_helper(page)
    assert field(page, 0) == "1" and not any(grid(page))
    # Whatever else a tab holds under the address is left alone, and nothing breaks.
    for junk in ('{"layouts": 3}', '{"layouts": [], "written": [null, "x", "y", "z"]}', "not json"):
        page.evaluate(
            "([k, v]) => sessionStorage.setItem(k, v)",
            ["golf-layout-grids:" + url("edit-round", game, number=1), junk],
        )
        page.goto(edit)
        open_helper(page)
        assert field(page, 0) == "1" and not any(grid(page))
        tap(page, "K")
        assert grid(page)[0] == "K"
    assert errors == []
