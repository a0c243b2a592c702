"""A round of Ghost to play against the computer: the deal at any table, the legal moves,
a move applied (an illegal one refused with a reason), the end and its count, and what
one seat sees. Pure Python: no Django here (the pages that show it: rules/practice/).

A state is a plain dict (it is kept in the reader's session as JSON): every card of the
deal, the seed the deck was shuffled with, and what has happened. Only `view` may be
shown to a seat: it never holds another seat's hidden cards or the stock's order.

A turn is two moves: take a card ("stock" or "discard"), then put it ("place-N": swap it
into place N, whose card goes face up on the discard pile; "throw": onto the discard pile).
The round ends when the stock is empty (the player who takes its last card plays that
turn out), or, so that a practice round always ends, after `TURN_LIMIT` turns. The deal
and turn skeleton every game's model shares is rules/practice/table.py.

The computer plays at two levels: "careful" follows the rules page's "Playing better"
(round.good_move, the advice the scripted round follows), "beginner" plays legal moves at
random but never an absurd one (a known card given up for a dearer one, the face-up card
taken only to be thrown back). Each of its turns is told as an event with a reason key.
"""

from __future__ import annotations

import random
from decimal import Decimal

from rules.practice import table
from rules.practice.table import READER, TURN_LIMIT, Illegal, seats_at

from .cards import (
    PEEKED_CARDS,
    RANKS,
    SUITS,
    House,
    beats_unseen_card,
    card_value,
    may_give_away,
    parse_card,
)
from .round import good_move

# ------------------------------------------------------------------ the table


def value(code: str, house: House) -> Decimal:
    return card_value(parse_card(code)[0], house.jack)


# ------------------------------------------------------------------ the deal


def deal(house: House, seats: int, level: str, seed: int) -> dict:
    """A round dealt at `house` for the reader and `seats - 1` computers at `level`,
    from a deck shuffled by `seed` (the same seed, the same deal)."""
    table.check_table(seats, seats_at(house), level)
    rng = random.Random(seed)
    deck = [f"{s}{r}" for s in SUITS for r in RANKS]
    rng.shuffle(deck)
    variant = house.rules_variant
    dealer = rng.randrange(seats)
    ghosts, rows, seen = [], [], []
    for _ in range(seats):
        ghosts.append(deck.pop())
        rows.append([deck.pop() for _ in range(variant.row_size)])
        places = list(range(1, variant.row_size + 1))
        seen.append(places if variant.see_all else sorted(rng.sample(places, PEEKED_CARDS)))
    discard = [deck.pop()] if house.face_up_start else []
    return table.opening(
        "ghost", table.house_data(house), seed, level, dealer, seats=seats,
        ghosts=ghosts, rows=rows, seen=seen, stock=deck, discard=discard,
        turn=(dealer + 1) % seats,
    )  # fmt: skip


# ------------------------------------------------------------------ moves


def legal_moves(state: dict) -> list[str]:
    """The moves the seat whose turn it is may make now (none once the round is over)."""
    if state["over"]:
        return []
    house = table.house_of(state)
    if state["held"] is None:
        moves = ["stock"]
        if house.face_up_start and state["discard"]:
            moves.append("discard")
        return moves
    seat = state["turn"]
    return ["throw", *(f"place-{p}" for p in _open_places(state, seat, state["held"], house))]


def _open_places(state: dict, seat: int, card: str, house: House) -> list[int]:
    row, seen = state["rows"][seat], state["seen"][seat]
    variant = house.rules_variant
    places = []
    for place in range(1, variant.row_size + 1):
        if not house.swap_seen and not variant.in_hand and place in seen:
            continue
        if variant.in_hand and not may_give_away(row[place - 1], card, house.jack):
            continue
        places.append(place)
    return places


def apply(state: dict, move: str, reason: tuple[str, dict] | None = None) -> dict:
    """The state after `move` by the seat whose turn it is (a new dict; the old one is
    left as it was). Illegal when the move is not one of `legal_moves`."""
    if move not in legal_moves(state):
        raise Illegal("over" if state["over"] else "not_now")
    state = table.copied(state, per_seat=("rows", "seen"), lists=("ghosts",))
    house = table.house_of(state)
    seat = state["turn"]
    state["step"] += 1
    if state["held"] is None:
        state["held"] = state["discard"].pop() if move == "discard" else state["stock"].pop()
        state["took"] = move
        return state
    card, took = state["held"], state["took"]
    event = {"seat": seat, "took": took, "card": card, "place": None, "replaced": None}
    if move == "throw":
        if seat == READER:
            _review_throw(state, card, house)
        state["discard"].append(card)
    else:
        place = int(move.split("-")[1])
        replaced = state["rows"][seat][place - 1]
        if seat == READER:
            _review_swap(state, card, replaced, place, house)
        event.update(place=place, replaced=replaced, seen=place in state["seen"][seat])
        state["rows"][seat][place - 1] = card
        if place not in state["seen"][seat]:
            state["seen"][seat] = sorted([*state["seen"][seat], place])
        state["discard"].append(replaced)
    if reason:
        event["reason"], event["why"] = reason
    state["events"].append(event)
    state["held"] = state["took"] = None
    state["turns"] += 1
    if not state["stock"] or state["turns"] >= TURN_LIMIT:
        state["over"] = True
        state["limit"] = bool(state["stock"])
    else:
        state["turn"] = (seat + 1) % len(state["rows"])
    return state


# ------------------------------------------------------------------ the reader's costly moves


