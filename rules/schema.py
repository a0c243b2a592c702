"""What rules.toml may say: the kinds of block, the placeholders and the numbers they
name, the facts a block may assume, and every table a reader can choose (the loader
proves each text true at each of them)."""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from decimal import Decimal
from functools import cache
from typing import Any

from rules.games.ghost import cards

# "A high card" in the strategy figures: worth more than this.
HIGH_CARD = Decimal(9)


def _tenth(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.1"))


@cache
def facts(house: cards.House = cards.DEFAULT_HOUSE) -> dict[str, Decimal | int]:
    """Every number the rules texts may name, for one table's house rules."""
    variant = house.rules_variant
    known = cards.table_facts(house)
    average = cards.average_card(house.jack)
    return {
        "players": variant.max_players,
        "min_players": known.least_players,
        "most_players": known.most_players,
        "five_card_most": cards.most_players(cards.STANDARD, house.face_up_start),
        "deck": cards.DECK_SIZE,
        "copies": cards.COPIES_PER_RANK,
        "peeked": cards.PEEKED_CARDS,
        "hand": variant.hand_size,
        "row": variant.row_size,
        "seven_row": cards.VARIANTS["seven_cards"].row_size,
        "three_row": cards.VARIANTS["three_in_hand"].row_size,
        "threshold": house.threshold or cards.LOSS_THRESHOLD,
        "default_threshold": cards.LOSS_THRESHOLD,
        "round_minutes": cards.ROUND_MINUTES,
        "game_min": cards.GAME_MINUTES[0],
        "game_max": cards.GAME_MINUTES[1],
        "max_players": max(v.max_players for v in cards.VARIANTS.values()),
        "lowest": cards.lowest_total(variant, house.jack),
        "highest": cards.highest_total(variant, house.jack),
        "average": _tenth(average),
        "dealt_average": _tenth(average * variant.hand_size),
        "unknown": cards.unknown_at_setup(house),
        "unseen_average": _tenth(average * cards.unknown_at_setup(house)),
        "high_card": HIGH_CARD,
        "share_over_nine": cards.share_worth_more_than(HIGH_CARD, house.jack),
    }


FACTS = facts()


@dataclass(frozen=True)
class Kind:
    """What a kind of block holds: its texts, its items (each a text, or a few texts by
    field), the figures its texts may name, the fields that hold cards."""

    texts: tuple[str, ...] = ()
    items: tuple[str, ...] | None = None  # () items are texts themselves
    figures: frozenset[str] = frozenset()
    cards: tuple[str, ...] = ()


BLOCK_KINDS = {
    "p": Kind(texts=("text",)),
    "list": Kind(items=()),
    "steps": Kind(items=()),
    "settle": Kind(items=("question", "default", "other")),
    "values": Kind(),
    "variants": Kind(),
    "faq": Kind(),
    "related": Kind(),
    "sources": Kind(),
    "whole_round": Kind(),
    "table_picture": Kind(),
    "hand_example": Kind(
        texts=("caption", "text"),
        figures=frozenset({"total", "total11", "other"}),
        cards=("cards",),
    ),
    "swap_example": Kind(
        texts=("caption", "text"),
        figures=frozenset({"place", "leaves", "arrives", "saved"}),
        cards=("drawn", "replaced"),
    ),
    "ghost_example": Kind(
        texts=("caption", "text"),
        figures=frozenset({"row_total", "ghost_value", "total", "opponent"}),
        cards=("row", "ghost"),
    ),
}
# Keys a text, an item or a block may carry besides its languages: the facts it takes
# for granted (`assumes`, proved for every table it is shown at), and the facts it is
# shown for (`only`, a condition).
FACT_KEYS = ("assumes", "only")


PLACEHOLDER = re.compile(r"\{(\w+):([^{}]*)\}")
VALUE_KINDS = {"value": None, "value11": cards.JACK_ELEVEN, "valuehalf": cards.JACK_HALF}
TOTAL_KINDS = {"total": None, "total11": cards.JACK_ELEVEN, "totalhalf": cards.JACK_HALF}
PERCENT_FACTS = {"share_over_nine"}


def all_houses() -> list[cards.House]:
    """Every table a reader can choose: each variant with each house rule of
    cards.HOUSE_RULES on or off, and one other threshold besides (the text is the same
    for every other number). Combinations that cannot be played are left out."""
    other = {"threshold": cards.LOSS_THRESHOLD - 6}
    options = [[{}, {rule.field: rule.value}] for rule in cards.HOUSE_RULES]
    houses = []
    for variant in cards.TABLE_VARIANTS:
        for chosen in itertools.product(*options):
            fields = {k: v for part in chosen for k, v in part.items()}
            tried = [fields] if "threshold" in fields else [fields, {**fields, **other}]
            for table in tried:
                try:
                    houses.append(cards.House(variant=variant, **table))
                except ValueError:  # e.g. no seen-card rule where every card is seen
                    continue
    return houses


def holds(spec: dict[str, Any] | None, house: cards.House) -> bool:
    """Whether the facts named hold at the table (a list: any of those values)."""
    known = cards.table_facts(house).named()
    return all(
        known[name] in (wanted if isinstance(wanted, list) else [wanted])
        for name, wanted in (spec or {}).items()
    )
