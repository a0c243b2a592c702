"""The facts of Golf that are numbers: the card table, the decks, the variants and the
house rules a table settles before the first deal.

One card table: every value, every possible hole score, every figure of the rules pages
and every check of the scorepad is derived from `BASE_VALUES`, `JOKER_READINGS` and the
deck constants below. Pure Python; nothing here imports Django.
"""

from __future__ import annotations

import dataclasses
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass
from math import ceil

# The deck's codes: ranks in pack order, one character each ("T" is the ten); the joker
# is "X" and has no suit. Named here for Golf's importers.
from rules.cards import JOKER, RANKS, SUITS, parse_card  # noqa: F401

COPIES_PER_DECK = len(SUITS)  # of each rank in one deck
DECK_SIZE = COPIES_PER_DECK * len(RANKS)
JOKERS_PER_DECK = 2  # when the table plays with jokers
PLAYERS_PER_DECK = 4  # one deck for 2–4, two for 5–8, three for 9–12
MOST_DECKS = 3
PLAYER_RANGE = (2, PLAYERS_PER_DECK * MOST_DECKS)
HOLES = 9
HOLE_RANGE = (1, 18)

# The card table: the ranks that are not worth their face value.
_NOT_FACE_VALUE = {"A": 1, "2": -2, "T": 10, "J": 10, "Q": 10, "K": 0}
BASE_VALUES: dict[str, int] = {
    r: _NOT_FACE_VALUE[r] if r in _NOT_FACE_VALUE else int(r) for r in RANKS
}


@dataclass(frozen=True)
class JokerReading:
    """A way to play with jokers: what a joker is worth, and what a two becomes."""

    key: str
    joker: int
    two: int


# Pagat: a joker −2 and a two +2. Other groups: a joker −5, and a two stays −2.
JOKER_READINGS = {
    r.key: r
    for r in (
        JokerReading("pagat", joker=-2, two=-BASE_VALUES["2"]),
        JokerReading("minus_five", joker=-5, two=BASE_VALUES["2"]),
    )
}

# Four of a kind: four equal cards as two cancelled columns earn a bonus. "two_columns":
# any two columns; "square": only two neighbouring columns (the four lie as a square).
FOUR_OF_A_KIND = {"two_columns": -10, "square": -20}


def ranks_in_play(jokers: str | None = None) -> tuple[str, ...]:
    return (*RANKS, JOKER) if jokers else RANKS


def card_table(jokers: str | None = None) -> dict[str, int]:
    """Points per rank for a table: the base values, changed by the joker reading."""
    table = dict(BASE_VALUES)
    if jokers is not None:
        reading = JOKER_READINGS[jokers]
        table["2"] = reading.two
        table[JOKER] = reading.joker
    return table


def card_value(rank: str, jokers: str | None = None) -> int:
    table = card_table(jokers)
    if rank not in table:
        raise ValueError(f"unknown rank {rank!r} for this table")
    return table[rank]


def rank_of(code: str) -> str:
    return parse_card(code)[0]


def decks_for(players: int) -> int:
    low, high = PLAYER_RANGE
    if not low <= players <= high:
        raise ValueError(f"{players} players; Golf seats {low}–{high}")
    return ceil(players / PLAYERS_PER_DECK)


def player_counts(decks: int) -> range:
    """The player counts that play with `decks` decks."""
    return range(
        max(PLAYER_RANGE[0], (decks - 1) * PLAYERS_PER_DECK + 1),
        min(PLAYER_RANGE[1], decks * PLAYERS_PER_DECK) + 1,
    )


def copies_in(decks: int, jokers: str | None = None) -> dict[str, int]:
    """How many cards of each rank the decks hold."""
    copies = dict.fromkeys(RANKS, COPIES_PER_DECK * decks)
    if jokers is not None:
        copies[JOKER] = JOKERS_PER_DECK * decks
    return copies


def beyond_the_decks(
    layouts: list[list[str]], players: int, jokers: str | None = None
) -> list[str]:
    """Ranks that appear in one hole's layouts, all together, more often than the decks
    for `players` hold (a joker at a table without jokers is always too many)."""
    copies = copies_in(decks_for(players), jokers)
    counts = Counter(rank_of(code) for layout in layouts for code in layout)
    return [rank for rank in (*RANKS, JOKER) if counts[rank] > copies.get(rank, 0)]


