"""What every game's practice model (rules/games/<key>/play.py or play/) shares: the
table's seats and levels, the state a deal starts from, a move refused, the copy a move
makes, the computer's turns played out, the reader's dearest mistakes and the part of
what a seat sees that is the same in every game. Pure Python, no Django: a game's model
deals its own cards, says its own moves and counts its own end through these.

A state is a plain dict (kept in the reader's session as JSON). Every game's holds the
keys `opening` gives it, and its own (its cards on the table, what each seat knows).
"""

from __future__ import annotations

import random
from collections.abc import Callable, Iterable
from dataclasses import fields
from decimal import Decimal

TURN_LIMIT = 200  # so that a practice round always ends
LEVELS = ("beginner", "careful")
READER = 0  # the reader's seat


class Illegal(ValueError):
    """A move the state does not allow; `code` names why (the page words it)."""

    def __init__(self, code: str):
        super().__init__(code)
        self.code = code


def seats_at(house) -> range:
    """How many may sit at a practice table: the reader and one to three computers, as
    many as the table (a game's `House`) seats."""
    return range(2, min(4, house.max_players) + 1)


def house_data(house) -> dict:
    """A game's table (its `House`, a frozen dataclass) as the state keeps it in JSON:
    each field by name, a Decimal (a card's value at the table) as its string."""
    data = {f.name: getattr(house, f.name) for f in fields(house)}
    return {k: str(v) if isinstance(v, Decimal) else v for k, v in data.items()}


def house_from(cls, data: dict):
    """The `cls` table that `house_data` wrote: a field whose default is a Decimal is read
    back as one."""
    decimals = {f.name for f in fields(cls) if isinstance(f.default, Decimal)}
    return cls(**{k: Decimal(v) if k in decimals else v for k, v in data.items()})


def house_of(state: dict):
    """The table a state (or a seat's view of it) was dealt at: its game's `House`."""
    from rules import games  # at call time: the registry imports every game's package

    return house_from(games.get(state["game"]).House, state["house"])


def check_table(seats: int, allowed: range, level: str) -> None:
    """A deal for `seats` at a table that seats `allowed`, against `level`, or why not."""
    if seats not in allowed:
        raise ValueError(f"{seats} seats; a practice table here seats {list(allowed)}")
    if level not in LEVELS:
        raise ValueError(f"unknown level {level!r}")


def opening(game: str, house: dict, seed: int, level: str, dealer: int, **own) -> dict:
    """The state a deal starts from: the game and its table, the seed, the reader and
    the computers at `level` (one a seat the game deals, `own["stock"]`, `discard` and
    the rest among `own`), nothing held, nothing done."""
    seats = own.pop("seats")
    return {
        "game": game,
        "house": house,
        "seed": seed,
        "levels": ["reader", *[level] * (seats - 1)],
        "dealer": dealer,
        **own,
        "held": None,
        "took": None,
        "turns": 0,
        "step": 0,
        "events": [],
        "review": [],
        "over": False,
        "limit": False,
    }


def copied(state: dict, per_seat: Iterable[str], lists: Iterable[str]) -> dict:
    """A new state to change: its per-seat lists and its other lists copied, so that
    the state a move started from is left as it was."""
    new = dict(state)
    for key in per_seat:
        new[key] = [list(x) for x in state[key]]
    for key in ("stock", "discard", "events", "review", *lists):
        new[key] = list(state[key])
    return new


def turn_random(state: dict) -> random.Random:
    """The computer's dice for this step: the same state, the same move."""
    return random.Random(f"{state['seed']}-{state['step']}")


def costly_moves(state: dict, most: int = 3) -> list[dict]:
    """The reader's dearest mistakes, dearest first (at most `most`)."""
    items = sorted(state["review"], key=lambda r: (-Decimal(r["cost"]), r["turn"]))
    return items[:most]


def computer_turn(state: dict, house, players: dict[str, Callable], apply: Callable) -> dict:
    """The seat whose turn it is, a computer, plays a whole turn through the game's
    `apply`: a move, then another while it holds a card. `players[level](state, seat,
    house, rng)` chooses a move and its reason (None, or a key and its values)."""
    seat = state["turn"]
    choose = players[state["levels"][seat]]
    rng = turn_random(state)
    move, reason = choose(state, seat, house, rng)
    state = apply(state, move, reason)
    if state["held"] is not None:
        move, reason = choose(state, seat, house, rng)
        state = apply(state, move, reason)
    return state


def play_out(state: dict, computer_turn: Callable[[dict], dict]) -> dict:
    """Computers play until it is the reader's turn or the round is over."""
    while not state["over"] and state["levels"][state["turn"]] != "reader":
        state = computer_turn(state)
    return state


def all_computers(
    state: dict, computer_turn: Callable[[dict], dict], reader_level: str = "careful"
) -> dict:
    """The whole round played by computers, the reader's seat at `reader_level`: for
    the simulation and the tests."""
    levels = state["levels"]
    state = {**state, "levels": [reader_level, *levels[1:]]}
    while not state["over"]:
        state = computer_turn(state)
    return {**state, "levels": levels}


def seat_view(state: dict, seat: int, seats: int, moves: Callable, result: Callable) -> dict:
    """What every game shows `seat` of the table (its own cards are the game's to say):
    whose turn, the discard pile's top and size, the stock's size, the card it holds on
    its turn, the moves it may make, and after the end the count and its costly moves."""
    over = state["over"]
    mine = state["turn"] == seat and not over
    return {
        "game": state["game"],
        "house": dict(state["house"]),
        "seat": seat,
        "seats": seats,
        "levels": list(state["levels"]),
        "dealer": state["dealer"],
        "turn": state["turn"],
        "yours": mine,
        "discard_top": state["discard"][-1] if state["discard"] else None,
        "discard_size": len(state["discard"]),
        "stock_size": len(state["stock"]),
        "held": state["held"] if mine else None,
        "took": state["took"] if mine else None,
        "moves": moves(state) if mine else [],
        "step": state["step"],
        "over": over,
        "limit": state["limit"],
        "turns": state["turns"],
        "result": result(state) if over else None,
        "review": costly_moves(state) if over and seat == READER else [],
    }
