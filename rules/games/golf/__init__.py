"""Golf, the site's second game, as the engine is handed it (the protocol: rules/engine/game.py).

Its pure facts are in cards.py (card table, decks, variants, house rules), scoring.py
(a layout's score, the possible hole scores), outcome.py (a game's course, the caller
penalty), hole.py (a hole played from a script) and words.py; its texts and the scripts
of its worked holes in rules.toml; its layout picture in picture.py. This module ties
them together. Nothing here imports Django.
"""

from __future__ import annotations

import dataclasses
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from rules.engine.game import FixedRounds, Kind, NumberRule, check_table

from . import cards, outcome, scoring
from .hole import PlayedHole, play_hole
from .picture import table_picture
from .told import whole_round

# The house rule with a number: "holes-5", "hull-5" in an address (nine is never named).
HOLES_RULE = NumberRule("holes", {"en": "holes", "nb": "hull"}, cards.HOLES, cards.OTHER_HOLES)


def _share(part: int, whole: int) -> Decimal:
    return Decimal(part) / Decimal(whole)


class Golf:
    key = "golf"
    names = {"en": "Golf", "nb": "Golf"}
    order = 1  # after the default game, in the header and on the home page
    address = {"en": "golf", "nb": "golf"}  # /en/golf/rules/, /nb/golf/regler/
    title = {"en": "Golf, the card game", "nb": "Kortspillet Golf"}
    about = {
        "en": "Golf is played in many homes in slightly different ways, with no official "
        "rule book. These pages collect how it is played.",
        "nb": "Golf spilles litt forskjellig fra hjem til hjem, og det finnes ingen offisiell "
        "regelbok. Her har vi samlet hvordan det spilles.",
    }
    blurb = {
        "en": "A few cards face down in front of each player, a column of equal cards "
        f"counts nothing, and the lowest total after {cards.HOLES} holes wins.",
        "nb": "Noen få kort med bildesiden ned foran hver spiller, en kolonne med like kort "
        f"teller null, og lavest sum etter {cards.HOLES} hull vinner.",
    }
    words = {
        "round": {"en": "hole", "nb": "hull"},
        "rounds": {"en": "holes", "nb": "hull"},
    }
    texts = Path(__file__).parent / "rules.toml"

    House = cards.GolfHouse
    house_rules = cards.HOUSE_RULES
    number_rule = HOLES_RULE
    variant_words = {
        "four_card": {"en": "four-card", "nb": "fire-kort"},
        "nine_card": {"en": "nine-card", "nb": "ni-kort"},
    }
    default_variant = cards.SIX_CARD.key
    variants = cards.VARIANTS
    table_variants = tuple(cards.VARIANTS)
    conditions = cards.HOUSE_CONDITIONS
    least_players = cards.PLAYER_RANGE[0]

    # The facts a text may assume (`assumes`) or be shown for (`only`).
    fact_values = {
        "layout": tuple(cards.VARIANTS),
        "cancel": ("pair", "three"),  # what cancels a column
        "ends": ("all_face_up", "knock"),
        "face_up": (True, False),  # cards swapped in lie face up
        "jokers": ("none", *cards.JOKER_READINGS),
        "two": ("minus", "plus"),
        "four": ("none", *cards.FOUR_OF_A_KIND),
        "caller_penalty": (True, False),
        "tie": ("shared", "extra_hole"),
        "holes": ("nine", "one", "other"),
        "gaps": ("none", "some"),  # whether a score between the lowest and highest cannot happen
        "flip": (True, False),
    }
    percent_figures = frozenset({"low_share", "match_chance"})
    # {value:R} the card at the table; {valueplain:R} without jokers; {valuepagat:R}
    # with jokers as pagat plays them
    value_placeholders = {
        "": {},
        "plain": {"jokers": None},
        "pagat": {"jokers": "pagat"},
    }
    rank_lists: dict = {}  # no {kind:R} that names a list of ranks
    block_kinds = {
        "layout_example": Kind(
            texts=("caption", "text"),
            figures=frozenset({"total", "plain", "saved", "col1", "col2", "col3", "bonus"}),
            cards=("cards",),
        ),
        # the short text of a part for the rules at a glance (card.html); the full
        # rules page draws nothing for it (_glance.html)
        "glance": Kind(texts=("text",)),
    }

    # ------------------------------------------------------------ the tables

    def all_houses(self) -> list[cards.GolfHouse]:
        """Every combination a reader can choose, and each variant with a single hole and
        with another number (the texts are the same for every number but one and nine)."""
        other = [
            cards.GolfHouse(variant, holes=holes)
            for variant in cards.VARIANTS
            for holes in (cards.HOLE_RANGE[0], cards.HOLE_RANGE[0] + 4)
        ]
        return [*cards.every_house(), *other]

    def named_facts(self, house: cards.GolfHouse) -> dict[str, object]:
        variant = house.rules_variant
        return {
            "layout": variant.key,
            "cancel": "pair" if variant.pairs else "three",
            "ends": variant.ends_by,
            "face_up": variant.placed_face_up,
            "jokers": house.jokers or "none",
            "two": "minus" if house.values["2"] < 0 else "plus",
            "four": house.four_of_a_kind or "none",
            "caller_penalty": house.caller_penalty,
            "tie": "extra_hole" if house.extra_hole else "shared",
            "holes": {cards.HOLES: "nine", 1: "one"}.get(house.holes, "other"),
            "gaps": "some" if _figures(house)["missing"] else "none",
            "flip": house.flip,
        }

    def figures(self, house: cards.GolfHouse) -> dict[str, Decimal | int]:
        return _figures(house)

    # ------------------------------------------------------------ cards and hands

    def card_table(self, house: cards.GolfHouse) -> dict[str, Decimal]:
        return {rank: Decimal(value) for rank, value in house.values.items()}

    def hand_total(self, codes, house: cards.GolfHouse) -> Decimal:
        """Cards added up at their values (a layout's score, with its columns, is
        `scoring.score_layout`)."""
        return Decimal(sum(cards.card_value(cards.rank_of(c), house.jokers) for c in codes))

    def possible_totals(self, house: cards.GolfHouse) -> frozenset[Decimal]:
        """Every hole score a layout dealt from one deck makes at this table."""
        scores = scoring.possible_hole_scores(house, self.least_players)
        return frozenset(Decimal(s) for s in scores)

    def example_figures(self, block: dict[str, Any], house: cards.GolfHouse) -> dict[str, Any]:
        """A layout scored at the table: its total, its cards simply added up, what the
        cancelled columns save, each column's points and any four-of-a-kind bonus."""
        score = scoring.score_layout(block["cards"], house)
        plain = int(self.hand_total(block["cards"], house))
        columns = [c.points for c in score.columns] + [0] * (3 - len(score.columns))
        return {
            "total": score.total,
            "plain": plain,
            "saved": plain - score.total,
            "col1": columns[0],
            "col2": columns[1],
            "col3": columns[2],
            "bonus": sum(f.points for f in score.fours),
        }

    def example_context(self, house: cards.GolfHouse) -> dict[str, Any]:
        return {"columns": house.rules_variant.columns, "golf": True}

    def variant_facts(self, key: str, house: cards.GolfHouse) -> dict[str, Any]:
        """A row of the variant table: each variant counted with the table's jokers."""
        described = cards.GolfHouse(variant=key, jokers=house.jokers)
        return {
            "described_at": described,
            "players": cards.VARIANTS[key].max_players,
            "cards": cards.VARIANTS[key].cards,
            "totals": self.possible_totals(described),
            "house_rule": False,
        }

    # ------------------------------------------------------------ ending, hole, picture

    def ending(self, house: cards.GolfHouse) -> FixedRounds:
        return FixedRounds(house.holes, extra_round=house.extra_hole)

    def play_round(self, script: dict[str, Any], house: cards.GolfHouse) -> PlayedHole:
        return play_hole(script, house)

    def whole_round(self, script: dict[str, Any], language: str, house: cards.GolfHouse) -> dict:
        return whole_round(script, language, house)

    def table_picture(self, language: str, house: cards.GolfHouse | None, key: str) -> dict:
        return table_picture(language, house or cards.GolfHouse(), key)

    # -------------------------------------------------------------- the scorepad's table

    def table_of(self, house: cards.GolfHouse) -> dict[str, Any]:
        """The table's choices as a stored game keeps them: every field of `GolfHouse`."""
        return dataclasses.asdict(house)

    def house_from_table(
        self, table: dict[str, Any], players: int | None = None
    ) -> cards.GolfHouse:
        """The table a stored game plays (a missing choice is the default; the player
        count changes nothing). ValueError on anything the schema refuses."""
        check_table(table, TABLE_TYPES)
        return cards.GolfHouse(**table)


