"""Issue 35: a round's totals possible together (rules/together.py), for Ghost's hands
(rules/games/ghost/together.py) and Golf's layouts (rules/games/golf/together.py).
Each refusal is proved here by counting the cards the totals need, independently of the
search; each acceptance by a deal that makes every total."""

from __future__ import annotations

from decimal import Decimal
from itertools import islice

import pytest

from rules.games.ghost import cards as ghost
from rules.games.ghost import together as ghost_together
from rules.games.golf import cards as golf
from rules.games.golf import scoring
from rules.games.golf import together as golf_together

D = Decimal
STANDARD = ghost.VARIANTS["standard"]


def test_two_hands_of_half_a_point_need_eight_eights():
    # 0.5 from five cards: four eights and a jack, the only way (every other card costs more)
    assert ghost.hand_total(["8", "8", "8", "8", "J"]) == D("0.5")
    assert ghost_together.check(STANDARD, D("0.5"), [D("0.5"), D("0.5")]) == [0, 1]
    assert ghost_together.check(STANDARD, D("0.5"), [D("0.5"), D("3.5")]) is None


def test_the_dearest_hands_share_four_kings():
    # 64 is four kings and a queen; two of them need eight kings
    assert ghost.hand_total(["K", "K", "K", "K", "Q"]) == 64
    assert ghost_together.check(STANDARD, D("0.5"), [D(64), D(64)]) == [0, 1]
    assert ghost_together.check(STANDARD, D("0.5"), [D(64), D(50)]) is None


def test_cards_typed_for_one_player_are_taken_out_first():
    # Bo's cards hold an eight: four eights are no longer there for Ada's 0.5
    assert ghost_together.check(STANDARD, D("0.5"), [D("0.5")], [["8", "A", "2", "3", "K"]]) == [0]
    assert ghost_together.check(STANDARD, D("0.5"), [D("0.5")], [["A", "2", "3", "4", "K"]]) is None


def test_ten_players_of_the_five_card_game_name_only_the_clash():
    totals = [D("0.5"), *[D(20)] * 8, D(1)]  # 1: four eights and an ace, or three and two jacks
    assert ghost_together.check(STANDARD, D("0.5"), totals) == [0, 9]
    assert ghost_together.check(STANDARD, D("0.5"), [D(20)] * 10) is None


@pytest.mark.parametrize(
    ("house", "scores", "players", "clash"),
    [
        # −6 needs three twos over three kings: two such layouts need six twos
        (golf.GolfHouse(), [-6, -6], 2, [0, 1]),
        (golf.GolfHouse(), [-6, 0], 2, None),
        # 60 needs six ten-point cards with no pair in a column: twelve in a deck
        (golf.GolfHouse(), [60, 60], 2, None),
        (golf.GolfHouse(), [60, 60, 60], 3, [0, 1, 2]),
        # two decks: eight twos, so two players at −6, not three
        (golf.GolfHouse(), [-6, -6, -6, 5, 5], 5, [0, 1, 2]),
        (golf.GolfHouse("nine_card"), [90, 90], 2, [0, 1]),
        (golf.GolfHouse("nine_card", jokers="minus_five"), [-18, -18], 2, [0, 1]),
        (golf.GolfHouse("four_card", four_of_a_kind="square"), [-20, -20], 2, None),
        (golf.GolfHouse("nine_card"), [45] * 12, 12, None),
        # a player who sits out the extra hole is no one's rival for the cards
        (golf.GolfHouse(), [-6, None, -6], 3, [0, 2]),
    ],
)
def test_golf_layouts_within_the_decks(house, scores, players, clash):
    assert golf_together.check(house, scores, players) == clash


