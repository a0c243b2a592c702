"""A rename across a long series is written in steps (`RENAME_STEP` games a transaction,
scorepad/models/changes.py), so it never holds the database's write lock for the whole
evening; a game renamed from another phone between two steps keeps its own name."""

import pytest
from django.db import connection

from scorepad.models import Game, NameChange, Result, changes
from tests.conftest import fresh

pytestmark = pytest.mark.django_db(transaction=True)

NAMES = ["Anna", "Øyvind", "Cato"]
STEP = 4


def evening(games: int) -> list[Game]:
    played = [Game.create_with_players(NAMES, threshold=21)]
    for _ in range(1, games):
        change = Game.objects.get(pk=played[-1].pk).rematch()
        assert change.result is Result.SAVED
        played.append(change.game)
    return played


@pytest.fixture
def commits(monkeypatch):
    """The history's lines written by each transaction, in order."""
    monkeypatch.setattr(changes, "RENAME_STEP", STEP)
    written = []
    commit = connection.commit

    def counted():
        lines = NameChange.objects.count()  # inside the transaction, before it ends
        commit()
        written.append(lines - sum(written))

    monkeypatch.setattr(connection, "commit", counted)
    return written


def test_a_long_series_is_renamed_a_step_at_a_time(commits):
    games = evening(11)
    commits.clear()
    change = Game.objects.get(pk=games[5].pk).rename_player(1, "Øivind")
    assert change.result is Result.SAVED
    assert [n for n in commits if n] == [1, 4, 4, 2]  # its own game, then 10 in steps
    for game in games:
        assert [p.name for p in fresh(game).player_list] == ["Anna", "Øivind", "Cato"]


def test_a_game_renamed_between_two_steps_keeps_its_name(monkeypatch):
    monkeypatch.setattr(changes, "RENAME_STEP", STEP)
    games = evening(9)
    last = games[-1]
    real = changes._rename
    meanwhile = []

    def rename_then_another_phone(model, renamed, old, name, now):
        real(model, renamed, old, name, now)
        if len(meanwhile) == 1:  # after the first step of the series
            Game.objects.filter(pk=last.pk).first().players.filter(position=1).update(
                name="Ø. from another phone"
            )
        meanwhile.append(len(renamed))

    monkeypatch.setattr(changes, "_rename", rename_then_another_phone)
    Game.objects.get(pk=games[0].pk).rename_player(1, "Øivind")
    assert meanwhile == [1, 4, 3]  # the last step found its last game changed
    assert [p.name for p in fresh(last).player_list][1] == "Ø. from another phone"
    assert [p.name for p in fresh(games[4]).player_list][1] == "Øivind"
