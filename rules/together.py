"""A round's totals possible together: can every player's hand (a row, a layout: whatever
its game deals) be dealt at once from the decks, no rank used more often than they hold?

Each total alone is checked against the set of possible totals; this checks them
together. A hand is counted as a vector of cards per rank (the game's ranks in order).
The search tries, player by player, the hands that make the player's total and fit in
what is left of the decks; the most constrained players first (a total nearest to the
lowest or the highest possible one), failures remembered by what is left. It is
bounded: after `BUDGET` hands tried it gives up and says nothing (None), so that a
round is never refused for a reason not proved; a round the search cannot settle is
accepted as before. The page's script (scorepad/static/scorepad/together.js, with each
game's hands from its own script) searches in the same order with the same bound, and
tests/data/together_cases.json runs both.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence

BUDGET = 20000  # hands tried before the search gives up (a round entry stays cheap)
# Hands listed to say why a refused round's totals clash (rank_short): only said, never
# needed to refuse, so a quarter of the search's bound (at most some 0.2 s of CPU).
SHORT_BUDGET = 5000

Counts = tuple[int, ...]


def tightness_order(totals: Sequence[int], possible: Sequence[int]) -> list[int]:
    """The players (indices) most constrained first: a total nearest to the lowest or
    the highest possible one (`possible` sorted); then by seat."""
    low, high = possible[0], possible[-1]  # sorted
    return sorted(range(len(totals)), key=lambda i: (min(totals[i] - low, high - totals[i]), i))


class OutOfBudget(Exception):
    """The search tried `BUDGET` steps without settling the round."""


class Steps:
    """The search's count of steps (a column or hand looked at), shared by the lists
    of hands; past the budget it stops the search."""

    def __init__(self, budget: int = BUDGET):
        self.left = budget

    def tick(self) -> None:
        self.left -= 1
        if self.left < 0:
            raise OutOfBudget


Hands = Callable[[int, Counts, Steps], Iterable[Counts]]


def deal_together(
    totals: Sequence[int],
    hands: Hands,
    copies: Counts,
    order: Sequence[int],
    budget: int = BUDGET,
) -> bool | None:
    """Whether hands making `totals` all fit in `copies` together: `hands(total, left,
    steps)` lists the hands (count vectors) that make a total and fit in what is left.
    True, False, or None when the search ran out of its budget."""
    steps = Steps(budget)
    failed: set[tuple[int, Counts]] = set()

    def search(depth: int, left: Counts) -> bool:
        if depth == len(order):
            return True
        if (depth, left) in failed:
            return False
        for hand in hands(totals[order[depth]], left, steps):
            steps.tick()
            if search(depth + 1, tuple(n - h for h, n in zip(hand, left, strict=True))):
                return True
        failed.add((depth, left))
        return False

    if any(n < 0 for n in copies):
        return False
    try:
        return search(0, copies)
    except OutOfBudget:
        return None


def players_who_clash(
    totals: Sequence[int],
    hands: Hands,
    copies: Counts,
    order: Sequence[int],
) -> list[int]:
    """For a round refused: the fewest players, most constrained first, whose totals
    already cannot be dealt together (seat order); empty when none is proved."""
    for size in range(1, len(order) + 1):
        if deal_together(totals, hands, copies, order[:size]) is False:
            return sorted(order[:size])
    return []


def rank_short(
    totals: Sequence[int],
    hands: Hands,
    copies: Counts,
    players: Sequence[int],
    budget: int = SHORT_BUDGET,
) -> tuple[int, int] | None:
    """Why these players' totals cannot be dealt together, when one rank says it: the
    rank (an index) of which each player's hands hold at least some, those least counts
    adding up to more than the decks hold, and that sum ("six twos, and the deck has
    four"). None when no one rank runs short so (the clash is in how ranks combine, as
    three layouts of ten-point cards) or the hands are not all listed within the budget;
    only a refused round asks, so a round entry costs nothing more."""
    steps = Steps(budget)
    needed = [0] * len(copies)
    try:
        for player in players:
            fewest: list[int] | None = None
            for hand in hands(totals[player], copies, steps):
                steps.tick()
                fewest = list(hand) if fewest is None else list(map(min, fewest, hand))
            if fewest is None:
                return None
            needed = [n + f for n, f in zip(needed, fewest, strict=True)]
    except OutOfBudget:
        return None
    pairs = enumerate(zip(needed, copies, strict=True))
    short = [(n - held, -rank) for rank, (n, held) in pairs if n > held]
    if not short:
        return None
    rank = -max(short)[1]  # the rank that runs shortest; between equals the first
    return rank, needed[rank]