def test_every_layout_listed_scores_its_score_and_fits():
    house = golf.GolfHouse(jokers="minus_five", four_of_a_kind="square")
    ranks = golf.ranks_in_play(house.jokers)
    copies = golf.copies_in(1, house.jokers)
    left = tuple(copies[r] for r in ranks)
    for score in (-27, -20, 0, 33):
        steps = golf_together.together.Steps()
        listed = list(islice(golf_together.layouts(house, 1, score, left, steps), 200))
        assert listed and len(set(listed)) == len(listed)
        for counts in listed:
            cards = [r for r, n in zip(ranks, counts, strict=True) for _ in range(n)]
            assert len(cards) == house.rules_variant.cards
            assert score in scoring.possible_hole_scores(house, 2)
            assert all(n <= copies[r] for r, n in zip(ranks, counts, strict=True))


def test_minus_six_is_three_columns_each_holding_a_two():
    """The independent count behind "six twos" below: a column worth −2 (the least
    without a pair) always holds a two, so −6 holds three."""
    values = golf.GolfHouse().values
    ranks = golf.ranks_in_play(None)
    least = min(scoring.score_column([a, b], values).points for a in ranks for b in ranks)
    assert least == -2
    worth_least = [
        (a, b) for a in ranks for b in ranks if scoring.score_column([a, b], values).points == -2
    ]
    assert worth_least and all("2" in column for column in worth_least)


@pytest.mark.parametrize(
    ("house", "scores", "players", "short"),
    [
        (golf.GolfHouse(), [-6, -6], 2, ("2", 6, 4)),
        (golf.GolfHouse(), [-6, None, -6], 3, ("2", 6, 4)),
        # two decks hold eight twos; three players at −6 need nine
        (golf.GolfHouse(), [-6, -6, -6, 5, 5], 5, ("2", 9, 8)),
        # pagat's jokers are the minus cards: −4 is two of them, and a deck has two
        (golf.GolfHouse(jokers="pagat"), [-4, -4, -4], 3, ("X", 4, 2)),
        # 60 is six ten-point cards, but tens, jacks and queens together: no one rank
        (golf.GolfHouse(), [60, 60, 60], 3, None),
    ],
)
def test_a_golf_refusal_names_the_rank_that_runs_short(house, scores, players, short):
    clash = golf_together.check(house, scores, players)
    assert clash
    assert golf_together.short_rank(house, scores, players, clash) == short


def test_a_ghost_refusal_names_a_rank_only_when_one_alone_runs_short():
    half = [D("0.5"), D("0.5")]
    assert ghost_together.short_rank(STANDARD, D("0.5"), half, [0, 1]) == ("8", 8)
    assert ghost_together.short_rank(STANDARD, D("0.5"), [D(64), D(64)], [0, 1]) == ("K", 8)
    # 1 is three eights and two jacks at least, 2 one eight and four jacks: the clash is
    # in eights and jacks together, so neither rank alone is named
    assert ghost.hand_total(["8", "J", "J", "J", "J"]) == 2
    assert ghost_together.check(STANDARD, D("0.5"), [D(1), D(2)]) == [0, 1]
    assert ghost_together.short_rank(STANDARD, D("0.5"), [D(1), D(2)], [0, 1]) is None


def test_rank_short_adds_up_each_players_fewest_of_a_rank():
    """rules/together.py on a made-up game of two ranks: a total of 2 is two cards of
    either rank or one of each; 3 needs three of the first. The fewest of a rank each
    player's hands hold, added up, against what the decks hold."""
    from rules import together

    made = {2: [(2, 0), (1, 1), (0, 2)], 3: [(3, 0)], 4: [(2, 2)]}

    def hands(total, left, steps):
        for hand in made[total]:
            steps.tick()
            yield hand

    # 3 and 3 need six of the first rank, the decks hold four
    assert together.rank_short([3, 3], hands, (4, 4), [0, 1]) == (0, 6)
    # 2 and 2 need none of either rank for sure: no one rank says why
    assert together.rank_short([2, 2], hands, (1, 1), [0, 1]) is None
    # 4 and 4: four of each, three of each held; equally short, the first rank is named
    assert together.rank_short([4, 4], hands, (3, 3), [0, 1]) == (0, 4)
    # only the players named count
    assert together.rank_short([3, 3, 2], hands, (4, 4), [0]) is None
    # past its budget it says nothing
    assert together.rank_short([3, 3], hands, (4, 4), [0, 1], budget=1) is None
