"""What Golf's layout helper (scorepad/static/scorepad/layout-helper.js) reads from the
hole form's `data-golf-layout`: the grid, the card values and the bonus of one table,
all from Golf's card table (rules/games/golf/cards.py), nothing typed again in the page.

    {"variant": "six_card", "rows": 2, "columns": 3,
     "values": {"A": 1, "2": -2, …, "K": 0},      # "X" too with jokers
     "jokers": null | "pagat" | "minus_five",
     "four_of_a_kind": null | "two_columns" | "square", "four_bonus": 0 | -10 | -20,
     "copies": {"A": 4, …}}                        # the decks of this player count

The page's script scores a layout with these exactly as `score_layout` does (the Node
test runs both over many layouts).
"""

from __future__ import annotations

import json

from rules.games.golf.cards import GolfHouse, copies_in, decks_for, ranks_in_play


def layout_data(house: GolfHouse, players: int | None = None) -> dict:
    variant = house.rules_variant
    values = house.values
    data = {
        "variant": variant.key,
        "rows": variant.rows,
        "columns": variant.columns,
        "values": {rank: values[rank] for rank in ranks_in_play(house.jokers)},
        "jokers": house.jokers,
        "four_of_a_kind": house.four_of_a_kind,
        "four_bonus": house.four_bonus,
    }
    if players is not None:
        data["copies"] = copies_in(decks_for(players), house.jokers)
    return data


def layout_json(house: GolfHouse, players: int | None = None) -> str:
    """The attribute's value (the template escapes it)."""
    return json.dumps(layout_data(house, players), ensure_ascii=False, separators=(",", ":"))
