"""The facts of Ghost that are numbers: the card table, the variants, possible totals,
the house rules and what a table takes for granted (the deck itself: rules/cards.py).

Everything that shows or checks a card value reads it from here: the value table and the
worked examples on the rules pages, and the scorepad's validation and card helper.
Pure functions only; nothing here touches the database.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from decimal import Decimal
from functools import cache

from rules.cards import (  # noqa: F401  (the deck, named here for Ghost's importers)
    COPIES_PER_RANK,
    DECK_SIZE,
    RANKS,
    SUIT_SYMBOLS,
    SUITS,
    over_four_of_a_rank,
    parse_card,
    sum_totals,
)
from rules.engine.game import HouseRule, NumberRule

PEEKED_CARDS = 2
LOSS_THRESHOLD = 21
THRESHOLD_RANGE = (1, 500)
ROUND_MINUTES = 10
GAME_MINUTES = (15, 30)

JACK_HALF = Decimal("0.5")
JACK_ELEVEN = Decimal("11")
JACK_VALUES = (JACK_HALF, JACK_ELEVEN)

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


def hand_total(cards: Iterable[str], jack_value: Decimal = JACK_HALF) -> Decimal:
    return sum((card_value(parse_card(c)[0], jack_value) for c in cards), Decimal(0))


@dataclass(frozen=True)
class Variant:
    key: str
    row_size: int  # the face-down places in front of a player
    max_players: int
    face_up_start: bool = True
    fixed_jack: Decimal | None = None  # a variant that settles the jack's value
    in_scorepad: bool = True
    in_hand: bool = False  # the cards held in the hand (the ghost still on the table)
    see_all: bool = False  # you may look at every card of your own but the ghost

    @property
    def hand_size(self) -> int:
        """Cards that count at the end of a round: the row and the ghost."""
        return self.row_size + 1


STANDARD = Variant("standard", row_size=4, max_players=2)
VARIANTS = {
    v.key: v
    for v in (
        STANDARD,
        Variant("seven_cards", row_size=7, max_players=2, see_all=True),
        Variant(
            "jack_eleven", row_size=4, max_players=2, fixed_jack=JACK_ELEVEN, in_scorepad=False
        ),
        Variant("three_in_hand", row_size=3, max_players=6, in_hand=True, see_all=True),
        Variant("stock_only", row_size=4, max_players=2, face_up_start=False),
    )
}
SCOREPAD_VARIANTS = tuple(v for v in VARIANTS.values() if v.in_scorepad)


@cache
def possible_totals(variant: Variant, jack_value: Decimal = JACK_HALF) -> frozenset[Decimal]:
    """Every total that some hand of the variant's size, dealt from one deck, can make
    (counted in half points, so that the jack's 0.5 stays exact)."""
    return sum_totals(card_table(jack_value), variant.hand_size, Decimal("0.5"))


# ------------------------------------------------------------------ house rules

# The variants a table picks on the rules page and in the new-game form. "Jack as 11"
# and "stock only" are not among them: they are two of the house rules below.
TABLE_VARIANTS = ("standard", "seven_cards", "three_in_hand")
FIVE_CARD_ROW = STANDARD.row_size


def most_players(variant: Variant, face_up_start: bool = True) -> int:
    """How many can play a variant from one deck: every hand dealt, plus the start card
    when one is turned, must fit in the deck."""
    return (DECK_SIZE - int(face_up_start)) // variant.hand_size


# From two players to the most any table can seat: the five-card game with the house
# rule for more players, as many as one deck deals to (or a variant's own limit).
PLAYER_RANGE = (2, max(most_players(STANDARD), *(v.max_players for v in VARIANTS.values())))


@dataclass(frozen=True)
class House:
    """The lines a table settles before the first deal, and the variant it plays.

    Defaults are the site's: jack 0.5, a face-up start card, a seen place may be swapped,
    21 points, the five-card game for two. `threshold=None` is a single round.
    `more_players` is the house rule that lets three or more play the five-card game.
    """

    variant: str = STANDARD.key
    jack: Decimal = JACK_HALF
    start_card: bool = True
    swap_seen: bool = True
    threshold: int | None = LOSS_THRESHOLD
    more_players: bool = False

    def __post_init__(self):
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}")
        if Decimal(self.jack) not in JACK_VALUES:
            raise ValueError(f"a jack is worth 0.5 or 11, not {self.jack}")
        low, high = THRESHOLD_RANGE
        if self.threshold is not None and not low <= self.threshold <= high:
            raise ValueError(f"threshold {self.threshold} outside {low}–{high}")
        if self.more_players and not self.allows_more_players(self.variant):
            raise ValueError("more players is a house rule of the five-card game for two")
        if not self.swap_seen and not self.has_unseen_places(self.variant):
            raise ValueError("in this variant every card you may swap is one you have seen")

    @staticmethod
    def has_unseen_places(variant_key: str) -> bool:
        """Whether a row keeps places you have not looked at: only then can a table
        forbid swapping away a place you have seen."""
        variant = VARIANTS[variant_key]
        return variant.row_size > PEEKED_CARDS and not variant.see_all

    @staticmethod
    def allows_more_players(variant_key: str) -> bool:
        variant = VARIANTS[variant_key]
        return variant.row_size == FIVE_CARD_ROW and variant.max_players == PLAYER_RANGE[0]

    @property
    def rules_variant(self) -> Variant:
        return VARIANTS[self.variant]

    @property
    def face_up_start(self) -> bool:
        return self.start_card and self.rules_variant.face_up_start

    @property
    def max_players(self) -> int:
        if self.more_players:
            return most_players(self.rules_variant, self.face_up_start)
        return self.rules_variant.max_players

    @property
    def single_round(self) -> bool:
        return self.threshold is None

    def is_default(self) -> bool:
        return self == House()

    def conditions(self) -> frozenset[str]:
        """What the rules text is patched for: the variant's key and each house rule."""
        found = {self.variant, *(rule.condition for rule in HOUSE_RULES if rule.holds(self))}
        if self.threshold not in (LOSS_THRESHOLD, None):
            found.add(OTHER_THRESHOLD)
        return frozenset(found)


