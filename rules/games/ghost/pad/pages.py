"""What Ghost's scorepad page shows and gives its scripts: the round data (rank words,
card values, possible totals, the outbox's words) with Ghost's example total, its card
table for the search of a round's totals possible together (scoring.js `together`), the
card helper's buttons, the standings towards the loss threshold and the jack's worth."""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache
from typing import TYPE_CHECKING

from django.utils.html import format_html_join
from django.utils.translation import get_language

from rules import games, words
from scorepad.forms.fields import NEGATIVE_PATTERN, POINTS_PATTERN
from scorepad.logic import scoring
from scorepad.pages import board

from .. import cards
from ..together import units
from .forms import example_total

if TYPE_CHECKING:
    from scorepad.models import Game


@lru_cache
def round_data(house: cards.House, language: str) -> dict:
    """Built once per table and language, as the page asks it on every view."""
    jack = house.jack
    data = shared_round_data(house, language, example_total(jack))
    return data | {"together": together_spec(house)}


def together_spec(house: cards.House) -> dict:
    """The card table in half points, the hand's size and a deck's copies of a rank."""
    return {
        "units": list(units(house.jack)),
        "ranks": list(cards.RANKS),  # the order of `units`, for the cards typed
        "size": house.rules_variant.hand_size,
        "copies": cards.COPIES_PER_RANK,
    }


@lru_cache
def rank_buttons(house, language) -> str:
    """The helper's buttons, cheapest card first at this game's table (its game's card
    table): the same HTML for every game with these values, built once per language."""
    table = games.of(house).card_table(house)
    order = sorted(cards.RANKS, key=table.get)
    # Named as shown, the card's name after (WCAG 2.5.3): "J (jack)".
    return format_html_join(
        "",
        '<button type="button" class="rank" data-rank="{}" aria-label="{} ({})">{}</button>',
        (
            (r, words.rank_label(r, language), words.RANK_NAMES[language][r])
            + (words.rank_label(r, language),)
            for r in order
        ),
    )


EXAMPLE_HAND = ("8", "J", "A", "2", "K", "3", "5", "9")  # as long as the longest hand


@lru_cache
def shared_round_data(house, language: str, example: Decimal) -> dict:
    """What the page's script reads (through json_script), from the game object like
    everything else: the rank words, the card table, the totals a round can have (for
    checking a round kept offline) and what it says about rounds kept on the phone.
    The same for every game with these rules, so built once per language; `example`
    is the total the messages show (the game's own)."""
    game = games.of(house)
    return {
        "ranks": words.RANK_WORDS,
        "values": {rank: float(value) for rank, value in game.card_table(house).items()},
        "possible": sorted(float(t) for t in game.possible_totals(house)),
        "number": f"^(?:{POINTS_PATTERN})$",  # what the server takes as a total
        "negative": f"^(?:{NEGATIVE_PATTERN})$",  # what it says is below the lowest
        "texts": board.outbox_texts(language, example),
    }


def threshold_standings(game: Game, result: scoring.Outcome, fmt) -> list[dict]:
    """Ghost's standings: each player's total, the distance to the loss threshold, who
    leads and who is closest to losing."""
    names = [p.name for p in game.player_list]
    played = bool(game.live_rounds) and not result.finished
    leaders = scoring.lowest(result.totals) if played else []
    open_seats = [i for i in range(len(names)) if i not in leaders]
    closest = scoring.highest(result.totals, open_seats) if played and open_seats else []
    threshold = game.threshold or 0
    return [
        {
            "name": name,
            "total": fmt(result.totals[i]),
            # a meter's value may not pass its max: a loser's bar is simply full
            "value": str(min(result.totals[i], threshold) if threshold else result.totals[i]),
            "distance": fmt(result.distance(i)),
            "low": threshold * 2 // 3,
            "high": threshold * 5 // 6,
            "lost": i in result.losers,
            # crossed in the same round as the loser, who had more: no "0 left"
            "over": bool(threshold) and result.totals[i] >= threshold,
            "won": i in result.winners and result.finished,
            "deals": i == result.next_dealer and not result.finished,
            "leads": i in leaders and len(leaders) < len(names),
            "closest": i in closest and not game.single_round and len(closest) < len(names),
        }
        for i, name in enumerate(names)
    ]


def jack_words(game: Game) -> str:
    """What a jack is worth at a table of Ghost, as the page's language writes it."""
    return words.points_formatter(get_language())(game.house_for(None).jack)


def round_form_extras(game: Game) -> dict:
    language = get_language()
    return {
        "rank_buttons": rank_buttons(game.house_for(None), language),
        "helper_example": " ".join(
            words.rank_label(r, language) for r in EXAMPLE_HAND[: game.rules_variant.hand_size]
        ),
    }
