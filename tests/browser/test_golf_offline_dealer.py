"""Issue 35: the extra hole's dealer line on the phone without a connection
(offline-standings.js with golf-offline.js's `dealerPlays`): a hole kept on the phone
that ties the game for two players, when the next dealer is the third, says that the
dealer deals but does not play, in the words the server gives the script."""

import pytest
from django.utils import translation
from django.utils.translation import gettext

from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM
from tests.conftest import url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NAMES = ("Anne-Marthe", "Øyvind", "Bo")


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_kept_hole_that_ties_says_the_dealer_sits_out(live_server, phone, lang):
    # Øyvind deals the only hole; the extra hole's deal passes to Bo
    game = Game.create_with_players(
        list(NAMES), game="golf", extra_hole=True, holes=1, first_dealer=1
    )
    page = phone(lang, viewport={"width": 320, "height": 640})
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + url("game", game, lang))
    page.context.set_offline(True)
    for seat, value in enumerate(["2", "2", "5"]):
        page.locator(f"input[name=points_{seat}]").fill(value)
    page.locator("form.round-form button[type=submit]").click()
    with translation.override(lang):
        said = gettext("{d} deals but does not play; {s} starts.").format(d=NAMES[2], s=NAMES[0])
    line = page.locator("[data-deals]")
    line.wait_for()
    page.wait_for_function(
        "said => document.querySelector('[data-deals]').textContent === said", arg=said
    )
    assert errors == []
