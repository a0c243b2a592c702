"""A round of Ghost to play against the computer: the deal at any table, the legal moves,
a move applied (an illegal one refused with a reason), the end and its count, and what
one seat sees. Pure Python: no Django here (the pages that show it: rules/practice/).

A state is a plain dict (it is kept in the reader's session as JSON): every card of the
deal, the seed the deck was shuffled with, and what has happened. Only `view` may be
shown to a seat: it never holds another seat's hidden cards or the stock's order.

A turn is two moves: take a card ("stock" or "discard"), then put it ("place-N": swap it
into place N, whose card goes face up on the discard pile; "throw": onto the discard pile).
The round ends when the stock is empty (the player who takes its last card plays that
turn out), or, so that a practice round always ends, after `TURN_LIMIT` turns.

The computer plays at two levels: "careful" follows the rules page's "Playing better"
(round.good_move, the advice the scripted round follows), "beginner" plays legal moves at
random but never an absurd one (a known card given up for a dearer one, the face-up card
taken only to be thrown back). Each of its turns is told as an event with a reason key.
"""

from __future__ import annotations

import random
from decimal import Decimal

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

TURN_LIMIT = 200
LEVELS = ("beginner", "careful")
READER = 0  # the reader's seat


class Illegal(ValueError):
    """A move the state does not allow; `code` names why (the page words it)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


# ------------------------------------------------------------------ the table


def house_to_data(house: House) -> dict:
    return {
        "variant": house.variant,
        "jack": str(house.jack),
        "start_card": house.start_card,
        "swap_seen": house.swap_seen,
        "threshold": house.threshold,
        "more_players": house.more_players,
    }


def house_from_data(data: dict) -> House:
    return House(**{**data, "jack": Decimal(data["jack"])})


def house_of(state: dict) -> House:
    return house_from_data(state["house"])


def seats_at(house: House) -> range:
    """How many may sit at a practice table: the reader and one to three computers, as
    many as the table seats."""
    return range(2, min(4, house.max_players) + 1)


def value(code: str, house: House) -> Decimal:
    return card_value(parse_card(code)[0], house.jack)


# ------------------------------------------------------------------ the deal


def deal(house: House, seats: int, level: str, seed: int) -> dict:
    """A round dealt at `house` for the reader and `seats - 1` computers at `level`,
    from a deck shuffled by `seed` (the same seed, the same deal)."""
    if seats not in seats_at(house):
        raise ValueError(f"{seats} seats; a practice table here seats {list(seats_at(house))}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")
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
    return {
        "game": "ghost",
        "house": house_to_data(house),
        "seed": seed,
        "levels": ["reader", *[level] * (seats - 1)],
        "dealer": dealer,
        "ghosts": ghosts,
        "rows": rows,
        "seen": seen,
        "stock": deck,
        "discard": discard,
        "turn": (dealer + 1) % seats,
        "held": None,
        "took": None,
        "turns": 0,
        "step": 0,
        "events": [],
        "review": [],
        "over": False,
        "limit": False,
    }


# ------------------------------------------------------------------ moves


def legal_moves(state: dict) -> list[str]:
    """The moves the seat whose turn it is may make now (none once the round is over)."""
    if state["over"]:
        return []
    house = house_of(state)
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
    state = _copy(state)
    house = house_of(state)
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


def _copy(state: dict) -> dict:
    copied = dict(state)
    for key in ("rows", "seen"):
        copied[key] = [list(x) for x in state[key]]
    for key in ("stock", "discard", "events", "review", "ghosts"):
        copied[key] = list(state[key])
    return copied


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


def costly_moves(state: dict, most: int = 3) -> list[dict]:
    """The reader's dearest mistakes, dearest first (at most `most`)."""
    items = sorted(state["review"], key=lambda r: (-Decimal(r["cost"]), r["turn"]))
    return items[:most]


# ------------------------------------------------------------------ the computer


def computer_turn(state: dict) -> dict:
    """The seat whose turn it is, a computer, plays a whole turn (both moves)."""
    seat = state["turn"]
    level = state["levels"][seat]
    house = house_of(state)
    rng = random.Random(f"{state['seed']}-{state['step']}")
    choose = _careful if level == "careful" else _beginner
    take = choose(state, seat, house, rng, None)
    state = apply(state, take)
    put, reason = choose(state, seat, house, rng, state["held"])
    return apply(state, put, reason)


def _careful(state, seat, house, rng, held):
    """The rules page's advice (round.good_move): take the face-up card when it is worth
    keeping, else draw; then swap into the dearest known place when that saves points,
    failing that onto an unseen place when the card is low, else throw it."""
    row, seen = state["rows"][seat], set(state["seen"][seat])
    if held is None:
        legal = legal_moves(state)
        if "discard" in legal and good_move(row, seen, state["discard"][-1], house) is not None:
            return "discard"
        return "stock"
    place = good_move(row, seen, held, house)
    if place is not None and f"place-{place}" in legal_moves(state):
        why = "known" if place in seen else "unseen"
        limit = beats_unseen_card(house.jack)
        return f"place-{place}", (why, {"limit": str(limit)})
    return "throw", ("nothing_better", {})


def _beginner(state, seat, house, rng, held):
    """Legal moves at random, but never an absurd one: the face-up card is taken only to
    be kept, and a card the player knows is never given up for a dearer one."""
    row, seen = state["rows"][seat], set(state["seen"][seat])
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
                return "discard"
        return "stock"
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
    while not state["over"] and state["levels"][state["turn"]] != "reader":
        state = computer_turn(state)
    return state


def all_computers(state: dict, reader_level: str = "careful") -> dict:
    """The whole round played by computers, the reader's seat at `reader_level`: for
    the simulation and the tests."""
    levels = state["levels"]
    state = {**state, "levels": [reader_level, *levels[1:]]}
    while not state["over"]:
        state = computer_turn(state)
    return {**state, "levels": levels}


# ------------------------------------------------------------------ the end


def result(state: dict) -> dict:
    """Each hand counted card by card with the game's own `hand_total`, and who won."""
    from . import GAME  # the game object: the same count as the scorepad's and the pages'

    house = house_of(state)
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
    mine = state["turn"] == seat and not over
    return {
        "game": "ghost",
        "house": dict(state["house"]),
        "seat": seat,
        "seats": len(state["rows"]),
        "levels": list(state["levels"]),
        "dealer": state["dealer"],
        "turn": state["turn"],
        "yours": mine,
        "row": own,
        "ghost": state["ghosts"][seat] if over else None,
        "others": [
            {"seat": s, "cards": state["rows"][s] if over else [None] * len(state["rows"][s])}
            for s in range(len(state["rows"]))
            if s != seat
        ],
        "discard_top": state["discard"][-1] if state["discard"] else None,
        "discard_size": len(state["discard"]),
        "stock_size": len(state["stock"]),
        "held": state["held"] if mine else None,
        "took": state["took"] if mine else None,
        "moves": legal_moves(state) if mine else [],
        "events": [_told(e, seat) for e in state["events"]],
        "step": state["step"],
        "over": over,
        "limit": state["limit"],
        "turns": state["turns"],
        "result": result(state) if over else None,
        "review": costly_moves(state) if over and seat == READER else [],
    }


def _told(event: dict, seat: int) -> dict:
    """An event as `seat` saw it: a card drawn from the stock and kept stays hidden from
    the others (a card taken from the discard pile, a card thrown and a card given up
    were face up for all to see)."""
    told = dict(event)
    if event["seat"] != seat and event["took"] == "stock" and event["place"] is not None:
        told["card"] = None
    return told
