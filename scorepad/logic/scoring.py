"""The scorepad's conventions as pure functions (DOMAIN.md, "Decisions of this project").

- Round tie: every player on the lowest round total shares the round win.
- Several reach the threshold in one round: the highest total loses; equal highest share.
- The deal passes to the next player each round; the player after the dealer starts.
- A single-round game ends after one round; the lowest total wins.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal


def lowest(values: list[Decimal]) -> list[int]:
    best = min(values)
    return [i for i, v in enumerate(values) if v == best]


def highest(values: list[Decimal], among: list[int]) -> list[int]:
    top = max(values[i] for i in among)
    return [i for i in among if values[i] == top]


def dealer_for_round(first_dealer: int, round_index: int, players: int) -> int:
    """Dealer of the round at 0-based `round_index`."""
    return (first_dealer + round_index) % players


@dataclass
class Outcome:
    """Everything the score table shows, worked out from the rounds alone."""

    players: int
    threshold: int | None  # None: a single round
    first_dealer: int = 0
    rounds: list[list[Decimal]] = field(default_factory=list)
    running: list[list[Decimal]] = field(default_factory=list)
    round_winners: list[list[int]] = field(default_factory=list)
    totals: list[Decimal] = field(default_factory=list)
    finished_after: int | None = None  # 1-based round number that decided the game
    losers: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)

    @property
    def finished(self) -> bool:
        return self.finished_after is not None

    @property
    def next_dealer(self) -> int:
        return dealer_for_round(self.first_dealer, len(self.rounds), self.players)

    @property
    def next_starter(self) -> int:
        return (self.next_dealer + 1) % self.players

    def distance(self, player: int) -> Decimal:
        """Points a player may still take before reaching the threshold."""
        if self.threshold is None:
            return Decimal(0)
        return max(Decimal(self.threshold) - self.totals[player], Decimal(0))


def finished(rounds: list[list[Decimal]], threshold: int | None) -> bool:
    """Whether `outcome` would call the game decided, without the rest of it: no card is
    worth less than nothing, so a total never goes down, and a game has been decided once
    its totals now are at the threshold."""
    if not rounds:
        return False
    if threshold is None:
        return True
    return any(sum(column) >= threshold for column in zip(*rounds, strict=True))


def outcome(
    players: int, rounds: list[list[Decimal]], threshold: int | None, first_dealer: int = 0
) -> Outcome:
    result = Outcome(players=players, threshold=threshold, first_dealer=first_dealer)
    totals = [Decimal(0)] * players
    for number, points in enumerate(rounds, start=1):
        if len(points) != players:
            raise ValueError(f"round {number} has {len(points)} totals for {players} players")
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        result.rounds.append(list(points))
        result.running.append(totals)
        result.round_winners.append(lowest(points))
        if result.finished_after is not None:
            continue
        if threshold is None:
            result.finished_after = number
            result.winners = lowest(points)
            continue
        crossed = [i for i, t in enumerate(totals) if t >= threshold]
        if crossed:
            result.finished_after = number
            result.losers = highest(totals, crossed)
            result.winners = [i for i in lowest(totals) if i not in result.losers]
    result.totals = totals
    return result
