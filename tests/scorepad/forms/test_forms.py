"""What every game's scorepad forms share (scorepad/forms/__init__.py), asked through each
game's part of the scorepad: the players' seats, a round's fields, the stored row an edit
names, and what the new game's page says once a game has started."""

import pytest

from rules import games
from scorepad import forms, pads
from tests.conftest import new_game_data

KEYS = ["ghost", "golf"]


@pytest.mark.parametrize("key", KEYS)
def test_every_games_forms_are_built_on_the_shared_ones(key):
    pad = pads.get(key)
    assert issubclass(pad.new_game_form, forms.PlayerSeats)
    assert issubclass(pad.round_form, forms.RoundFields)
    assert issubclass(pad.edit_form, forms.StoredRow) and issubclass(pad.edit_form, pad.round_form)
    # the fields a phone's round is sent with, and the row an edit replaces, in that order
    assert list(pad.edit_form.base_fields)[:4] == ["number", "client_id", "round_id", "made"]


@pytest.mark.parametrize("key", KEYS)
def test_a_new_game_asks_a_name_per_seat_and_puts_the_players_first(key):
    form = pads.get(key).new_game_form()
    most = games.part(key, "cards").PLAYER_RANGE[1]
    assert form.most_players == most
    assert [f.name for f in form.name_fields()] == [f"name_{seat}" for seat in range(most)]
    order = form.problem_order()
    assert order[: most + 2] == [
        "player_count",
        *(f"name_{s}" for s in range(most)),
        "first_dealer",
    ]
    assert set(order) == set(form.fields)


def test_only_a_rule_the_form_took_is_said_when_the_game_starts():
    ghost = pads.get("ghost").new_game_form
    took = ghost(new_game_data(player_count="4", name_2="Cy", name_3="Di"))
    assert took.is_valid(), took.errors
    assert took.took_more_players
    assert [note for note in took.start_notes() if "4 players" in note]
    plain = ghost(new_game_data())
    assert plain.is_valid(), plain.errors
    assert plain.start_notes() == []


def test_a_round_form_says_no_caller_and_nothing_written_unless_the_game_does():
    base = forms.RoundFields()
    assert base.caller() is None and base.written() == ()
