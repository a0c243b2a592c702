"""Ghost's round possible together (rules/together.py): the hands of the variant's size
that make a total, as cards per rank, from one deck; the page's script (scoring.js)
lists them in the same order."""

from __future__ import annotations

from collections.abc import Sequence
from decimal import Decimal
from functools import cache, lru_cache

from rules import together

from .cards import COPIES_PER_RANK, RANKS, Variant, card_table, possible_totals

HALF = Decimal("0.5")  # totals are counted in half points, so that a jack's 0.5 is exact


@cache
def units(jack_value: Decimal) -> tuple[int, ...]:
    """Each rank's value in half points, in the deck's rank order."""
    table = card_table(jack_value)
    return tuple(int(table[rank] / HALF) for rank in RANKS)


@cache
def hands(values: tuple[int, ...], size: int, total: int) -> tuple[together.Counts, ...]:
    """Every hand of `size` cards worth `total` (values per rank, at most four of each),
    as counts per rank: rank by rank, fewer of a rank first."""
    count = len(values)
    # the least and most the cards left can be worth, from the ranks at or after r
    low = [[0] * (size + 1) for _ in range(count + 1)]
    high = [[0] * (size + 1) for _ in range(count + 1)]
    for r in range(count - 1, -1, -1):
        rest = sorted(v for v in values[r:] for _ in range(COPIES_PER_RANK))
        for k in range(size + 1):
            low[r][k] = sum(rest[:k]) if k <= len(rest) else None
            high[r][k] = sum(rest[-k:]) if 0 < k <= len(rest) else 0 if k == 0 else None
    found = []
    counts = [0] * count

    def walk(r: int, left: int, worth: int) -> None:
        if left == 0:
            if worth == 0:
                found.append(tuple(counts))
            return
        if r == count or low[r][left] is None or not low[r][left] <= worth <= high[r][left]:
            return
        for c in range(min(COPIES_PER_RANK, left) + 1):
            counts[r] = c
            walk(r + 1, left - c, worth - c * values[r])
        counts[r] = 0

    walk(0, size, total)
    return tuple(found)


@cache
def _halves(variant: Variant, jack_value: Decimal) -> tuple[int, ...]:
    return tuple(sorted(int(t / HALF) for t in possible_totals(variant, jack_value)))


def check(
    variant: Variant,
    jack_value: Decimal,
    totals: Sequence[Decimal],
    fixed: Sequence[Sequence[str]] = (),
) -> list[int] | None:
    """None when these totals (one per player, with no cards typed) can be dealt from
    one deck together, the cards typed for others (`fixed`, ranks) taken out first;
    else the players (indices into `totals`) who cannot all have theirs. The answer is
    the same each time for the same round, so it is kept for the rounds seen lately."""
    clash = _check(variant, jack_value, tuple(totals), tuple(map(tuple, fixed)))
    return None if clash is None else list(clash)


@lru_cache(maxsize=4096)
def _check(
    variant: Variant,
    jack_value: Decimal,
    totals: tuple[Decimal, ...],
    fixed: tuple[tuple[str, ...], ...],
) -> tuple[int, ...] | None:
    values = units(jack_value)
    copies = [COPIES_PER_RANK] * len(RANKS)
    for hand in fixed:
        for rank in hand:
            copies[RANKS.index(rank)] -= 1
    wanted = [int(Decimal(t) / HALF) for t in totals]
    possible = _halves(variant, jack_value)
    order = together.tightness_order(wanted, possible)

    def made(total: int, left: together.Counts, steps: together.Steps):
        for hand in hands(values, variant.hand_size, total):
            steps.tick()
            if all(h <= n for h, n in zip(hand, left, strict=True)):
                yield hand

    if together.deal_together(wanted, made, tuple(copies), order) is not False:
        return None
    return tuple(together.players_who_clash(wanted, made, tuple(copies), order) or order)


def short_rank(
    variant: Variant, jack_value: Decimal, totals: Sequence[Decimal], clash: Sequence[int]
) -> tuple[str, int] | None:
    """For the players `check` named (no cards typed in the round): the rank their
    hands need more of than one deck holds, and how many at least; None when no one
    rank says why (rules/together.py `rank_short`)."""
    values = units(jack_value)
    wanted = [int(Decimal(t) / HALF) for t in totals]

    def made(total: int, left: together.Counts, steps: together.Steps):
        yield from hands(values, variant.hand_size, total)

    copies = (COPIES_PER_RANK,) * len(RANKS)
    found = together.rank_short(wanted, made, copies, clash)
    return None if found is None else (RANKS[found[0]], found[1])
