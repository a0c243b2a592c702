"""The deck, for any game played with one: ranks, suits, card codes, and the totals a
hand can make from a table of values. Pure functions only; nothing here knows a game's
values (those are each game's own, under rules/games/) or touches Django."""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable, Mapping
from decimal import Decimal

DECK_SIZE = 52
COPIES_PER_RANK = 4  # one deck: four suits

# Rank codes in pack order. "T" is the ten, so every code is one character.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}
# A joker, for a game that plays with them (by a house rule, say): a rank of its own,
# without a suit. A game's card table says whether it is in play.
JOKER = "X"


def parse_card(code: str) -> tuple[str, str | None]:
    """'S8' -> ('8', 'S'); a bare rank '8' -> ('8', None); 'X' -> the joker. '10' is read
    as the ten."""
    code = code.strip().upper().replace("10", "T")
    if code == JOKER:
        return JOKER, None
    if len(code) == 2 and code[0] in SUITS and code[1] in RANKS:
        return code[1], code[0]
    if len(code) == 1 and code in RANKS:
        return code, None
    raise ValueError(f"unknown card {code!r}")


def over_four_of_a_rank(hands: Iterable[Iterable[str]]) -> list[str]:
    """Ranks that appear more often than one deck holds, across all hands of a round."""
    counts = Counter(parse_card(c)[0] for hand in hands for c in hand)
    return [rank for rank in RANKS if counts[rank] > COPIES_PER_RANK]


def sum_totals(
    values: Mapping[str, Decimal], hand_size: int, step: Decimal = Decimal("0.5")
) -> frozenset[Decimal]:
    """Every sum of `hand_size` cards from one deck, each card worth its rank's value.

    A dynamic programme over the ranks, each taken 0 to 4 times, counting in `step`s so
    that a value such as 0.5 stays exact (every value must be a whole number of steps).
    """
    units = []
    for rank in RANKS:
        count = Decimal(values[rank]) / step
        if count != count.to_integral_value():
            raise ValueError(f"{rank} = {values[rank]} is no whole number of {step}")
        units.append(int(count))
    reachable: set[tuple[int, int]] = {(0, 0)}  # (cards taken, steps)
    for value in units:
        reachable = {
            (count + k, total + k * value)
            for count, total in reachable
            for k in range(COPIES_PER_RANK + 1)
            if count + k <= hand_size
        }
    return frozenset(_exact(total * step) for count, total in reachable if count == hand_size)


def _exact(value: Decimal) -> Decimal:
    """3.5 stays 3.5; 2 × 0.5 is 1, not 1.0."""
    whole = value.to_integral_value()
    return whole if value == whole else value
