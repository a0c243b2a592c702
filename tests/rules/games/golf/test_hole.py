"""A hole of Golf played from a script (rules/games/golf/hole.py): the worked hole of each
variant computed by hand, every table of its variant, and the moves the rules forbid."""

import copy

import pytest

from rules.games.golf import cards
from rules.games.golf.cards import GolfHouse
from rules.games.golf.hole import SCRIPTS, play_hole, worked_hole


def test_six_card_worked_hole():
    hole = worked_hole(GolfHouse())
    assert (hole.dealer, hole.starter, hole.decks) == (1, 0, 1)
    # A: Q 2 2 / Q A K: (Q,Q) 0 + (2,A) −1 + (2,K) −2
    assert hole.layouts[0] == ("SQ", "H2", "C2", "DQ", "SA", "HK")
    # B: 3 7 7 / K 7 K: (3,K) 3 + (7,7) 0 + (7,K) 7
    assert hole.layouts[1] == ("S3", "D7", "S7", "SK", "C7", "CK")
    assert hole.raw == (-3, 10)
    assert hole.caller == 0
    assert hole.winners == (0,)
    # the one last turn is B's, and A took no turn after going out
    assert [(t.player, t.went_out, t.last_turn) for t in hole.turns[-2:]] == [
        (0, True, False),
        (1, False, True),
    ]
    # the first turn takes the start card from the discard pile and swaps it in unseen
    first = hole.turns[0]
    assert (first.action, first.card, first.place, first.replaced) == ("discard", "DQ", 4, "D9")
    assert not first.replaced_face_up
    # 52 cards, 12 dealt, the start card, 7 drawn from the stock
    assert hole.stock_left == 52 - 12 - 1 - 7


def test_six_card_worked_hole_with_pagat_jokers():
    # the twos are +2: A (Q,Q) 0 + (2,A) 3 + (2,K) 2
    assert worked_hole(GolfHouse(jokers="pagat")).raw == (5, 10)


def test_four_card_worked_hole():
    hole = worked_hole(GolfHouse("four_card"))
    # A: 6 2 / 6 K: (6,6) 0 + (2,K) −2; B: 4 K / 2 3: (4,2) 2 + (K,3) 3
    assert hole.layouts == (("H6", "S2", "D6", "DK"), ("C4", "HK", "H2", "D3"))
    assert hole.raw == (-2, 5)
    assert hole.caller == 1  # B knocked
    assert hole.turns[3].action == "knock" and hole.turns[3].went_out
    assert hole.turns[4].last_turn
    # nothing lies face up; A gives away the queen looked at, then the nine never seen,
    # then, last, the eight taken in the turn before
    assert not any(t.replaced_face_up for t in hole.turns)
    a_turns = [t for t in hole.turns if t.player == 0]
    assert [(t.replaced, t.replaced_known) for t in a_turns] == [
        ("CQ", True),
        ("S9", False),
        ("S8", True),
    ]


def test_four_card_caller_penalty_when_the_knocker_is_beaten():
    # lowest −2 stands: nothing changes
    assert worked_hole(GolfHouse("four_card", caller_penalty=True)).scores == (-2, 5)
    # with pagat the twos are +2: A 2, B 9; A writes 0 and B adds A's 2
    hole = worked_hole(GolfHouse("four_card", jokers="pagat", caller_penalty=True))
    assert hole.raw == (2, 9)
    assert hole.scores == (0, 11)


def test_nine_card_worked_hole():
    hole = worked_hole(GolfHouse("nine_card"))
    # A: 4 2 K / 4 K A / 4 2 3: (4,4,4) 0 + (2,K,2) −4 + (K,A,3) 4
    assert hole.layouts[0] == ("H4", "C2", "CK", "C4", "HK", "CA", "S4", "S2", "H3")
    assert [c.cancelled for c in hole.layout_scores[0].columns] == [True, False, False]
    # B: 3 2 K / 5 A A / 3 K 8: (3,5,3) 11 + (2,A,K) −1 + (K,A,8) 9
    assert hole.layouts[1] == ("C3", "D2", "SK", "D5", "HA", "DA", "S3", "DK", "S8")
    assert hole.raw == (0, 19)
    assert hole.caller == 0
    assert len(hole.turns) == 14


@pytest.mark.parametrize("variant", [k for k, v in cards.VARIANTS.items() if v.turned_up])
def test_a_worked_hole_turns_up_its_first_cards_in_different_columns(variant):
    """As the rules page advises (the nine-card hole turned up places 1 and 4)."""
    house = GolfHouse(variant)
    hole = worked_hole(house)
    columns = house.rules_variant.columns
    for places in hole.shown:
        assert len({(p - 1) % columns for p in places}) == len(places), places


