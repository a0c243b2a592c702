"""The chart's geometry (scorepad/logic/chart.py): lines that end at the totals, told apart
by marker and dash, names that never overlap, at most ten rounds numbered."""

from decimal import Decimal

import pytest

from rules import words
from scorepad.logic import chart
from tests.conftest import make_game, play

pytestmark = pytest.mark.django_db
D = Decimal


# ------------------------------------------------------------------ the chart


def test_each_line_ends_at_its_players_total_and_the_threshold_line_at_the_threshold():
    game = play(make_game(("Anna", "Bo", "Cy")), (3, 5, 9), (7.5, 2, 4), (1, 12, 0))
    result = game.outcome()
    drawn = game.course(words.points_formatter("en"))
    assert drawn.rounds == 3
    for line, total in zip(drawn.lines, result.totals, strict=True):
        assert len(line.points) == 3  # one point per live round
        assert line.total == total
        assert line.end[1] == pytest.approx(drawn.y(total))
        assert line.end[0] == pytest.approx(drawn.right)
    assert drawn.threshold_y == pytest.approx(drawn.y(21))
    assert drawn.top <= drawn.threshold_y <= drawn.bottom
    assert [n for _x, n in drawn.x_ticks] == [1, 2, 3]


def test_the_lines_differ_by_marker_and_dash_as_well_as_colour():
    names = [f"Player {i}" for i in range(10)]
    drawn = chart.course(names, [[D(i) for i in range(10)]], 21, str)
    looks = {(line.shape, line.dash) for line in drawn.lines}
    assert len(looks) == 10
    assert len({line.shape for line in drawn.lines[:6]}) == 6


def test_names_at_the_line_ends_never_overlap():
    names = ["Anna", "Bo", "Cy", "Dag", "Eve", "Frøydis Margrethe"]
    drawn = chart.course(names, [[D(20)] * 6, [D(21)] * 6], 21, str)
    baselines = sorted(line.label_y for line in drawn.lines)
    gaps = [b - a for a, b in zip(baselines, baselines[1:], strict=False)]
    assert min(gaps) >= chart.LABEL_GAP - 0.01
    assert drawn.top <= baselines[0] and baselines[-1] <= drawn.bottom + 4
    assert drawn.lines[-1].label == "Frøydis…"


def test_long_games_number_at_most_ten_rounds_and_always_the_last():
    drawn = chart.course(["A", "B"], [[D(n), D(0)] for n in range(1, 38)], 500, str)
    numbers = [n for _x, n in drawn.x_ticks]
    assert len(numbers) <= 11 and numbers[0] == 1 and numbers[-1] == 37


def test_no_chart_before_the_first_round():
    assert make_game().load_board().course(str) is None


def test_a_label_is_cut_to_what_fits_with_an_ellipsis():
    def fits(text):
        return len(text) <= 6

    assert chart.cut_to("Kari", fits) == "Kari"
    assert chart.cut_to("Ola Nordmann", fits) == "Ola N…"
    assert chart.cut_to("Ola Nordmann", lambda text: len(text) <= 5) == "Ola…"  # no space
    assert chart.cut_to("Anne-Marthe", fits) == "Anne-…"
    assert chart.cut_to("Anne", lambda text: False) == "…"
