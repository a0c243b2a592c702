"""Issue 29 in Chromium at 320 px: house rules chosen on a Norwegian page lead to an
address in Norwegian words, with JavaScript on (htmx pushes it) and off (the form's
redirect), and the language switch then opens the same table in English words."""

import re

import pytest

from tests.browser.conftest import HAVE_CHROMIUM, no_sideways_scroll

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]

NARROW = {"width": 320, "height": 640}
SHOW = "Vis reglene med disse valgene"
NORWEGIAN = "/nb/golf/regler/ni-kort+jokere-minus-5+ekstra-hull/"
ENGLISH = "/en/golf/rules/nine-card+jokers-minus-5+extra-hole/"


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_chosen_in_norwegian_then_switched_to_english(live_server, phone, javascript):
    page = phone("nb", viewport=NARROW, java_script_enabled=javascript)
    page.goto(live_server.url + "/nb/golf/regler/")
    page.evaluate("window.sameDocument = true") if javascript else None
    page.locator("#choose summary").click()
    page.locator('input[name="variant"][value="nine_card"]').check()
    page.locator('input[name="jokers"][value="minus_five"]').check()
    page.locator('input[name="extra_hole"]').check()
    page.get_by_role("button", name=SHOW).click()
    page.wait_for_url(re.compile(rf"{re.escape(NORWEGIAN)}$"))
    page.locator(".house-diff").wait_for()
    if javascript:  # swapped in place by htmx, the Norwegian address pushed
        assert page.evaluate("window.sameDocument") is True
    no_sideways_scroll(page)
    switch = page.locator('a.lang[hreflang="en"]')
    assert switch.get_attribute("href") == ENGLISH
    switch.click()
    page.wait_for_url(re.compile(rf"{re.escape(ENGLISH)}$"))
    assert page.locator("html").get_attribute("lang") == "en"
    page.locator(".house-diff").wait_for()
    back = page.locator('a.lang[hreflang="nb"]')
    assert back.get_attribute("href") == NORWEGIAN


def test_an_old_english_worded_norwegian_link_opens_in_norwegian_words(live_server, phone):
    page = phone("nb", viewport=NARROW)
    page.goto(live_server.url + "/nb/golf/regler/extra-hole+nine-card+jokers-minus-5/?fra=lenke")
    assert page.url == f"{live_server.url}{NORWEGIAN}?fra=lenke"
    assert page.locator("h1").inner_text() == "Reglene for Golf"
