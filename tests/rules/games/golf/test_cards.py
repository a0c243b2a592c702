"""Golf's card table, decks and house rules (rules/games/golf/cards.py), against the facts of
DOMAIN.md's "Golf" part."""

import pytest

from rules.games.golf import cards
from rules.games.golf.cards import GolfHouse


def test_the_card_table_reads_as_the_seed_gives_it():
    table = cards.card_table()
    assert table["A"] == 1
    assert table["2"] == -2
    assert [table[r] for r in ("3", "4", "5", "6", "7", "8", "9", "T")] == list(range(3, 11))
    assert table["J"] == table["Q"] == 10
    assert table["K"] == 0
    assert cards.JOKER not in table


def test_pagat_jokers_are_minus_two_and_make_a_two_plus_two():
    table = cards.card_table("pagat")
    assert table[cards.JOKER] == -2
    assert table["2"] == 2
    assert {r: v for r, v in table.items() if r not in ("2", cards.JOKER)} == {
        r: v for r, v in cards.card_table().items() if r != "2"
    }


def test_minus_five_jokers_leave_the_two_at_minus_two():
    table = cards.card_table("minus_five")
    assert table[cards.JOKER] == -5
    assert table["2"] == -2


def test_a_joker_has_no_value_at_a_table_without_jokers():
    with pytest.raises(ValueError):
        cards.card_value(cards.JOKER)


def test_decks_by_player_count_one_to_four_two_to_eight_three_to_twelve():
    assert [cards.decks_for(p) for p in range(2, 13)] == [1] * 3 + [2] * 4 + [3] * 4
    assert list(cards.player_counts(1)) == [2, 3, 4]
    assert list(cards.player_counts(3)) == [9, 10, 11, 12]
    for outside in (1, 13):
        with pytest.raises(ValueError):
            cards.decks_for(outside)


def test_two_jokers_a_deck_when_jokers_are_played():
    assert cards.copies_in(2, "pagat")[cards.JOKER] == 4
    assert cards.JOKER not in cards.copies_in(2)
    assert cards.cards_in(1) == 52
    assert cards.cards_in(3, "minus_five") == 3 * 54


@pytest.mark.parametrize("variant", cards.VARIANTS)
def test_every_deal_fits_in_its_decks(variant):
    for players in range(cards.PLAYER_RANGE[0], cards.PLAYER_RANGE[1] + 1):
        assert cards.deal_fits(cards.VARIANTS[variant], players)


def test_the_three_layouts():
    shapes = {key: (v.rows, v.columns, v.cards) for key, v in cards.VARIANTS.items()}
    assert shapes == {"six_card": (2, 3, 6), "four_card": (2, 2, 4), "nine_card": (3, 3, 9)}
    assert cards.VARIANTS["four_card"].ends_by == "knock"
    assert cards.VARIANTS["four_card"].peeked == 2
    assert cards.VARIANTS["six_card"].turned_up == cards.VARIANTS["nine_card"].turned_up == 2


def test_cards_are_read_with_or_without_a_suit_and_the_joker_alone():
    assert cards.parse_card("s10") == ("T", "S")
    assert cards.parse_card("Q") == ("Q", None)
    assert cards.parse_card("x") == (cards.JOKER, None)
    with pytest.raises(ValueError):
        cards.parse_card("Z9")


def test_the_default_table_is_the_seeds_standard_game():
    house = GolfHouse()
    assert house.variant == "six_card" and house.holes == 9
    assert house.is_default()
    assert house.conditions() == frozenset({"six_card"})


@pytest.mark.parametrize(
    "fields",
    [
        {"variant": "eight_card"},
        {"jokers": "wild"},
        {"four_of_a_kind": "line"},
        {"variant": "nine_card", "four_of_a_kind": "two_columns"},
        {"variant": "four_card", "flip": True},
        {"holes": 0},
        {"holes": 19},
    ],
)
def test_a_table_that_cannot_be_played_is_refused(fields):
    with pytest.raises(ValueError):
        GolfHouse(**fields)


def test_every_house_is_every_combination_once():
    houses = cards.every_house()
    assert len(set(houses)) == len(houses)
    # six-card: 3 jokers × 3 fours × 2 × 2 × 2 flips; four-card without flip; nine-card
    # without four of a kind.
    assert len(houses) == 3 * 3 * 2 * 2 * 2 + 3 * 3 * 2 * 2 + 3 * 2 * 2 * 2
    for house in houses:
        assert house.conditions() <= cards.HOUSE_CONDITIONS


def test_flip_instead_of_draw_changes_no_score():
    flip = next(r for r in cards.HOUSE_RULES if r.field == "flip")
    assert not flip.changes_scores
    assert all(r.changes_scores for r in cards.HOUSE_RULES if r is not flip)
    house = GolfHouse(jokers="pagat", caller_penalty=True, extra_hole=True, holes=5, flip=True)
    assert house.scoring() == GolfHouse(jokers="pagat")
    assert house.conditions() == frozenset(
        {"six_card", "jokers_pagat", "caller_penalty", "extra_hole", "flip", "other_holes"}
    )


def test_house_rule_words_are_unique():
    words = [word for r in cards.HOUSE_RULES for word in r.words.values()]
    assert len(set(words)) == len(words)


def test_what_a_table_tells_the_engine():
    assert GolfHouse(four_of_a_kind="square").four_bonus == -20
    assert GolfHouse(four_of_a_kind="two_columns").four_bonus == -10
    assert GolfHouse().four_bonus == 0
    assert GolfHouse("nine_card").max_players == cards.PLAYER_RANGE[1] == 12
    assert [v.hand_size for v in cards.VARIANTS.values()] == [6, 4, 9]


def test_one_holes_layouts_together_fit_in_the_decks():
    five_kings = [["SK", "HK", "DK", "CK", "2", "3"], ["K", "4", "5", "6", "7", "8"]]
    assert cards.beyond_the_decks(five_kings, players=2) == ["K"]
    assert cards.beyond_the_decks(five_kings, players=5) == []  # two decks
    jokers = [["X", "X", "X", "A", "2", "3"], ["4", "5", "6", "7", "8", "9"]]
    assert cards.beyond_the_decks(jokers, players=2) == ["X"]
    assert cards.beyond_the_decks(jokers, players=2, jokers="pagat") == ["X"]
    assert cards.beyond_the_decks(jokers, players=6, jokers="pagat") == []
