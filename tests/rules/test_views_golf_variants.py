"""Issue 29: Golf's variants page, as Ghost has one. The variant table (six-, four- and
nine-card golf) with each variant's players and cards from cards.py, the hole scores each
can give counted from the card table, and the house rules to agree on; linked from
Golf's rules page, in the sitemap, pre-rendered; Ghost's page as it was."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from rules.games.golf import cards, scoring
from rules.views import prerendered_paths
from rules.words import format_points

pytestmark = pytest.mark.django_db

ADDRESS = {"en": "/en/golf/variants/", "nb": "/nb/golf/varianter/"}
NAMES = {
    "en": {
        "six_card": "Six-card golf",
        "four_card": "Four-card golf",
        "nine_card": "Nine-card golf",
    },
    "nb": {
        "six_card": "Golf med seks kort",
        "four_card": "Golf med fire kort",
        "nine_card": "Golf med ni kort",
    },
}
NEVER = {"en": ["the ghost", "threshold"], "nb": ["spøkelset", "tapsgrense"]}


def main(html: str) -> str:
    return html[html.index('<main id="main">') : html.index("</main>")]


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.fixture(params=["en", "nb"])
def page(request, client):
    language = request.param
    with translation.override(language):
        assert reverse("rules:variants", kwargs={"game": "golf"}) == ADDRESS[language]
    response = client.get(ADDRESS[language])
    assert response.status_code == 200
    return language, main(response.content.decode())


def test_every_variant_has_a_row_with_its_players_and_cards(page):
    language, html = page
    low, high = (str(n) for n in cards.PLAYER_RANGE)
    for key, variant in cards.VARIANTS.items():
        row = re.search(rf'<tr id="variant-{key}">(.*?)</tr>', html, re.S)
        assert row, key
        cells = text(row[1])
        assert NAMES[language][key] in cells
        players = "players" if language == "en" else "spillere"
        each = "cards each" if language == "en" else "kort hver"
        assert f"{low}\u2013{high} {players}, {variant.cards} {each}" in cells


def test_each_variants_hole_scores_are_counted_from_the_card_table(page):
    language, html = page
    for key in cards.VARIANTS:
        scores = scoring.possible_hole_scores(cards.GolfHouse(variant=key), cards.PLAYER_RANGE[0])
        low, high = (format_points(n, language) for n in (min(scores), max(scores)))
        assert low.startswith("\u2212")  # a real minus sign
        line = re.search(rf"<li>{NAMES[language][key]}: (.*?)</li>", html)
        assert line and f"{low} " in line[1] and f" {high}" in line[1], key


def test_the_house_rules_to_agree_on_are_on_the_page(page):
    language, html = page
    words = text(html)
    assert '<table class="settle">' in html
    for rule in (cards.FOUR_OF_A_KIND["two_columns"], cards.FOUR_OF_A_KIND["square"]):
        assert format_points(rule, language) in words
    for reading in cards.JOKER_READINGS.values():
        assert format_points(reading.joker, language) in words
    assert f"{cards.HOLE_RANGE[0]}" in words and f"{cards.HOLE_RANGE[1]}" in words
    # the caller penalty as this site reads it, and no pointer to a form that is not here
    assert ("caller penalty" if language == "en" else "Straffen for å avslutte hullet") in words
    assert "top of" not in words and "Øverst på siden" not in words
    for word in NEVER[language]:
        assert word not in words.lower(), word


@pytest.mark.parametrize("language", ["en", "nb"])
def test_golfs_rules_page_links_to_it_and_it_back(client, language):
    with translation.override(language):
        rules = client.get(reverse("rules:rules", kwargs={"game": "golf"})).content.decode()
        assert f'<a href="{ADDRESS[language]}">' in main(rules)
        variants = main(client.get(ADDRESS[language]).content.decode())
        assert f'<a href="{reverse("rules:rules", kwargs={"game": "golf"})}">' in variants
        # Ghost's rules page still leads to Ghost's own variants page
        ghost = main(client.get(reverse("rules:rules")).content.decode())
        assert f'<a href="{reverse("rules:variants")}">' in ghost


def test_it_is_in_the_sitemap_and_prerendered(client):
    sitemap = client.get("/sitemap.xml").content.decode()
    paths = prerendered_paths()
    for address in ADDRESS.values():
        assert f"{address}</loc>" in sitemap
        assert address in paths


@pytest.mark.parametrize("language", ["en", "nb"])
def test_ghosts_variants_page_keeps_its_standard_game_and_round_totals(client, language):
    with translation.override(language):
        html = main(client.get(reverse("rules:variants")).content.decode())
    words = {
        "en": ("Standard", "Round totals"),
        "nb": ("Vanlig", "Rundesummer"),
    }
    for word in words[language]:
        assert word in html
    assert "golf" not in html.lower()