def players_for_jokers(jokers_needed: int) -> int | None:
    """The fewest players whose decks hold `jokers_needed` jokers (None: no table does)."""
    for players in range(PLAYER_RANGE[0], PLAYER_RANGE[1] + 1):
        if JOKERS_PER_DECK * decks_for(players) >= jokers_needed:
            return players
    return None


def cards_in(decks: int, jokers: str | None = None) -> int:
    return sum(copies_in(decks, jokers).values())


@dataclass(frozen=True)
class Variant:
    """A layout of `rows` × `columns` cards. A column cancels (scores 0) when all of its
    cards are of one rank: two in a two-row layout, three in the nine-card one."""

    key: str
    rows: int
    columns: int
    turned_up: int  # cards each player turns face up before play
    peeked: int  # cards each player looks at before play (they stay face down)
    ends_by: str  # "all_face_up": one player has every card face up; "knock"
    placed_face_up: bool  # a card swapped in lies face up

    @property
    def cards(self) -> int:
        return self.rows * self.columns

    @property
    def hand_size(self) -> int:
        """Cards that count at the end of a hole (the engine's name for it)."""
        return self.cards

    @property
    def max_players(self) -> int:
        return PLAYER_RANGE[1]

    @property
    def pairs(self) -> bool:
        """Whether two equal cards cancel a column (a two-row layout)."""
        return self.rows == 2

    def places(self) -> range:
        """1-based places, row by row from the top left."""
        return range(1, self.cards + 1)

    def column_of(self, place: int) -> int:
        """The 0-based column of a 1-based place."""
        return (place - 1) % self.columns


SIX_CARD = Variant(
    "six_card", 2, 3, turned_up=2, peeked=0, ends_by="all_face_up", placed_face_up=True
)
VARIANTS = {
    v.key: v
    for v in (
        SIX_CARD,
        # This site's reading where the seed is silent: in four-card golf the layout
        # stays face down (two looked at, cards swapped in seen by their owner only), and
        # a knock is a whole turn, taken instead of drawing.
        Variant("four_card", 2, 2, turned_up=0, peeked=2, ends_by="knock", placed_face_up=False),
        Variant(
            "nine_card", 3, 3, turned_up=2, peeked=0, ends_by="all_face_up", placed_face_up=True
        ),
    )
}


def deal_fits(variant: Variant, players: int, jokers: str | None = None) -> bool:
    """Every layout and the start card come out of the decks that player count uses."""
    return players * variant.cards + 1 <= cards_in(decks_for(players), jokers)


@dataclass(frozen=True)
class GolfHouse:
    """The lines a Golf table settles before the first deal, and the variant it plays.

    Defaults are the seed's standard game: six cards, no jokers, no bonus, no caller
    penalty, a tie shared, nine holes, a turn always begins with a draw.
    """

    variant: str = SIX_CARD.key
    jokers: str | None = None  # None, "pagat" or "minus_five"
    four_of_a_kind: str | None = None  # None, "two_columns" (−10) or "square" (−20)
    caller_penalty: bool = False
    extra_hole: bool = False  # a tie at the end is settled by one extra hole
    holes: int = HOLES
    flip: bool = False  # flip instead of draw: changes texts, never a score

    def __post_init__(self):
        if self.variant not in VARIANTS:
            raise ValueError(f"unknown variant {self.variant!r}")
        if self.jokers is not None and self.jokers not in JOKER_READINGS:
            raise ValueError(f"unknown joker reading {self.jokers!r}")
        if self.four_of_a_kind is not None:
            if self.four_of_a_kind not in FOUR_OF_A_KIND:
                raise ValueError(f"unknown four-of-a-kind rule {self.four_of_a_kind!r}")
            if not self.rules_variant.pairs:
                # Where only three equal cards cancel, four equal cards are never two
                # cancelled columns: the bonus has nothing to count.
                raise ValueError("four of a kind is a house rule of the two-row layouts")
        low, high = HOLE_RANGE
        if not low <= self.holes <= high:
            raise ValueError(f"{self.holes} holes; a table agrees on {low}–{high}")
        if self.flip and not self.rules_variant.placed_face_up:
            raise ValueError("flip instead of draw needs a layout that is turned face up")

    @property
    def rules_variant(self) -> Variant:
        return VARIANTS[self.variant]

    @property
    def values(self) -> dict[str, int]:
        return card_table(self.jokers)

    @property
    def max_players(self) -> int:
        return self.rules_variant.max_players

    @property
    def four_bonus(self) -> int:
        return FOUR_OF_A_KIND[self.four_of_a_kind] if self.four_of_a_kind else 0

    def is_default(self) -> bool:
        return self == GolfHouse()

    def conditions(self) -> frozenset[str]:
        """What a rules text is patched for: the variant's key and each house rule."""
        found = {self.variant, *(rule.condition for rule in HOUSE_RULES if rule.holds(self))}
        if self.holes != HOLES:
            found.add(OTHER_HOLES)
        if self.holes == 1:
            found.add(ONE_HOLE)  # "a single hole", never "1 holes"
        return frozenset(found)

    def scoring(self) -> GolfHouse:
        """The same table with only what changes a hole score: the variant, the jokers
        and four of a kind (the caller penalty works on the hole's scores, after)."""
        return GolfHouse(self.variant, self.jokers, self.four_of_a_kind)


