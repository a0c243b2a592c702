"""What people touch, in a real Chromium at phone size, in both languages.

Playwright drives Debian's /usr/bin/chromium (no browser download). On a machine without
it these tests skip with the reason; under CI=true they must run.
"""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.browser.conftest import HAVE_CHROMIUM, axe_clean, no_sideways_scroll
from tests.conftest import make_game

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]


def test_norwegian_reader_finds_the_rules_and_switches_language(live_server, phone):
    page = phone("nb")
    page.goto(live_server.url + "/")
    assert page.url == live_server.url + "/nb/"
    assert page.locator("html").get_attribute("lang") == "nb"
    page.get_by_role("link", name="Les reglene").click()
    assert page.url.endswith("/nb/regler/")
    assert page.get_by_role("heading", level=1).inner_text() == "Reglene for Spøkelse"
    assert "3,5" in page.locator("#values").inner_text()
    page.get_by_role("link", name="English").click()
    assert page.url.endswith("/en/rules/")
    assert "3.5" in page.locator("#values").inner_text()
    page.get_by_role("link", name="Norsk").click()
    assert page.url.endswith("/nb/regler/")


RULE_PAGES = [
    "/en/",
    "/en/rules/",
    "/en/variants/",
    "/en/scorepad/",
    "/nb/",
    "/nb/regler/",
    "/nb/varianter/",
    "/nb/poengblokk/",
    "/nb/finnes-ikke/",
]


@pytest.mark.parametrize("path", RULE_PAGES)
def test_page_fits_a_phone_and_passes_axe(live_server, phone, path):
    page = phone(path.split("/")[1])
    page.goto(live_server.url + path)
    no_sideways_scroll(page)
    axe_clean(page)
    # the contrast in dark mode is a separate look at the same page
    page.emulate_media(color_scheme="dark")
    axe_clean(page)
    # and the narrowest phones still in use
    page.set_viewport_size({"width": 320, "height": 640})
    no_sideways_scroll(page)


def game_pages(live_server, game, lang):
    with translation.override(lang):
        return [
            reverse("scorepad:game", args=[game.edit_token]),
            reverse("scorepad:edit-round", args=[game.edit_token, 1]),
            reverse("scorepad:watch", args=[game.watch_token]),
        ]


