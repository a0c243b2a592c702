"""The facts of the game, as the seeds state them, computed from rules/cards.py."""

from decimal import Decimal

import pytest
from django.utils import translation

from rules import words
from rules.engine import rendering
from rules.games.ghost import cards

D = Decimal


def test_card_values_follow_the_table():
    table = cards.card_table()
    assert table["8"] == 0
    assert table["J"] == D("0.5")
    assert table["A"] == 1
    assert [table[r] for r in "2345679"] == [2, 3, 4, 5, 6, 7, 9]
    assert table["T"] == 10
    assert table["Q"] == 12
    assert table["K"] == 13


def test_the_cheap_hand_is_3_5():
    assert cards.hand_total(["S8", "HJ", "DA", "C2"]) == D("3.5")


def test_jack_as_eleven_turns_3_5_into_14():
    assert cards.hand_total(["S8", "HJ", "DA", "C2"], cards.JACK_ELEVEN) == 14


def test_row_of_six_and_a_king_ghost_is_19():
    row = cards.hand_total(["S8", "DA", "C2", "H3"])
    assert row == 6
    assert row + cards.hand_total(["SK"]) == 19


def test_unknown_rank_is_refused():
    with pytest.raises(ValueError):
        cards.card_value("Z")
    with pytest.raises(ValueError):
        cards.parse_card("S1")


def test_four_variants_and_their_hands():
    assert {k for k in cards.VARIANTS if k != "standard"} == {
        "seven_cards",
        "jack_eleven",
        "three_in_hand",
        "stock_only",
    }
    assert cards.STANDARD.hand_size == 5
    assert cards.VARIANTS["seven_cards"].hand_size == 8
    assert cards.VARIANTS["three_in_hand"].hand_size == 4
    assert cards.VARIANTS["three_in_hand"].max_players == 6
    assert cards.VARIANTS["stock_only"].face_up_start is False
    assert cards.VARIANTS["jack_eleven"].fixed_jack == 11


class TestPossibleTotals:
    def test_zero_is_impossible_with_five_cards(self):
        totals = cards.possible_totals(cards.STANDARD, cards.JACK_HALF)
        assert D(0) not in totals
        assert min(totals) == D("0.5")  # four eights and a jack
        assert max(totals) == 64  # four kings and a queen

    def test_half_totals_stop_at_52_5(self):
        totals = cards.possible_totals(cards.STANDARD, cards.JACK_HALF)
        halves = sorted(t for t in totals if t % 1)
        assert halves[-1] == D("52.5")
        assert D("53.5") not in totals and D("63.5") not in totals
        assert D("53") in totals  # a whole number there is fine

    def test_jack_eleven_gives_whole_numbers_only(self):
        totals = cards.possible_totals(cards.STANDARD, cards.JACK_ELEVEN)
        assert all(t == t.to_integral_value() for t in totals)
        assert D("3.5") not in totals and D(14) in totals
        assert min(totals) == 1  # four eights and an ace

    def test_seven_cards_range(self):
        totals = cards.possible_totals(cards.VARIANTS["seven_cards"], cards.JACK_HALF)
        # eight cards: four eights, four jacks = 2; four kings, four queens = 100
        assert min(totals) == 2
        assert max(totals) == 100
        assert D("1.5") not in totals

    def test_three_in_hand_range(self):
        totals = cards.possible_totals(cards.VARIANTS["three_in_hand"], cards.JACK_HALF)
        assert min(totals) == 0  # four eights make a four-card hand of 0
        assert max(totals) == 52  # four kings
        assert D("51.5") not in totals

    def test_set_has_holes_a_range_misses(self):
        totals = cards.possible_totals(cards.STANDARD, cards.JACK_HALF)
        span = {D(n) / 2 for n in range(int(min(totals) * 2), int(max(totals) * 2) + 1)}
        assert span - totals  # not every half step in the range is possible


def test_four_of_a_rank_check_counts_across_hands():
    assert cards.over_four_of_a_rank([["8", "8", "8"], ["8", "K"]]) == []
    assert cards.over_four_of_a_rank([["8", "8", "8"], ["8", "8"]]) == ["8"]


@pytest.mark.parametrize(("language", "text"), [("en", "3.5"), ("nb", "3,5")])
def test_numbers_follow_the_language(language, text):
    assert words.format_points(D("3.5"), language) == text
    assert words.format_points(D("19.0"), language) == "19"


@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_section_renders_in_both_languages(language):
    with translation.override(language):
        sections = rendering.rendered_sections(language)
    ids = [s["id"] for s in sections]
    for wanted in (
        "values",
        "setup",
        "turn",
        "round-end",
        "game",
        "settle",
        "variants",
        "faq",
        "related",
        "sources",
    ):
        assert wanted in ids
    assert all(s["title"] for s in sections)


@pytest.mark.parametrize(
    ("language", "total", "total11"), [("en", "3.5", "14"), ("nb", "3,5", "14")]
)
def test_worked_example_is_computed(language, total, total11):
    sections = rendering.rendered_sections(language)
    example = next(b for s in sections for b in s["blocks"] if b["kind"] == "hand_example")
    assert example["figures"]["total"] == total
    assert example["figures"]["total11"] == total11
    ghost = next(b for s in sections for b in s["blocks"] if b["kind"] == "ghost_example")
    assert ghost["figures"] == {
        "row_total": "6",
        "ghost_value": "13",
        "total": "19",
        "opponent": "12",
    }


@pytest.mark.parametrize("language", ["en", "nb"])
def test_four_lines_to_settle(language):
    sections = rendering.rendered_sections(language)
    settle = next(b for s in sections for b in s["blocks"] if b["kind"] == "settle")
    assert len(settle["items"]) == 4
    assert all(item["question"] and item["default"] and item["other"] for item in settle["items"])


@pytest.mark.parametrize("language", ["en", "nb"])
def test_variant_table_has_the_standard_game_and_the_four_variants(language):
    rows = rendering.variant_rows(language)
    assert [r["key"] for r in rows] == [
        "standard",
        "seven_cards",
        "jack_eleven",
        "three_in_hand",
        "stock_only",
    ]
    assert all(r["name"] and r["description"] for r in rows)


def test_norwegian_variant_names():
    names = [r["name"] for r in rendering.variant_rows("nb")]
    assert names == ["Vanlig", "Sju kort", "Knekt som 11", "Tre på hånden", "Bare trekkbunke"]
