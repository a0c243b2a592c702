"""A hole of Golf refused names its cause where the eye is (issue 36): saved without "who
went out first", the summary at the top says so (not "check the scores"), the question is
marked, and the focus is on it, on screen, with the script and without, at 320 and 360."""

import pytest
from django.utils import translation
from playwright.sync_api import expect

from rules.games.golf.pad.forms import HoleForm
from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, PHONE, focused_in_view
from tests.conftest import url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
NAMES = ("Anne-Marthe", "Bjørn-Erik", "Kari", "Ola")
HOLE = ("2", "5", "9", "7")  # four layouts one deck deals together


@pytest.mark.parametrize("script", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_hole_without_who_went_out_says_so_at_the_top_and_goes_there(
    live_server, phone, lang, viewport, script
):
    game = Game.create_with_players(list(NAMES), game="golf", caller_penalty=True)
    with translation.override(lang):  # the form's own words for it
        form = HoleForm(game=game, players=game.player_list)
        choose = str(form.fields["caller"].error_messages["required"])
    page = phone(lang, viewport=viewport, java_script_enabled=script)
    page.goto(live_server.url + url("game", game, lang))
    for seat, score in enumerate(HOLE):
        page.locator(f"input[name=points_{seat}]").fill(score)
    page.locator("form.round-form button[type=submit]").click()
    summary = page.locator("form.round-form .errors")
    summary.wait_for()
    assert choose in summary.inner_text()  # the cause, at the top
    assert summary.locator("a[href='#field-caller']").inner_text() == choose
    # the question is marked (htmx sets a kept element's new class when the swap settles)
    expect(page.locator("#field-caller.invalid")).to_have_count(1)
    assert page.locator(".player-entry.invalid").count() == 0  # and no score
    assert focused_in_view(page, "caller") == ["caller", True]
    assert game.rounds.count() == 0
    # Chosen now, the hole is saved with what was typed.
    page.locator("input[name=caller][value='1']").check()
    page.locator("form.round-form button[type=submit]").click()
    page.locator("form.round-form input[name=number][value='2']").wait_for(state="attached")
    assert game.rounds.count() == 1
