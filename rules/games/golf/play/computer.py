"""The computer at the Golf practice table: a careful player, who weighs every place as
the rules page's "Playing better" advises, and a beginner, who plays legal moves at
random but never an absurd one. Each move comes with a reason key the page words
(play_words.py)."""

from __future__ import annotations

import random
from decimal import Decimal

from rules.practice import table

from .model import _first_places, _gains, _pairs, apply, estimate, legal_moves


def computer_turn(state: dict) -> dict:
    players = {"careful": _careful, "beginner": _beginner}
    return table.computer_turn(state, table.house_of(state), players, apply)


def _goes_out(state, seat, place, house) -> bool:
    variant = house.rules_variant
    face_up = set(state["face_up"][seat])
    return variant.ends_by == "all_face_up" and len(face_up | {place}) == variant.cards


def _behind(state, seat, house, after: Decimal) -> bool:
    """Whether a seat would end the hole behind someone, as it can reckon the others
    (their face-up cards, each hidden one at the average)."""
    others = [
        estimate(state["layouts"][s], set(state["face_up"][s]), house)
        for s in range(len(state["layouts"]))
        if s != seat
    ]
    return after > min(others)


def _careful(state, seat, house, rng):
    layout, known = state["layouts"][seat], set(state["known"][seat])
    legal = legal_moves(state)
    variant = house.rules_variant
    # Someone close to going out: fix the worst column now, any saving will do.
    hurry = (
        any(
            variant.cards - len(state["face_up"][s]) <= 1
            for s in range(len(state["layouts"]))
            if s != seat
        )
        or state["caller"] is not None
    )
    wanted = Decimal(0) if hurry else Decimal(1)

    def best_put(card):
        gains = _gains(state, seat, card, house)
        now = estimate(layout, known, house)
        options = []
        for place, gain in gains.items():
            if _goes_out(state, seat, place, house) and _behind(state, seat, house, now - gain):
                continue  # never end the hole while behind
            options.append((gain, -place, place))
        return max(options) if options else (None, 0, None)

    if state["held"] is None:
        if "knock" in legal:
            mine = estimate(layout, known, house)
            if len(known) == variant.cards and not _behind(state, seat, house, mine + 2):
                return "knock", ("knock", {})
        top = state["discard"][-1] if state["discard"] else None
        if top and "discard" in legal:
            gain, _, place = best_put(top)
            if place is not None and gain > wanted:
                return "discard", None
        if "stock" in legal:
            return "stock", None
        return legal[0], ("forced", {})
    card = state["held"]
    gain, _, place = best_put(card)
    if place is None or (gain <= wanted and "throw" in legal):
        if "throw" in legal:
            return "throw", ("nothing_better", {})
        place = max(_gains(state, seat, card, house).items(), key=lambda g: g[1])[0]
    if _pairs(state, seat, card, place, house):
        why = "pair"
    elif place in known:
        why = "cheaper"
    else:
        why = "blind_low"
    return f"place-{place}", (why, {})


def _beginner(state, seat, house, rng):
    """Legal moves at random, but never an absurd one."""
    known = set(state["known"][seat])
    legal = legal_moves(state)
    variant = house.rules_variant
    if state["held"] is None:
        if "knock" in legal and len(known) == variant.cards and rng.random() < 0.3:
            return "knock", ("knock", {})
        flips = [m for m in legal if m.startswith("flip-")]
        if flips and rng.random() < 0.15:
            return rng.choice(flips), ("flip", {})
        top = state["discard"][-1] if state["discard"] else None
        if top and "discard" in legal and (rng.random() < 0.3 or "stock" not in legal):
            return "discard", None
        return ("stock" if "stock" in legal else legal[0]), None
    card = state["held"]
    gains = _gains(state, seat, card, house)
    sensible = [
        f"place-{p}"
        for p, gain in gains.items()
        if p not in known or gain >= 0  # a known card only for a cheaper one
    ]
    if "throw" in legal:
        sensible.append("throw")
    move = rng.choice(sensible or legal)
    return move, (("nothing_better" if move == "throw" else "guess"), {})


def play_out(state: dict) -> dict:
    return table.play_out(state, computer_turn)


def all_computers(state: dict, reader_level: str = "careful") -> dict:
    """The whole hole played by computers, the reader's seat at `reader_level` (its
    setup too): for the simulation and the tests."""
    if state["setup"]:
        rng = random.Random(state["seed"])
        for place in _first_places(table.house_of(state).rules_variant, reader_level, rng):
            state = apply(state, f"up-{place}")
    return table.all_computers(state, computer_turn, reader_level)
