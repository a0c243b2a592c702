"""A game's links to the rules at its table (the settings line, the pages kept offline,
the paper sheet) name the table in the page's own words: Norwegian on /nb/ (issue 29)."""

from __future__ import annotations

import json
import re
from html import unescape

import pytest

from scorepad.models import Game
from tests.conftest import make_game, url

pytestmark = pytest.mark.django_db

# (a game's table, its words on /en/, on /nb/)
TABLES = [
    (
        {"jack": "11", "threshold": 15},
        {"en": "jack-11+to-15", "nb": "knekt-11+til-15"},
    ),
    (
        {"game": "golf", "variant": "nine_card", "extra_hole": True},
        {"en": "nine-card+extra-hole", "nb": "ni-kort+ekstra-hull"},
    ),
]


def start(table: dict) -> Game:
    table = dict(table)
    if table.get("game") == "golf":
        return Game.create_with_players(["Anna", "Bo"], **table)
    return make_game(jack=table["jack"], threshold=table["threshold"])


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize(("table", "words"), TABLES, ids=["ghost", "golf"])
def test_the_game_page_links_the_rules_in_its_own_words(client, table, words, lang):
    game = start(table)
    html = unescape(client.get(url("game", game, lang)).content.decode())
    kept = json.loads(re.search(r'<script id="keep-offline"[^>]*>(.*?)</script>', html, re.S)[1])
    assert len(kept) == 3
    for link in kept[:2]:  # the rules and the card at a glance at this table
        assert link.startswith(f"/{lang}/") and link.endswith(f"/{words[lang]}/"), link
    links = re.findall(r'<p class="settings">.*?</p>', html, re.S)
    assert links and f'/{words[lang]}/"' in links[0]
    other = words["nb" if lang == "en" else "en"]
    assert other not in html
    for path in kept:
        assert client.get(path).status_code == 200
