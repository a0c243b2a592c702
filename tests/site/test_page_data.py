"""Page data reaches the script through json_script elements only: no JSON typed into a
template or dumped into a data-* attribute, except the board's own numbers (see below)."""

import json
import re
from html import unescape

import pytest
from django.urls import reverse

from scorepad.models import Game
from tests.conftest import make_game, play_rounds, url

pytestmark = pytest.mark.django_db


def script_data(html: str, element_id: str):
    found = re.search(
        rf'<script id="{element_id}" type="application/json">(.*?)</script>', html, re.S
    )
    assert found, element_id
    return json.loads(found.group(1))


def json_attributes(html: str) -> list[str]:
    """data-* attributes whose value is a JSON array or object."""
    found = []
    for name, double, single in re.findall(r'\s(data-[\w-]+)=(?:"([^"]*)"|\'([^\']*)\')', html):
        try:
            parsed = json.loads(unescape(double or single))
        except ValueError:
            continue
        if isinstance(parsed, (list, dict)):
            found.append(name)
    return found


def test_every_page_names_its_offline_pages_in_json_script(client):
    for _lang, home in (("en", "/en/"), ("nb", "/nb/")):
        html = client.get(home).content.decode()
        pages = script_data(html, "offline-pages")
        assert pages[0] == home and len(pages) == 7 and all(p.startswith(home) for p in pages)
        assert any("/golf/" in p for p in pages)  # Golf's rules, card and variants too
        assert "data-offline-pages" not in html


def test_the_game_page_names_its_own_tables_pages_in_json_script(client):
    game = make_game(jack="11")
    html = client.get(url("game", game)).content.decode()
    named = script_data(html, "keep-offline")
    assert len(named) == 3 and "jack-11" in named[0]
    assert "data-keep-offline" not in html


def test_the_start_page_gives_the_variants_limits_in_json_script(client):
    html = client.get(reverse("scorepad:start")).content.decode()
    limits = script_data(html, "player-limits")
    assert limits["seven_cards"]["max"] == 2
    assert "data-limits" not in html and 'data-json="player-limits"' in html


@pytest.mark.parametrize("page", ["game", "history"])
def test_the_outbox_reads_its_texts_from_the_round_data(client, page):
    game = make_game()
    html = client.get(url(page, game)).content.decode()
    texts = script_data(html, "round-data")["texts"]
    assert "%(n)s" in texts["round"]
    outbox = re.search(r"<section class=\"outbox\"[^>]*>", html).group(0)
    assert 'data-json="round-data"' in outbox and "data-texts" not in outbox


def test_no_json_in_attributes_but_the_boards_numbers(client):
    """The board's numbers stay in `data-board`, and a Golf hole form's grid in
    `data-golf-layout`: htmx removes every script element from the board it swaps in
    (allowScriptTags is off), and both change with it."""
    game = make_game()
    play_rounds(game, 2)
    golf = Game.create_with_players(["Anna", "Bo"], game="golf")
    addresses = [url("game", game), url("history", game), reverse("scorepad:start"), "/en/"]
    addresses += [url("game", golf), url("history", golf), url("edit-round", golf, number=1)]
    client.post(url("add-round", golf), {"number": "1", "points_0": "3", "points_1": "-2"})
    allowed = {"data-board", "data-golf-layout", "data-hx-headers"}
    for address in addresses:
        html = client.get(address).content.decode()
        # data-hx-headers is htmx's own (the CSRF header), not data for the page's script
        assert set(json_attributes(html)) <= allowed, address
