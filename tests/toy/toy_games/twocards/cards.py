"""Two Cards' facts, pure Python: each player is dealt two cards from one deck, a card
counts its number (an ace 1, a ten and a picture card 10), a round's score is the sum
of the two, and after a set number of rounds the lowest total wins."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from types import SimpleNamespace

from rules.cards import RANKS, parse_card, sum_totals

HAND = 2  # cards each
ROUNDS = 3  # rounds in a game by default
LONG = 5  # rounds in a long game (the house rule)
PLAYER_RANGE = (2, 6)  # one deck holds two cards for up to 26; six sit at a table

VALUES = {rank: Decimal(min(RANKS.index(rank) + 1, 10)) for rank in RANKS}
STANDARD = SimpleNamespace(key="standard", hand_size=HAND, max_players=PLAYER_RANGE[1])
VARIANTS = {"standard": STANDARD}


@dataclass(frozen=True)
class TwoCardsHouse:
    """A table's choices: the variant (one) and whether the game is long."""

    variant: str = "standard"
    long: bool = False

    def __post_init__(self):
        if self.variant not in VARIANTS:
            raise ValueError(f"no variant {self.variant!r}")
        if not isinstance(self.long, bool):
            raise ValueError("long is true or false")

    @property
    def rounds(self) -> int:
        return LONG if self.long else ROUNDS

    @property
    def max_players(self) -> int:
        return PLAYER_RANGE[1]

    @property
    def rules_variant(self):
        return VARIANTS[self.variant]

    def is_default(self) -> bool:
        return self == TwoCardsHouse()

    def conditions(self) -> frozenset[str]:
        return frozenset({self.variant, *(["long"] if self.long else [])})


def hand_total(codes) -> Decimal:
    return sum((VALUES[parse_card(code)[0]] for code in codes), Decimal(0))


def possible_totals() -> frozenset[Decimal]:
    """Every sum two cards of one deck make: 2 (two aces) to 20."""
    return sum_totals(VALUES, HAND, Decimal(1))