# What a stored table of Golf may hold, key by key (the rest is GolfHouse's to refuse).
TABLE_TYPES = {
    "variant": (str,),
    "jokers": (str, type(None)),
    "four_of_a_kind": (str, type(None)),
    "caller_penalty": (bool,),
    "extra_hole": (bool,),
    "holes": (int,),
    "flip": (bool,),
}


@cache
def _figures(house: cards.GolfHouse) -> dict[str, Decimal | int]:
    """Every number Golf's rules texts may name, at one table, all derived from the card
    table and the deck constants (cards.py)."""
    variant = house.rules_variant
    values = house.values
    possible = scoring.possible_hole_scores(house, cards.PLAYER_RANGE[0])
    copies = cards.copies_in(1, house.jokers)
    deck = sum(copies.values())
    low_cards = sum(n for rank, n in copies.items() if values[rank] <= 0)
    average = Decimal(sum(values[rank] * n for rank, n in copies.items())) / deck
    joker = cards.JOKER_READINGS[house.jokers or "pagat"]
    return {
        "cards": variant.cards,
        "rows": variant.rows,
        "columns": variant.columns,
        "turned_up": variant.turned_up,
        "peeked": variant.peeked,
        "face_down": variant.cards - variant.turned_up,
        "cancel": variant.rows,  # equal cards in a column that cancel it
        "cancelled": scoring.CANCELLED,  # what such a column scores
        "written": outcome.PENALTY_WRITTEN,  # what the lowest write under the caller penalty
        "holes": house.holes,
        "default_holes": cards.HOLES,
        "least_holes": cards.HOLE_RANGE[0],
        "most_holes": cards.HOLE_RANGE[1],
        "min_players": cards.PLAYER_RANGE[0],
        "max_players": cards.PLAYER_RANGE[1],
        "per_deck": cards.PLAYERS_PER_DECK,
        "two_decks_from": cards.PLAYERS_PER_DECK + 1,
        "two_decks_to": 2 * cards.PLAYERS_PER_DECK,
        "three_decks_from": 2 * cards.PLAYERS_PER_DECK + 1,
        "standard_cards": cards.SIX_CARD.cards,
        "largest_grid": max(v.cards for v in cards.VARIANTS.values()),
        "most_decks": cards.MOST_DECKS,
        "deck": cards.DECK_SIZE,
        "jokers_per_deck": cards.JOKERS_PER_DECK,
        # the fewest players whose decks hold a whole column of jokers
        "joker_column_from": cards.players_for_jokers(variant.rows),
        "joker_column_decks": cards.decks_for(cards.players_for_jokers(variant.rows) or 2),
        "joker": joker.joker,
        "joker_two": joker.two,
        "joker_pagat": cards.JOKER_READINGS["pagat"].joker,
        "joker_minus_five": cards.JOKER_READINGS["minus_five"].joker,
        "bonus": house.four_bonus or cards.FOUR_OF_A_KIND["two_columns"],
        "bonus_two_columns": cards.FOUR_OF_A_KIND["two_columns"],
        "bonus_square": cards.FOUR_OF_A_KIND["square"],
        "lowest": min(possible),
        "highest": max(possible),
        # the scores between those two that no layout from one deck makes
        "missing": tuple(s for s in range(min(possible), max(possible)) if s not in possible),
        "low_cards": low_cards,
        "low_share": _share(low_cards, deck),
        "average": average.quantize(Decimal("0.1")),
        "queen_pair": 2 * values["Q"],
        "two_apart": 2 * values["2"],
        "match_chance": _share(copies["Q"] - 1, deck - 1),
    }


GAME = Golf()
