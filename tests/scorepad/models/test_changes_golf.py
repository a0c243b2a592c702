"""A game of Golf on the model (scorepad/models): its table from its columns, the hole
scores it takes, its end after the agreed holes, the extra hole for the tied, the caller
penalty kept as written and as counted, and a rematch with the same table."""

from decimal import Decimal

import pytest

from rules.games.golf import cards, outcome, scoring
from scorepad.logic import stats
from scorepad.models import Game, Result, Round, Score

pytestmark = pytest.mark.django_db


def golf(names=("Anna", "Bo", "Cy"), **table):
    return Game.create_with_players(list(names), game="golf", **table)


def hole(game, *points, caller=None, written=()):
    game = Game.objects.get(pk=game.pk)
    change = game.add_round(
        game.next_number,
        [None if p is None else Decimal(p) for p in points],
        [""] * len(points),
        caller=caller,
        written=[Decimal(w) for w in written],
    )
    assert change.result is Result.SAVED, change
    return Game.objects.get(pk=game.pk)


def test_the_table_comes_from_the_columns():
    game = golf(variant="nine_card", jokers="minus_five", caller_penalty=True, holes=5)
    assert game.rules.key == "golf"
    assert game.house == cards.GolfHouse(
        "nine_card", jokers="minus_five", caller_penalty=True, holes=5
    )
    assert game.ending().rounds == 5


def test_a_ghost_game_keeps_its_own_table():
    game = Game.create_with_players(["Anna", "Bo"], threshold=21)
    assert game.rules.key == "ghost"
    assert game.pad.key == "ghost"
    assert game.ending().threshold == 21


@pytest.mark.parametrize(
    ("table", "players"),
    [
        ({"variant": "six_card"}, 3),
        ({"variant": "four_card", "jokers": "pagat"}, 6),
        ({"variant": "six_card", "four_of_a_kind": "square"}, 2),
        ({"variant": "nine_card", "jokers": "minus_five"}, 10),
    ],
)
def test_possible_scores_are_the_rules_for_this_many_players(table, players):
    game = golf([f"P{i}" for i in range(players)], **table)
    house = cards.GolfHouse(**table)
    expected = scoring.possible_hole_scores(house, players)
    assert game.possible_totals() == frozenset(Decimal(s) for s in expected)


def test_six_card_golf_with_one_deck_takes_minus_six_to_sixty():
    game = golf()
    assert game.possible_totals() == frozenset(Decimal(s) for s in range(-6, 61))


def test_the_game_ends_after_the_agreed_holes_lowest_total_wins():
    game = golf(holes=2)
    game = hole(game, 4, -2, 7)
    assert not game.finished()
    game = hole(game, 3, 6, -1)
    result = game.outcome()
    assert game.finished() and result.finished_after == 2
    assert result.totals == [7, 4, 6] and result.winners == [1] and result.losers == []
    refused = game.add_round(3, [Decimal(1)] * 3, [""] * 3)
    assert refused.result is Result.GAME_OVER


def test_a_tie_is_shared_without_the_extra_hole_rule():
    game = hole(hole(golf(holes=2), 4, 3, 9), 1, 2, 0)
    result = game.outcome()
    assert result.finished and result.winners == [0, 1]


def test_with_the_extra_hole_only_the_tied_play_it_and_it_is_not_added():
    game = hole(hole(golf(holes=2, extra_hole=True), 4, 3, 9), 1, 2, 0)
    assert not game.finished()
    assert game.playing_in(3) == [0, 1]
    assert game.outcome().playing == [0, 1]
    game = hole(game, 6, 2, None)
    result = game.outcome()
    assert result.finished and result.finished_after == 3
    assert result.winners == [1]
    assert result.totals == [5, 5, 9]  # the extra hole decides; it adds nothing
    # the same as the rules' own account of a game of Golf
    rules = outcome.golf_outcome(3, [[4, 3, 9], [1, 2, 0], [6, 2, None]], 2, extra_hole=True)
    assert rules.winners == result.winners and rules.totals == result.totals
    # the player who did not play the extra hole has no score row for it
    extra = Round.objects.get(game=game, number=3)
    assert Score.objects.filter(round=extra).count() == 2
    assert game.read_board()[-1].points == (Decimal(6), Decimal(2), None)


def test_tied_again_at_the_extra_hole_is_shared():
    game = hole(hole(golf(holes=1, extra_hole=True), 2, 2, 5), 3, 3, None)
    assert game.outcome().winners == [0, 1]


def test_the_deal_passes_left_each_hole_and_the_next_player_starts():
    game = golf(first_dealer=2)
    assert game.outcome().next_dealer == 2 and game.outcome().next_starter == 0
    game = hole(game, 1, 2, 3)
    assert game.outcome().next_dealer == 0 and game.outcome().next_starter == 1


def test_at_the_extra_hole_the_first_tied_player_after_the_dealer_starts():
    # after two holes the deal is back with seat 2; seat 0 is not tied, so seat 1 starts
    game = hole(hole(golf(holes=2, extra_hole=True, first_dealer=0), 9, 3, 3), 0, 1, 1)
    result = game.outcome()
    assert result.playing == [1, 2]
    assert result.next_dealer == 2 and result.next_starter == 1


def test_the_caller_penalty_is_kept_as_written_and_as_counted():
    game = golf(caller_penalty=True)
    written = [5, 2, 8]
    penalty = outcome.apply_caller_penalty(written, 2)
    game = hole(game, *penalty.scores, caller=2, written=written)
    live = game.live_rounds[0]
    assert live.points == (Decimal(5), Decimal(0), Decimal(10))
    assert live.written == (Decimal(5), Decimal(2), Decimal(8))
    assert live.caller == 2
    assert game.read_board() == game.live_rounds
    assert game.outcome().totals == [5, 0, 10]


def test_gap_to_the_lead():
    game = hole(golf(), 4, -2, 7)
    result = game.outcome()
    assert [result.gap(i) for i in range(3)] == [6, 0, 9]


def test_a_rematch_is_golf_at_the_same_table():
    game = golf(variant="four_card", jokers="pagat", caller_penalty=True, extra_hole=True, holes=3)
    change = game.rematch()
    new = change.game
    assert new.game == "golf" and new.house == game.house
    assert new.first_dealer == 1 and new.series == game.series


def test_statistics_leave_a_player_who_sat_out_the_extra_hole_out_of_it():
    """Issue 35: a blank on the extra hole was read as a 0, so Cy "won" a hole he never
    played, and his average and best hole fell; Ada, who won both holes, had 1 / 2."""
    game = golf(("Ada", "Bo", "Cy"), extra_hole=True, holes=1)
    game = hole(game, 5, 5, 10)
    game = hole(game, 3, 4, None)  # the extra hole: Ada and Bo only
    [summary] = Game.objects.filter(pk=game.pk).outcomes()
    assert summary.outcome.rounds[1] == [3, 4, None]
    assert summary.outcome.round_winners == [[0, 1], [0]]
    rows = {r.name: r for r in stats.per_player([summary], str.casefold)}
    ada, bo, cy = rows["Ada"], rows["Bo"], rows["Cy"]
    assert (ada.rounds, ada.rounds_won, ada.won) == (2, 2, 1)
    assert (bo.rounds, bo.rounds_won, bo.won) == (2, 1, 0)
    assert (cy.rounds, cy.rounds_won) == (1, 0)
    assert (cy.average, cy.best, cy.worst) == (Decimal(10), Decimal(10), Decimal(10))
