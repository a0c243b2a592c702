"""The course of a Golf game from its hole scores, and the caller penalty on one hole.

This site's conventions (DOMAIN.md, "Decisions of this project for Golf"):
- The game is the agreed number of holes (nine by default); the lowest total wins.
- A tie at the end is shared; with the extra-hole house rule only the tied players play
  one more hole, and its lowest score wins (tied again: shared). The extra hole decides
  the winner only; it is not added to the totals.
- The deal passes to the left (the next seat) after each hole, the extra hole too; the
  player to the dealer's left starts (for the extra hole: the first tied player there).
- Caller penalty: see `apply_caller_penalty`.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from .cards import HOLES


def lowest(scores: Sequence[int | None]) -> list[int]:
    """The players (indices) on the lowest score; None is a player not playing."""
    playing = [s for s in scores if s is not None]
    best = min(playing)
    return [i for i, s in enumerate(scores) if s == best]


def dealer_for_hole(first_dealer: int, hole_index: int, players: int) -> int:
    """Dealer of the hole at 0-based `hole_index`: the deal passes left each hole."""
    return (first_dealer + hole_index) % players


PENALTY_WRITTEN = 0  # the caller penalty: what the lowest players write for the hole


@dataclass(frozen=True)
class CallerPenalty:
    """One hole's scores after the caller penalty, and what it did."""

    raw: tuple[int | None, ...]  # None: a player not playing the hole (the extra hole)
    caller: int
    scores: tuple[int | None, ...]
    zeroed: tuple[int, ...]  # the lowest players who write 0 instead
    added: int  # what the caller adds to their own score (0: nothing changed)

    @property
    def applied(self) -> bool:
        return bool(self.zeroed)


def apply_caller_penalty(raw: Sequence[int | None], caller: int) -> CallerPenalty:
    """The caller penalty as this site reads the seed's loosely worded version.

    The caller is the player who turned their last card first (in four-card golf, who
    knocked). A caller among the lowest scores (ties included) changes nothing. Otherwise
    every player on the lowest score writes 0 and the caller adds that lowest score to
    their own, once; a lowest score of 0 or below stands and adds nothing, so the rule
    never punishes the best hole. It works among the players who play the hole: at the
    extra hole, the tied players (None for everyone else, who stays None).
    """
    raw = tuple(raw)
    if not 0 <= caller < len(raw) or raw[caller] is None:
        raise ValueError(f"no player {caller} playing among {len(raw)}")
    best = min(s for s in raw if s is not None)
    if raw[caller] == best or best <= 0:
        return CallerPenalty(raw, caller, raw, (), 0)
    zeroed = tuple(i for i, s in enumerate(raw) if s == best)
    scores = [PENALTY_WRITTEN if i in zeroed else s for i, s in enumerate(raw)]
    scores[caller] += best
    return CallerPenalty(raw, caller, tuple(scores), zeroed, best)


@dataclass
class GolfOutcome:
    """Everything the score table shows, worked out from the hole scores alone."""

    players: int
    holes: int  # the agreed number of holes
    extra_hole_rule: bool
    first_dealer: int = 0
    scores: list[list[int]] = field(default_factory=list)  # the agreed holes played
    running: list[list[int]] = field(default_factory=list)
    hole_winners: list[list[int]] = field(default_factory=list)
    totals: list[int] = field(default_factory=list)
    leaders: list[int] = field(default_factory=list)  # lowest total so far
    extra_players: list[int] = field(default_factory=list)  # who plays the extra hole
    extra_scores: list[int | None] | None = None  # None until the extra hole is played
    winners: list[int] = field(default_factory=list)
    finished_after: int | None = None  # 1-based hole that decided the game

    @property
    def finished(self) -> bool:
        return self.finished_after is not None

    @property
    def extra_hole_pending(self) -> bool:
        return bool(self.extra_players) and self.extra_scores is None

    @property
    def holes_played(self) -> int:
        return len(self.scores) + (self.extra_scores is not None)

    def gap(self, player: int) -> int:
        """Points behind the lead (0 for a leader)."""
        return self.totals[player] - min(self.totals)

    @property
    def next_dealer(self) -> int:
        return dealer_for_hole(self.first_dealer, self.holes_played, self.players)

    @property
    def next_starter(self) -> int:
        """The player to the dealer's left who plays the next hole."""
        playing = self.extra_players if self.extra_hole_pending else range(self.players)
        for step in range(1, self.players + 1):
            seat = (self.next_dealer + step) % self.players
            if seat in playing:
                return seat
        raise AssertionError("nobody plays the next hole")


def golf_outcome(
    players: int,
    holes: Sequence[Sequence[int | None]],
    number_of_holes: int = HOLES,
    extra_hole: bool = False,
    first_dealer: int = 0,
) -> GolfOutcome:
    """The outcome of a list of holes, each a list of every player's score in seat order.
    A hole after the agreed ones is the extra hole: only with the house rule, only after
    a tie, with a score for each tied player and None for everyone else."""
    result = GolfOutcome(players, number_of_holes, extra_hole, first_dealer)
    totals = [0] * players
    for number, points in enumerate(holes, start=1):
        if len(points) != players:
            raise ValueError(f"hole {number} has {len(points)} scores for {players} players")
        if number > number_of_holes:
            _extra(result, number, points)
            continue
        if any(p is None for p in points):
            raise ValueError(f"hole {number}: every player plays it")
        totals = [t + p for t, p in zip(totals, points, strict=True)]
        result.scores.append(list(points))
        result.running.append(totals)
        result.totals = totals
        result.hole_winners.append(lowest(points))
    result.totals = totals
    result.leaders = lowest(totals) if result.scores else list(range(players))
    if len(result.scores) == number_of_holes and result.extra_scores is None:
        if len(result.leaders) > 1 and extra_hole:
            result.extra_players = result.leaders
        else:
            result.winners = result.leaders
            result.finished_after = number_of_holes
    return result


def _extra(result: GolfOutcome, number: int, points: Sequence[int | None]) -> None:
    if number > result.holes + 1 or result.extra_scores is not None:
        raise ValueError("one extra hole at most")
    tied = lowest(result.totals) if result.scores else []
    if not result.extra_hole_rule or len(tied) < 2:
        raise ValueError("an extra hole is played only after a tie, with that house rule")
    playing = [i for i, p in enumerate(points) if p is not None]
    if playing != tied:
        raise ValueError("only the tied players play the extra hole")
    result.extra_players = tied
    result.extra_scores = list(points)
    result.winners = lowest(points)
    result.finished_after = number
