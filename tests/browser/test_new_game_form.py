"""The new-game form on a phone (new-game.js): Enter ("Next" on a phone's keyboard) in a
name moves on to the next name and only the last one starts the game; "another
threshold" takes the typing to its box. Without JavaScript the form works as before.
"""

import pytest

from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, PHONE, focused_in_view

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
START = {"en": "/en/scorepad/", "nb": "/nb/poengblokk/"}
RULES = {"en": "/en/rules/", "nb": "/nb/regler/"}


def names_of_the_game():
    game = Game.objects.get()
    return [p.name for p in game.player_list]


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_enter_in_a_name_moves_to_the_next_name_and_the_last_starts(
    live_server, phone, lang, viewport
):
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + START[lang])
    page.locator("select[name=player_count]").select_option("4")
    page.locator("input[name=variant][value=three_in_hand]").check()
    names = ("Ingrid", "Kari", "Ola", "Håkon")
    page.locator("input[name=name_0]").focus()
    for seat, name in enumerate(names[:-1]):
        assert page.evaluate("document.activeElement.enterKeyHint") == "next"
        page.keyboard.type(name)
        page.keyboard.press("Enter")
        assert focused_in_view(page, f"name_{seat + 1}") == [f"name_{seat + 1}", True]
    assert Game.objects.count() == 0  # nothing started with the names typed so far
    assert page.evaluate("document.activeElement.enterKeyHint") == "go"
    page.keyboard.type(names[-1])
    page.keyboard.press("Enter")
    page.locator("form.round-form").wait_for()
    assert names_of_the_game() == list(names)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_without_javascript_enter_in_the_last_name_still_starts(live_server, phone, lang):
    page = phone(lang, viewport=NARROW, java_script_enabled=False)
    page.goto(live_server.url + START[lang])
    page.locator("input[name=name_0]").fill("Ingrid")
    page.locator("input[name=name_1]").fill("Kari")
    page.locator("input[name=name_1]").press("Enter")
    page.locator("form.round-form").wait_for()
    assert names_of_the_game() == ["Ingrid", "Kari"]


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_another_threshold_takes_the_focus_to_its_box(live_server, phone, lang, viewport):
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + START[lang])
    page.locator("input[name=game_length][value=custom]").check()
    assert focused_in_view(page, "threshold") == ["threshold", True]
    page.keyboard.type("31")
    assert page.locator("input[name=threshold]").input_value() == "31"
    # The rules page's own choices do the same.
    page.goto(live_server.url + RULES[lang])
    page.locator("#choose > summary").click()
    page.locator("input[name=game_length][value=custom]").check()
    assert focused_in_view(page, "threshold") == ["threshold", True]
