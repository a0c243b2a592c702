"""The scorepad's conventions as pure functions (DOMAIN.md, "Decisions of this project").

- Round tie: every player on the lowest round total shares the round win.
- The deal passes to the next player each round; the player after the dealer starts.
- What ends a game and who wins is the game's: an `Ending` (rules/engine/game.py) its game
  object gives for the table. One is a loss threshold: several reach it in one
  round, the highest total loses, equal highest share; a single-round game ends after
  one round, the lowest total wins. A threshold given as a number (or None: a single
  round) is that loss threshold.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from decimal import Decimal

from rules.engine.game import Ending, LossThreshold, highest, lowest

__all__ = [
    "Outcome",
    "dealer_for_round",
    "counted_totals",
    "finished",
    "fits_next",
    "highest",
    "lowest",
    "misfit",
    "outcome",
    "played",
]


def played(points) -> list[int]:
    """The seats with the lowest score of one round, among those who played it."""
    best = min(p for p in points if p is not None)
    return [i for i, p in enumerate(points) if p == best]


def _counts(ending: Ending, number: int) -> bool:
    counts = getattr(ending, "counts", None)
    return counts is None or counts(number)


def _playing(ending: Ending, number: int, totals: list[Decimal]) -> list[int] | None:
    playing = getattr(ending, "playing", None)
    return None if playing is None else playing(number, totals)


def ending_of(ending: Ending | int | None) -> Ending:
    """An ending as given, or a number (None: a single round) as a loss threshold."""
    if ending is None or isinstance(ending, int):
        return LossThreshold(ending)
    return ending


def dealer_for_round(first_dealer: int, round_index: int, players: int) -> int:
    """Dealer of the round at 0-based `round_index`."""
    return (first_dealer + round_index) % players


@dataclass
class Outcome:
    """Everything the score table shows, worked out from the rounds alone."""

    players: int
    threshold: int | None  # the line a player must not reach (None: no such line)
    first_dealer: int = 0
    rounds: list[list[Decimal]] = field(default_factory=list)
    running: list[list[Decimal]] = field(default_factory=list)
    round_winners: list[list[int]] = field(default_factory=list)
    totals: list[Decimal] = field(default_factory=list)
    finished_after: int | None = None  # 1-based round number that decided the game
    losers: list[int] = field(default_factory=list)
    winners: list[int] = field(default_factory=list)
    # Who plays the next round (None: everyone): a tie's extra hole is the tied players'.
    playing: list[int] | None = None

    @property
    def finished(self) -> bool:
        return self.finished_after is not None

    @property
    def next_dealer(self) -> int:
        return dealer_for_round(self.first_dealer, len(self.rounds), self.players)

    @property
    def next_starter(self) -> int:
        """The player after the dealer; in a round only some play, the first of them."""
        for step in range(1, self.players + 1):
            seat = (self.next_dealer + step) % self.players
            if self.playing is None or seat in self.playing:
                return seat
        return (self.next_dealer + 1) % self.players

    def gap(self, player: int) -> Decimal:
        """Points behind the lowest total (0 for a leader)."""
        return self.totals[player] - min(self.totals)

    def distance(self, player: int) -> Decimal:
        """Points a player may still take before reaching the threshold."""
        if self.threshold is None:
            return Decimal(0)
        return max(Decimal(self.threshold) - self.totals[player], Decimal(0))


def counted_totals(players: int, rounds, ending: Ending | int | None) -> tuple[Decimal, ...]:
    """Each player's total over the rounds that count (not a round only some play)."""
    totals = (Decimal(0),) * players
    for number, points in enumerate(rounds, start=1):
        totals = plus_round(totals, number, points, ending)
    return totals


def plus_round(totals, number: int, points, ending: Ending | int | None) -> tuple[Decimal, ...]:
    """The counted totals after round `number`, from the totals before it."""
    if not _counts(ending_of(ending), number):
        return tuple(totals)
    return tuple(t + p for t, p in zip(totals, points, strict=True))


def finished(
    rounds: list[list[Decimal]], ending: Ending | int | None, totals: tuple | None = None
) -> bool:
    """Whether `outcome` would call the game decided, without the rest of it. With a loss
    threshold: no card is worth less than nothing, so a total never goes down, and a game
    has been decided once its totals now are at the threshold. `totals`: the counted
    totals of `rounds` when known (`counted_totals`), so that asking costs the same at
    every round."""
    if not rounds:
        return False
    if totals is None:
        totals = counted_totals(len(rounds[0]), rounds, ending)
    return ending_of(ending).decided(list(totals), len(rounds))


def fits_next(totals, number: int, points, ending: Ending | int | None) -> bool:
    """Whether round `number`, after rounds with these counted totals, holds a score for
    exactly the seats that play it (everyone, but for a round only some play)."""
    playing = _playing(ending_of(ending), number, list(totals))
    seats = set(range(len(totals))) if playing is None else set(playing)
    return {seat for seat, p in enumerate(points) if p is not None} == seats


def misfit(players: int, rounds: list[list[Decimal | None]], ending: Ending | int | None):
    """The first round (1-based) that does not hold a score for exactly the seats that
    play it, or None when every round does. Everyone plays a round, but a tie's extra hole
    is the tied players' only: a change to a hole before it can change who is tied, and
    then the extra hole as entered no longer fits."""
    totals = (Decimal(0),) * players
    for number, points in enumerate(rounds, start=1):
        if not fits_next(totals, number, points, ending):
            return number
        totals = plus_round(totals, number, points, ending)
    return None


def outcome(
    players: int,
    rounds: list[list[Decimal]],
    ending: Ending | int | None,
    first_dealer: int = 0,
) -> Outcome:
    """Everything the score table shows. `ending` is the game's (an `Ending`), or a loss
    threshold as a number (None: a single round)."""
    ending = ending_of(ending)
    result = Outcome(players=players, threshold=ending.threshold, first_dealer=first_dealer)
    totals = [Decimal(0)] * players
    for number, points in enumerate(rounds, start=1):
        if len(points) != players:
            raise ValueError(f"round {number} has {len(points)} totals for {players} players")
        # A round kept after the deciding one (an earlier round was corrected) is shown
        # but no longer counts: the game ended where it was decided.
        if _counts(ending, number) and result.finished_after is None:
            totals = [t + p for t, p in zip(totals, points, strict=True)]
        result.rounds.append(list(points))
        result.running.append(totals)
        result.round_winners.append(played(points))
        if result.finished_after is not None:
            continue
        decision = ending.decide(totals, number, list(points))
        if decision is not None:
            result.finished_after = number
            result.losers, result.winners = decision.losers, decision.winners
    result.totals = totals
    if not result.finished:
        result.playing = _playing(ending, len(rounds) + 1, totals)
    return result
