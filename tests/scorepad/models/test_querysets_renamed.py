"""One person per seat of an evening: a player whose name is put right during a series is
counted once in the statistics, under the current name, as the series table names them."""

from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorepad.logic import stats
from scorepad.models import Game
from tests.conftest import fresh, make_game, play


def rematch_of(game):
    return fresh(game).rematch().game


def test_a_player_renamed_during_a_series_is_one_person_under_the_new_name(db):
    first = play(make_game(("Anna", "Øyvind"), threshold=10), (11, 2))  # Øyvind wins
    second = rematch_of(first)
    fresh(second).rename_player(1, "Øivind")
    second = play(second, (3, 4))  # under way
    tokens = [second.edit_token, first.edit_token]  # My games: newest first
    with CaptureQueriesContext(connection) as queries:
        found = Game.objects.statistics(tokens)
    assert len(queries) == 3  # still three, however many games
    names = sorted(row.name for row in found)
    assert names == ["Anna", "Øivind"]
    renamed = next(row for row in found if row.name == "Øivind")
    assert (renamed.games, renamed.won, renamed.lost, renamed.rounds) == (2, 1, 0, 2)
    # The series table on the rematch credits the same person with the same win
    seats = stats.series_standing(Game.objects.series_so_far(fresh(second)))
    assert [(s.name, s.won) for s in seats] == [("Anna", 0), ("Øivind", 1)]


def test_the_same_name_in_another_evening_is_still_the_same_player(db):
    evening = play(make_game(("Anna", "Bo"), threshold=10), (11, 2))
    later = rematch_of(evening)
    fresh(later).rename_player(1, "Bodil")
    other = play(make_game(("Bo", "Cy"), threshold=10), (2, 11))  # another Bo wins
    found = Game.objects.statistics([other.edit_token, later.edit_token, evening.edit_token])
    by_name = {row.name: row for row in found}
    assert set(by_name) == {"Anna", "Bodil", "Bo", "Cy"}
    assert by_name["Bodil"].won == 1 and by_name["Bodil"].games == 1  # the rematch: no round
    assert by_name["Bo"].won == 1 and by_name["Bo"].games == 1
