"""Golf's layout picture: one player's places at the start of a hole, drawn from the
table's variant (six, four or nine places in rows and columns), the places turned face
up (or, in four-card golf, looked at) marked, each column framed, and the stock with the
card that starts the discard pile. Everything fits a 320-wide box; the template is
rules/golf/_layout_picture.html."""

from __future__ import annotations

from typing import Any

from rules.words import NUMBER_WORDS

from .cards import GolfHouse

TEMPLATE = "rules/golf/_layout_picture.html"
WIDTH = 320
CARD_W, CARD_H, GAP = 40, 56, 10
COLUMN_PAD = 5
TOP = 16


def shown_places(house: GolfHouse) -> tuple[int, ...]:
    """The places the picture turns up (or looks at): one in each of the first columns,
    in the top row then the bottom one, so no two share a column."""
    variant = house.rules_variant
    count = variant.turned_up or variant.peeked
    return tuple(1 + c + (variant.rows - 1 if c % 2 else 0) * variant.columns for c in range(count))


def table_picture(language: str, house: GolfHouse, key: str = "house") -> dict[str, Any]:
    variant = house.rules_variant
    shown = shown_places(house)
    width = variant.columns * (CARD_W + GAP) - GAP
    left = 24
    places = []
    for place in variant.places():
        row, column = divmod(place - 1, variant.columns)
        x, y = left + column * (CARD_W + GAP), TOP + row * (CARD_H + GAP)
        places.append(
            {
                "number": place,
                "x": x,
                "y": y,
                "cx": x + CARD_W // 2,
                "cy": y + CARD_H // 2 + 5,
                "up": place in shown and bool(variant.turned_up),
                "seen": place in shown,
            }
        )
    height = variant.rows * (CARD_H + GAP) - GAP
    columns = [
        {
            "x": left + c * (CARD_W + GAP) - COLUMN_PAD,
            "y": TOP - COLUMN_PAD,
            "w": CARD_W + 2 * COLUMN_PAD,
            "h": height + 2 * COLUMN_PAD,
            "label_x": left + c * (CARD_W + GAP) + CARD_W // 2,
            "label_y": TOP + height + COLUMN_PAD + 14,
            "number": c + 1,
        }
        for c in range(variant.columns)
    ]
    pile_x = left + width + 40
    words = NUMBER_WORDS[language]
    return {
        "template": TEMPLATE,
        "id": f"layout-{variant.key}",
        "width": WIDTH,
        "height": TOP + height + COLUMN_PAD + 24,
        "card_w": CARD_W,
        "card_h": CARD_H,
        "places": places,
        "columns": columns,
        "stock": {"x": pile_x, "y": TOP, "cx": pile_x + CARD_W // 2},
        "discard": {"x": pile_x + CARD_W + GAP, "y": TOP, "cx": pile_x + CARD_W * 3 // 2 + GAP},
        "pile_label_y": TOP + CARD_H + 16,
        "turned_up": bool(variant.turned_up),
        "shown_places": list(shown),
        "words": {
            "cards": words[variant.cards],
            "rows": words[variant.rows],
            "columns": words[variant.columns],
            "per_column": words[variant.rows],
            "shown": words[len(shown)],
        },
    }
