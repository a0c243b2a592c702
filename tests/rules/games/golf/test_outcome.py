"""The course of a Golf game and the caller penalty (rules/games/golf/outcome.py): cases
computed by hand, and properties."""

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.games.golf.outcome import apply_caller_penalty, dealer_for_hole, golf_outcome

# ------------------------------------------------------------------ the caller penalty


def test_a_caller_with_the_lowest_score_changes_nothing():
    result = apply_caller_penalty([3, 7, 5], caller=0)
    assert result.scores == (3, 7, 5)
    assert not result.applied and result.added == 0


def test_a_caller_tied_for_the_lowest_changes_nothing():
    assert apply_caller_penalty([3, 3, 9], caller=1).scores == (3, 3, 9)


def test_a_caller_above_the_lowest_takes_the_lowest_score():
    # The lowest (4) writes 0; the caller adds those 4 to their 9.
    result = apply_caller_penalty([4, 9, 12], caller=1)
    assert result.scores == (0, 13, 12)
    assert result.zeroed == (0,)
    assert result.added == 4


def test_tied_lowest_players_all_write_zero_and_the_caller_adds_it_once():
    result = apply_caller_penalty([4, 4, 12], caller=2)
    assert result.scores == (0, 0, 16)
    assert result.zeroed == (0, 1)


@pytest.mark.parametrize("raw", [[0, 5], [-3, 8], [-5, -1]])
def test_a_lowest_score_of_zero_or_below_stands(raw):
    result = apply_caller_penalty(raw, caller=1)
    assert result.scores == tuple(raw)
    assert not result.applied


def test_the_caller_must_be_a_player():
    with pytest.raises(ValueError):
        apply_caller_penalty([1, 2], caller=2)


@settings(max_examples=200, deadline=None)
@given(st.lists(st.integers(-20, 60), min_size=2, max_size=12), st.data())
def test_the_penalty_never_punishes_the_best_hole(raw, data):
    caller = data.draw(st.integers(0, len(raw) - 1))
    result = apply_caller_penalty(raw, caller)
    best = min(raw)
    for player, (before, after) in enumerate(zip(raw, result.scores, strict=True)):
        if player == caller:
            assert after == before + result.added and after >= before
        elif before == best:
            assert after <= before  # the best hole is never made worse
        else:
            assert after == before
    if raw[caller] == best or best <= 0:
        assert result.scores == tuple(raw)


# ------------------------------------------------------------------ the outcome


def test_totals_leader_and_gap_during_play():
    result = golf_outcome(3, [[3, 5, -2], [0, 4, 6]])
    assert result.totals == [3, 9, 4]
    assert result.leaders == [0]
    assert [result.gap(p) for p in range(3)] == [0, 6, 1]
    assert result.hole_winners == [[2], [0]]
    assert not result.finished and result.winners == []


def test_after_the_last_hole_the_lowest_total_wins():
    result = golf_outcome(3, [[3, 5, -2], [0, 4, 6], [7, -1, 2]], number_of_holes=3)
    assert result.totals == [10, 8, 6]
    assert result.winners == [2]
    assert result.finished_after == 3


def test_a_tie_at_the_end_is_shared_by_default():
    result = golf_outcome(2, [[5, 3], [1, 3]], number_of_holes=2)
    assert result.winners == [0, 1]
    assert result.finished


def test_with_the_extra_hole_only_the_tied_players_play_it():
    holes = [[5, 9, 3], [1, 0, 3]]  # totals 6, 9, 6
    pending = golf_outcome(3, holes, number_of_holes=2, extra_hole=True)
    assert pending.extra_hole_pending and not pending.finished
    assert pending.extra_players == [0, 2]
    assert pending.next_dealer == 2  # dealer 0, then 1, then 2 deals the extra hole
    assert pending.next_starter == 0
    decided = golf_outcome(3, [*holes, [4, None, 2]], number_of_holes=2, extra_hole=True)
    assert decided.winners == [2]
    assert decided.finished_after == 3
    assert decided.totals == [6, 9, 6]  # the extra hole decides, it adds to no total


def test_tied_again_after_the_extra_hole_is_shared():
    result = golf_outcome(3, [[5, 9, 3], [1, 0, 3], [3, None, 3]], 2, extra_hole=True)
    assert result.winners == [0, 2]
    assert result.finished


def test_the_starter_of_the_extra_hole_is_the_first_tied_player_left_of_the_dealer():
    # totals 4, 4, 9, 4: dealer of hole 3 is seat 2; seat 3 is tied and starts
    result = golf_outcome(4, [[1, 2, 4, 3], [3, 2, 5, 1]], 2, extra_hole=True)
    assert result.extra_players == [0, 1, 3]
    assert result.next_dealer == 2
    assert result.next_starter == 3


@pytest.mark.parametrize(
    "holes, extra",
    [
        ([[5, 3], [1, 3], [2, 1]], False),  # no extra hole without the house rule
        ([[5, 3], [1, 2], [2, 1]], True),  # nor without a tie
        ([[5, 3, 6], [1, 3, 1], [2, 1, 1]], True),  # only the tied players play it
        ([[5, 3], [1, 3], [2, 2], [1, 0]], True),  # one extra hole at most
        ([[5, None], [1, 3]], True),  # every player plays every agreed hole
        ([[5, 3, 1], [1, 3]], False),  # a score for each player
    ],
)
def test_impossible_courses_are_refused(holes, extra):
    with pytest.raises(ValueError):
        golf_outcome(len(holes[-1]), holes, number_of_holes=2, extra_hole=extra)


def test_the_deal_passes_left_each_hole():
    assert [dealer_for_hole(2, i, 4) for i in range(5)] == [2, 3, 0, 1, 2]
    result = golf_outcome(4, [[1, 2, 3, 4]] * 3, first_dealer=2)
    assert result.next_dealer == 1
    assert result.next_starter == 2


@settings(max_examples=200, deadline=None)
@given(
    st.integers(2, 12).flatmap(
        lambda n: st.lists(st.lists(st.integers(-10, 60), min_size=n, max_size=n), max_size=9)
    ),
    st.booleans(),
)
def test_the_outcome_adds_up(holes, extra):
    if not holes:
        return
    players = len(holes[0])
    result = golf_outcome(players, holes, number_of_holes=9, extra_hole=extra)
    assert result.totals == [sum(column) for column in zip(*holes, strict=True)]
    assert all(result.gap(p) >= 0 for p in range(players))
    assert {p for p in range(players) if result.gap(p) == 0} == set(result.leaders)
    assert result.finished == (len(holes) == 9 and not result.extra_hole_pending)
    assert set(result.winners) <= set(result.leaders)
    if result.extra_hole_pending:
        assert extra and len(result.leaders) > 1
