"""Save in view after the layout helper's last card (issue 36, item 4): at 320 px (and
360), in both languages, once every player's grid is full and every score written, the
hole's Save button is on screen without scrolling; it takes the focus, or, with the
caller penalty, leaves it until "who went out first" is chosen, whose choices are on
screen too."""

import pytest

from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, PHONE, inside
from tests.conftest import url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
NAMES = ("Anne-Marthe Kristiansen", "Bjørn-Erik Haugland", "Kari")
GRIDS = (
    ["Q", "7", "5", "Q", "2", "9"],
    ["K", "3", "K", "4", "8", "4"],
    ["J", "6", "8", "J", "6", "A"],
)


def fill_by_cards(page):
    page.locator(".layout-helper > summary").wait_for()
    if not page.locator(".layout-helper").evaluate("details => details.open"):
        page.locator(".layout-helper > summary").click()
    for cards in GRIDS:
        for rank in cards:
            page.locator(f".layout-ranks .rank[data-rank='{rank}']").click()


def save_button(page):
    return page.locator("form.round-form button[type=submit]")


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_save_is_in_view_and_focused_after_the_last_card(live_server, phone, lang, viewport):
    game = Game.create_with_players(list(NAMES), game="golf")
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + url("game", game, lang))
    fill_by_cards(page)
    assert inside(save_button(page).bounding_box(), viewport)
    assert save_button(page).evaluate("b => b === document.activeElement")
    page.screenshot(path=f"/tmp/evshots/helper-save-{lang}-{viewport['width']}.png")


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_with_the_caller_penalty_save_and_the_callers_are_in_view(live_server, phone, lang):
    game = Game.create_with_players(list(NAMES), game="golf", caller_penalty=True)
    page = phone(lang, viewport=NARROW)
    page.goto(live_server.url + url("game", game, lang))
    fill_by_cards(page)
    assert inside(save_button(page).bounding_box(), NARROW)
    last = page.locator("input[name=caller][value='2']").locator("xpath=ancestor::label[1]")
    assert inside(last.bounding_box(), NARROW)  # the choice next to the last score
    assert not save_button(page).evaluate("b => b === document.activeElement")
    page.screenshot(path=f"/tmp/evshots/helper-save-caller-{lang}-320.png")
    page.locator("input[name=caller][value='2']").check()
    save_button(page).click()
    page.wait_for_function("() => document.querySelectorAll('#rounds tbody tr').length === 1")
