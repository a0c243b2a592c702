"""Ghost's round form, asked directly (rules/games/ghost/pad/forms.py): a total from the
cards typed, a hand of the wrong size in the variant's own words, and the together check
(issue 35): totals one deck cannot deal at once are refused on the first of the players
named, and the cards typed for one player are taken out of the deck first."""

from decimal import Decimal

import pytest
from django.utils import translation

from rules.games.ghost.pad.forms import RoundForm
from tests.conftest import make_game

pytestmark = pytest.mark.django_db


def round_form(game, **typed):
    data = {"number": "1", **typed}
    return RoundForm(data, game=game, players=game.player_list)


def test_the_cards_typed_make_the_total():
    game = make_game()
    form = round_form(game, cards_0="8 J A 2 K", points_1="4")
    assert form.is_valid(), form.errors
    assert form.points() == [Decimal("16.5"), Decimal(4)]  # an eight 0, a jack ½, a king 13
    assert form.hands() == ["8 J A 2 K", ""]
    assert form.caller() is None and form.written() == ()


@pytest.mark.parametrize(
    ("variant", "cards", "words"),
    [("standard", "8 J A", "the row and the ghost"), ("three_in_hand", "8 J", "the hand and")],
)
def test_a_hand_of_the_wrong_size_is_named_in_the_variants_words(variant, cards, words):
    game = make_game(variant=variant)
    with translation.override("en"):
        form = round_form(game, cards_0=cards, points_1="4")
        assert not form.is_valid()
        assert words in " ".join(form.errors["cards_0"])


def test_totals_one_deck_cannot_deal_together_are_refused_on_the_first_named():
    """Five cards make 1 or 2 only with three eights or more (an eight counts 0): both
    at once need more eights than a deck's four (issue 35)."""
    game = make_game()
    with translation.override("en"):
        form = round_form(game, points_0="1", points_1="2")
        assert not form.is_valid()
        said = " ".join(form.errors["points_0"])
        assert "no deal from one deck" in said
        assert "points_1" not in form.errors
        # no one rank says why (2 is an eight and four jacks; 1 three eights and two
        # jacks): the refusal names no rank rather than a wrong one
        assert "they need at least" not in said


def test_a_refusal_says_which_rank_runs_short_when_one_does():
    """0.5 and 3.5 fit; 0.5 and 0.5 need four eights each, and the deck has four."""
    game = make_game()
    for language, said in (
        ("en", "between them they need at least eight eights, and the deck has only four."),
        ("nb", "til sammen trengs det minst åtte åttere, og kortstokken har bare fire."),
    ):
        with translation.override(language):
            form = round_form(game, points_0="0.5", points_1="0.5")
            assert not form.is_valid()
            assert said in " ".join(form.errors["points_0"])


def test_the_cards_typed_are_taken_out_of_the_deck_first():
    game = make_game()
    dear = round_form(game, cards_0="K Q T 9 7", points_1="2")
    assert dear.is_valid(), dear.errors
    # three eights and two jacks in one hand leave one eight: another's 2 cannot be made
    cheap = round_form(game, cards_0="8 8 8 J J", points_1="2")
    assert not cheap.is_valid()
    assert "no deal from one deck" in " ".join(cheap.errors["points_1"])
