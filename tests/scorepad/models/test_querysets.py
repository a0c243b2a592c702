"""A game night's series (scorepad/models/querysets.py with scorepad/logic/stats.py): games
lost and won, a new game's own series, three queries however long."""

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorepad.logic import stats
from scorepad.models import Game, Result
from tests.conftest import fresh, make_game, play

pytestmark = pytest.mark.django_db


def rematch_of(game):
    change = fresh(game).rematch()
    assert change.result is Result.SAVED
    return change.game


def standing(game):
    seats = stats.series_standing(Game.objects.series_so_far(game))
    return [(s.name, s.lost, s.won, s.closest) for s in seats]


def test_the_series_counts_games_lost_and_won_and_follows_an_undone_deciding_round():
    first = play(make_game(("Anna", "Bo"), threshold=10), (11, 2))  # Anna loses
    second = play(rematch_of(first), (1, 12))  # Bo loses
    third = play(rematch_of(second), (13, 0))  # Anna loses
    assert first.series == second.series == third.series
    assert standing(third) == [("Anna", 2, 1, True), ("Bo", 1, 2, False)]
    # So far, from the second game: one each, nobody closest
    assert standing(second) == [("Anna", 1, 1, False), ("Bo", 1, 1, False)]
    # The deciding round of the third game undone: the game is open again
    fresh(third).undo_round(1)
    assert standing(third) == [("Anna", 1, 1, False), ("Bo", 1, 1, False)]
    # A new round under way: the higher total is closest to losing the evening
    third = play(third, (2, 6))
    assert standing(third) == [("Anna", 1, 1, False), ("Bo", 1, 1, True)]
    fourth = play(rematch_of(third), (0, 0))
    assert Game.objects.series_so_far(fourth)[-1].game == fourth
    assert len(Game.objects.series_so_far(fourth)) == 4


def test_a_new_game_starts_its_own_series():
    assert make_game().series != make_game().series


def test_the_series_is_read_in_three_queries_however_long():
    game = play(make_game(("Anna", "Bo"), threshold=10), (11, 2))
    for _ in range(5):
        game = play(rematch_of(game), (1, 12))
    with CaptureQueriesContext(connection) as queries:
        assert len(Game.objects.series_so_far(game)) == 6
    assert len(queries) == 3
