"""The practice game by taps, in Debian's Chromium at 320 and 360 px, in both languages,
with JavaScript on and off: a whole round of Ghost and a whole hole of Golf from a rules
page with house rules (jack 11, jokers), kept into the practice game and on into the
scorepad's new-game form; axe-core finds nothing."""

import pytest

from tests.browser.conftest import HAVE_CHROMIUM, axe_clean, no_sideways_scroll

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]

RUNS = [("en", 320, True), ("nb", 360, False), ("en", 360, False), ("nb", 320, True)]
IDS = ["en-320-js", "nb-360-no-js", "en-360-no-js", "nb-320-js"]
DEAL = {"en": "Deal", "nb": "Del ut"}
KEEP_SCORE = {
    "en": "Keep score of a real game with these rules",
    "nb": "Før poeng i et ekte spill med disse reglene",
}


def tap(page, button, js):
    """Tap a move and wait for the board that answers it: without JavaScript a new page
    (the form's POST and its redirect), with it the board swapped in place."""
    if not js:
        with page.expect_navigation():
            button.click()
        return
    step = page.locator('.practice-table input[name="step"]').input_value()
    button.click()
    page.wait_for_function(
        """old => {
          const input = document.querySelector('.practice-table input[name="step"]');
          return input && input.value !== old;
        }""",
        arg=step,
    )


def accessible(page, js):
    """axe-core runs in the page: only where the page runs scripts."""
    if js:
        axe_clean(page)


def start_from(page, rules_url, language, js, opponents="1"):
    page.goto(rules_url)
    page.locator(".practice-link a").click()
    page.locator(f'input[name="opponents"][value="{opponents}"]').check()
    page.locator('input[name="level"][value="careful"]').check()
    accessible(page, js)
    page.get_by_role("button", name=DEAL[language]).click()
    page.locator("#practice").wait_for()


def the_end(page, language, js):
    page.locator(".practice-end").wait_for()
    assert page.locator(".practice-end .hand").count() >= 2
    no_sideways_scroll(page)
    accessible(page, js)
    if js:  # every move answered in place, never a new page
        assert page.evaluate("window.sameDocument") is True
    page.get_by_role("link", name=KEEP_SCORE[language]).click()


@pytest.mark.parametrize(("language", "width", "javascript"), RUNS, ids=IDS)
def test_a_round_of_ghost_by_taps(live_server, phone, language, width, javascript):
    page = phone(language, viewport={"width": width, "height": 700}, java_script_enabled=javascript)
    js = javascript
    rules = {"en": "/en/rules/jack-11/", "nb": "/nb/regler/knekt-11/"}[language]
    start_from(page, live_server.url + rules, language, javascript)
    assert (
        "/jack-11/" in page.url
        or "/knekt-11/" in page.url
        or "/game/" in page.url
        or "/spill/" in page.url
    )
    if javascript:
        page.evaluate("window.sameDocument = true")
    no_sideways_scroll(page)
    accessible(page, js)
    for turn in range(200):
        if page.locator(".practice-end").count():
            break
        draw = page.locator('button[value="stock"]')
        if draw.count():
            tap(page, draw, js)
            if turn == 0:
                no_sideways_scroll(page)
                accessible(page, js)  # a card in the hand, every place a button
            continue
        seen_places = page.locator("button.place:not(:has(.card-back))")
        if turn % 3 == 0 and seen_places.count():
            tap(page, seen_places.first, js)
        else:
            tap(page, page.locator('button[value="throw"]'), js)
    else:
        raise AssertionError("the round did not end")
    # the count card by card, with the table's jack at 11 wherever a jack was dealt
    text = page.locator(".practice-end").inner_text()
    assert ("Total:" if language == "en" else "Sum:") in text
    the_end(page, language, javascript)
    page.wait_for_url("**/?table=*")
    assert page.locator('input[name="jack_value"][value="11"]').is_checked()


@pytest.mark.parametrize(("language", "width", "javascript"), RUNS, ids=IDS)
def test_a_hole_of_golf_by_taps(live_server, phone, language, width, javascript):
    page = phone(language, viewport={"width": width, "height": 700}, java_script_enabled=javascript)
    js = javascript
    rules = {"en": "/en/golf/rules/jokers-pagat/", "nb": "/nb/golf/regler/jokere-pagat/"}
    start_from(page, live_server.url + rules[language], language, javascript, opponents="2")
    if javascript:
        page.evaluate("window.sameDocument = true")
    no_sideways_scroll(page)
    for _ in range(300):
        if page.locator(".practice-end").count():
            break
        turn_up = page.locator('button[value^="up-"]')
        draw = page.locator('button[value="stock"]')
        face_down = page.locator("button.place:has(.card-back)")
        if turn_up.count():
            tap(page, turn_up.first, js)
        elif draw.count():
            tap(page, draw, js)
        elif face_down.count():
            tap(page, face_down.first, js)  # the quickest way out: turn every card
        else:
            tap(page, page.locator("button.place").first, js)
    else:
        raise AssertionError("the hole did not end")
    no_sideways_scroll(page)
    the_end(page, language, javascript)
    page.wait_for_url("**/?table=*")
    assert page.locator('input[name="jokers"][value="pagat"]').is_checked()


def test_a_stale_tab_is_told_and_shown_the_game(live_server, phone):
    """Two tabs on one game: a move from the older one is refused, with the game as it
    is now and a message in view."""
    first = phone("en", java_script_enabled=False)
    js = False
    start_from(first, live_server.url + "/en/rules/", "en", False)
    second = first.context.new_page()
    second.goto(first.url)
    tap(first, first.locator('button[value="stock"]'), js)
    second.locator('button[value="stock"]').click()
    second.locator(".message.error").wait_for()
    assert "older view" in second.locator(".message.error").inner_text()
    assert second.locator('button[value="throw"]').count() == 1  # the card drawn in tab one
