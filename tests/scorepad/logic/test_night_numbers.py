"""The game night as numbers: renaming, the evening's series, statistics across games, the
chart's geometry and the result picture, at the model level (the pages are tested in
test_game_night_pages.py)."""

import io
from decimal import Decimal

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext
from PIL import Image

from rules import words
from scorepad.logic import chart, stats
from scorepad.logic.names import same_name_key
from scorepad.models import Game, NameChange, Result
from scorepad.pages import result_picture as picture
from tests.conftest import fresh, make_game, play

pytestmark = pytest.mark.django_db
D = Decimal


# ------------------------------------------------------------------ renaming


def test_a_rename_keeps_every_score_and_notes_the_old_name():
    game = play(make_game(("Anna", "Bo")), (3, 5), (7, 2))
    before = [r.points for r in game.live_rounds]
    change = game.rename_player(1, "Bodil")
    assert change.result is Result.SAVED and change.name == "Bo"
    game = fresh(game)
    assert [p.name for p in game.player_list] == ["Anna", "Bodil"]
    assert [r.points for r in game.live_rounds] == before
    assert list(NameChange.objects.values_list("old", "new")) == [("Bo", "Bodil")]
    assert game.version == 3  # two rounds and the rename: the watch poll sees it


def test_a_rename_shows_at_once_although_players_are_cached():
    game = make_game(("Anna", "Bo"))
    Game.objects.get(pk=game.pk).load_players()  # fills the cache
    game.rename_player(0, "Ann")
    assert [p.name for p in fresh(game).player_list] == ["Ann", "Bo"]


@pytest.mark.parametrize("taken", ["Bo", "BO", "ｂｏ"])
def test_a_name_another_player_has_is_refused(taken):
    game = make_game(("Anna", "Bo"))
    change = game.rename_player(0, taken)
    assert change.result is Result.TAKEN
    assert [p.name for p in fresh(game).player_list] == ["Anna", "Bo"]
    assert not NameChange.objects.exists()


def test_the_same_name_again_changes_nothing():
    game = make_game(("Anna", "Bo"))
    assert game.rename_player(0, "Anna").result is Result.ALREADY_SAVED
    assert fresh(game).version == 0


def test_a_seat_the_table_does_not_have_is_gone():
    assert make_game(("Anna", "Bo")).rename_player(5, "Cy").result is Result.GONE


# ------------------------------------------------------------------ the series


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


# ------------------------------------------------------------------ statistics


def direct_statistics(games):
    """Each game loaded on its own and counted by hand: what the statistics must equal."""
    rows = {}
    for game in games:
        game = fresh(game)
        result = game.outcome()
        if not result.rounds:
            continue
        for seat, player in enumerate(game.player_list):
            row = rows.setdefault(same_name_key(player.name), {"points": []} | dict.fromkeys(
                ("games", "lost", "won", "rounds_won"), 0
            ))  # fmt: skip
            row["games"] += 1
            row["points"] += [r.points[seat] for r in game.live_rounds]
            row["rounds_won"] += sum(seat in w for w in result.round_winners)
            row["lost"] += result.finished and seat in result.losers
            row["won"] += result.finished and seat in result.winners
    return rows


def test_statistics_equal_a_direct_count_over_the_same_games():
    games = [
        play(make_game(("Anna", "Bo", "Cy"), threshold=21), (1, 1, 1), (3, 5, 22)),
        play(make_game(("anna", "Bo"), threshold=21), (10.5, 3), (11, 2)),  # anna loses
        play(make_game(("Anna", "Dag")), (4, 6)),  # under way
        play(make_game(("Bo", "Dag"), threshold=None), (7, 7)),  # a single round, shared
        make_game(("Eve", "Bo")),  # no round yet: not counted
    ]
    tokens = [g.edit_token for g in reversed(games)]  # My games: newest first
    with CaptureQueriesContext(connection) as queries:
        found = Game.objects.statistics(tokens)
    assert len(queries) == 3
    expected = direct_statistics(games)
    assert {same_name_key(r.name) for r in found} == set(expected)
    for row in found:
        want = expected[same_name_key(row.name)]
        assert row.games == want["games"]
        assert row.lost == want["lost"] and row.won == want["won"]
        assert row.rounds_won == want["rounds_won"]
        assert row.rounds == len(want["points"])
        assert row.best == min(want["points"]) and row.worst == max(want["points"])
        mean = sum(want["points"]) / len(want["points"])
        assert abs(row.average - mean) <= D("0.05")
    anna = next(r for r in found if r.name.casefold() == "anna")
    assert anna.name == "Anna"  # as the newest game spells it
    # Anna's finished games, newest first: lost (the second game), won (the first)
    assert (anna.streak, anna.streak_length) == (stats.Streak.LOST, 1)
    bo = next(r for r in found if r.name == "Bo")
    # Bo: won the single round (shared), won the second game, neither in the first
    assert (bo.streak, bo.streak_length) == (stats.Streak.WON, 2)


def test_statistics_cost_the_same_queries_for_thirty_games():
    games = [play(make_game(("Anna", "Bo")), (3, 5), (7, 2)) for _ in range(30)]
    with CaptureQueriesContext(connection) as queries:
        (anna, bo) = Game.objects.statistics([g.edit_token for g in games])
    assert len(queries) == 3
    assert anna.games == 30 and anna.rounds == 60 and anna.rounds_won == 30


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


# ------------------------------------------------------------------ the picture


def picture_of(game, language="en"):
    game = fresh(game)
    fmt = words.points_formatter(language)
    result = game.outcome()
    standings = [
        picture.Standing(p.name, fmt(t), "", i in result.losers)
        for i, (p, t) in enumerate(zip(game.player_list, result.totals, strict=True))
    ]
    return picture.result_png(
        "Ghost", "1 December 2026", standings, game.course(fmt), "21", "round"
    )


def test_the_picture_is_a_png_of_the_stated_size_and_follows_the_game():
    game = play(make_game(("Anna", "Bo")), (3, 5), (19, 2))
    first = picture_of(game)
    image = Image.open(io.BytesIO(first))
    assert image.format == "PNG" and image.size == picture.SIZE
    fresh(game).rename_player(1, "Bodil")
    assert picture_of(game) != first
