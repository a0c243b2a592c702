"""Golf's evening at 320 px (issue 36): the statistics page, the standings once a tie is
played off or the game is over, and the next hole's fields after a save, measured with
bounding boxes against the viewport, in both languages, with JavaScript on and off."""

from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from rules import games
from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, axe_clean, inside, keeps_games, no_sideways_scroll
from tests.conftest import play, url

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
    pytest.mark.django_db(transaction=True),
]
GAMES = Path(games.__file__).parent
NARROW = {"width": 320, "height": 640}
PHONE = {"width": 360, "height": 740}
BOTH = pytest.mark.parametrize("lang", ["en", "nb"])
SCRIPT = pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])


def golf(names, **table):
    return Game.create_with_players(list(names), game="golf", **table)


def said(lang, text):
    with translation.override(lang):
        return gettext(text)


@BOTH
def test_the_statistics_of_golf_alone_fit_and_speak_golf(live_server, phone, lang):
    names = ("Anne-Marthe", "Bjørn-Erik", "Kari")
    first = play(golf(names, holes=2), (4, -2, 7), (1, 1, 1))
    second = play(golf(names, holes=2), (3, 0, 5), (2, 1, 4))
    page = phone(lang, viewport=NARROW)
    keeps_games(page, live_server.url, first, second)
    with translation.override(lang):
        page.goto(live_server.url + reverse("scorepad:statistics"))
    # The caption reads across the page, not a word a line.
    caption = page.locator("table.statistics caption")
    box, lines = (
        caption.bounding_box(),
        caption.evaluate(
            "c => Math.round(c.getBoundingClientRect().height / parseFloat(getComputedStyle(c).lineHeight))"
        ),
    )
    assert box["width"] >= 0.8 * (NARROW["width"] - 32), box
    assert lines <= 3, lines
    # Golf's own header and footer, from the registry.
    golf_game = games.get("golf")
    assert page.locator(".brand-name").inner_text() == golf_game.names[lang]
    assert page.locator(".site-footer").inner_text().strip() == golf_game.about[lang]
    icon = page.locator(".game-switch summary svg path").first.get_attribute("d")
    assert icon in (GAMES / "golf" / "templates" / "icons" / "golf.svg").read_text()
    # Nobody loses a game of Golf: a streak not won says so, never "neither … nor lost".
    streaks = page.locator(".streaks").inner_text()
    assert said(lang, "neither won nor lost the last game").split()[0] not in streaks
    with translation.override(lang):
        not_won = translation.ngettext(
            "did not win the last game", "did not win the last %(n)s games", 2
        ) % {"n": 2}
    assert f"Anne-Marthe: {not_won}" in streaks
    no_sideways_scroll(page)
    axe_clean(page)
