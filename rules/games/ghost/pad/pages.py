"""What Ghost's scorepad page gives its scripts: the shared round data (rank words, card
values, possible totals, the outbox's words) with Ghost's example total, and its card
table for the search of a round's totals possible together (scoring.js `together`)."""

from __future__ import annotations

from functools import lru_cache

from scorepad.pages import board

from .. import cards
from ..together import units
from .forms import example_total


@lru_cache
def round_data(house: cards.House, language: str) -> dict:
    """Built once per table and language, as the page asks it on every view."""
    jack = house.jack
    data = board.round_data(house, jack, language, example_total(jack))
    return data | {"together": together_spec(house)}


def together_spec(house: cards.House) -> dict:
    """The card table in half points, the hand's size and a deck's copies of a rank."""
    return {
        "units": list(units(house.jack)),
        "ranks": list(cards.RANKS),  # the order of `units`, for the cards typed
        "size": house.rules_variant.hand_size,
        "copies": cards.COPIES_PER_RANK,
    }
