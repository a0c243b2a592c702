"""Issue 29: Golf's card "at a glance" and its paper score sheet: a row per hole of the
table (and one for the extra hole where a tie is played off), a column per player for
every count Golf seats (that each prints on one A4 page: tests/browser/test_golf.py)."""

from __future__ import annotations

import html
import re

import pytest
from django.utils import translation

from rules.engine import rendering
from rules.games.golf import GAME, cards
from rules.views import house_url

TABLES = [
    cards.GolfHouse(),
    cards.GolfHouse(variant="four_card", jokers="pagat", caller_penalty=True),
    cards.GolfHouse(variant="nine_card", flip=True, extra_hole=True),
    cards.GolfHouse(jokers="minus_five", four_of_a_kind="square", extra_hole=True),
]
IDS = ["defaults", "four-card", "nine-card", "six-card-house-rules"]


def address(name, house, language, *args):
    with translation.override(language):
        return house_url(name, house, *args)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("house", TABLES, ids=IDS)
def test_the_card_is_the_tables(client, house, language):
    html = client.get(address("card", house, language)).content.decode()
    rows = dict(
        re.findall(r'<tr data-rank="(\w+)"><th scope="row">[^<]*</th><td>([^<]*)</td>', html)
    )
    for rank, points in GAME.card_table(house).items():
        if rank in rows:
            assert rows[rank] == (f"−{-points}" if points < 0 else str(points))
    assert ("knock" in html or "banker" in html) == (house.variant == "four_card")
    assert address("rules", house, language) in html


@pytest.mark.django_db
@pytest.mark.parametrize("house", [cards.GolfHouse(), cards.GolfHouse(extra_hole=True, holes=5)])
def test_a_sheet_for_every_count_golf_seats(client, house):
    low, high = cards.PLAYER_RANGE
    for players in range(low, high + 1):
        html = client.get(address("sheet", house, "en", players)).content.decode()
        head = re.search(r"<thead>(.*?)</thead>", html, re.S)[1]
        assert head.count("Player ") == players
        body = re.search(r"<tbody>(.*?)</tbody>", html, re.S)[1]
        assert body.count("<tr") == house.holes  # the holes that add up to the total
        foot = re.search(r"<tfoot>(.*?)</tfoot>", html, re.S)[1]
        # the extra hole is not added to the total: its row comes after it
        assert foot.count("<tr") == 1 + house.extra_hole
        assert ("Extra hole" in foot) == house.extra_hole
        assert f"After {house.holes} holes the lowest total wins." in html
    assert client.get(address("sheet", house, "en", high + 1)).status_code == 404


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("house", TABLES, ids=IDS)
def test_the_card_says_each_part_in_its_short_text_and_the_rules_page_does_not(
    client, house, language
):
    """Issue 36: the glance in about two screens: rules.toml's "glance" texts, one for
    every part at every table and one line for each house rule that changes a hole."""
    with translation.override(language):
        glance = {
            b["id"]: html.escape(b["text"], quote=False)
            for s in rendering.rendered_sections(language, house)
            for b in s["blocks"]
            if b["kind"] == "glance"
        }
    card = client.get(address("card", house, language)).content.decode()
    rules = client.get(address("rules", house, language)).content.decode()
    parts = ("deal", "turn", "end", "count", "winner", "tie")
    for part in parts:  # one version of each part at a table, shown on the card
        shown = [i for i in glance if i.startswith(f"glance-{part}")]
        assert len(shown) == 1, (part, shown)
    for text in glance.values():
        assert text in card and text not in rules, text
    assert ("glance-flip" in glance) == house.flip
    assert ("glance-caller" in glance) == house.caller_penalty
    assert ("glance-four" in glance) == (house.four_of_a_kind is not None)
    assert len(glance) == len(parts) + house.flip + house.caller_penalty + (
        house.four_of_a_kind is not None
    )
    # the full rules a tap away, at the top and again at the end
    sheet = re.search(r'<article class="sheet.*?</article>', card, re.S)[0]
    assert sheet.count(f'href="{address("rules", house, language)}"') == 2
