"""A name put right is put right for the evening: in every game of the series that still
has the old name at that seat, whichever game it was put right in."""

import pytest

from scorepad.models import Game, NameChange, Result
from tests.conftest import fresh, play

NAMES = ["Anna", "Øyvind", "Cato"]


def evening(games: int) -> list[Game]:
    first = Game.create_with_players(NAMES, threshold=21)
    played = [first]
    for _ in range(1, games):
        change = Game.objects.get(pk=played[-1].pk).rematch()
        assert change.result is Result.SAVED
        played.append(change.game)
    return played


def names(game: Game) -> list[str]:
    return [p.name for p in fresh(game).player_list]


@pytest.mark.django_db
@pytest.mark.parametrize("where", [0, 1, 2])
def test_a_rename_in_any_game_of_the_series_reaches_every_game(where):
    games = evening(3)
    versions = [fresh(g).version for g in games]
    change = Game.objects.get(pk=games[where].pk).rename_player(1, "Øivind")
    assert change.result is Result.SAVED and change.name == "Øyvind"
    for n, game in enumerate(games):
        assert names(game) == ["Anna", "Øivind", "Cato"], n
        assert fresh(game).version == versions[n] + 1  # its watchers learn of it
        assert list(NameChange.objects.filter(game=game).values_list("old", "new")) == [
            ("Øyvind", "Øivind")
        ]


@pytest.mark.django_db
def test_the_statistics_count_one_person_after_a_rename_in_an_earlier_game():
    games = evening(2)
    play(Game.objects.get(pk=games[0].pk), (22, 1, 1))
    play(Game.objects.get(pk=games[1].pk), (1, 22, 1))
    Game.objects.get(pk=games[0].pk).rename_player(1, "Øivind")
    rows = Game.objects.statistics([g.edit_token for g in reversed(games)])
    assert sorted(r.name for r in rows) == ["Anna", "Cato", "Øivind"]
    assert next(r for r in rows if r.name == "Øivind").games == 2


@pytest.mark.django_db
def test_a_game_where_the_seat_has_another_name_or_the_new_name_is_taken_keeps_its_names():
    games = evening(3)
    Game.objects.get(pk=games[1].pk).rename_player(1, "Øyvind B.")  # all three now
    Game.objects.get(pk=games[2].pk).rename_player(1, "Ø.")  # all three again
    # Game 2 gives seat 2 the name seat 1 is about to take: there it stays as it is.
    Game.objects.get(pk=games[0].pk).rename_player(2, "Cato")  # unchanged: no-op
    other = Game.objects.get(pk=games[1].pk)
    other.players.filter(position=2).update(name="Øyvind")
    change = Game.objects.get(pk=games[0].pk).rename_player(1, "Øyvind")
    assert change.result is Result.SAVED
    assert names(games[0]) == ["Anna", "Øyvind", "Cato"]
    assert names(games[1]) == ["Anna", "Ø.", "Øyvind"]  # taken there: left alone
    assert names(games[2]) == ["Anna", "Øyvind", "Cato"]


@pytest.mark.django_db
def test_a_game_of_another_series_is_never_touched():
    ours, theirs = evening(2), evening(1)
    Game.objects.get(pk=ours[0].pk).rename_player(1, "Øivind")
    assert names(theirs[0]) == NAMES
    assert not NameChange.objects.filter(game=theirs[0]).exists()
