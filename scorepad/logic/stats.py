"""Counting across games: the evening's series and the statistics of "My games".

Pure functions over games already loaded with their outcomes (`GameQuerySet.outcomes()`,
three queries for any number of games): nothing here touches the database.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from decimal import ROUND_HALF_UP, Decimal
from typing import Protocol

from scorepad.logic import scoring


class Played(Protocol):
    """A game with its players and outcome (`querysets.Summary`), and the evening's
    series it belongs to (a rematch keeps its seats)."""

    players: Sequence
    outcome: scoring.Outcome
    series: str


# --------------------------------------------------------------- the series


@dataclass
class SeriesSeat:
    name: str
    lost: int = 0
    won: int = 0
    closest: bool = False  # closest to losing the evening


def series_standing(games: Sequence[Played]) -> list[SeriesSeat]:
    """Games lost and won per seat over a series, oldest game first, named as the last
    game names them (a rematch keeps the seats)."""
    last = games[-1]
    lost, won = [0] * len(last.players), [0] * len(last.players)
    for game in games[:-1]:
        add_result(lost, won, game.outcome)
    return standing([p.name for p in last.players], lost, won, last.outcome)


def add_result(lost: list[int], won: list[int], result: scoring.Outcome) -> None:
    """Count one game's losers and winners into the seats' tallies (a finished game)."""
    if not result.finished:
        return
    for i in result.losers:
        if i < len(lost):
            lost[i] += 1
    for i in result.winners:
        if i < len(won):
            won[i] += 1


def standing(
    names: Sequence[str], lost: list[int], won: list[int], running: scoring.Outcome
) -> list[SeriesSeat]:
    """The seats after the earlier games' tallies and the game under way (`running`).
    Closest to losing the evening: the most games lost; between equals, the highest
    total in a game still under way. Nobody is marked while every seat is level."""
    lost, won = list(lost), list(won)
    add_result(lost, won, running)
    seats = [SeriesSeat(name, lost[i], won[i]) for i, name in enumerate(names)]
    most = max(s.lost for s in seats)
    worst = [i for i, s in enumerate(seats) if s.lost == most]
    if len(worst) > 1 and running.rounds and not running.finished:
        worst = scoring.highest(running.totals, worst)
    if len(worst) < len(seats):
        for i in worst:
            seats[i].closest = True
    return seats


# --------------------------------------------------------------- statistics


class Streak(enum.Enum):
    WON = "won"
    LOST = "lost"
    NEITHER = "neither"  # a finished game neither won nor lost (the middle of a table)


@dataclass
class PlayerStats:
    name: str
    games: int = 0  # games with at least one round
    finished: int = 0
    lost: int = 0
    won: int = 0
    rounds: int = 0
    rounds_won: int = 0
    points: Decimal = Decimal(0)
    best: Decimal | None = None  # the lowest round total
    worst: Decimal | None = None  # the highest
    streak: Streak | None = None  # the result of the latest finished game...
    streak_length: int = 0  # ...and how many finished games in a row ended so

    @property
    def average(self) -> Decimal | None:
        if not self.rounds:
            return None
        return (self.points / self.rounds).quantize(Decimal("0.1"), rounding=ROUND_HALF_UP)


def current_names(games: Sequence[Played]) -> dict[tuple[str, int], str]:
    """Each seat of each series named as the newest of its games (`games` newest first)
    names it: a player whose name was put right during an evening is one person."""
    names: dict[tuple[str, int], str] = {}
    for game in games:
        for seat, player in enumerate(game.players):
            names.setdefault((game.series, seat), player.name)
    return names


def per_player(games: Sequence[Played], name_key: Callable[[str], str]) -> list[PlayerStats]:
    """Statistics per player over `games`, newest game first. A seat of a series is one
    person, under the name the newest game of the series gives it; names that compare
    equal under `name_key` (case, full-width letters) are one player, shown as the newest
    game spells them. Players sorted by games played, then name."""
    found: dict[str, PlayerStats] = {}
    streak_open: dict[str, bool] = {}
    names = current_names(games)
    for game in games:
        result = game.outcome
        if not result.rounds:
            continue
        for seat in range(len(game.players)):
            name = names[game.series, seat]
            key = name_key(name)
            row = found.setdefault(key, PlayerStats(name))
            row.games += 1
            for index, points in enumerate(result.rounds):
                if points[seat] is None:  # not playing this round (a tie's extra hole)
                    continue
                row.rounds += 1
                row.points += points[seat]
                row.best = points[seat] if row.best is None else min(row.best, points[seat])
                row.worst = points[seat] if row.worst is None else max(row.worst, points[seat])
                row.rounds_won += seat in result.round_winners[index]
            if not result.finished:
                continue
            row.finished += 1
            row.lost += seat in result.losers
            row.won += seat in result.winners
            kind = (
                Streak.LOST
                if seat in result.losers
                else Streak.WON
                if seat in result.winners
                else Streak.NEITHER
            )
            if row.streak is None:
                row.streak, row.streak_length = kind, 1
                streak_open[key] = True
            elif streak_open[key] and kind is row.streak:
                row.streak_length += 1
            else:
                streak_open[key] = False
    return sorted(found.values(), key=lambda r: (-r.games, r.name.casefold()))