DEFAULT_HOUSE = House()


# In the order their words take in an address, each word in English and Norwegian (as
# the site's paths write Norwegian: ASCII, å as a; rules/engine/address.py). Another
# threshold is the one house rule with a number: "to-15", "til-15" (condition
# OTHER_THRESHOLD), where "one-round" stands.
HOUSE_RULES = (
    HouseRule("jack", JACK_ELEVEN, "jack_eleven", {"en": "jack-11", "nb": "knekt-11"}),
    HouseRule("start_card", False, "stock_only", {"en": "stock-only", "nb": "bare-trekkbunke"}),
    HouseRule("swap_seen", False, "no_seen_swap", {"en": "no-seen-swap", "nb": "ikke-bytt-kjente"}),
    HouseRule("threshold", None, "single_round", {"en": "one-round", "nb": "en-runde"}),
    HouseRule("more_players", True, "more_players", {"en": "more-players", "nb": "flere-spillere"}),
)
OTHER_THRESHOLD = "other_threshold"
THRESHOLD_RULE = NumberRule("threshold", {"en": "to", "nb": "til"}, LOSS_THRESHOLD, OTHER_THRESHOLD)
HOUSE_CONDITIONS = frozenset(
    {*TABLE_VARIANTS, *(rule.condition for rule in HOUSE_RULES), OTHER_THRESHOLD}
)


# ------------------------------------------------------------------ what a table takes for granted


@dataclass(frozen=True)
class TableFacts:
    """The facts a rules text may take for granted, for one table. A block of
    rules.toml names the ones it assumes (`assumes = { lie = "row" }`) or the ones it
    is shown for (`only = …`); the loader proves each shown block true at every table."""

    least_players: int
    most_players: int
    hand: int  # cards dealt to each: the row (or the cards held) and the ghost
    held: int  # the row's places, or the cards in the hand
    lie: str  # "row": face down on the table; "hand": held in the hand
    seen_at_setup: int  # how many of your own you know once setup is done
    unseen: bool  # whether a place of yours stays unseen after setup
    look_again: bool  # whether you may look at your own cards (not the ghost) again
    start_card: bool  # a face-up card starts the discard pile
    swap_seen: bool  # a card you have seen may be given away
    jack: Decimal
    threshold: str  # "21", "other" or "single"

    def named(self) -> dict[str, object]:
        """The facts by the names rules.toml uses, as TOML can spell them."""
        return {
            "players": "two" if self.most_players == PLAYER_RANGE[0] else "more",
            "hand": self.hand,
            "lie": self.lie,
            "seen_at_setup": self.seen_at_setup,
            "unseen": self.unseen,
            "look_again": self.look_again,
            "start_card": self.start_card,
            "swap_seen": self.swap_seen,
            "jack": "11" if self.jack == JACK_ELEVEN else "0.5",
            "threshold": self.threshold,
        }


