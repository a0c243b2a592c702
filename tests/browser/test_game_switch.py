"""Issue 29: the header's game switch in Debian's Chromium at 320 and 360 px in both
languages: one line, nothing sideways (closed or open), every target 44 px, axe clean;
it works without a script, and the language switch keeps the page."""

from __future__ import annotations

import pytest
from django.urls import reverse
from django.utils import translation

from tests.browser.conftest import HAVE_CHROMIUM, LANGS, axe_clean, no_sideways_scroll

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]

NAME = {"en": {"ghost": "Ghost", "golf": "Golf"}, "nb": {"ghost": "Spøkelse", "golf": "Golf"}}
SMALL = """() => [...document.querySelectorAll('.site-header a, .site-header summary')]
  .filter(e => e.checkVisibility())
  .map(e => [e.textContent.trim(), e.getBoundingClientRect()])
  .filter(([_, r]) => r.width < 44 || r.height < 44)
  .map(([t, r]) => t + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""


def address(name, language):
    """A rules page by its old-style name: "rules:golf-rules" is Golf's rules page."""
    game, _, kind = name.removeprefix("rules:").rpartition("-")
    with translation.override(language):
        return reverse(f"rules:{kind}", kwargs={"game": game or "ghost"})


def open_page(browser, language, width, script=True):
    context = browser.new_context(
        viewport={"width": width, "height": 640},
        locale=LANGS[language],
        is_mobile=True,
        has_touch=True,
        java_script_enabled=script,
    )
    return context, context.new_page()


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("start", ["rules:variants", "rules:golf-rules"])
def test_the_switch_fits_a_phone_and_leads_to_the_other_game(
    live_server, browser, language, width, start
):
    context, page = open_page(browser, language, width)
    page.goto(live_server.url + address(start, language))
    header = page.locator(".site-header")
    assert header.bounding_box()["height"] < 60, "the header wraps to a second line"
    no_sideways_scroll(page)
    assert page.evaluate(SMALL) == []
    menu = page.locator(".game-menu")
    assert not menu.is_visible()
    page.locator(".game-switch summary").click()
    assert menu.is_visible()
    no_sideways_scroll(page)
    assert page.evaluate(SMALL) == []
    box = menu.bounding_box()
    assert box["x"] >= 0 and box["x"] + box["width"] <= width
    axe_clean(page)
    # to the same kind of page of the other game
    other, kind = ("golf", "golf-variants") if start == "rules:variants" else ("ghost", "rules")
    menu.get_by_role("link", name=NAME[language][other], exact=True).click()
    page.wait_for_load_state()
    assert page.url == live_server.url + address(f"rules:{kind}", language)
    current = page.locator(".game-menu a[aria-current]")
    assert current.text_content().strip() == NAME[language][other]
    axe_clean(page)
    context.close()


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_language_switch_keeps_golfs_page(live_server, browser, language, width):
    context, page = open_page(browser, language, width)
    page.goto(live_server.url + address("rules:golf-variants", language))
    other = "nb" if language == "en" else "en"
    page.locator(f"a.lang[hreflang='{other}']").click()
    page.wait_for_load_state()
    assert page.url == live_server.url + address("rules:golf-variants", other)
    no_sideways_scroll(page)
    assert "Golf" in page.title()
    context.close()


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_switch_works_without_a_script_and_a_script_closes_it_on_escape(
    live_server, browser, language
):
    context, page = open_page(browser, language, 320, script=False)
    page.goto(live_server.url + address("rules:rules", language))
    page.locator(".game-switch summary").click()
    page.locator(".game-menu").get_by_role("link", name="Golf", exact=True).click()
    page.wait_for_load_state()
    assert page.url == live_server.url + address("rules:golf-rules", language)
    context.close()
    context, page = open_page(browser, language, 320)
    page.goto(live_server.url + address("rules:rules", language))
    page.locator(".game-switch summary").click()
    assert page.locator(".game-menu").is_visible()
    page.keyboard.press("Escape")
    assert not page.locator(".game-menu").is_visible()
    assert page.evaluate("document.activeElement.tagName") == "SUMMARY"
    context.close()
