"""The facts of Ghost that are numbers: the card table, the variants, possible totals.

Everything that shows or checks a card value reads it from here: the value table and the
worked examples on the rules pages, and the scorepad's validation and card helper.
Pure functions only; nothing here touches the database.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

DECK_SIZE = 52
COPIES_PER_RANK = 4  # one deck: four suits
PEEKED_CARDS = 2
LOSS_THRESHOLD = 21
THRESHOLD_RANGE = (1, 500)
PLAYER_RANGE = (2, 6)
ROUND_MINUTES = 10
GAME_MINUTES = (15, 30)

JACK_HALF = Decimal("0.5")
JACK_ELEVEN = Decimal("11")
JACK_VALUES = (JACK_HALF, JACK_ELEVEN)

# Rank codes in pack order. "T" is the ten, so every code is one character.
RANKS = ("A", "2", "3", "4", "5", "6", "7", "8", "9", "T", "J", "Q", "K")
SUITS = ("S", "H", "D", "C")
SUIT_SYMBOLS = {"S": "♠", "H": "♥", "D": "♦", "C": "♣"}

_FIXED_VALUES = {
    "8": Decimal(0),
    "A": Decimal(1),
    "T": Decimal(10),
    "Q": Decimal(12),
    "K": Decimal(13),
}


def card_value(rank: str, jack_value: Decimal = JACK_HALF) -> Decimal:
    """Points for one card of `rank`; the jack is whatever the table agreed on."""
    if rank == "J":
        return Decimal(jack_value)
    if rank in _FIXED_VALUES:
        return _FIXED_VALUES[rank]
    if rank in RANKS:
        return Decimal(rank)
    raise ValueError(f"unknown rank {rank!r}")


def card_table(jack_value: Decimal = JACK_HALF) -> dict[str, Decimal]:
    return {rank: card_value(rank, jack_value) for rank in RANKS}


def parse_card(code: str) -> tuple[str, str | None]:
    """'S8' -> ('8', 'S'); a bare rank '8' -> ('8', None). '10' is read as the ten."""
    code = code.strip().upper().replace("10", "T")
    if len(code) == 2 and code[0] in SUITS and code[1] in RANKS:
        return code[1], code[0]
    if len(code) == 1 and code in RANKS:
        return code, None
    raise ValueError(f"unknown card {code!r}")


def hand_total(cards: Iterable[str], jack_value: Decimal = JACK_HALF) -> Decimal:
    return sum((card_value(parse_card(c)[0], jack_value) for c in cards), Decimal(0))


def over_four_of_a_rank(hands: Iterable[Iterable[str]]) -> list[str]:
    """Ranks that appear more often than one deck holds, across all hands of a round."""
    counts = Counter(parse_card(c)[0] for hand in hands for c in hand)
    return [rank for rank in RANKS if counts[rank] > COPIES_PER_RANK]


@dataclass(frozen=True)
class Variant:
    key: str
    row_size: int  # the face-down places in front of a player
    max_players: int
    face_up_start: bool = True
    fixed_jack: Decimal | None = None  # a variant that settles the jack's value
    in_scorepad: bool = True

    @property
    def hand_size(self) -> int:
        """Cards that count at the end of a round: the row and the ghost."""
        return self.row_size + 1


STANDARD = Variant("standard", row_size=4, max_players=2)
VARIANTS = {
    v.key: v
    for v in (
        STANDARD,
        Variant("seven_cards", row_size=7, max_players=2),
        Variant(
            "jack_eleven", row_size=4, max_players=2, fixed_jack=JACK_ELEVEN, in_scorepad=False
        ),
        Variant("three_in_hand", row_size=3, max_players=6),
        Variant("stock_only", row_size=4, max_players=2, face_up_start=False),
    )
}
SCOREPAD_VARIANTS = tuple(v for v in VARIANTS.values() if v.in_scorepad)


@cache
def possible_totals(variant: Variant, jack_value: Decimal = JACK_HALF) -> frozenset[Decimal]:
    """Every total that some hand of the variant's size, dealt from one deck, can make.

    A dynamic programme over the ranks, each taken 0 to 4 times, counting in half points
    so that the jack's 0.5 stays exact.
    """
    halves = [int(card_value(rank, jack_value) * 2) for rank in RANKS]
    reachable: set[tuple[int, int]] = {(0, 0)}  # (cards taken, half points)
    for value in halves:
        reachable = {
            (count + k, total + k * value)
            for count, total in reachable
            for k in range(COPIES_PER_RANK + 1)
            if count + k <= variant.hand_size
        }
    return frozenset(Decimal(total) / 2 for count, total in reachable if count == variant.hand_size)
