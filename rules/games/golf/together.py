"""A hole's scores possible together (rules/together.py): the layouts that make a score,
as cards per rank, within the decks the players use, jokers included. The page's script
(golf-scoring.js, `layoutsFor`) lists them in the same order.

A layout is a set of columns; a column is a multiset of ranks (its points: 0 when all
its cards share a rank, else their sum). Columns are taken in a fixed order of their
kinds, never fewer of a kind's index than the column before, so each set of columns
comes once; where four of a kind can earn its bonus, every order of the set's columns
is scored with the site's one scorer (scoring.layout_points), since the bonus may
depend on which columns stand side by side.
"""

from __future__ import annotations

from bisect import bisect_left, bisect_right
from collections.abc import Iterator, Sequence
from functools import cache, lru_cache
from itertools import combinations_with_replacement, permutations

from rules import together

from .cards import GolfHouse, copies_in, decks_for, ranks_in_play
from .scoring import layout_points, possible_hole_scores, score_column


@cache
def _kinds(house: GolfHouse, decks: int):
    """Every kind of column the decks allow, cheapest first (then in rank order):
    (ranks, counts, points); the kinds by points, and each kind's points."""
    variant = house.rules_variant
    ranks = ranks_in_play(house.jokers)
    copies = copies_in(decks, house.jokers)
    values = house.values
    kinds = []
    for combo in combinations_with_replacement(range(len(ranks)), variant.rows):
        counts = [0] * len(ranks)
        for i in combo:
            counts[i] += 1
        if any(n > copies[ranks[i]] for i, n in enumerate(counts)):
            continue
        column = score_column([ranks[i] for i in combo], values)
        kinds.append((tuple(ranks[i] for i in combo), tuple(counts), column.points))
    kinds.sort(key=lambda kind: kind[2])  # by points (a stable sort: then in rank order)
    by_points: dict[int, list[int]] = {}
    for index, kind in enumerate(kinds):
        by_points.setdefault(kind[2], []).append(index)
    return tuple(kinds), by_points, [kind[2] for kind in kinds]


def _scores(house: GolfHouse, chosen: Sequence[tuple]) -> set[int]:
    """What a set of columns scores, in any order of them (the bonus may need two
    cancelled columns side by side)."""
    variant = house.rules_variant
    plain = sum(kind[2] for kind in chosen)
    if house.four_of_a_kind is None:
        return {plain}
    found = set()
    for order in set(permutations(range(len(chosen)))):
        columns = [chosen[i][0] for i in order]
        ranks = [columns[c][r] for r in range(variant.rows) for c in range(variant.columns)]
        found.add(layout_points(variant, ranks, house.values, house.four_of_a_kind).total)
    return found


def layouts(
    house: GolfHouse, decks: int, score: int, left: together.Counts, steps: together.Steps
) -> Iterator[together.Counts]:
    """Every layout's cards per rank that scores `score` and fits in what is `left` of
    the decks, each once, in a fixed order; a step counted for each column looked at."""
    kinds, by_points, worths = _kinds(house, decks)
    width = house.rules_variant.columns
    lowest = min(k[2] for k in kinds)
    highest = max(k[2] for k in kinds)
    step = house.four_bonus
    bonus = step * (width // 2)  # the most four of a kind can take off
    seen: set[together.Counts] = set()

    def fits(used: list[int], counts: together.Counts) -> bool:
        return all(u + c <= n for u, c, n in zip(used, counts, left, strict=True))

    def walk(start: int, chosen: list, used: list[int], worth: int) -> Iterator[together.Counts]:
        if len(chosen) == width - 1:  # the last column: its points are what is missing
            wanted = sorted(
                {score - worth - b for b in range(bonus, 1, -step or 1) if b % (step or 1) == 0}
            )
            for points in wanted:
                for index in by_points.get(points, ()):
                    steps.tick()
                    if index < start or not fits(used, kinds[index][1]):
                        continue
                    final = [*chosen, kinds[index]]
                    if score not in _scores(house, final):
                        continue
                    counts = tuple(u + c for u, c in zip(used, kinds[index][1], strict=True))
                    if counts not in seen:
                        seen.add(counts)
                        yield counts
            return
        # this column's points leave the rest within what the other columns can make
        rest_columns = width - len(chosen) - 1
        least = score - worth - rest_columns * highest
        most = score - worth - rest_columns * lowest - bonus
        first = max(start, bisect_left(worths, least))
        for index in range(first, bisect_right(worths, most)):
            steps.tick()
            ranks, counts, points = kinds[index]
            if not fits(used, counts):
                continue
            after = [u + c for u, c in zip(used, counts, strict=True)]
            yield from walk(index, [*chosen, kinds[index]], after, worth + points)

    yield from walk(0, [], [0] * len(left), 0)


def _search(house: GolfHouse, scores: Sequence[int | None], players: int):
    """What the search takes: the seats playing and their scores, the layouts that make
    a score, what the decks hold per rank, and the ranks in order."""
    decks = decks_for(players)
    house = house.scoring()
    copies = copies_in(decks, house.jokers)
    ranks = ranks_in_play(house.jokers)
    seats = [i for i, s in enumerate(scores) if s is not None]
    wanted = [int(scores[i]) for i in seats]

    def made(score: int, left: together.Counts, steps: together.Steps):
        return layouts(house, decks, score, left, steps)

    return seats, wanted, made, tuple(copies[r] for r in ranks), ranks


def check(house: GolfHouse, scores: Sequence[int | None], players: int) -> list[int] | None:
    """None when the players' hole scores (None: not playing) can be dealt together
    from the decks `players` use; else the players (seats) who cannot all have theirs.
    The answer is the same each time for the same hole, so it is kept for the holes
    seen lately."""
    clash = _check(house, tuple(scores), players)
    return None if clash is None else list(clash)


@lru_cache(maxsize=4096)
def _check(house: GolfHouse, scores: tuple[int | None, ...], players: int) -> tuple | None:
    seats, wanted, made, full, _ = _search(house, scores, players)
    possible = sorted(possible_hole_scores(house.scoring(), players))
    order = together.tightness_order(wanted, possible)
    if together.deal_together(wanted, made, full, order) is not False:
        return None
    clash = together.players_who_clash(wanted, made, full, order) or list(order)
    return tuple(seats[i] for i in clash)


def short_rank(
    house: GolfHouse, scores: Sequence[int | None], players: int, clash: Sequence[int]
) -> tuple[str, int, int] | None:
    """For the seats `check` named: the rank their layouts need more of than the decks
    hold, how many at least, and how many the decks hold; None when no one rank says
    why (rules/together.py `rank_short`)."""
    seats, wanted, made, full, ranks = _search(house, scores, players)
    found = together.rank_short(wanted, made, full, [seats.index(s) for s in clash])
    if found is None:
        return None
    rank, needed = found
    return ranks[rank], needed, full[rank]
