"""How a Golf layout scores (rules/games/golf/scoring.py): cases computed by hand, and the
possible hole scores against a brute-force enumeration of every layout."""

from collections import Counter
from itertools import product

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from rules.games.golf import cards, scoring
from rules.games.golf.cards import JOKER, GolfHouse

SIX = GolfHouse()
NINE = GolfHouse("nine_card")
FOUR = GolfHouse("four_card")


def score(layout, house=SIX):
    return scoring.hole_score(layout.split(), house)


# ------------------------------------------------------------------ cases by hand
# Layouts are written row by row from the top left; a column is a card and the one
# below it.


def test_a_pair_of_queens_in_a_column_costs_nothing():
    # Q 5 2 / Q K 8: (Q,Q) 0 + (5,K) 5 + (2,8) 6
    assert score("SQ H5 C2 DQ SK H8") == 11


def test_only_columns_pair_not_rows():
    # 7 7 7 / A 3 4: (7,A) 8 + (7,3) 10 + (7,4) 11; three sevens side by side count 21
    assert score("7 7 7 A 3 4") == 29


def test_the_values_ace_one_jack_and_queen_ten_king_nothing():
    # A J Q / T 9 K: (A,T) 11 + (J,9) 19 + (Q,K) 10
    assert score("A J Q T 9 K") == 40


def test_two_twos_apart_are_worth_more_than_a_pair_of_them():
    # 2 K 5 / 2 K 5: every column a pair
    assert score("2 K 5 2 K 5") == 0
    # 2 2 5 / K K 5: (2,K) −2 + (2,K) −2 + (5,5) 0
    assert score("2 2 5 K K 5") == -4


def test_the_layout_score_says_which_columns_cancel():
    result = scoring.score_layout(["SQ", "H5", "C2", "DQ", "SK", "H8"], SIX)
    assert [(c.ranks, c.points, c.cancelled) for c in result.columns] == [
        (("Q", "Q"), 0, True),
        (("5", "K"), 5, False),
        (("2", "8"), 6, False),
    ]
    assert result.fours == ()


def test_nine_card_three_equal_cards_cancel_a_column():
    # 4 8 K / 4 J 6 / 4 3 7: (4,4,4) 0 + (8,J,3) 21 + (K,6,7) 13
    assert score("4 8 K 4 J 6 4 3 7", NINE) == 34


def test_nine_card_two_equal_cards_do_not_cancel():
    # 5 2 K / 5 A A / 3 K 8: (5,5,3) 13 + (2,A,K) −1 + (K,A,8) 9
    assert score("5 2 K 5 A A 3 K 8", NINE) == 21


def test_four_card_pairs_cancel_too():
    # 6 9 / 6 K: (6,6) 0 + (9,K) 9
    assert score("6 9 6 K", FOUR) == 9


def test_pagat_jokers_minus_two_and_twos_plus_two():
    house = GolfHouse(jokers="pagat")
    # X 2 K / A 2 5: (X,A) −2+1 + (2,2) 0 + (K,5) 5
    assert score("X 2 K A 2 5", house) == 4
    # 2 2 K / K K K: (2,K) 2 + (2,K) 2 + (K,K) 0
    assert score("2 2 K K K K", house) == 4


def test_minus_five_jokers():
    house = GolfHouse(jokers="minus_five")
    # X 2 K / A 2 5: (X,A) −5+1 + (2,2) 0 + (K,5) 5
    assert score("X 2 K A 2 5", house) == 1
    assert score("2 2 K K K K", house) == -4


@pytest.mark.parametrize("jokers", ["pagat", "minus_five"])
def test_two_jokers_in_a_column_cancel_like_any_pair(jokers):
    house = GolfHouse(jokers=jokers)
    assert score("X 3 4 X 3 4", house) == 0
    # X 3 4 / 2 3 4: a joker is not wild, it pairs with no two
    assert (
        score("X 3 4 2 3 4", house)
        == cards.card_table(jokers)[JOKER] + cards.card_table(jokers)["2"]
    )


def test_a_joker_at_a_table_without_jokers_is_refused():
    with pytest.raises(ValueError):
        score("X 3 4 X 3 4")


def test_four_of_a_kind_as_a_square():
    layout = "7 7 K 7 7 A"  # (7,7) 0 + (7,7) 0 + (K,A) 1, the sevens side by side
    assert score(layout) == 1
    assert score(layout, GolfHouse(four_of_a_kind="two_columns")) == 1 - 10
    assert score(layout, GolfHouse(four_of_a_kind="square")) == 1 - 20


