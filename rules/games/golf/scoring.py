"""How a Golf layout scores, and which hole scores a layout can make at all.

Scoring, column by column: a column whose cards are all of one rank scores 0 (two in the
six- and four-card layouts, twos and jokers too; three in the nine-card one); any other
column adds its cards' values. Only columns cancel, never rows or diagonals. The hole
score is the sum of the columns plus any four-of-a-kind bonus, and can be negative.

Jokers (this site's decision; the seed is silent): a joker is a rank of its own, so two
jokers in one column cancel like any pair, in both readings, and four jokers can make a
four of a kind. A joker is not wild: it never pairs with another rank.

Four of a kind: four equal cards lying as two cancelled columns earn the bonus once; a
card counts in one four at most (six equal cards in three columns earn one bonus). With
"square" the two columns must be neighbours.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement

from .cards import (
    FOUR_OF_A_KIND,
    VARIANTS,
    GolfHouse,
    Variant,
    copies_in,
    decks_for,
    rank_of,
)

CANCELLED = 0  # what a column of equal cards scores


@dataclass(frozen=True)
class ColumnScore:
    ranks: tuple[str, ...]  # top to bottom
    points: int
    cancelled: bool  # all cards of one rank: the column scores 0


@dataclass(frozen=True)
class FourOfAKind:
    rank: str
    columns: tuple[int, int]  # 0-based
    points: int


@dataclass(frozen=True)
class LayoutScore:
    columns: tuple[ColumnScore, ...]
    fours: tuple[FourOfAKind, ...]
    total: int


def columns_of(variant: Variant, cards: Sequence[str]) -> tuple[tuple[str, ...], ...]:
    """The ranks of a layout given row by row from the top left, as columns."""
    if len(cards) != variant.cards:
        raise ValueError(f"{len(cards)} cards; this layout holds {variant.cards}")
    ranks = [rank_of(code) for code in cards]
    return tuple(tuple(ranks[c :: variant.columns]) for c in range(variant.columns))


def score_column(ranks: Sequence[str], values: Mapping[str, int]) -> ColumnScore:
    cancelled = len(set(ranks)) == 1
    points = CANCELLED if cancelled else sum(values[r] for r in ranks)
    return ColumnScore(tuple(ranks), points, cancelled)


def _fours(cancelled_rank: Sequence[str | None], rule: str | None) -> list[FourOfAKind]:
    """The fours of a kind among the cancelled columns (rank per column, None where a
    column does not cancel), each card in one four at most."""
    if rule is None:
        return []
    points = FOUR_OF_A_KIND[rule]
    found = []
    waiting: dict[str, int] = {}  # rank -> column of a cancelled column not yet in a four
    for column, rank in enumerate(cancelled_rank):
        if rule == "square":
            waiting = {k: c for k, c in waiting.items() if c == column - 1}
        if rank is None:
            continue
        if rank in waiting:
            found.append(FourOfAKind(rank, (waiting.pop(rank), column), points))
        else:
            waiting[rank] = column
    return found


def layout_points(
    variant: Variant, ranks: Sequence[str], values: Mapping[str, int], four: str | None
) -> LayoutScore:
    """Score a layout of ranks (row by row) with any card table: the one scorer."""
    columns = tuple(
        score_column(ranks[c :: variant.columns], values) for c in range(variant.columns)
    )
    fours = _fours([col.ranks[0] if col.cancelled else None for col in columns], four)
    total = sum(col.points for col in columns) + sum(f.points for f in fours)
    return LayoutScore(columns, tuple(fours), total)


def score_layout(cards: Sequence[str], house: GolfHouse) -> LayoutScore:
    """A layout of card codes ('SQ', 'Q', 'X'), row by row from the top left."""
    variant = house.rules_variant
    if len(cards) != variant.cards:
        raise ValueError(f"{len(cards)} cards; this layout holds {variant.cards}")
    values = house.values
    ranks = [rank_of(code) for code in cards]
    for rank in ranks:
        if rank not in values:
            raise ValueError("a joker in a game without jokers")
    return layout_points(variant, ranks, values, house.four_of_a_kind)


def hole_score(cards: Sequence[str], house: GolfHouse) -> int:
    return score_layout(cards, house).total


# ------------------------------------------------------------------ possible hole scores


def scores_from(
    variant: Variant,
    values: Mapping[str, int],
    copies: Mapping[str, int],
    four: str | None = None,
) -> frozenset[int]:
    """Every score some layout of `variant` makes from cards worth `values`, with at most
    `copies[rank]` cards of a rank in the whole layout.

    Column by column: each column is a multiset of ranks with its score; the columns are
    combined left to right, keeping what the cards left over allow (how many of each rank
    may still be used, capped at the cards still to place, so that states which differ
    only where no column can tell are one) and, for four of a kind, the cancelled
    columns still waiting for their partner. Score sets are bitmasks of the integers.
    """
    ranks = tuple(values)
    height, width = variant.rows, variant.columns
    kinds = []  # (index, needs as (rank index, count), points, rank index if it cancels)
    for index, combo in enumerate(combinations_with_replacement(range(len(ranks)), height)):
        column = score_column([ranks[i] for i in combo], values)
        needs = tuple(Counter(combo).items())
        kinds.append((index, needs, column.points, combo[0] if column.cancelled else -1))
    # For the last column: the kinds too many of a rank would break, per (rank, cards of it
    # left), and the kinds that do not cancel grouped by score.
    too_many = {
        (r, left): frozenset(k[0] for k in kinds if dict(k[1]).get(r, 0) > left)
        for r in range(len(ranks))
        for left in range(height)
    }
    plain: dict[int, set[int]] = {}
    for index, _needs, points, cancels in kinds:
        if cancels < 0:
            plain.setdefault(points, set()).add(index)
    cancelling = [k for k in kinds if k[3] >= 0]
    bonus = FOUR_OF_A_KIND[four] if four else 0
    offset = variant.cards * max(abs(v) for v in values.values()) - bonus * width + 1

    def last(caps: tuple[int, ...], waiting: tuple[int, ...]) -> int:
        banned = frozenset().union(*(too_many[r, c] for r, c in enumerate(caps) if c < height))
        found = 0
        for points, group in plain.items():
            if not group <= banned:
                found |= 1 << (offset + points)
        for index, _needs, points, cancels in cancelling:
            if index not in banned:
                found |= 1 << (offset + points + _bonus_step(waiting, cancels, four, bonus)[0])
        return found

    # A state is how many of each rank may still be used, capped at the cards still to
    # place, packed four bits a rank into one integer.
    def pack(caps) -> int:
        return sum(c << (4 * r) for r, c in enumerate(caps))

    def unpack(key: int) -> list[int]:
        return [key >> (4 * r) & 15 for r in range(len(ranks))]

    @cache
    def rest(column: int, key: int, waiting: tuple[int, ...]) -> int:
        """The scores of columns `column`… as a bitmask, bit `offset + score`."""
        caps = unpack(key)
        if column == width - 1:
            return last(caps, waiting)
        left = (width - column - 1) * height
        capped = [min(c, left) for c in caps]
        base = pack(capped)
        # The kinds this column may hold, grouped by the state they leave; per group, the
        # column's scores as a bitmask (bit `offset + points`).
        groups: dict[tuple[int, tuple[int, ...]], int] = {}
        for _index, needs, points, cancels in kinds:
            after = base
            for r, n in needs:
                if caps[r] < n:
                    break
                after += (min(caps[r] - n, left) - capped[r]) << (4 * r)
            else:
                extra, waits = _bonus_step(waiting, cancels, four, bonus)
                group = (after, waits)
                groups[group] = groups.get(group, 0) | 1 << (offset + points + extra)
        found = 0
        for (after, waits), here in groups.items():
            later = rest(column + 1, after, waits)
            for bit in range(here.bit_length()):
                if here >> bit & 1:
                    shift = bit - offset
                    found |= later << shift if shift >= 0 else later >> -shift
        return found

    start = pack(min(copies.get(r, 0), variant.cards) for r in ranks)
    mask = rest(0, start, ())
    return frozenset(i - offset for i in range(mask.bit_length()) if mask >> i & 1)


def _bonus_step(
    waiting: tuple[int, ...], cancels: int, four: str | None, bonus: int
) -> tuple[int, tuple[int, ...]]:
    """One column more for the four-of-a-kind count: the bonus it completes and the
    cancelled columns (by rank) still waiting for a partner. With "square" only the
    column just before can be a partner."""
    if four is None:
        return 0, ()
    if four == "square":
        if cancels >= 0 and waiting == (cancels,):
            return bonus, ()
        return 0, (cancels,) if cancels >= 0 else ()
    if cancels < 0:
        return 0, waiting
    if cancels in waiting:
        return bonus, tuple(r for r in waiting if r != cancels)
    return 0, tuple(sorted((*waiting, cancels)))


@cache
def _possible(variant_key: str, jokers: str | None, four: str | None, decks: int):
    house = GolfHouse(variant_key, jokers, four)
    return scores_from(VARIANTS[variant_key], house.values, copies_in(decks, jokers), four)


def possible_hole_scores(house: GolfHouse, players: int) -> frozenset[int]:
    """The hole scores some layout of the table's variant, dealt from the decks that
    `players` use, makes under its house rules (before any caller penalty)."""
    return _possible(house.variant, house.jokers, house.four_of_a_kind, decks_for(players))


def nearest_possible(score: int, house: GolfHouse, players: int) -> tuple[int, ...]:
    """The possible hole scores closest to `score` (one or two, ascending); the score
    itself when it is possible."""
    possible = possible_hole_scores(house, players)
    distance = min(abs(s - score) for s in possible)
    return tuple(sorted(s for s in possible if abs(s - score) == distance))