@pytest.mark.parametrize(
    "house", cards.every_house(), ids=lambda h: "-".join(sorted(h.conditions()))
)
def test_the_worked_hole_is_legal_at_every_table(house):
    hole = worked_hole(house)
    assert hole.raw == tuple(
        sum(c.points for c in s.columns) + sum(f.points for f in s.fours)
        for s in hole.layout_scores
    )
    assert set(hole.winners) == {i for i, s in enumerate(hole.scores) if s == min(hole.scores)}


def altered(variant, **changes):
    script = copy.deepcopy(SCRIPTS[variant])
    script.update(changes)
    return script


def test_a_discard_taken_must_be_swapped_in():
    script = altered("six_card")
    script["turns"][0] = {"take": "discard"}
    with pytest.raises(ValueError, match="swapped in"):
        play_hole(script, GolfHouse())


def test_a_card_drawn_from_the_stock_may_be_thrown():
    hole = worked_hole(GolfHouse())
    thrown = hole.turns[2]
    assert (thrown.action, thrown.place, thrown.discard_top) == ("stock", None, "S3")


def test_the_script_must_not_stop_before_everyone_else_had_a_last_turn():
    script = altered("six_card")
    script["turns"].pop()
    with pytest.raises(ValueError, match="before the hole is over"):
        play_hole(script, GolfHouse())


def test_the_caller_takes_no_turn_after_going_out():
    script = altered("six_card")
    script["turns"].append({"take": "stock"})
    with pytest.raises(ValueError, match="the hole is over"):
        play_hole(script, GolfHouse())


def test_only_four_card_golf_ends_by_a_knock():
    script = altered("six_card")
    script["turns"][2] = {"knock": True}
    with pytest.raises(ValueError, match="knock"):
        play_hole(script, GolfHouse())


def test_nobody_knocks_after_the_knock():
    script = altered("four_card")
    script["turns"][4] = {"knock": True}
    with pytest.raises(ValueError, match="called already"):
        play_hole(script, GolfHouse("four_card"))


def test_a_card_twice_in_one_deck_is_refused():
    script = altered("six_card", start="SQ")  # A was dealt the queen of spades
    with pytest.raises(ValueError, match="appears 2 times"):
        play_hole(script, GolfHouse())


def test_cards_in_a_script_name_their_suit():
    script = altered("six_card", start="Q")
    with pytest.raises(ValueError, match="suit"):
        play_hole(script, GolfHouse())


def test_two_cards_turned_up_in_different_places():
    script = altered("six_card", shown=[[1, 1], [3, 5]])
    with pytest.raises(ValueError, match="2 different places"):
        play_hole(script, GolfHouse())


FLIP_SCRIPT = {
    "dealer": 1,
    "layouts": [["S5", "H9", "C3", "D8", "SJ", "H4"], ["DA", "C6", "S6", "HT", "C9", "D2"]],
    "shown": [[1, 2], [1, 2]],
    "start": "CQ",
    "stock": ["H7", "ST", "DJ", "SQ"],
    "turns": [
        {"flip": 3},
        {"take": "stock"},
        {"flip": 4},
        {"take": "stock"},
        {"flip": 5},
        {"take": "stock"},
        {"flip": 6},  # the last card turned: out
        {"take": "stock"},
    ],
}


def test_flip_instead_of_draw_turns_a_card_and_can_end_the_hole():
    hole = play_hole(FLIP_SCRIPT, GolfHouse(flip=True))
    assert hole.caller == 0
    assert [t.action for t in hole.turns[::2]] == ["flip"] * 4
    assert hole.layouts == tuple(tuple(layout) for layout in FLIP_SCRIPT["layouts"])
    # A: 5 9 3 / 8 J 4: (5,8) 13 + (9,J) 19 + (3,4) 7
    assert hole.raw[0] == 39


def test_flip_needs_the_house_rule_and_a_face_down_card():
    with pytest.raises(ValueError, match="begins with a draw"):
        play_hole(FLIP_SCRIPT, GolfHouse())
    script = copy.deepcopy(FLIP_SCRIPT)
    script["turns"][0] = {"flip": 1}
    with pytest.raises(ValueError, match="not a face-down card"):
        play_hole(script, GolfHouse(flip=True))


def test_the_dealer_is_one_of_the_players():
    with pytest.raises(ValueError, match="no seat 2"):
        play_hole(altered("four_card", dealer=2), GolfHouse("four_card"))


def test_a_joker_needs_a_table_with_jokers():
    script = altered("four_card", start="X")
    with pytest.raises(ValueError, match="joker"):
        play_hole(script, GolfHouse("four_card"))
    assert play_hole(script, GolfHouse("four_card", jokers="pagat")).start_card == "X"