def test_four_of_a_kind_apart_is_no_square():
    layout = "7 K 7 7 A 7"  # (7,7) 0 + (K,A) 1 + (7,7) 0, the sevens in columns 1 and 3
    assert score(layout, GolfHouse(four_of_a_kind="two_columns")) == 1 - 10
    assert score(layout, GolfHouse(four_of_a_kind="square")) == 1


def test_four_equal_cards_not_as_two_pairs_earn_nothing():
    layout = "7 7 7 7 K A"  # (7,7) 0 + (7,K) 7 + (7,A) 8
    for four in (None, "two_columns", "square"):
        assert score(layout, GolfHouse(four_of_a_kind=four)) == 15


def test_four_twos_as_a_square():
    # 2 2 K / 2 2 A: the twos cancel (0) and earn the bonus; four twos apart would be −8
    assert score("2 2 K 2 2 A", GolfHouse(four_of_a_kind="square")) == 1 - 20
    assert score("2 2 K 2 2 A", GolfHouse(four_of_a_kind="two_columns")) == 1 - 10


def test_four_card_golf_four_of_a_kind_is_always_a_square():
    assert score("Q Q Q Q", FOUR) == 0
    assert score("Q Q Q Q", GolfHouse("four_card", four_of_a_kind="two_columns")) == -10
    assert score("Q Q Q Q", GolfHouse("four_card", four_of_a_kind="square")) == -20


def test_six_equal_cards_make_one_four_of_a_kind():
    result = scoring.score_layout(["7"] * 6, GolfHouse(four_of_a_kind="two_columns"))
    assert [(f.rank, f.columns) for f in result.fours] == [("7", (0, 1))]
    assert result.total == -10
    assert scoring.hole_score(["7"] * 6, GolfHouse(four_of_a_kind="square")) == -20


def test_a_layout_of_the_wrong_size_is_refused():
    with pytest.raises(ValueError):
        score("7 7 7 7", SIX)


# ------------------------------------------------------------------ possible hole scores


def test_six_card_one_deck_every_whole_number_from_minus_6_to_60():
    for players in cards.player_counts(1):
        assert scoring.possible_hole_scores(SIX, players) == frozenset(range(-6, 61))


def test_the_possible_scores_follow_the_decks():
    # Nine-card golf, one deck: four twos (−8), more than one deck: six twos (−12).
    assert min(scoring.possible_hole_scores(NINE, 4)) == -8
    assert min(scoring.possible_hole_scores(NINE, 5)) == -12


def test_a_caller_penalty_or_flip_or_the_holes_change_no_possible_score():
    plain = scoring.possible_hole_scores(SIX, 3)
    house = GolfHouse(caller_penalty=True, extra_hole=True, holes=4, flip=True)
    assert scoring.possible_hole_scores(house, 3) == plain


def test_the_nearest_possible_scores():
    assert scoring.nearest_possible(61, SIX, 2) == (60,)
    assert scoring.nearest_possible(-9, SIX, 2) == (-6,)
    assert scoring.nearest_possible(12, SIX, 2) == (12,)
    house = GolfHouse(jokers="minus_five", four_of_a_kind="square")
    assert -23 not in scoring.possible_hole_scores(house, 2)
    assert scoring.nearest_possible(-23, house, 2) == (-24, -22)


def brute_force(variant, values, copies, four):
    """Every layout of the variant, one by one, from the ranks in `values`."""
    found = set()
    for ranks in product(tuple(values), repeat=variant.cards):
        if all(n <= copies.get(r, 0) for r, n in Counter(ranks).items()):
            found.add(scoring.layout_points(variant, ranks, values, four).total)
    return frozenset(found)


FOUR_CARD_TABLES = [
    GolfHouse("four_card", jokers, four)
    for jokers in (None, *cards.JOKER_READINGS)
    for four in (None, *cards.FOUR_OF_A_KIND)
]


@pytest.mark.parametrize("house", FOUR_CARD_TABLES, ids=lambda h: f"{h.jokers}-{h.four_of_a_kind}")
@pytest.mark.parametrize("decks", [1, 2])
def test_four_card_possible_scores_equal_brute_force(house, decks):
    players = cards.player_counts(decks)[0]
    expected = brute_force(
        house.rules_variant,
        house.values,
        cards.copies_in(decks, house.jokers),
        house.four_of_a_kind,
    )
    assert scoring.possible_hole_scores(house, players) == expected


# Few cards of each rank: the card counts bind on every rank (at most 1 to 5 of one),
# and fours of a kind (even five sevens) are still possible.
SCARCE = {"2": 4, "K": 1, "7": 5, "Q": 1, JOKER: 2}


