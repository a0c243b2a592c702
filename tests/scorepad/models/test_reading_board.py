"""The board a change decides on keeps its counted totals (scorepad/models/reading.py,
`Board`) and hands them on to the board a new round makes: a round's work does not grow
with the rounds before it. Counted in calls of the functions that walk every round,
never in time."""

from decimal import Decimal

import pytest
from django.core.cache import caches

from rules.engine.game import FixedRounds
from scorepad import models
from scorepad.logic import scoring
from scorepad.models import Game
from scorepad.models.reading import Board, held_weight
from tests.conftest import enter, make_game, play_rounds, url

pytestmark = pytest.mark.django_db


@pytest.fixture
def walks(monkeypatch):
    """The calls of what walks a whole board: counted totals and the misfit search."""
    calls = []
    for name in ("counted_totals", "misfit"):
        original = getattr(scoring, name)

        def counted(*args, _name=name, _original=original, **kwargs):
            calls.append(_name)
            return _original(*args, **kwargs)

        monkeypatch.setattr(scoring, name, counted)
    return calls


def kept_board(game) -> Board:
    game = Game.objects.get(pk=game.pk)
    return models.boards().get(game.board_key())


@pytest.mark.parametrize("played", [0, 98])
def test_round_entry_walks_no_board_at_any_round(client, walks, played):
    """Round 1, 99 and 100 alike: after the page (the board as the last change left
    it), entering the next round adds it to the totals kept, and walks no board."""
    game = make_game(threshold=500)
    play_rounds(game, played)
    client.get(url("game", game))
    walks.clear()
    for number in (played + 1, played + 2):
        response = enter(client, game, 3, 5, number=number)
        assert response.status_code == 302
        client.get(response["Location"])
    assert walks == []
    assert Game.objects.get(pk=game.pk).live_rounds[-1].number == played + 2


def test_a_board_read_afresh_works_its_totals_out_once(client, walks):
    game = make_game(threshold=500)
    play_rounds(game, 5)
    for alias in ("default", "boards"):  # a process that has never seen the game
        caches[alias].clear()
    enter(client, game, 3, 5, number=6)
    enter(client, game, 3, 5, number=7)
    assert walks == ["counted_totals"]


def test_the_totals_and_weight_carried_are_those_worked_out_afresh(client):
    game = make_game(names=("Anna", "Bo", "Cleo"), threshold=500)
    for number in range(1, 5):
        enter(client, game, 3, 5, 8, number=number)
        board = kept_board(game)
        fresh = Game.objects.get(pk=game.pk).read_board()
        assert isinstance(board, Board) and board == fresh
        ending = Game.objects.get(pk=game.pk).ending()
        worked_out = scoring.counted_totals(3, [r.points for r in fresh], ending)
        assert board.counted == (ending, worked_out)
        assert board.totals(3, ending) == tuple(Decimal(p * number) for p in (3, 5, 8))
        assert held_weight(board) == held_weight(tuple(fresh))


def test_a_game_decided_is_refused_from_the_totals_kept(client):
    game = make_game(threshold=21)
    for number in range(1, 6):  # Bo at 25: decided in the fifth round
        assert enter(client, game, 3, 5, number=number).status_code == 302
    client.get(url("game", game))
    refused = enter(client, game, 3, 5, number=6)
    assert refused.status_code == 409 and Game.objects.get(pk=game.pk).finished()


def test_totals_kept_for_another_ending_are_worked_out_again():
    """A board asked with another ending (a test's, or a table read anew) never answers
    with the totals of the first."""
    rounds = Board(
        models.LiveRound(pk=n, number=n, points=(Decimal(1), Decimal(2)), cards=("", ""))
        for n in (1, 2, 3)
    )
    assert rounds.totals(2, FixedRounds(2)) == (Decimal(2), Decimal(4))
    assert rounds.totals(2, FixedRounds(3)) == (Decimal(3), Decimal(6))
