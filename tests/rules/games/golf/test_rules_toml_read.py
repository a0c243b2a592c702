"""Issue 27 for Golf's pages: what a native read of them found, kept from coming back.
Norwegian: the deal passes «videre til venstre» (not «ett sete til venstre»),
no «legger dem usett», a raw count is «kortene ga», pagat.com describes, it does not play.
English: curly apostrophes throughout, "the cards gave", the deal to the player on the
left. Read on the rules page, the card and the variants page of several tables."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from rules.games.golf import cards
from rules.views import house_url

pytestmark = pytest.mark.django_db

TABLES = [
    cards.GolfHouse(),
    cards.GolfHouse(variant="four_card", jokers="pagat", caller_penalty=True),
    cards.GolfHouse(variant="nine_card", jokers="minus_five", extra_hole=True, flip=True),
]
NEVER = {
    "nb": [
        "ett sete til venstre",
        "legger dem usett",
        "etter kortene",
        "pagat spiller",
        "Bygg kolonner av",
    ],
    "en": ["one seat to the left", "by the cards", "pagat plays", "'"],
}
ALWAYS = {
    "nb": ["går given videre til venstre"],
    "en": ["the deal passes to the player on the left"],
}


def words(html: str) -> str:
    main = html[html.index('<main id="main">') : html.index("</main>")]
    main = re.sub(r"<(script|svg)\b.*?</\1>", " ", main, flags=re.S)
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", main)).replace("&#x27;", "'")


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("house", TABLES, ids=lambda h: h.variant)
def test_golfs_pages_read_as_a_native_editor_left_them(client, language, house):
    with translation.override(language):
        pages = [house_url("rules", house), house_url("card", house)]
        rules = words(client.get(pages[0]).content.decode())
        card = words(client.get(pages[1]).content.decode())
        variants = words(
            client.get(reverse("rules:variants", kwargs={"game": "golf"})).content.decode()
        )
    for text in (rules, card, variants):
        for word in NEVER[language]:
            assert word not in text, word
    for word in ALWAYS[language]:
        assert word in rules and word in card
    if house.jokers == "pagat":
        assert {"nb": "pagat.com beskriver", "en": "pagat.com describes"}[language] in rules