@pytest.mark.parametrize("variant", ["four_card", "six_card"])
@pytest.mark.parametrize("jokers", [None, *cards.JOKER_READINGS])
@pytest.mark.parametrize("four", [None, *cards.FOUR_OF_A_KIND])
def test_scarce_cards_possible_scores_equal_brute_force(variant, jokers, four):
    values = {r: v for r, v in cards.card_table(jokers).items() if r in SCARCE}
    layout = cards.VARIANTS[variant]
    fast = scoring.scores_from(layout, values, SCARCE, four)
    assert fast == brute_force(layout, values, SCARCE, four)


@pytest.mark.parametrize(
    "jokers, copies",
    [(None, {"4": 3, "2": 2, "K": 4}), ("minus_five", {"4": 3, "2": 4, JOKER: 2})],
)
def test_nine_card_scarce_possible_scores_equal_brute_force(jokers, copies):
    values = {r: v for r, v in cards.card_table(jokers).items() if r in copies}
    layout = cards.VARIANTS["nine_card"]
    assert scoring.scores_from(layout, values, copies) == brute_force(layout, values, copies, None)


# ------------------------------------------------------------------ properties

HOUSES = st.builds(
    GolfHouse,
    variant=st.sampled_from(list(cards.VARIANTS)),
    jokers=st.sampled_from([None, *cards.JOKER_READINGS]),
).flatmap(
    lambda h: st.builds(
        GolfHouse,
        variant=st.just(h.variant),
        jokers=st.just(h.jokers),
        four_of_a_kind=st.sampled_from(
            [None, *cards.FOUR_OF_A_KIND] if h.rules_variant.pairs else [None]
        ),
    )
)


@st.composite
def dealt_layouts(draw):
    """A table, a player count, and one layout dealt from that count's decks."""
    house = draw(HOUSES)
    players = draw(st.integers(*cards.PLAYER_RANGE))
    copies = cards.copies_in(cards.decks_for(players), house.jokers)
    deck = [rank for rank, n in copies.items() for _ in range(n)]
    picked = draw(
        st.lists(
            st.integers(0, len(deck) - 1),
            min_size=house.rules_variant.cards,
            max_size=house.rules_variant.cards,
            unique=True,
        )
    )
    return house, players, [deck[i] for i in picked]


@settings(max_examples=150, deadline=None)
@given(dealt_layouts())
def test_every_dealt_layout_scores_a_possible_score(case):
    house, players, layout = case
    assert scoring.hole_score(layout, house) in scoring.possible_hole_scores(house, players)


@settings(max_examples=150, deadline=None)
@given(dealt_layouts(), st.data())
def test_order_within_a_column_never_matters(case, data):
    house, _players, layout = case
    variant = house.rules_variant
    rows = [layout[r * variant.columns : (r + 1) * variant.columns] for r in range(variant.rows)]
    shuffled_rows = data.draw(st.permutations(rows))
    shuffled = [card for row in shuffled_rows for card in row]
    assert scoring.hole_score(shuffled, house) == scoring.hole_score(layout, house)


@settings(max_examples=150, deadline=None)
@given(dealt_layouts())
def test_a_hole_score_is_its_columns_and_bonuses(case):
    house, _players, layout = case
    result = scoring.score_layout(layout, house)
    values = house.values
    for column in result.columns:
        if len(set(column.ranks)) == 1:
            assert column.points == 0
        else:
            assert column.points == sum(values[r] for r in column.ranks)
    assert result.total == sum(c.points for c in result.columns) + sum(
        f.points for f in result.fours
    )
    for four in result.fours:
        first, second = four.columns
        assert result.columns[first].cancelled and result.columns[second].cancelled
        if house.four_of_a_kind == "square":
            assert second == first + 1


SCORING_TABLES = sorted({h.scoring() for h in cards.every_house()}, key=repr)
# Ten-point cards with no two of a rank in a column: the highest hole of each layout.
HIGHEST = {"six_card": "J Q J Q J Q", "four_card": "J Q Q J", "nine_card": "J Q T Q T J T J Q"}


@pytest.mark.parametrize("house", SCORING_TABLES, ids=lambda h: "-".join(sorted(h.conditions())))
def test_more_decks_never_take_a_possible_score_away(house):
    one, two, three = (
        scoring.possible_hole_scores(house, cards.player_counts(d)[0]) for d in (1, 2, 3)
    )
    assert one <= two <= three
    assert max(one) == max(three) == score(HIGHEST[house.variant], house)
