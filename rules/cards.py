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


# ------------------------------------------------------------------ house rules

# The variants a table picks on the rules page and in the new-game form. "Jack as 11"
# and "stock only" are not among them: they are two of the house rules below.
TABLE_VARIANTS = ("standard", "seven_cards", "three_in_hand")
# Seven cards: you may look at your whole row; Three in hand: the three are held.
SEE_ALL_VARIANTS = ("seven_cards", "three_in_hand")
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
        return variant.row_size > PEEKED_CARDS and variant.key not in SEE_ALL_VARIANTS

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
        found = {self.variant}
        if self.jack == JACK_ELEVEN:
            found.add("jack_eleven")
        if not self.face_up_start:
            found.add("stock_only")
        if not self.swap_seen:
            found.add("no_seen_swap")
        if self.single_round:
            found.add("single_round")
        elif self.threshold != LOSS_THRESHOLD:
            found.add("other_threshold")
        if self.more_players:
            found.add("more_players")
        return frozenset(found)


DEFAULT_HOUSE = House()
HOUSE_CONDITIONS = frozenset(
    {
        *TABLE_VARIANTS,
        "jack_eleven",
        "stock_only",
        "no_seen_swap",
        "single_round",
        "other_threshold",
        "more_players",
    }
)


# ------------------------------------------------------------------ figures for strategy


def average_card(jack_value: Decimal = JACK_HALF) -> Decimal:
    """What an unseen card is worth on average: every rank is equally likely."""
    return sum(card_table(jack_value).values(), Decimal(0)) / len(RANKS)


def share_worth_more_than(points: Decimal, jack_value: Decimal = JACK_HALF) -> Decimal:
    """The share of the deck worth more than `points`, between 0 and 1."""
    table = card_table(jack_value)
    return Decimal(sum(1 for v in table.values() if v > points)) / len(RANKS)


def lowest_total(variant: Variant, jack_value: Decimal = JACK_HALF) -> Decimal:
    return min(possible_totals(variant, jack_value))


def highest_total(variant: Variant, jack_value: Decimal = JACK_HALF) -> Decimal:
    return max(possible_totals(variant, jack_value))


def lower_deals(first: str, second: str, jack_value: Decimal = JACK_HALF) -> int | None:
    """The draw for the deal: 0 if the first card is lower, 1 if the second, None on a
    tie (this site's convention: value as Ghost counts it; equal values draw again)."""
    a = card_value(parse_card(first)[0], jack_value)
    b = card_value(parse_card(second)[0], jack_value)
    if a == b:
        return None
    return 0 if a < b else 1


# ------------------------------------------------------------------ a whole round


@dataclass(frozen=True)
class Turn:
    number: int
    player: int
    card: str
    place: int | None  # 1-based place swapped into; None: thrown on the discard pile
    replaced: str | None
    seen: bool  # whether the player had seen the card on that place


@dataclass(frozen=True)
class PlayedRound:
    """A round of the five-card game for two, played out from a script."""

    draw: tuple[str, str]
    dealer: int
    starter: int
    dealt: tuple[tuple[str, ...], ...]  # each row as dealt
    ghosts: tuple[str, ...]
    peeked: tuple[tuple[int, ...], ...]
    start_card: str | None
    stock_size: int  # cards in the stock once the start card is turned
    turns: tuple[Turn, ...]  # the turns the script names
    quiet_turns: int  # the turns after those, every card drawn and thrown away
    last_player: int  # who takes the last card of the stock
    rows: tuple[tuple[str, ...], ...]  # at the end
    row_totals: tuple[Decimal, ...]
    totals: tuple[Decimal, ...]
    winners: tuple[int, ...]


def play_round(script: dict, house: House) -> PlayedRound:
    """Play the script under the house rules, checking every step; ValueError if a step
    breaks a rule (a card twice, a swap into a seen place where that is not allowed).

    The script names the draw for the deal, the two deals (ghost first, then the row),
    the places each player looks at, the start card, and the cards of the first turns
    with the place each goes to (or none: thrown away). Every later card drawn is thrown
    away, so the rest of the round follows from the size of the stock.
    """
    jack = house.jack
    first, second = script["draw"]
    dealer = lower_deals(first, second, jack)
    if dealer is None:
        raise ValueError("the draw for the deal is a tie; draw again")
    players = len(script["hands"])
    starter = (dealer + 1) % players
    ghosts = tuple(hand[0] for hand in script["hands"])
    rows = [list(hand[1:]) for hand in script["hands"]]
    for row in rows:
        if len(row) != STANDARD.row_size:
            raise ValueError(f"a row of {len(row)} cards; the five-card game has 4")
    peeked = tuple(tuple(p) for p in script["peeked"])
    for places in peeked:
        if len(places) != PEEKED_CARDS or not all(1 <= p <= len(rows[0]) for p in places):
            raise ValueError(f"look at {PEEKED_CARDS} places of the row, not {places}")
    start = script["start"] if house.face_up_start else None
    used = [*ghosts, *(c for row in rows for c in row), *([start] if start else [])]
    used += [t["card"] for t in script["turns"]]
    if len(set(used)) != len(used):
        raise ValueError("a card appears twice in one deck")
    for code in used:
        parse_card(code)
    dealt = tuple(tuple(row) for row in rows)
    stock = DECK_SIZE - len(ghosts) - sum(len(r) for r in rows) - (1 if start else 0)
    if len(script["turns"]) > stock:
        raise ValueError("more turns than cards in the stock")
    seen = [set(p) for p in peeked]
    turns = []
    for number, step in enumerate(script["turns"], start=1):
        player = (starter + number - 1) % players
        place = step.get("place")
        replaced = None
        was_seen = False
        if place is not None:
            was_seen = place in seen[player]
            if was_seen and not house.swap_seen:
                raise ValueError(f"turn {number} swaps a seen place, which this table forbids")
            replaced = rows[player][place - 1]
            rows[player][place - 1] = step["card"]
            seen[player].add(place)
        turns.append(Turn(number, player, step["card"], place, replaced, was_seen))
    row_totals = tuple(hand_total(row, jack) for row in rows)
    totals = tuple(r + hand_total([g], jack) for r, g in zip(row_totals, ghosts, strict=True))
    best = min(totals)
    return PlayedRound(
        draw=(first, second),
        dealer=dealer,
        starter=starter,
        dealt=dealt,
        ghosts=ghosts,
        peeked=peeked,
        start_card=start,
        stock_size=stock,
        turns=tuple(turns),
        quiet_turns=stock - len(turns),
        last_player=(starter + stock - 1) % players,
        rows=tuple(tuple(r) for r in rows),
        row_totals=row_totals,
        totals=totals,
        winners=tuple(i for i, t in enumerate(totals) if t == best),
    )
