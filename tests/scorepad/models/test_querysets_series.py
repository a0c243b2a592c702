"""The evening's series on a rematch's page costs the same at the 300th game as at the
2nd: the earlier games' results are added up in the database from what each game's row
keeps, not loaded with all their scores (which made every later page of a long series
cost more, without end)."""

from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorepad.logic import stats
from scorepad.models import Game
from scorepad.pages import night

GAMES = 300


def series(length: int) -> list[Game]:
    games = [Game.create_with_players(["Anna", "Bo", "Cato"], threshold=21)]
    for n in range(1, length):
        games.append(
            Game.create_with_players(
                ["Anna", "Bo", "Cato"],
                threshold=21,
                series=games[0].series,
                rematch_of=games[-1],
                first_dealer=n % 3,
            )
        )
    for n, game in enumerate(games[:-1]):  # every game but the last decided
        points = [Decimal(1)] * 3
        points[n % 3] = Decimal(22)  # the loser goes round the table
        game = Game.objects.get(pk=game.pk)
        assert game.add_round(1, points, ["", "", ""]).result.value == "saved"
    return games


def read(game: Game) -> Game:
    """As a page has it before the series is counted: its row, players and board."""
    return Game.objects.get(pk=game.pk).load_players().load_board()


def expected(game: Game) -> list[tuple[int, int, bool]]:
    """The series counted the long way: every game loaded with its rounds."""
    seats = stats.series_standing(Game.objects.series_so_far(game))
    return [(s.lost, s.won, s.closest) for s in seats]


def shown(context) -> list[tuple[int, int, bool]]:
    return [(s.lost, s.won, s.closest) for s in context["series"]]


@pytest.mark.django_db
def test_the_series_costs_the_same_at_the_300th_game_as_at_the_2nd():
    games = series(GAMES)
    second, last = games[1], games[-1]
    night.series_context(read(second))  # the first count keeps each game's result
    night.series_context(read(last))
    second, last = read(second), read(last)
    with CaptureQueriesContext(connection) as at_second:
        early = night.series_context(second)
    with CaptureQueriesContext(connection) as at_last:
        late = night.series_context(last)
    assert len(at_last) == len(at_second) <= 2
    assert not [q for q in at_last if "scorepad_score" in q["sql"]]
    assert early["series_games"] == 2 and late["series_games"] == GAMES
    assert shown(early) == expected(second)
    assert shown(late) == expected(last)
    assert sum(s.lost for s in late["series"]) == GAMES - 1  # every game but the last

    # An earlier game changes: only that game is counted again, from its rounds.
    changed = Game.objects.get(pk=games[150].pk)
    assert changed.undo_round(1).result.value == "saved"
    last = read(last)
    with CaptureQueriesContext(connection) as after_undo:
        late = night.series_context(last)
    assert late["series_games"] == GAMES
    assert shown(late) == expected(last)
    assert sum(s.lost for s in late["series"]) == GAMES - 2
    last = read(last)
    with CaptureQueriesContext(connection) as again:
        night.series_context(last)
    assert len(again) == len(at_second) < len(after_undo)
