"""The scorepad's conventions for ties, crossing the threshold and the deal."""

from decimal import Decimal

import pytest
from hypothesis import given
from hypothesis import strategies as st

from rules.engine.game import FixedRounds, LossThreshold
from rules.games.ghost import cards
from scorepad.logic import scoring
from scorepad.logic.scoring import dealer_for_round, finished, outcome

D = Decimal


def rounds(*rows):
    return [[D(str(v)) for v in row] for row in rows]


def test_running_totals_and_round_winner():
    result = outcome(2, rounds([3.5, 12], [10, 2]), 21)
    assert result.running == rounds([3.5, 12], [13.5, 14])
    assert result.round_winners == [[0], [1]]
    assert not result.finished


def test_round_tie_shares_the_win():
    result = outcome(3, rounds([5, 5, 9]), 21)
    assert result.round_winners == [[0, 1]]


def test_first_to_reach_the_threshold_loses():
    result = outcome(2, rounds([10, 3], [11, 4]), 21)
    assert result.finished_after == 2
    assert result.losers == [0]
    assert result.winners == [1]


def test_reaching_exactly_the_threshold_loses():
    result = outcome(2, rounds([21, 0.5]), 21)
    assert result.losers == [0]


def test_several_crossing_at_once_highest_loses():
    result = outcome(3, rounds([15, 15, 2], [8, 10, 3]), 21)
    assert result.finished_after == 2
    assert result.losers == [1]  # 25 beats 23


def test_equal_highest_totals_share_the_loss():
    result = outcome(3, rounds([15, 15, 2], [9, 9, 3]), 21)
    assert result.losers == [0, 1]
    assert result.winners == [2]


def test_single_round_lowest_wins():
    result = outcome(2, rounds([7, 12.5]), None)
    assert result.finished and result.finished_after == 1
    assert result.winners == [0]
    assert result.losers == []


def test_single_round_tie_shares_the_win():
    assert outcome(3, rounds([4, 4, 30]), None).winners == [0, 1]


def test_threshold_of_one_ends_at_the_first_point():
    result = outcome(2, rounds([0.5, 0.5]), 1)
    assert not result.finished
    result = outcome(2, rounds([0.5, 0.5], [0.5, 0]), 1)
    assert result.finished_after == 2 and result.losers == [0]


def test_rounds_after_the_decision_do_not_change_it():
    result = outcome(2, rounds([25, 1], [0, 40]), 21)
    assert result.finished_after == 1 and result.losers == [0]


def test_distance_to_threshold():
    result = outcome(2, rounds([3.5, 22]), 21)
    assert result.distance(0) == D("17.5")
    assert result.distance(1) == 0


def test_deal_passes_round_the_table():
    assert [dealer_for_round(0, r, 2) for r in range(4)] == [0, 1, 0, 1]
    assert [dealer_for_round(2, r, 3) for r in range(4)] == [2, 0, 1, 2]
    result = outcome(3, rounds([1, 2, 3]), 21, first_dealer=2)
    assert result.next_dealer == 0 and result.next_starter == 1


# Every total a hand can make, in any variant with either jack: what a round may hold.
ANY_TOTAL = st.sampled_from(
    sorted(
        set().union(
            *(
                cards.possible_totals(variant, jack)
                for variant in cards.VARIANTS.values()
                for jack in cards.JACK_VALUES
            )
        )
    )
)


@given(
    players=st.integers(2, 6),
    data=st.data(),
    threshold=st.one_of(st.none(), st.integers(1, 500)),
)
def test_finished_agrees_with_the_outcome(players, data, threshold):
    """A change asks only whether the game is decided; its shortcut must never differ."""
    played = data.draw(
        st.lists(st.lists(ANY_TOTAL, min_size=players, max_size=players), max_size=40)
    )
    assert finished(played, threshold) == outcome(players, played, threshold).finished


def test_finished_at_the_edges():
    assert not finished([], 21)
    assert not finished([], None)
    assert finished(rounds([0, 0]), None)  # a single round: decided by being played
    assert finished(rounds([10, 3], [11, 4]), 21)  # reached exactly
    assert not finished(rounds([10, 3], [10.5, 4]), 21)


# ------------------------------------------------------------------ from the totals kept


@pytest.mark.parametrize(
    ("ending", "players", "rounds"),
    [
        (FixedRounds(2, extra_round=True), 3, [[3, 4, 1], [4, 3, 9], [5, 2, None]]),
        (FixedRounds(2, extra_round=True), 3, [[3, 4, 1], [4, 3, 1]]),
        (FixedRounds(2), 2, [[3, 4], [4, 3]]),
        (LossThreshold(21), 2, [[3, 4], [4, 5], [11, 13]]),
        (LossThreshold(None), 2, [[3, 4]]),
    ],
)
def test_the_totals_kept_answer_as_the_whole_board_does(ending, players, rounds):
    """A change asks the board's kept totals (scorepad/models/reading.py, `Board`) what
    the whole board would answer: whether the game is decided, and whether a round fits
    as the next one, for every round in turn and for a round that does not fit."""
    points = [[None if p is None else Decimal(p) for p in r] for r in rounds]
    totals = scoring.counted_totals(players, [], ending)
    for number, round_points in enumerate(points, start=1):
        board = points[:number]
        assert scoring.fits_next(totals, number, round_points, ending)
        misfit = [Decimal(1) if p is None else None for p in round_points]
        assert not scoring.fits_next(totals, number, misfit, ending)
        assert scoring.misfit(players, [*points[: number - 1], misfit], ending) == number
        totals = scoring.plus_round(totals, number, round_points, ending)
        assert totals == scoring.counted_totals(players, board, ending)
        assert scoring.finished(board, ending, totals) == scoring.finished(board, ending)
        assert list(totals) == scoring.outcome(players, board, ending).totals
