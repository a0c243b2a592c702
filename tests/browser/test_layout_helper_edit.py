"""Golf's layout helper on a hole's edit page (issue 36, item 2): a hole saved with the
helper's grids keeps them in the tab (layout-helper.js, sessionStorage, under the game and
the hole's number), so its edit page opens with the cards it was entered with while the
hole's scores are still the ones they made; a hole typed leaves the grids empty. On a
real Golf game page, at 320 and 360 px, in both languages."""

import pytest
from playwright.sync_api import expect

from rules.games.golf.cards import GolfHouse
from rules.games.golf.scoring import hole_score
from rules.games.golf.words import signed
from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, PHONE, no_sideways_scroll
from tests.conftest import url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
SIZES = pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
BOTH = pytest.mark.parametrize("lang", ["en", "nb"])
NAMES = ("Anne-Marthe", "Øyvind", "Bo")
GRIDS = (
    ["Q", "7", "5", "Q", "2", "9"],
    ["K", "3", "K", "4", "8", "4"],
    ["J", "6", "8", "J", "6", "A"],
)
SHORT = {"en": {}, "nb": {"Q": "D", "J": "Kn", "A": "E"}}  # a card's letter on the pad


def open_helper(page):
    page.locator(".layout-helper > summary").wait_for()
    if not page.locator(".layout-helper").evaluate("details => details.open"):
        page.locator(".layout-helper > summary").click()


def shown(lang, cards):
    return [SHORT[lang].get(r, r) for r in cards]


def grid(page):
    return page.locator(".layout-grid .place")


@SIZES
@BOTH
def test_the_edit_page_opens_with_the_cards_the_hole_was_entered_with(
    live_server, phone, lang, viewport
):
    game = Game.create_with_players(list(NAMES), game="golf")
    page = phone(lang, viewport=viewport)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + url("game", game, lang))
    open_helper(page)
    for cards in GRIDS:
        for rank in cards:
            page.locator(f".layout-ranks .rank[data-rank='{rank}']").click()
    scores = [signed(hole_score(cards, GolfHouse())) for cards in GRIDS]
    for seat, score in enumerate(scores):
        expect(page.locator(f"input[name=points_{seat}]")).to_have_value(score)
    page.locator("form.round-form button[type=submit]").click()
    page.wait_for_function("() => document.querySelectorAll('#rounds tbody tr').length === 1")
    # The hole's edit page: its scores, and the grids that made them, Bo's shown first.
    page.goto(live_server.url + url("edit-round", game, lang, number=1))
    open_helper(page)
    for seat, score in enumerate(scores):
        expect(page.locator(f"input[name=points_{seat}]")).to_have_value(score)
    expect(grid(page)).to_have_text(shown(lang, GRIDS[2]))
    page.locator("[data-layout-step='-1']").click()
    expect(grid(page)).to_have_text(shown(lang, GRIDS[1]))
    page.locator("[data-layout-step='-1']").click()
    expect(grid(page)).to_have_text(shown(lang, GRIDS[0]))
    no_sideways_scroll(page)
    page.screenshot(path=f"/tmp/evshots/edit-helper-{lang}-{viewport['width']}.png")
    # A card corrected there and saved: the edit page after it shows the corrected grid.
    page.locator(".layout-grid .place[data-place='5']").click()
    page.locator(".layout-ranks .rank[data-rank='5']").click()
    corrected = GRIDS[0][:5] + ["5"]
    expect(page.locator("input[name=points_0]")).to_have_value(
        signed(hole_score(corrected, GolfHouse()))
    )
    page.locator("form.round-form button[type=submit]").click()
    page.wait_for_url("**#board")
    page.goto(live_server.url + url("edit-round", game, lang, number=1))
    open_helper(page)
    expect(grid(page)).to_have_text(shown(lang, corrected))
    assert errors == []


@BOTH
def test_a_score_typed_over_the_cards_leaves_the_next_edit_page_without_them(
    live_server, phone, lang
):
    game = Game.create_with_players(list(NAMES), game="golf")
    page = phone(lang, viewport=NARROW)
    page.goto(live_server.url + url("game", game, lang))
    open_helper(page)
    for cards in GRIDS:
        for rank in cards:
            page.locator(f".layout-ranks .rank[data-rank='{rank}']").click()
    page.locator("form.round-form button[type=submit]").click()
    page.wait_for_function("() => document.querySelectorAll('#rounds tbody tr').length === 1")
    edit = live_server.url + url("edit-round", game, lang, number=1)
    page.goto(edit)
    open_helper(page)
    expect(grid(page)).to_have_text(shown(lang, GRIDS[2]))
    # Bo's score typed by hand, not by his cards: the grids no longer make the hole.
    page.locator("input[name=points_2]").fill("30")
    page.locator("form.round-form button[type=submit]").click()
    page.wait_for_url("**#board")
    page.goto(edit)
    open_helper(page)
    expect(page.locator("input[name=points_2]")).to_have_value("30")
    expect(grid(page)).to_have_text([""] * 6)
