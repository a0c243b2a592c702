"""What the page's own script says, in the page's language: numbers in its format
whichever separator was typed, and the screen button saying what a tap does."""

import pytest

from tests.browser.conftest import HAVE_CHROMIUM, WAKE_LOCK_STUB, enter_offline, game_url
from tests.conftest import make_game

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
    pytest.mark.django_db(transaction=True),
]


@pytest.mark.parametrize(
    ("lang", "typed", "said", "wrong"),
    [
        ("nb", "53.5", "Anna: 53,5 er ikke mulig", "53.5"),
        ("en", "53,5", "Anna: 53.5 cannot", "53,5"),
    ],
)
def test_an_impossible_total_kept_offline_is_named_in_the_pages_format(
    live_server, phone, lang, typed, said, wrong
):
    game = make_game(threshold=500)
    page = phone(lang)
    page.goto(live_server.url + game_url(game, lang))
    page.context.set_offline(True)
    enter_offline(page, typed, "5")  # a half above 52.5 needs a jack where a king must lie
    error = page.locator(".player-entry .error").first.inner_text()
    assert said in error and wrong not in error


@pytest.mark.parametrize(
    ("lang", "typed", "shown"), [("en", "3,5", "Anna 3.5"), ("nb", "3.5", "Anna 3,5")]
)
def test_a_round_waiting_on_the_phone_shows_its_numbers_in_the_pages_format(
    live_server, phone, lang, typed, shown
):
    game = make_game(threshold=500)
    page = phone(lang)
    page.goto(live_server.url + game_url(game, lang))
    page.context.set_offline(True)
    enter_offline(page, typed, "12")
    waiting = page.locator("[data-outbox] li").first.inner_text()
    assert shown in waiting and typed not in waiting


@pytest.mark.parametrize(
    ("lang", "off", "on"),
    [
        ("en", "Keep the screen on", "Screen on – tap to turn off"),
        ("nb", "Hold skjermen på", "Skjermen er på – trykk for å slå av"),
    ],
)
def test_the_screen_button_says_what_a_tap_will_do(live_server, phone, lang, off, on):
    game = make_game()
    page = phone(lang)
    page.add_init_script(WAKE_LOCK_STUB)
    page.goto(live_server.url + game_url(game, lang))
    toggle = page.locator("[data-wake-lock]")
    assert toggle.inner_text() == off
    toggle.click()
    assert toggle.inner_text() == on
    toggle.click()
    assert toggle.inner_text() == off
