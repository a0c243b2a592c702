""" "My games" names the game of each entry (its name and picture from the registry), and
its times are in the phone's zone, as the page's other times (issue 36)."""

from zoneinfo import ZoneInfo

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from tests.browser.conftest import HAVE_CHROMIUM, PHONE, no_sideways_scroll, start_game
from tests.conftest import play

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
GAME_NAMES = {"en": {"ghost": "Ghost", "golf": "Golf"}, "nb": {"ghost": "Spøkelse", "golf": "Golf"}}


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_my_games_names_each_games_game_and_its_time_in_the_phones_zone(
    live_server, phone, lang, viewport
):
    # A phone in Tokyo: seven or eight hours from the server's zone.
    page = phone(lang, viewport=viewport, timezone_id="Asia/Tokyo")
    golf = start_game(page, live_server, lang, "golf", ["Kari", "Ola"])
    play(golf, (3, 7))
    start_game(page, live_server, lang, "ghost", ["Anna", "Bo"])
    with translation.override(lang):
        page.goto(live_server.url + reverse("scorepad:start"))
    entries = page.locator("ul.my-games").first.locator(":scope > li")
    assert entries.count() == 2
    hints = [entries.nth(i).locator(".hint").first.inner_text() for i in range(2)]
    named = [hint.split(" · ")[0].strip() for hint in hints]
    assert named == [GAME_NAMES[lang]["ghost"], GAME_NAMES[lang]["golf"]]  # newest first
    for i in range(2):
        assert entries.nth(i).locator("a svg.game-icon").count() == 1
        icon = entries.nth(i).locator("a svg.game-icon").bounding_box()
        assert icon["width"] <= 32  # the size of the text, not the width of the page
    tokyo = golf.created_at.astimezone(ZoneInfo("Asia/Tokyo"))
    oslo = golf.created_at.astimezone(ZoneInfo(settings.TIME_ZONE))  # the server's
    shown = entries.nth(1).locator("time").inner_text()
    assert f"{tokyo:%H:%M}" in shown and f"{oslo:%H:%M}" not in shown
    no_sideways_scroll(page)
