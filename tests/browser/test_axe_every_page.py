"""axe-core finds nothing on any kind of page, in both languages at 320 px, the helpers
closed and open, WCAG 2.5.3 included (`label-content-name-mismatch`, one of axe's
experimental rules, which `axe_clean` asks for): a control's accessible name starts with
what it shows (the language link "NB", the layout helper's "J") (issue 36)."""

import pytest
from django.urls import reverse
from django.utils import translation

from tests.browser.conftest import HAVE_CHROMIUM, axe_clean, start_game, wait_for_worker
from tests.conftest import make_game, play, url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}


def addresses(lang) -> list[str]:
    """Every rules page kind of each game."""
    with translation.override(lang):
        pages = [reverse("rules:home")]
        for game in ("ghost", "golf"):
            pages += [
                reverse("rules:rules", kwargs={"game": game}),
                reverse("rules:variants", kwargs={"game": game}),
                reverse("rules:card", kwargs={"game": game}),
                reverse("rules:sheet", kwargs={"game": game, "players": 4}),
                reverse("rules:practice", kwargs={"game": game}),
            ]
        return pages


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_rules_pages_pass_axe(live_server, phone, lang):
    page = phone(lang, viewport=NARROW)
    for address in addresses(lang):
        page.goto(live_server.url + address)
        axe_clean(page)
    # The language link shows "NB"/"EN" and is named by it first.
    link = page.locator("a.lang")
    name = link.evaluate("a => a.textContent.trim()")
    assert name.startswith(link.evaluate("a => a.childNodes[0].textContent.trim()"))


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_scorepads_pages_pass_axe_with_the_helpers_open_and_closed(live_server, phone, lang):
    page = phone(lang, viewport=NARROW)
    golf = start_game(page, live_server, lang, "golf", ["Kari", "Ola"], check=axe_clean)
    axe_clean(page)  # Golf's game page, the layout helper closed
    page.locator(".layout-helper > summary").click()
    for rank in ["J", "K", "2"]:
        page.locator(f".layout-ranks .rank[data-rank='{rank}']").click()
    axe_clean(page)  # open, three places filled
    page.goto(live_server.url + url("watch", golf, lang, token="watch_token"))
    axe_clean(page)

    ghost = start_game(page, live_server, lang, "ghost", ["Anna", "Bo"], check=axe_clean)
    axe_clean(page)  # Ghost's game page, the card helper closed
    page.locator("details.helper > summary").first.click()
    axe_clean(page)
    play(ghost, (3, 5))
    for name in ("history", "edit-round"):
        kwargs = {"number": 1} if name == "edit-round" else {}
        page.goto(live_server.url + url(name, ghost, lang, **kwargs))
        axe_clean(page)
    page.goto(live_server.url + url("sheet", ghost, lang))
    axe_clean(page)
    page.goto(live_server.url + url("watch", ghost, lang, token="watch_token"))
    axe_clean(page)
    # A game of Golf over: the result, its picture to share, the rematch.
    play(golf, *[(3, 7)] * golf.house.holes)
    page.goto(live_server.url + url("game", golf, lang))
    page.locator(".share-result").wait_for()
    axe_clean(page)
    with translation.override(lang):
        page.goto(live_server.url + reverse("scorepad:start"))
        axe_clean(page)  # "My games" with both games
        page.goto(live_server.url + reverse("scorepad:statistics"))
        axe_clean(page)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_golf_edit_with_the_helper_open_and_the_offline_copy_pass_axe(live_server, phone, lang):
    page = phone(lang, viewport=NARROW)
    golf = start_game(page, live_server, lang, "golf", ["Kari", "Ola"], check=axe_clean)
    play(golf, (3, 7))
    page.goto(live_server.url + url("edit-round", golf, lang, number=1))
    page.locator(".layout-helper > summary").click()
    page.locator(".layout-ranks .rank[data-rank='Q']").click()
    axe_clean(page)
    page.goto(live_server.url + url("game", golf, lang))
    wait_for_worker(page)
    page.context.set_offline(True)
    page.reload()
    page.locator("html[data-offline-copy]").wait_for(state="attached")
    axe_clean(page)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_finished_ghost_watch_page_with_a_long_name_passes_axe(live_server, phone, lang):
    """A rounds table wider than a 320 px phone scrolls sideways: a keyboard reaches it
    (a focusable region named by its caption), so axe finds no scrollable region it cannot
    (the newcomers' evening: `scrollable-region-focusable` on a finished game of three)."""
    page = phone(lang, viewport=NARROW)
    names = ["Anne-Marthe Kristiansen", "Bjørn-Erik Haugland", "Kari"]
    game = make_game(names, variant="three_in_hand", threshold=21)
    play(game, (5, 3, 12), (9, 4, 10))  # Kari passes 21: the game is over
    page.goto(live_server.url + url("watch", game, lang, token="watch_token"))
    region = page.locator("#rounds")
    assert region.get_attribute("tabindex") == "0"
    axe_clean(page)