FACT_VALUES = {
    "players": ("two", "more"),
    "hand": tuple(sorted({v.hand_size for v in VARIANTS.values()})),
    "lie": ("row", "hand"),
    "seen_at_setup": tuple(sorted({PEEKED_CARDS, *(v.row_size for v in VARIANTS.values())})),
    "unseen": (True, False),
    "look_again": (True, False),
    "start_card": (True, False),
    "swap_seen": (True, False),
    "jack": ("0.5", "11"),
    "threshold": ("21", "other", "single"),
}


@cache
def table_facts(house: House = DEFAULT_HOUSE) -> TableFacts:
    variant = house.rules_variant
    seen = variant.row_size if variant.see_all else min(PEEKED_CARDS, variant.row_size)
    if house.single_round:
        threshold = "single"
    else:
        threshold = "21" if house.threshold == LOSS_THRESHOLD else "other"
    return TableFacts(
        least_players=PLAYER_RANGE[0],
        most_players=house.max_players,
        hand=variant.hand_size,
        held=variant.row_size,
        lie="hand" if variant.in_hand else "row",
        seen_at_setup=seen,
        unseen=seen < variant.row_size,
        look_again=variant.see_all,
        start_card=house.face_up_start,
        swap_seen=house.swap_seen,
        jack=house.jack,
        threshold=threshold,
    )


# ------------------------------------------------------------------ figures for strategy


def unknown_at_setup(house: House) -> int:
    """The cards of your own you do not know once setup is done: unseen places and the
    ghost."""
    known = table_facts(house)
    return known.held - known.seen_at_setup + 1


def average_card(jack_value: Decimal = JACK_HALF) -> Decimal:
    """What an unseen card is worth on average: every rank is equally likely."""
    return sum(card_table(jack_value).values(), Decimal(0)) / len(RANKS)


def share_worth_more_than(points: Decimal, jack_value: Decimal = JACK_HALF) -> Decimal:
    """The share of the deck worth more than `points`, between 0 and 1."""
    table = card_table(jack_value)
    return Decimal(sum(1 for v in table.values() if v > points)) / len(RANKS)


def beats_unseen_card(jack_value: Decimal = JACK_HALF) -> Decimal:
    """The dearest card value that is cheaper than an unseen card more often than not:
    more than half of the ranks are worth more than it (every rank equally likely)."""
    table = card_table(jack_value)
    return max(v for v in table.values() if share_worth_more_than(v, jack_value) * 2 > 1)


def cheaper_ranks(rank: str, jack_value: Decimal = JACK_HALF) -> list[str]:
    """The ranks worth fewer points than `rank`, cheapest first: in "Three in hand" the
    only draws that a card of `rank` may leave the hand for."""
    table = card_table(jack_value)
    return sorted((r for r in RANKS if table[r] < table[rank]), key=table.get)


def lowest_total(variant: Variant, jack_value: Decimal = JACK_HALF) -> Decimal:
    return min(possible_totals(variant, jack_value))


def highest_total(variant: Variant, jack_value: Decimal = JACK_HALF) -> Decimal:
    return max(possible_totals(variant, jack_value))


def dealer_of(draw: Iterable[str], jack_value: Decimal = JACK_HALF) -> int | None:
    """The draw for the deal: who drew the card worth the fewest points, or None when
    two or more tie for it (this site's convention: value as Ghost counts it; the
    players on the lowest value draw again)."""
    values = [card_value(parse_card(code)[0], jack_value) for code in draw]
    lowest = min(values)
    if values.count(lowest) > 1:
        return None
    return values.index(lowest)


def may_give_away(held: str, drawn: str, jack_value: Decimal = JACK_HALF) -> bool:
    """Three in hand: a card leaves the hand only for one worth fewer points."""
    return hand_total([held], jack_value) > hand_total([drawn], jack_value)
