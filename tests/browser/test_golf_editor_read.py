"""Issue 35, the editor's third read at phone size: the Norwegian name of the caller
penalty («Straff for å avslutte hullet», not «… den som går ut», where nobody goes out in
four-card golf) fits a 320 px screen on the new-game form, the rules page and the card;
the table's choices keep each on one line."""

import pytest
from django.urls import reverse
from django.utils import translation

from rules.games.golf import cards
from rules.views import house_url
from tests.browser.conftest import HAVE_CHROMIUM, no_sideways_scroll

NARROW = {"width": 320, "height": 640}
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]


def test_the_penaltys_norwegian_name_fits_320_px(live_server, phone):
    house = cards.GolfHouse("four_card", caller_penalty=True)
    with translation.override("nb"):
        paths = [
            reverse("scorepad:start-game", kwargs={"game": "golf"}),
            house_url("rules", house),
            house_url("card", house),
        ]
    page = phone("nb", viewport=NARROW)
    for path in paths:
        page.goto(live_server.url + path)
        assert "traff for å avslutte hullet" in page.locator("main").inner_text()
        no_sideways_scroll(page)