TEXT = {
    "en": {
        "start": "Start the game",
        "save": "Save round {n}",
        "lost": "has lost the game",
        "undo": "Undo round {n}",
        "count": "Cards",
        "p1": "Player 1",
        "watch": "Watch link for the table",
        "error": "cannot happen",
    },
    "nb": {
        "start": "Start spillet",
        "save": "Lagre runde {n}",
        "lost": "har tapt spillet",
        "undo": "Angre runde {n}",
        "count": "Kort",
        "p1": "Spiller 1",
        "watch": "Lenke for å følge spillet",
        "error": "er ikke mulig",
    },
}


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_whole_game_with_a_watcher(live_server, phone, lang):
    t = TEXT[lang]
    page = phone(lang)
    start = "/en/scorepad/" if lang == "en" else "/nb/poengblokk/"
    page.goto(live_server.url + start)
    page.get_by_label(t["p1"], exact=True).fill("Anna")
    page.get_by_label("Player 2" if lang == "en" else "Spiller 2", exact=True).fill("Bo")
    page.get_by_role("button", name=t["start"]).click()
    page.wait_for_url(re.compile(r"/(g|s)/"))
    no_sideways_scroll(page)

    watch_url = page.get_by_role("link", name=t["watch"]).get_attribute("href")
    watcher = phone(lang)
    watcher.goto(live_server.url + watch_url)

    # Round 1 typed, in the reader's number format.
    half = "3.5" if lang == "en" else "3,5"
    inputs = page.locator("input[inputmode=decimal]")
    inputs.nth(0).fill(half)
    inputs.nth(1).fill("12")
    page.get_by_role("button", name=t["save"].format(n=1)).click()
    page.get_by_role("button", name=t["save"].format(n=2)).wait_for()

    # The watcher's page follows by itself, without a reload.
    watcher.locator(".standings .total").first.filter(has_text=half).wait_for(timeout=10_000)

    # A wrong total is explained and the other value stays.
    inputs = page.locator("input[inputmode=decimal]")
    inputs.nth(0).fill("0")
    inputs.nth(1).fill("7")
    page.get_by_role("button", name=t["save"].format(n=2)).click()
    page.locator(".error", has_text=t["error"]).wait_for()
    assert page.locator("input[inputmode=decimal]").nth(1).input_value() == "7"

    # Round 2 through the card helper for Anna: 8 J A 2 K = 16.5, in six taps. The helper
    # opens over the lines below (Save does not move) and closes back to Anna's line.
    entry = page.locator(".player-entry").first
    # Where Save sits on the page, not on the screen: the page may still be scrolling to
    # the refused total when it is measured.
    save = page.locator("form.round-form button[type=submit]")
    on_page = "el => el.getBoundingClientRect().top + window.scrollY"
    save_top = save.evaluate(on_page)
    entry.locator(".helper summary").click()
    assert save.evaluate(on_page) == save_top
    for rank in ("8", "J" if lang == "en" else "Kn", "A" if lang == "en" else "E", "2", "K"):
        entry.locator(".rank", has_text=re.compile(f"^{rank}$")).click()
    expected = "16.5" if lang == "en" else "16,5"
    assert entry.locator("input[inputmode=decimal]").input_value() == expected
    assert entry.locator("details.helper").evaluate("d => !d.open")
    # The focus is back on Anna's Cards button: a text field would raise the keyboard.
    assert page.evaluate("document.activeElement.closest('.player-entry .helper') !== null")
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    assert entry.locator(".count").text_content() == (
        "5 of 5 cards, 16.5 points" if lang == "en" else "5 av 5 kort, 16,5 poeng"
    )
    page.locator("input[inputmode=decimal]").nth(1).fill("2")
    page.get_by_role("button", name=t["save"].format(n=2)).click()
    page.get_by_role("button", name=t["save"].format(n=3)).wait_for()

    # Round 3 takes Anna to 21 or more: she loses, and no round 4 can be entered.
    inputs = page.locator("input[inputmode=decimal]")
    inputs.nth(0).fill("5")
    inputs.nth(1).fill("4")
    page.get_by_role("button", name=t["save"].format(n=3)).click()
    page.locator(".result", has_text=t["lost"]).wait_for()
    assert "Anna" in page.locator(".result").inner_text()
    assert page.get_by_role("button", name=t["save"].format(n=4)).count() == 0
    watcher.locator(".result", has_text=t["lost"]).wait_for(timeout=10_000)
    no_sideways_scroll(page)
    axe_clean(page)
    no_sideways_scroll(watcher)
    axe_clean(watcher)

    # Undo reopens the game.
    page.get_by_role("button", name=t["undo"].format(n=3)).click()
    page.get_by_role("button", name=t["save"].format(n=3)).wait_for()
    assert page.locator(".result").count() == 0

    # The same game survives a reload and a language switch.
    page.reload()
    other = "Norsk" if lang == "en" else "English"
    page.get_by_role("link", name=other).click()
    assert page.locator(".scores tbody tr").count() == 2

    # Edit page at phone size passes axe too.
    from scorepad.models import Game

    game = Game.objects.get(players__name="Anna")
    for path in game_pages(live_server, game, lang):
        page.goto(live_server.url + path)
        no_sideways_scroll(page)
        axe_clean(page)


def test_scorepad_works_with_javascript_off(live_server, phone):
    page = phone("nb", java_script_enabled=False)
    page.goto(live_server.url + "/nb/poengblokk/")
    page.get_by_label("Spiller 1", exact=True).fill("Kari")
    page.get_by_role("button", name="Start spillet").click()
    inputs = page.locator("input[inputmode=decimal]")
    inputs.nth(0).fill("2,5")
    second = page.locator(".player-entry").nth(1)
    second.locator(".helper summary").first.click()  # a <details>: opens without JavaScript
    second.locator(".cards-input").fill("8 Kn E 2 K")
    page.get_by_role("button", name="Lagre runde 1").click()
    assert "Runde 1 er lagret." in page.content()
    totals = page.locator(".standings .total").all_inner_texts()
    assert totals == ["2,5", "16,5"]


def test_a_save_lost_on_the_way_is_kept_on_the_phone_and_sent_later(live_server, phone):
    """The phone thinks it is online, but the request never arrives (a dead cell in a
    basement): the round is kept, shown as waiting, and sent when the connection returns."""

    game = make_game(names=("Kari", "Ola"))
    page = phone("nb")
    with translation.override("nb"):
        page.goto(live_server.url + reverse("scorepad:game", args=[game.edit_token]))
    inputs = page.locator("input[inputmode=decimal]")
    inputs.nth(0).fill("3,5")
    inputs.nth(1).fill("12")
    page.route("**/runde/", lambda route: route.abort("internetdisconnected"))
    page.get_by_role("button", name="Lagre runde 1").click()
    page.locator("[data-outbox] li.waiting").wait_for()
    assert "Runde 1" in page.locator("[data-outbox]").inner_text()
    assert "Runde 1 ligger trygt på telefonen" in page.locator("[data-outbox-message]").inner_text()
    assert page.get_by_role("button", name="Lagre runde 2").is_visible()
    page.unroute("**/runde/")
    with page.expect_navigation():
        page.evaluate("window.dispatchEvent(new Event('online'))")
    assert page.locator(".standings .total").all_inner_texts() == ["3,5", "12"]
    assert page.locator("[data-outbox]").is_hidden()
