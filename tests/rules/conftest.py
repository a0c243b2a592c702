"""Helpers shared by the practice game's test modules (games/ghost/test_play.py,
games/golf/test_play.py): fixtures, and the strategy of their deals."""

import re

import pytest
from hypothesis import strategies as st

from rules.practice import table

CARD = re.compile(r"^(?:[SHDC][A2-9TJQK]|X)$")


def _codes(value) -> list[str]:
    """Every card code anywhere in a value (dicts, lists, tuples, strings)."""
    if isinstance(value, str):
        return [value] if CARD.match(value) else []
    if isinstance(value, dict):
        return [c for v in value.values() for c in _codes(v)]
    if isinstance(value, list | tuple):
        return [c for v in value for c in _codes(v)]
    return []


@pytest.fixture(scope="session")
def card_codes():
    """A function: the card codes a structure holds, however deep."""
    return _codes


@pytest.fixture(scope="session")
def random_play():
    """A function playing a practice game to its end by random legal moves of the
    reader (the computers play theirs), calling `look(state)` after every move; it
    returns the final state and the moves made. It fails if the game outlasts `bound`
    moves."""

    def play(module, state, rng, look, bound=5000):
        made = []
        look(state)
        for _ in range(bound):
            if state["over"]:
                return state, made
            if state["levels"][state["turn"]] != "reader":
                state = module.computer_turn(state)
            else:
                moves = module.legal_moves(state)
                assert moves, "a game that is not over offers a move"
                move = rng.choice(moves)
                made.append(move)
                state = module.apply(state, move)
            look(state)
        raise AssertionError(f"no end after {bound} moves")

    return play


def practice_deals(play, houses):
    """A Hypothesis strategy: a practice game's deal (`play.deal`) at any of `houses`,
    for any number of seats the table takes, at any level, from any seed."""

    @st.composite
    def deals(draw):
        house = draw(st.sampled_from(houses))
        seats = draw(st.sampled_from(list(table.seats_at(house))))
        level = draw(st.sampled_from(table.LEVELS))
        return play.deal(house, seats, level, draw(st.integers(0, 2**32)))

    return deals()
