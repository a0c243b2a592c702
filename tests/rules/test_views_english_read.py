"""The native English editor's read (December 2026): what it found false or misleading,
kept from coming back. Every test reads the rendered page (or the export) as the client
gets it; a number in a sentence is computed here from the game's facts.
"""

from __future__ import annotations

import pytest

from rules.games.golf import cards
from rules.words import NUMBER_WORDS
from tests.rules.test_views_golf_editor_read import page, words_of

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("jokers", ["pagat", "minus_five"])
def test_nine_card_jokers_say_when_a_column_of_jokers_can_be_dealt(client, jokers):
    house = cards.GolfHouse("nine_card", jokers=jokers)
    text = words_of(page(client, "rules", house, "en"))
    rows = house.rules_variant.rows
    players = cards.players_for_jokers(rows)
    assert cards.JOKERS_PER_DECK < rows <= cards.JOKERS_PER_DECK * cards.MOST_DECKS
    decks = NUMBER_WORDS["en"][cards.decks_for(players)]
    said = f"needs {decks} decks: a table of {NUMBER_WORDS['en'][players]} players or more"
    assert said in text
    assert f"and one deck holds only {NUMBER_WORDS['en'][cards.JOKERS_PER_DECK]}." not in text


def test_nine_card_faq_says_a_pair_in_a_column_does_not_cancel(client):
    house = cards.GolfHouse("nine_card")
    text = words_of(page(client, "rules", house, "en"))
    three = NUMBER_WORDS["en"][house.rules_variant.rows]
    assert f"only {three} equal cards in one column cancel" in text
    assert "Only cards in the same column cancel" not in text
    six = words_of(page(client, "rules", cards.GolfHouse(), "en"))
    assert "Only a pair in one column cancels" in six


@pytest.mark.parametrize("variant", list(cards.VARIANTS))
def test_golf_says_layout_never_grid(client, variant):
    text = words_of(page(client, "rules", cards.GolfHouse(variant), "en"))
    assert " grid" not in text.lower()
    # the hole goes on after someone goes out: no "stopping the hole the moment someone ends it"
    assert "the moment someone ends it" not in text
    assert "the moment someone goes out" in text
