"""The table picture: where each card lies at the start of a round, drawn from the
table's facts (cards.table_facts) so that it is true at every table.

The picture seats as many players as the table has when only two may play, and three
when more may (its description says how many the table seats). Each seat shows the
table's hand: a row of places, or the cards held in the hand, and the ghost set apart;
the places you know at setup are marked. The stock lies in the middle, with the face-up
start card beside it unless the table plays with the stock only. Everything fits a
320-wide box, which the page scales to the screen.
"""

from __future__ import annotations

from typing import Any

from rules.words import NUMBER_WORDS

from . import cards

TEMPLATE = "rules/ghost/_table_picture.html"
CARD_W, CARD_H, GAP = 28, 40, 6
GHOST_GAP = 12  # the ghost lies a little apart from the row
FAN = 14  # how far apart the cards held in a hand are fanned
WIDTH = 320
MARGIN = 12
# When more than two may play, the picture seats one more than the least, enough to
# show that the table is not one of two.
SHOWN_WHEN_MORE = cards.PLAYER_RANGE[0] + 1


def _card(x: int, y: int, w: int = CARD_W, h: int = CARD_H, **more: Any) -> dict[str, Any]:
    """A card's box, and where the text centred on it goes."""
    return {"x": x, "y": y, "w": w, "h": h, "cx": x + w // 2, "cy": y + h // 2 + 5, **more}


def _row_across(left: int, y: int, held: int, seen: int) -> tuple[list, dict]:
    """A row of places left to right, and the ghost set apart to its right."""
    places = [_card(left + i * (CARD_W + GAP), y, number=i + 1, seen=i < seen) for i in range(held)]
    ghost = _card(left + held * (CARD_W + GAP) - GAP + GHOST_GAP, y)
    return places, ghost


def _row_down(x: int, top: int, held: int) -> tuple[list, dict]:
    """A row of places top to bottom (a player at the side of the table), the ghost
    below it; the cards lie across, as seen from the middle of the table."""
    places = [_card(x, top + i * (CARD_W + GAP), CARD_H, CARD_W, number=i + 1) for i in range(held)]
    ghost = _card(x, top + held * (CARD_W + GAP) - GAP + GHOST_GAP, CARD_H, CARD_W)
    return places, ghost


def _row_width(held: int) -> int:
    return held * (CARD_W + GAP) - GAP + GHOST_GAP + CARD_W


def _label(x: int, y: int, anchor: str = "start") -> dict[str, Any]:
    return {"x": x, "y": y, "anchor": anchor}


def _rows(shown: int, held: int, seen: int) -> tuple[list, int, int]:
    """Seats for a table whose cards lie in rows: two across the table, or you at the
    bottom and the others at the sides. Returns the seats, the middle's top and the
    picture's height."""
    width = _row_width(held)
    if width > WIDTH - 2 * MARGIN:
        raise ValueError(f"a row of {held} does not fit the picture")
    left = (WIDTH - width) // 2
    seats = []
    if shown == 2:
        places, ghost = _row_across(left, 24, held, 0)
        name, ghost_label = _label(left, 18), _label(ghost["cx"], 18, "middle")
        seats.append(_seat("opponent", places, ghost, name, ghost_label))
        you_y, middle = 182, 112
    else:
        top = 30
        for who, x, anchor, label_x in (
            ("opponent", MARGIN, "start", MARGIN + CARD_H + 6),
            ("opponent", WIDTH - MARGIN - CARD_H, "end", WIDTH - MARGIN - CARD_H - 6),
        ):
            places, ghost = _row_down(x, top, held)
            name_x = x if anchor == "start" else x + CARD_H
            seats.append(
                _seat(
                    who,
                    places,
                    ghost,
                    _label(name_x, top - 8, anchor),
                    _label(label_x, ghost["cy"], anchor),
                )
            )
        bottom = seats[0]["ghost"]["y"] + CARD_W
        you_y, middle = bottom + 10, 80
    places, ghost = _row_across(left, you_y, held, seen)
    seats.append(
        _seat(
            "you",
            places,
            ghost,
            _label(left, you_y + 54),
            _label(ghost["cx"], you_y + 54, "middle"),
        )
    )
    return seats, middle, you_y + 64


def _hands(shown: int, held: int) -> tuple[list, int, int]:
    """Seats for a table whose cards are held: each hand fanned, its ghost on the table
    in front of its player; you at the bottom, the others across the table."""
    fanned = CARD_W + (held - 1) * FAN
    seat_w = fanned + 8 + CARD_W
    across = [(WIDTH - seat_w) // 2] if shown == 2 else [MARGIN + 8, WIDTH - MARGIN - 8 - seat_w]
    seats = []
    for x in across:
        hand = [_card(x + i * FAN, 24) for i in range(held)]
        ghost = _card(x + fanned + 8, 24 + 44)  # in front of its player
        name, ghost_label = _label(x, 18), _label(ghost["cx"], ghost["y"] + CARD_H + 14, "middle")
        seats.append(_seat("opponent", hand, ghost, name, ghost_label, held=True))
    x = (WIDTH - seat_w) // 2
    hand = [_card(x + i * FAN, 256) for i in range(held)]
    ghost = _card(x + fanned + 8, 256 - 44)
    name, ghost_label = _label(x, 310), _label(ghost["x"] + CARD_W + 6, ghost["cy"])
    seats.append(_seat("you", hand, ghost, name, ghost_label, held=True))
    return seats, 140, 320


def _seat(who, cards_, ghost, name, ghost_label, held=False) -> dict[str, Any]:
    return {
        "who": who,
        "places": [] if held else cards_,
        "hand": cards_ if held else [],
        "ghost": ghost,
        "name": name,
        "ghost_label": ghost_label,
    }


def table_picture(language: str, house: cards.House | None, key: str) -> dict[str, Any]:
    """Where the table picture puts each card, and the numbers its words say, for one
    table (`key` "house") or for a variant's own picture with the table's start card."""
    if house is None:
        house = cards.House(variant=key if key in cards.TABLE_VARIANTS else "standard")
    elif key != "house":
        house = cards.House(variant=key, start_card=house.start_card)
    known = cards.table_facts(house)
    more = known.most_players > known.least_players
    shown = SHOWN_WHEN_MORE if more else known.least_players
    in_hand = known.lie == "hand"
    if in_hand:
        seats, middle, height = _hands(shown, known.held)
    else:
        seats, middle, height = _rows(shown, known.held, known.seen_at_setup)
    number = NUMBER_WORDS[language]
    # the stock and the discard pile far enough apart for their labels (80 px)
    stock = _card(WIDTH // 2 - 40 - CARD_W // 2, middle)
    discard = _card(WIDTH // 2 + 40 - CARD_W // 2, middle)
    return {
        "template": TEMPLATE,
        "variant": house.variant,
        "in_hand": in_hand,
        "players": shown,
        "hand": known.hand,
        "held": known.held,
        "seen": known.seen_at_setup,
        "seen_all": known.seen_at_setup == known.held,
        "seen_places": list(range(1, known.seen_at_setup + 1)),
        "more": more,
        "words": {
            "shown": number[shown],
            "least": number[known.least_players],
            "most": number[known.most_players],
            "hand": number[known.hand],
            "held": number[known.held],
            "seen": number[known.seen_at_setup],
        },
        "seats": seats,
        "stock": stock,
        "stock_under": [
            _card(stock["x"] + 4, stock["y"] - 4),
            _card(stock["x"] + 2, stock["y"] - 2),
        ],
        "discard": discard,
        "start_card": known.start_card,
        "width": WIDTH,
        "height": height,
        "id": f"picture-{key}",  # one picture of the table's, one of a variant's
    }
