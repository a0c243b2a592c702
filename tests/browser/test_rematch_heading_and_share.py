"""Smaller things of a game's end and its rematch (issue 36): the hint of "Share the
result" starts under its button, not beside it, at 320 and 360; the evening's heading at
hole (round) 1 of a rematch counts the games over and says this one is under way."""

import pytest
from django.utils import translation
from django.utils.translation import ngettext

from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, PHONE, axe_clean
from tests.conftest import play, url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}


def finished_golf():
    game = Game.create_with_players(["Anne-Marthe", "Ola"], game="golf", holes=1)
    return play(game, (3, 7))


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_share_hint_starts_under_its_button(live_server, phone, lang, viewport):
    game = finished_golf()
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + url("game", game, lang))
    button = page.locator(".share-result a[data-share-result]").bounding_box()
    hint = page.locator(".share-result .hint").bounding_box()
    assert hint["y"] >= button["y"] + button["height"]  # below, not beside
    assert hint["x"] <= button["x"] + 1  # from the left edge of the button's line


@pytest.mark.parametrize("game_key", ["golf", "ghost"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_evenings_heading_at_the_first_hole_of_a_rematch(live_server, phone, lang, game_key):
    if game_key == "golf":
        first = finished_golf()
    else:
        first = play(Game.create_with_players(["Anna", "Bo"], threshold=21), (12, 22))
    assert first.outcome().finished
    rematch = first.rematch().game
    page = phone(lang, viewport=NARROW)
    page.goto(live_server.url + url("game", rematch, lang))
    heading = page.locator("#series-title").inner_text()
    with translation.override(lang):
        under_way = ngettext(
            "The evening so far: %(n)s game over, this one under way",
            "The evening so far: %(n)s games over, this one under way",
            1,
        ) % {"n": 1}
        two = ngettext("The evening so far: %(n)s game", "The evening so far: %(n)s games", 2) % {
            "n": 2
        }
    assert heading == under_way
    axe_clean(page)
    # Over, the rematch counts: two games.
    play(rematch, (3, 7) if game_key == "golf" else (12, 22))
    page.reload()
    assert page.locator("#series-title").inner_text() == two