def _review_swap(state, card, replaced, place, house):
    lost = value(card, house) - value(replaced, house)
    if lost > 0:
        state["review"].append(
            {"turn": state["turns"] + 1, "kind": "gave_cheaper", "card": card,
             "replaced": replaced, "place": place, "cost": str(lost)}
        )  # fmt: skip


def _review_throw(state, card, house):
    """A card thrown while a place it could have gone to held a card the reader knew to
    be dearer."""
    seat = state["turn"]
    known = [
        (value(state["rows"][seat][p - 1], house), p)
        for p in _open_places(state, seat, card, house)
        if p in state["seen"][seat]
    ]
    if not known:
        return
    dearest, place = max(known)
    lost = dearest - value(card, house)
    if lost > 0:
        state["review"].append(
            {"turn": state["turns"] + 1, "kind": "threw_cheaper", "card": card,
             "replaced": state["rows"][seat][place - 1], "place": place, "cost": str(lost)}
        )  # fmt: skip


# ------------------------------------------------------------------ the computer


def computer_turn(state: dict) -> dict:
    """The seat whose turn it is, a computer, plays a whole turn (both moves)."""
    players = {"careful": _careful, "beginner": _beginner}
    return table.computer_turn(state, table.house_of(state), players, apply)


def _careful(state, seat, house, rng):
    """The rules page's advice (round.good_move): take the face-up card when it is worth
    keeping, else draw; then swap into the dearest known place when that saves points,
    failing that onto an unseen place when the card is low, else throw it."""
    row, seen, held = state["rows"][seat], set(state["seen"][seat]), state["held"]
    if held is None:
        legal = legal_moves(state)
        if "discard" in legal and good_move(row, seen, state["discard"][-1], house) is not None:
            return "discard", None
        return "stock", None
    place = good_move(row, seen, held, house)
    if place is not None and f"place-{place}" in legal_moves(state):
        why = "known" if place in seen else "unseen"
        limit = beats_unseen_card(house.jack)
        return f"place-{place}", (why, {"limit": str(limit)})
    return "throw", ("nothing_better", {})


def _beginner(state, seat, house, rng):
    """Legal moves at random, but never an absurd one: the face-up card is taken only to
    be kept, and a card the player knows is never given up for a dearer one."""
    row, seen, held = state["rows"][seat], set(state["seen"][seat]), state["held"]
    legal = legal_moves(state)
    if held is None:
        if "discard" in legal:
            top = state["discard"][-1]
            sensible = [
                p
                for p in _open_places(state, seat, top, house)
                if p not in seen or value(row[p - 1], house) > value(top, house)
            ]
            if sensible and rng.random() < 0.5:
                return "discard", None
        return "stock", None
    sensible = [
        m
        for m in legal
        if m.startswith("place-")
        and (int(m[6:]) not in seen or value(row[int(m[6:]) - 1], house) > value(held, house))
    ]
    if state["took"] == "discard" and sensible:
        return rng.choice(sensible), ("guess", {})
    moves = [*sensible, "throw"]
    return rng.choice(moves), ("guess", {})


def play_out(state: dict) -> dict:
    """Computers play until it is the reader's turn or the round is over."""
    return table.play_out(state, computer_turn)


def all_computers(state: dict, reader_level: str = "careful") -> dict:
    """The whole round played by computers: for the simulation and the tests."""
    return table.all_computers(state, computer_turn, reader_level)


# ------------------------------------------------------------------ the end


def result(state: dict) -> dict:
    """Each hand counted card by card with the game's own `hand_total`, and who won."""
    from . import GAME  # the game object: the same count as the scorepad's and the pages'

    house = table.house_of(state)
    hands = []
    for row, ghost in zip(state["rows"], state["ghosts"], strict=True):
        hands.append(
            {
                "cards": [(c, value(c, house)) for c in row],
                "ghost": (ghost, value(ghost, house)),
                "row_total": GAME.hand_total(row, house),
                "total": GAME.hand_total([*row, ghost], house),
            }
        )
    best = min(h["total"] for h in hands)
    return {"hands": hands, "winners": [i for i, h in enumerate(hands) if h["total"] == best]}


# ------------------------------------------------------------------ what a seat sees


def view(state: dict, seat: int) -> dict:
    """What `seat` sees: its own known places (the rest and its ghost hidden, as None),
    only how many cards the others hold, the discard pile's top and size, the stock's
    size, the card it holds on its turn, the moves it may make and what has happened,
    each card named only where the table saw it. After the end: every card and the
    count."""
    over = state["over"]
    seen = set(state["seen"][seat])
    own = [c if over or p in seen else None for p, c in enumerate(state["rows"][seat], 1)]
    return table.seat_view(state, seat, len(state["rows"]), legal_moves, result) | {
        "row": own,
        "ghost": state["ghosts"][seat] if over else None,
        "others": [
            {"seat": s, "cards": state["rows"][s] if over else [None] * len(state["rows"][s])}
            for s in range(len(state["rows"]))
            if s != seat
        ],
        "events": [_told(e, seat) for e in state["events"]],
    }


def _told(event: dict, seat: int) -> dict:
    """An event as `seat` saw it: a card drawn from the stock and kept stays hidden from
    the others (a card taken from the discard pile, a card thrown and a card given up
    were face up for all to see)."""
    told = dict(event)
    if event["seat"] != seat and event["took"] == "stock" and event["place"] is not None:
        told["card"] = None
    return told
