"""Where the page lands (issue 36, item 3): after Start (a new game), after an edit is
saved, and after the reload once the holes kept offline are sent, the game page opens at
the board (`#board`, the scoring area), so the keeper does not scroll at 320 px; both
games, both languages, 320 and 360 px."""

import pytest

from tests.browser.conftest import HAVE_CHROMIUM, PHONE, start_game, wait_for_worker
from tests.conftest import golf, make_game, play, url

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
    pytest.mark.django_db(transaction=True),
]
NARROW = {"width": 320, "height": 640}
SIZES = pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
BOTH = pytest.mark.parametrize("lang", ["en", "nb"])
GAMES = pytest.mark.parametrize("key", ["ghost", "golf"])
NAMES = ("Anne-Marthe Kristiansen", "Bjørn-Erik Haugland", "Kari")


def at_board(page, address=True):
    """The address names the board (`address`) and the board opens the screen (the page
    may still be settling: until then, or a time-out, which fails)."""
    if address:
        assert page.url.endswith("#board"), page.url
    page.wait_for_function(
        "() => Math.abs(document.getElementById('board').getBoundingClientRect().top) < 2"
    )
    assert page.evaluate("scrollY") > 0  # the heading and settings above are passed


@SIZES
@BOTH
@GAMES
def test_start_lands_at_the_board(live_server, phone, lang, key, viewport):
    page = phone(lang, viewport=viewport)
    start_game(page, live_server, lang, key, NAMES[:2])
    at_board(page)


@SIZES
@BOTH
@GAMES
def test_a_saved_edit_lands_at_the_board(live_server, phone, lang, key, viewport):
    game = golf(NAMES) if key == "golf" else make_game(NAMES)
    play(game, ("4", "5", "6"), ("3", "2", "1"))
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + url("edit-round", game, lang, number=1))
    page.locator("input[name=points_0]").fill("2")
    page.locator("form.round-form button[type=submit]").click()
    page.wait_for_url("**#board")
    at_board(page)
    page.screenshot(path=f"/tmp/evshots/edit-board-{key}-{lang}-{viewport['width']}.png")


@SIZES
@BOTH
def test_the_reload_after_the_kept_holes_are_sent_lands_at_the_board(
    live_server, phone, lang, viewport
):
    game = golf(NAMES)
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + url("game", game, lang))
    wait_for_worker(page)
    page.context.set_offline(True)
    for seat, score in enumerate(("4", "5", "6")):
        page.locator(f"input[name=points_{seat}]").fill(score)
    page.locator("form.round-form button[type=submit]").click()
    page.locator("[data-outbox] li").wait_for()
    page.evaluate("scrollTo(0, 0)")
    with page.expect_navigation():  # the reload once the hole is sent
        page.context.set_offline(False)
    page.locator("#rounds tbody tr:not(.kept)").first.wait_for()
    at_board(page, address=False)  # the reload keeps the address, and scrolls to the board
    page.screenshot(path=f"/tmp/evshots/reconnect-board-{lang}-{viewport['width']}.png")