DEFAULT_HOUSE = GolfHouse()


@dataclass(frozen=True)
class HouseRule:
    """One house rule: the field of `GolfHouse` it sets and to what, its condition name
    for the texts, its word in an address in each language, whether it can change a
    score, and the words it had in an address before (read, and sent on with a 301)."""

    field: str
    value: object
    condition: str
    words: Mapping[str, str] = dataclasses.field(hash=False)
    changes_scores: bool = True
    former: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict, hash=False)

    def holds(self, house: GolfHouse) -> bool:
        return getattr(house, self.field) == self.value


# In the order their words take in an address, each word in English and Norwegian (as
# the site's paths write Norwegian: ASCII, å as a; rules/engine/address.py). Another
# number of holes is the one house rule with a number (condition OTHER_HOLES).
HOUSE_RULES = (
    HouseRule("jokers", "pagat", "jokers_pagat", {"en": "jokers-pagat", "nb": "jokere-pagat"}),
    HouseRule(
        "jokers",
        "minus_five",
        "jokers_minus_five",
        {"en": "jokers-minus-5", "nb": "jokere-minus-5"},
    ),
    HouseRule(
        "four_of_a_kind",
        "two_columns",
        "four_two_columns",
        {"en": "four-minus-10", "nb": "fire-like-minus-10"},
    ),
    HouseRule(
        "four_of_a_kind",
        "square",
        "four_square",
        {"en": "square-minus-20", "nb": "firkant-minus-20"},
    ),
    HouseRule(
        "caller_penalty",
        True,
        "caller_penalty",
        {"en": "caller-penalty", "nb": "straff-for-a-avslutte-hullet"},
        former={"nb": ("straff-for-den-som-gar-ut",)},  # its word until December 2026
    ),
    HouseRule("extra_hole", True, "extra_hole", {"en": "extra-hole", "nb": "ekstra-hull"}),
    HouseRule("flip", True, "flip", {"en": "flip", "nb": "snu-kort"}, changes_scores=False),
)
OTHER_HOLES = "other_holes"
ONE_HOLE = "one_hole"
HOUSE_CONDITIONS = frozenset(
    {*VARIANTS, *(rule.condition for rule in HOUSE_RULES), OTHER_HOLES, ONE_HOLE}
)


def every_house(holes: int = HOLES) -> list[GolfHouse]:
    """Every combination a table can choose (for one number of holes)."""
    found = []
    for variant in VARIANTS.values():
        fours = (None, *FOUR_OF_A_KIND) if variant.pairs else (None,)
        flips = (False, True) if variant.placed_face_up else (False,)
        for jokers in (None, *JOKER_READINGS):
            for four in fours:
                for caller in (False, True):
                    for extra in (False, True):
                        for flip in flips:
                            found.append(
                                GolfHouse(variant.key, jokers, four, caller, extra, holes, flip)
                            )
    return found
