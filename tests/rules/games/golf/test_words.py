"""Golf's words and signed scores (rules/games/golf/words.py)."""

import pytest

from rules.games.golf import cards
from rules.games.golf.words import LANGUAGES, VARIANT_NAMES, WORDS, read_signed, signed, word


def test_the_domain_words_for_golf():
    assert word("hole", "nb") == "hull"
    assert word("column", "nb") == "kolonne"
    assert word("extra_hole", "nb") == "ekstra hull"
    assert word("caller", "en") == "caller"
    assert all(len(pair) == len(LANGUAGES) and all(pair) for pair in WORDS.values())


def test_every_variant_has_a_name_in_both_languages():
    assert set(VARIANT_NAMES) == set(cards.VARIANTS)


def test_negative_scores_take_a_real_minus_sign():
    assert signed(-2) == "\u22122"
    assert signed(0) == "0"
    assert signed(14) == "14"


@pytest.mark.parametrize("typed", ["-2", "\u22122", "\u20132", " -2 "])
def test_minus_two_typed_three_ways(typed):
    assert read_signed(typed) == -2


@pytest.mark.parametrize("typed", ["", "-", "2-", "--2", "2.5", "x"])
def test_what_is_not_a_whole_number_is_refused(typed):
    with pytest.raises(ValueError):
        read_signed(typed)
