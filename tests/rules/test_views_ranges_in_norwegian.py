"""Issue 35: Norwegian says a score range as «går fra … til …», and a lower loss
threshold as «til 15 poeng i stedet for 21» (the number once with its noun); the
figures from the game's code, never typed here."""

import re
from html import unescape

import pytest
from django.utils import translation

from rules.games.ghost import cards as ghost_cards
from rules.views import house_url

pytestmark = pytest.mark.django_db


def words(page: str) -> str:
    main = page.split("<main", 1)[1].split("</main>", 1)[0]
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", main)))


@pytest.mark.parametrize("address", ["/nb/varianter/", "/nb/golf/varianter/"])
def test_a_range_goes_from_to(client, address):
    text = words(client.get(address).content.decode())
    ranges = re.findall(r"[^.:]*\bfra −?\d[\d,]* til −?\d+ poeng[^.]*", text)
    assert ranges, text
    for said in ranges:
        assert "går" in said, said


@pytest.mark.parametrize(
    ("lang", "said"),
    [("nb", "til 15 poeng i stedet for {default}:"), ("en", "to 15 points instead of {default}:")],
)
def test_a_lower_threshold_names_its_noun_once(client, lang, said):
    house = ghost_cards.House(threshold=15)
    with translation.override(lang):
        address = house_url("rules", house)
    text = words(client.get(address).content.decode())
    assert said.format(default=ghost_cards.LOSS_THRESHOLD) in text
