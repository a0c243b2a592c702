"""Statistics across games (scorepad/logic/stats.py): equal to a direct count, the same
queries for thirty games."""

from decimal import Decimal as D

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorepad.logic import stats
from scorepad.logic.names import same_name_key
from scorepad.models import Game
from tests.conftest import fresh, make_game, play

pytestmark = pytest.mark.django_db


def direct_statistics(games):
    """Each game loaded on its own and counted by hand: what the statistics must equal."""
    rows = {}
    for game in games:
        game = fresh(game)
        result = game.outcome()
        if not result.rounds:
            continue
        for seat, player in enumerate(game.player_list):
            row = rows.setdefault(same_name_key(player.name), {"points": []} | dict.fromkeys(
                ("games", "lost", "won", "rounds_won"), 0
            ))  # fmt: skip
            row["games"] += 1
            row["points"] += [r.points[seat] for r in game.live_rounds]
            row["rounds_won"] += sum(seat in w for w in result.round_winners)
            row["lost"] += result.finished and seat in result.losers
            row["won"] += result.finished and seat in result.winners
    return rows


def test_statistics_equal_a_direct_count_over_the_same_games():
    games = [
        play(make_game(("Anna", "Bo", "Cy"), threshold=21), (1, 1, 1), (3, 5, 22)),
        play(make_game(("anna", "Bo"), threshold=21), (10.5, 3), (11, 2)),  # anna loses
        play(make_game(("Anna", "Dag")), (4, 6)),  # under way
        play(make_game(("Bo", "Dag"), threshold=None), (7, 7)),  # a single round, shared
        make_game(("Eve", "Bo")),  # no round yet: not counted
    ]
    tokens = [g.edit_token for g in reversed(games)]  # My games: newest first
    with CaptureQueriesContext(connection) as queries:
        found = Game.objects.statistics(tokens)
    assert len(queries) == 3
    expected = direct_statistics(games)
    assert {same_name_key(r.name) for r in found} == set(expected)
    for row in found:
        want = expected[same_name_key(row.name)]
        assert row.games == want["games"]
        assert row.lost == want["lost"] and row.won == want["won"]
        assert row.rounds_won == want["rounds_won"]
        assert row.rounds == len(want["points"])
        assert row.best == min(want["points"]) and row.worst == max(want["points"])
        mean = sum(want["points"]) / len(want["points"])
        assert abs(row.average - mean) <= D("0.05")
    anna = next(r for r in found if r.name.casefold() == "anna")
    assert anna.name == "Anna"  # as the newest game spells it
    # Anna's finished games, newest first: lost (the second game), won (the first)
    assert (anna.streak, anna.streak_length) == (stats.Streak.LOST, 1)
    bo = next(r for r in found if r.name == "Bo")
    # Bo: won the single round (shared), won the second game, neither in the first
    assert (bo.streak, bo.streak_length) == (stats.Streak.WON, 2)


def test_statistics_cost_the_same_queries_for_thirty_games():
    games = [play(make_game(("Anna", "Bo")), (3, 5), (7, 2)) for _ in range(30)]
    with CaptureQueriesContext(connection) as queries:
        (anna, bo) = Game.objects.statistics([g.edit_token for g in games])
    assert len(queries) == 3
    assert anna.games == 30 and anna.rounds == 60 and anna.rounds_won == 30
