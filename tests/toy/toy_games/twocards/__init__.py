"""Two Cards, the test suite's toy game: a game package written from scratch by
docs/new-game.md, found by the registry's `discover` (tests/toy/conftest.py), with every
part a game must have and nothing more. Its facts are in cards.py; this module is its
game object (the protocol: rules/engine/game.py). Nothing here imports Django."""

from __future__ import annotations

from pathlib import Path
from typing import Any

from rules.engine.game import FixedRounds, HouseRule, check_table

from . import cards

LONG_RULE = HouseRule("long", True, "long", {"en": "five-rounds", "nb": "fem-runder"})


class TwoCards:
    key = "twocards"
    names = {"en": "Two Cards", "nb": "To kort"}
    order = 9  # after the others
    address = {"en": "two-cards", "nb": "to-kort"}
    title = {"en": "Two Cards, a toy game", "nb": "To kort, et lekespill"}
    about = {
        "en": "Two Cards exists only to test the site: a game as small as a game can be.",
        "nb": "To kort finnes bare for å teste nettstedet: et så lite spill som mulig.",
    }
    blurb = {
        "en": "Two cards each, add them up, and the lowest total after three rounds wins.",
        "nb": "To kort hver, legg dem sammen, og lavest sum etter tre runder vinner.",
    }
    words = {"round": {"en": "round", "nb": "runde"}, "rounds": {"en": "rounds", "nb": "runder"}}
    texts = Path(__file__).parent / "rules.toml"

    House = cards.TwoCardsHouse
    house_rules = (LONG_RULE,)
    number_rule = None
    variant_words: dict = {}
    default_variant = "standard"
    variants = cards.VARIANTS
    table_variants = ("standard",)
    conditions = frozenset({"standard", "long"})
    least_players = cards.PLAYER_RANGE[0]
    fact_values = {"length": ("short", "long")}
    percent_figures = frozenset()
    value_placeholders = {"": {}}
    rank_lists: dict = {}
    block_kinds: dict = {}

    def all_houses(self) -> list[cards.TwoCardsHouse]:
        return [cards.TwoCardsHouse(), cards.TwoCardsHouse(long=True)]

    def named_facts(self, house) -> dict[str, Any]:
        return {"length": "long" if house.long else "short"}

    def figures(self, house) -> dict[str, Any]:
        totals = cards.possible_totals()
        return {
            "rounds": house.rounds,
            "hand": cards.HAND,
            "low": min(totals),
            "high": max(totals),
            "players": cards.PLAYER_RANGE[1],
        }

    def card_table(self, house) -> dict:
        return dict(cards.VALUES)

    def hand_total(self, codes, house):
        return cards.hand_total(codes)

    def possible_totals(self, house) -> frozenset:
        return cards.possible_totals()

    def example_figures(self, block, house) -> dict:
        return {}

    def example_context(self, house) -> dict:
        return {}

    def variant_facts(self, key, house) -> dict[str, Any]:
        return {
            "described_at": cards.TwoCardsHouse(key),
            "players": cards.PLAYER_RANGE[1],
            "cards": cards.HAND,
            "totals": cards.possible_totals(),
            "house_rule": False,
            "half_displaces": None,
        }

    def ending(self, house) -> FixedRounds:
        return FixedRounds(house.rounds)

    def play_round(self, script, house) -> list:
        for hand in script["hands"]:
            if len(hand) != cards.HAND:
                raise ValueError(f"{len(hand)} cards; a hand of Two Cards is two")
        return [cards.hand_total(hand) for hand in script["hands"]]

    def whole_round(self, script, language, house) -> dict:
        return {"totals": self.play_round(script, house)}

    def table_picture(self, language, house, key) -> dict:
        return {}

    def table_of(self, house) -> dict[str, Any]:
        return {"variant": house.variant, "long": house.long}

    def house_from_table(self, table, players=None):
        check_table(table, {"variant": (str,), "long": (bool,)})
        return cards.TwoCardsHouse(**table)


GAME = TwoCards()
