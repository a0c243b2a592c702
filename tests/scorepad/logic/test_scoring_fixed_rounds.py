"""Golf's course in the scorepad's pure logic: a set number of holes with an extra one for
the tied (rules.game.FixedRounds through scoring.outcome), and the chart of running totals
below zero with no threshold line (logic/chart.py)."""

from decimal import Decimal

import pytest

from rules.engine.game import FixedRounds, LossThreshold
from scorepad.logic import chart, scoring


def fmt(value):
    return str(value)


def test_fixed_rounds_without_the_extra_round_ends_on_the_last():
    ending = FixedRounds(2)
    result = scoring.outcome(2, [[3, 4], [4, 3]], ending)
    assert result.finished_after == 2 and result.winners == [0, 1]
    assert scoring.finished([[3, 4], [4, 3]], ending)


def test_fixed_rounds_with_the_extra_round_waits_for_it():
    ending = FixedRounds(2, extra_round=True)
    rounds = [[3, 4, 1], [4, 3, 9]]
    result = scoring.outcome(3, rounds, ending)
    assert not result.finished and result.playing == [0, 1]
    assert not scoring.finished(rounds, ending)
    rounds.append([5, 2, None])
    result = scoring.outcome(3, rounds, ending)
    assert result.finished_after == 3 and result.winners == [1]
    assert result.totals == [7, 7, 10] and result.round_winners[-1] == [1]
    assert scoring.finished(rounds, ending)


def test_no_extra_round_without_a_tie():
    ending = FixedRounds(1, extra_round=True)
    result = scoring.outcome(2, [[3, 4]], ending)
    assert result.finished and result.winners == [0] and result.playing is None


@pytest.mark.parametrize(
    ("rounds", "first_misfit"),
    [
        ([[3, 4, 1], [4, 3, 9], [5, 2, None]], None),  # the tied two play the extra hole
        ([[3, 4, 1], [4, 3, 9], [5, 2, 7]], 3),  # the third does not play it
        ([[3, 4, 1], [4, 3, 6], [5, 2, None]], 3),  # three tied now: the third must play
        ([[3, 4, 1], [4, 3, 1], [5, 2, 7]], 3),  # no tie: no extra hole at all
        ([[3, 4, 1], [4, None, 9]], 2),  # a hole that counts is everyone's
        ([[3, 4, 1], [4, 3, 9], [5, 2, None], [1, 1, None]], 4),  # one extra hole at most
    ],
)
def test_a_misfit_is_the_first_round_without_exactly_its_players(rounds, first_misfit):
    ending = FixedRounds(2, extra_round=True)
    points = [[None if p is None else Decimal(p) for p in hole] for hole in rounds]
    assert scoring.misfit(3, points, ending) == first_misfit


def test_every_round_of_ghost_is_everyones():
    assert scoring.misfit(2, [[Decimal(3), Decimal(25)], [Decimal(1), Decimal(0)]], 21) is None
    assert scoring.misfit(2, [[Decimal(3), None]], 21) == 1


def test_an_extra_hole_a_tied_player_sat_out_names_only_who_played_it():
    """A board entered before the scorepad refused such changes still has an outcome (the
    page shows it, and the extra hole can be undone)."""
    ending = FixedRounds(2, extra_round=True)
    rounds = [[3, 4, 1], [4, 3, 6], [5, 2, None]]  # three tied, the third sat it out
    result = scoring.outcome(3, rounds, ending)
    assert result.finished_after == 3 and result.winners == [1]


def test_ghost_outcome_is_as_before():
    result = scoring.outcome(2, [[10, 5], [12, 3]], LossThreshold(21))
    assert result.losers == [0] and result.winners == [1] and result.playing is None
    assert result.next_starter == (result.next_dealer + 1) % 2


def test_the_chart_goes_below_zero_with_no_threshold_line():
    running = [[Decimal(-4), Decimal(3)], [Decimal(-9), Decimal(12)]]
    drawn = chart.course(["Anna", "Bo"], running, None, fmt)
    assert drawn.threshold_y is None
    assert drawn.bottom_value < 0 <= drawn.top_value
    assert drawn.bottom_value <= -9 and drawn.top_value >= 12
    values = [int(label) for _y, label in drawn.y_ticks]
    assert min(values) < 0 < max(values) and 0 in values
    # every point inside the plot, the lowest total lowest
    ys = [y for line in drawn.lines for _x, y in line.points]
    assert all(drawn.top <= y <= drawn.bottom for y in ys)
    anna_end, bo_end = drawn.lines[0].end[1], drawn.lines[1].end[1]
    assert anna_end > drawn.y(0) > bo_end


@pytest.mark.parametrize("totals", [[3, 12], [0, 21], [7.5, 19]])
def test_a_chart_without_negative_totals_starts_at_zero(totals):
    running = [[Decimal(str(t)) for t in totals]]
    drawn = chart.course(["Anna", "Bo"], running, 21, fmt)
    assert drawn.bottom_value == 0
    assert drawn.y(0) == drawn.bottom
