"""Many games at once: each with its players and outcome, for "My games", the evening's
series and the statistics, in three queries whatever the number of games."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import models
from django.db.models import Count, F, Sum

from scorepad.logic import scoring, stats
from scorepad.logic.names import same_name_key

if TYPE_CHECKING:
    from scorepad.models import Game, Player


@dataclass
class Summary:
    """One game as a list of games shows it."""

    game: Game
    players: list[Player]
    outcome: scoring.Outcome

    @property
    def series(self) -> str:
        return self.game.series


class GameQuerySet(models.QuerySet):
    def outcomes(self) -> list[Summary]:
        """These games, in the QuerySet's order, each with its players and outcome: three
        queries for all of them (games, their players, live scores), none per game."""
        from scorepad.models import Round, Score  # the models module defines Game with this class

        games = list(self.prefetch_related("players"))
        rounds: dict[int, dict[int, dict[int, Decimal]]] = {}
        for game_id, number, player_id, points in Score.objects.filter(
            round__game__in=[g.pk for g in games], round__status=Round.Status.ACTIVE
        ).values_list("round__game_id", "round__number", "player_id", "points"):
            rounds.setdefault(game_id, {}).setdefault(number, {})[player_id] = points
        listed = []
        for game in games:
            players = list(game.players.all())
            ending = game.ending()
            counts = getattr(ending, "counts", lambda _number: True)
            # A player without a score on a round that does not count (a tie's extra
            # hole, which only the tied play) did not play it: None, never a 0 that
            # would win the hole and lower an average.
            played = [
                [r.get(p.pk, Decimal(0) if counts(n) else None) for p in players]
                for n, r in sorted(rounds.get(game.pk, {}).items())
            ]
            result = scoring.outcome(len(players), played, ending, game.first_dealer)
            listed.append(Summary(game, players, result))
        return listed

    def summaries(self, edit_tokens: list[str]) -> list[Summary]:
        """The games with these tokens, in the tokens' order (three queries)."""
        found = {s.game.edit_token: s for s in self.filter(edit_token__in=edit_tokens).outcomes()}
        return [found[t] for t in edit_tokens if t in found]

    def series_so_far(self, game: Game) -> list[Summary]:
        """The games of `game`'s series up to and including it, oldest first."""
        return self.filter(series=game.series, pk__lte=game.pk).order_by("pk").outcomes()

    def series_results(self, game: Game, seats: int) -> tuple[list[int], list[int], int]:
        """Games lost and won per seat over the games of `game`'s series before it, and
        how many there are: added up in the database from each game's result as kept on
        its row (`lost_seats`, `won_seats`), so two queries whatever the series holds. A
        game whose kept result is older than its version (changed since, or never
        counted) is counted here from its rounds and its result kept again, but only
        at the version and time it was read at."""
        earlier = self.filter(series=game.series, pk__lt=game.pk)
        stale = list(earlier.exclude(result_version=F("version")).values_list("pk", flat=True))
        bits = {f"lost_{i}": Sum(F("lost_seats").bitand(1 << i)) for i in range(seats)}
        bits |= {f"won_{i}": Sum(F("won_seats").bitand(1 << i)) for i in range(seats)}
        kept = earlier.filter(result_version=F("version")).aggregate(games=Count("pk"), **bits)
        lost = [(kept[f"lost_{i}"] or 0) >> i for i in range(seats)]
        won = [(kept[f"won_{i}"] or 0) >> i for i in range(seats)]
        counted = kept["games"]
        if stale:
            for item in self.filter(pk__in=stale).outcomes():
                result, row = item.outcome, item.game
                stats.add_result(lost, won, result)
                counted += 1
                finished = result.finished
                self.filter(pk=row.pk, version=row.version, updated_at=row.updated_at).update(
                    lost_seats=sum(1 << i for i in result.losers) if finished else 0,
                    won_seats=sum(1 << i for i in result.winners) if finished else 0,
                    result_version=row.version,
                )
        return lost, won, counted

    def statistics(self, edit_tokens: list[str]) -> list[stats.PlayerStats]:
        """Per player name across these games (newest first, as "My games" keeps them)."""
        return stats.per_player(self.summaries(edit_tokens), same_name_key)

    def statistics_by_game(self, edit_tokens: list[str]) -> dict[str, list[stats.PlayerStats]]:
        """The same counted per game played (one game's totals never mix with another's), by
        the game's key, in the order the games first appear."""
        by_game: dict[str, list[Summary]] = {}
        for summary in self.summaries(edit_tokens):
            by_game.setdefault(summary.game.game, []).append(summary)
        return {key: stats.per_player(found, same_name_key) for key, found in by_game.items()}
