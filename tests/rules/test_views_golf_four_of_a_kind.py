"""Issue 35: Golf's four of a kind, as the pages say it. Where the house rule is on, the
card states the bonus the engine counts (cards.FOUR_OF_A_KIND, never typed here), both in
its long line and in the one line a phone shows; the choice of the rule says it is for
the variants whose columns a pair cancels only."""

from __future__ import annotations

import html
import re

import pytest
from django.utils import translation

from rules.games.golf import cards
from rules.views import house_url
from rules.words import format_points

pytestmark = pytest.mark.django_db

TABLES = [
    cards.GolfHouse(variant=v.key, four_of_a_kind=four)
    for v in cards.VARIANTS.values()
    if v.pairs
    for four in cards.FOUR_OF_A_KIND
]


def paragraphs(page: str, css_class: str) -> list[str]:
    found = re.findall(rf'<p class="{css_class}">(.*?)</p>', page, re.S)
    return [html.unescape(re.sub(r"<[^>]+>", "", p)) for p in found]


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("house", TABLES, ids=lambda h: f"{h.variant}-{h.four_of_a_kind}")
def test_the_card_states_the_bonus_the_engine_counts(client, language, house):
    with translation.override(language):
        address = house_url("card", house)
        bonus = format_points(cards.FOUR_OF_A_KIND[house.four_of_a_kind], language)
        others = {
            format_points(points, language)
            for key, points in cards.FOUR_OF_A_KIND.items()
            if key != house.four_of_a_kind
        }
    page = client.get(address).content.decode()
    long_lines = [p for p in paragraphs(page, "glance-long") if bonus in p]
    assert len(long_lines) == 1, address
    assert not any(other in long_lines[0] for other in others)
    short = [p for p in paragraphs(page, "glance-short") if bonus in p]
    assert short, f"{address}: the phone's line for four of a kind names no {bonus}"
    if house.four_of_a_kind == "square":
        word = {"en": "square", "nb": "firkant"}[language]
        assert word in long_lines[0] and word in short[0].lower()


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_choice_of_the_rule_names_the_variants_it_is_for(client, language):
    with translation.override(language):
        address = house_url("rules", cards.GolfHouse())
    page = client.get(address).content.decode()
    fieldset = re.search(r'<fieldset[^>]*id="field-four_of_a_kind".*?</fieldset>', page, re.S)
    assert fieldset
    hint = re.search(r'<p class="hint" id="([^"]+)">(.*?)</p>', fieldset[0], re.S)
    assert hint and f'aria-describedby="{hint[1]}"' in fieldset[0]
    from rules.engine.loader import variant_name

    with translation.override(language):
        names = {v.key: variant_name(v.key, game="golf") for v in cards.VARIANTS.values()}
    text = html.unescape(hint[2])
    for variant in cards.VARIANTS.values():
        assert (names[variant.key] in text) == variant.pairs, text
