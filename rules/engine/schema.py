"""What a game's rules texts may say: the kinds of block, the placeholders and the
numbers they name, the facts a block may assume, and every table a reader can choose
(the loader proves each text true at each of them). The game is a parameter: its own
kinds of block, figures and facts come from the game object (rules/engine/game.py)."""

from __future__ import annotations

import re
from decimal import Decimal
from typing import Any

from rules import games
from rules.engine.game import Game, Kind

__all__ = ["Kind"]


def facts(house: Any = None, game: Game | None = None) -> dict[str, Decimal | int]:
    """Every number the rules texts may name, for one table's house rules (the default
    game's default table when none is given)."""
    if house is None:
        game = game or games.default()
        house = game.House()
    return (game or games.of(house)).figures(house)


FACTS = facts()

# The kinds of block every game's texts may use; a game adds its own (`block_kinds`).
BASE_KINDS = {
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
}


def block_kinds(game: Game | None = None) -> dict[str, Kind]:
    return {**BASE_KINDS, **(game or games.default()).block_kinds}


# Keys a text, an item or a block may carry besides its languages: the facts it takes
# for granted (`assumes`, proved for every table it is shown at), and the facts it is
# shown for (`only`, a condition).
FACT_KEYS = ("assumes", "only")


PLACEHOLDER = re.compile(r"\{(\w+):([^{}]*)\}")


def value_kinds(game: Game | None = None) -> dict[str, dict[str, Any]]:
    """`{value:R}` and its siblings: a card's value at the table, or with some of the
    table's fields set (`{value11:J}`)."""
    return {f"value{k}": v for k, v in (game or games.default()).value_placeholders.items()}


def total_kinds(game: Game | None = None) -> dict[str, dict[str, Any]]:
    return {f"total{k}": v for k, v in (game or games.default()).value_placeholders.items()}


def rank_list_kinds(game: Game | None = None) -> dict[str, Any]:
    """A game's own placeholders that name a rank and are filled with a list of ranks
    (`{cheaper:A}`: the ranks worth less than an ace at the table, say)."""
    return (game or games.default()).rank_lists


def all_houses(game: Game | None = None) -> list[Any]:
    """Every table a reader can choose (of the default game when none is given)."""
    return (game or games.default()).all_houses()


def holds(spec: dict[str, Any] | None, house: Any) -> bool:
    """Whether the facts named hold at the table (a list: any of those values)."""
    known = games.of(house).named_facts(house)
    return all(
        known[name] in (wanted if isinstance(wanted, list) else [wanted])
        for name, wanted in (spec or {}).items()
    )
