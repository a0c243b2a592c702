"""Issue 35: the extra hole's dealer line. When the player whose turn it is to deal is
not among the tied, the page says that they deal but do not play, and who starts."""

import re
from html import unescape

import pytest

from tests.conftest import enter as send
from tests.conftest import golf, url

pytestmark = pytest.mark.django_db

SAID = {
    "en": "Cy deals but does not play; Anna starts.",
    "nb": "Cy deler ut, men spiller ikke. Anna begynner.",
}


def deals_line(page: str) -> str:
    found = re.search(r"<p class=\"hint\" data-deals>(.*?)</p>", page, re.S)
    assert found, "no dealer line"
    return unescape(found[1]).strip()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_dealer_who_sits_out_the_extra_hole_is_said_to_deal_only(client, lang):
    # Bo deals the one hole; the deal passes to Cy, who is not among the tied
    game = golf(holes=1, extra_hole=True, first_dealer=1)
    send(client, game, 4, 4, 9)
    assert deals_line(client.get(url("game", game, lang)).content.decode()) == SAID[lang]


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "Cy deals, Anna starts."), ("nb", "Cy gir, Anna begynner.")]
)
def test_a_dealer_who_plays_the_extra_hole_deals_as_ever(client, lang, said):
    game = golf(holes=1, extra_hole=True, first_dealer=1)
    send(client, game, 4, 9, 4)  # Anna and Cy tied: Cy deals and plays
    assert deals_line(client.get(url("game", game, lang)).content.decode()) == said
