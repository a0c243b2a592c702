"""The worked hole told for the rules page: the variant's script (rules.toml,
`[round.<variant>]`) played under the table's rules (hole.py), every number computed
from the card table, as the template rules/golf/_worked_hole.html shows it."""

from __future__ import annotations

from typing import Any

from rules.words import NUMBER_WORDS, card_html, format_points

from .cards import GolfHouse, cards_in, rank_of
from .hole import play_hole

TEMPLATE = "rules/golf/_worked_hole.html"


def whole_round(script: dict, language: str, house: GolfHouse) -> dict[str, Any]:
    played = play_hole(script, house)
    variant = house.rules_variant
    names = [str(n) for n in script["names"]]

    def card(code):
        return card_html(code, language)

    def pts(value):
        return format_points(value, language)

    def worth(code):
        return pts(house.values[rank_of(code)])

    def grid(layout):
        width = variant.columns
        return [
            [{"card": card(c), "points": worth(c)} for c in layout[r * width : (r + 1) * width]]
            for r in range(variant.rows)
        ]

    turns = [
        {
            "number": t.number,
            "name": names[t.player],
            "action": t.action,
            "card": t.card and card(t.card),
            "points": t.card and worth(t.card),
            "place": t.place,
            "replaced": t.replaced and card(t.replaced),
            "replaced_points": t.replaced and worth(t.replaced),
            "replaced_face_up": t.replaced_face_up,
            "replaced_known": t.replaced_known,
            "went_out": t.went_out,
            "last_turn": t.last_turn,
        }
        for t in played.turns
    ]
    penalty = played.penalty
    players = [
        {
            "name": name,
            "dealt": grid(played.dealt[i]),
            "shown": played.shown[i],
            "shown_cards": [card(played.dealt[i][p - 1]) for p in played.shown[i]],
            "final": grid(played.layouts[i]),
            "columns": [
                {
                    "number": c + 1,
                    "cards": [card(x) for x in played.layouts[i][c :: variant.columns]],
                    "points": pts(col.points),
                    "cancelled": col.cancelled,
                }
                for c, col in enumerate(played.layout_scores[i].columns)
            ],
            "bonus": [pts(f.points) for f in played.layout_scores[i].fours],
            "raw": pts(played.raw[i]),
            "score": pts(played.scores[i]),
            "changed": played.scores[i] != played.raw[i],
            "wins": i in played.winners,
        }
        for i, name in enumerate(names)
    ]
    # the count, a row per column and a cell per player: narrow enough for a phone
    count_rows = [
        {"number": c + 1, "cells": [p["columns"][c] for p in players]}
        for c in range(variant.columns)
    ]
    stock = cards_in(played.decks, house.jokers) - played.players * variant.cards - 1
    return {
        "template": TEMPLATE,
        "players": players,
        "count_rows": count_rows,
        "dealer": names[played.dealer],
        "starter": names[played.starter],
        "start_card": card(played.start_card),
        "stock": stock,
        "cards": NUMBER_WORDS[language][variant.cards],
        "shown_word": NUMBER_WORDS[language][variant.turned_up or variant.peeked],
        "looked_at": not variant.turned_up,
        "knock": variant.ends_by == "knock",
        "columns": variant.columns,
        "turns": turns,
        "caller": names[played.caller],
        "penalty": penalty is not None and penalty.applied,
        "penalty_added": penalty and pts(penalty.added),
        "zeroed": [names[i] for i in penalty.zeroed] if penalty else [],
        "winners": [names[i] for i in played.winners],
        "winning_score": pts(min(played.scores)),
        "stock_left": played.stock_left,
    }
