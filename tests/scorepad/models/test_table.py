"""A game's table of choices as one JSON field (scorepad/models/__init__.py, `Game.table`):
checked by its game's own schema on `clean()` and on insert, read once as the game's
`House`, copied whole by the rematch, and open to a game the model was never told of."""

from __future__ import annotations

import io
from dataclasses import dataclass
from decimal import Decimal
from types import SimpleNamespace

import pytest
from django.core.exceptions import ValidationError
from django.core.management import call_command

from rules import games
from rules.engine.game import FixedRounds, check_table
from rules.games.ghost import cards as ghost_cards
from rules.games.golf import cards as golf_cards
from scorepad.models import Game, Result
from tests.conftest import golf

D = Decimal


@dataclass(frozen=True)
class PipsHouse:
    """The table of a game the scorepad was never told of: its choices are its own."""

    variant: str = "plain"
    target: int = 4
    doubles: bool = False

    def __post_init__(self):
        if self.variant not in Pips.variants:
            raise ValueError(f"unknown variant {self.variant!r}")
        if not 1 <= self.target <= 9:
            raise ValueError("a game of Pips is 1 to 9 rounds")


class Pips:
    """Just enough of a game for the scorepad's model: a table, an ending, its totals."""

    key = "pips"
    House = PipsHouse
    default_variant = "plain"
    variants = {
        "plain": SimpleNamespace(key="plain", hand_size=2, max_players=4),
        "wild": SimpleNamespace(key="wild", hand_size=3, max_players=6),
    }

    def table_of(self, house):
        return {"variant": house.variant, "target": house.target, "doubles": house.doubles}

    def house_from_table(self, table, players):
        check_table(table, {"variant": (str,), "target": (int,), "doubles": (bool,)})
        return PipsHouse(**table)

    def ending(self, house):
        return FixedRounds(house.target)

    def possible_totals(self, house):
        return frozenset({D(0), D(1), D(2)})


@pytest.fixture
def pips():
    game = Pips()
    games.register(game)
    yield game
    games.unregister(game.key)


def ghost(**table):
    return Game.create_with_players(["Anna", "Bo"], table={"jack": "0.5", **table})


# ------------------------------------------------------------------ a game of a third kind


@pytest.mark.django_db
def test_a_game_of_a_kind_the_model_never_named_is_stored_read_and_rematched(pips):
    game = Game.create_with_players(["Ada", "Bo", "Cy"], game="pips", variant="wild", target=2)
    assert game.table == {"target": 2} and game.variant == "wild"
    stored = Game.objects.get(pk=game.pk)
    assert stored.house == PipsHouse(variant="wild", target=2)
    assert stored.rules_variant.hand_size == 3
    assert stored.threshold is None  # its ending has no threshold
    # It plays by its own ending: two rounds, whatever the totals
    assert stored.add_round(1, [D(2), D(0), D(1)], ["", "", ""]).result is Result.SAVED
    assert stored.add_round(2, [D(0), D(0), D(2)], ["", "", ""]).result is Result.SAVED
    stored = Game.objects.get(pk=game.pk)
    assert stored.finished() and stored.outcome().winners == [1]
    rematch = stored.rematch().game
    rematch = Game.objects.get(pk=rematch.pk)
    assert (rematch.game, rematch.variant, rematch.table) == ("pips", "wild", {"target": 2})
    assert rematch.house == stored.house and rematch.first_dealer == 1


@pytest.mark.django_db
def test_a_game_of_a_new_kind_needs_no_migration(pips):
    # The model names no game's choices (no column, no list of variants): a registered
    # game changes nothing makemigrations sees.
    out = io.StringIO()
    call_command("makemigrations", "scorepad", "--check", "--dry-run", stdout=out)
    assert "No changes detected" in out.getvalue()
    field = Game._meta.get_field("variant")
    assert not field.choices


@pytest.mark.django_db
def test_the_model_refuses_a_table_the_new_kinds_schema_does_not_allow(pips):
    for table in ({"target": 0}, {"target": "2"}, {"holes": 9}, {"doubles": 1}):
        with pytest.raises(ValidationError) as refused:
            Game.create_with_players(["Ada", "Bo"], game="pips", table=table)
        assert "table" in refused.value.message_dict
    assert not Game.objects.filter(game="pips").exists()


# ------------------------------------------------------------------ Ghost's and Golf's schemas


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("table", "why"),
    [
        ({"jack": "7"}, "a jack is worth 0.5 or 11"),
        ({"jack": 11}, "a number, not its text"),
        ({"jack": "eleven"}, "no number"),
        ({"threshold": 5000}, "outside the range"),
        ({"threshold": "21"}, "text, not a number"),
        ({"threshold": True}, "a bool is not a number"),
        ({"start_card": "yes"}, "not a bool"),
        ({"holes": 9}, "Golf's choice, not Ghost's"),
    ],
)
def test_ghosts_schema_refuses_what_it_does_not_allow(table, why):
    with pytest.raises(ValidationError):
        ghost(**table)
    assert not Game.objects.exists(), why


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("variant", "table", "why"),
    [
        ("six_card", {"holes": 0}, "too few holes"),
        ("six_card", {"holes": 19}, "too many holes"),
        ("six_card", {"holes": True}, "a bool is not a number"),
        ("six_card", {"jokers": "three"}, "no such joker reading"),
        ("six_card", {"caller_penalty": 1}, "not a bool"),
        ("six_card", {"threshold": None}, "Ghost's choice, not Golf's"),
        ("six_card", {"jack": "0.5"}, "Ghost's choice, not Golf's"),
        ("nine_card", {"four_of_a_kind": "square"}, "a rule of the two-row layouts"),
        ("seven_card", {}, "no such variant"),
        ("standard", {}, "Ghost's variant, not Golf's"),
    ],
)
def test_golfs_schema_refuses_what_it_does_not_allow(variant, table, why):
    with pytest.raises(ValidationError):
        Game.create_with_players(["Anna", "Bo"], game="golf", variant=variant, table=table)
    assert not Game.objects.exists(), why


@pytest.mark.django_db
def test_clean_refuses_a_table_changed_on_a_stored_game_and_save_does_not_write_it():
    game = ghost(threshold=21)
    game.full_clean()  # as stored: fits
    game.table = {**game.table, "threshold": 5000}
    with pytest.raises(ValidationError) as refused:
        game.full_clean()
    assert "threshold 5000" in refused.value.message_dict["table"][0]
    with pytest.raises(ValidationError):
        game.save()
    with pytest.raises(ValidationError):
        game.save(update_fields=["table"])
    assert Game.objects.get(pk=game.pk).table["threshold"] == 21


@pytest.mark.django_db
def test_a_stored_table_that_does_not_fit_fails_loudly_when_read():
    game = ghost(threshold=21)
    Game.objects.filter(pk=game.pk).update(table={"jack": "7", "threshold": 21})
    with pytest.raises(ValueError, match="0.5 or 11"):
        Game.objects.get(pk=game.pk).house  # noqa: B018


@pytest.mark.django_db
def test_the_house_is_read_once_per_instance_and_player_count():
    game = Game.objects.get(pk=golf(("Anna", "Bo"), holes=18, extra_hole=True).pk).load_players()
    first = game.house
    assert game.house is first and game.house_for(None) is game.house_for(None)
    assert first == golf_cards.GolfHouse(holes=18, extra_hole=True)


# ------------------------------------------------------------------ what a table holds


@pytest.mark.django_db
def test_a_new_ghost_game_keeps_its_whole_table_in_one_field():
    game = Game.create_with_players(
        ["Anna", "Bo"], variant="three_in_hand", jack="11.0", threshold=None, start_card=False
    )
    stored = Game.objects.get(pk=game.pk)
    assert stored.variant == "three_in_hand"
    assert stored.table == {"jack": "11.0", "threshold": None, "start_card": False}
    assert stored.house.jack == 11 and stored.threshold is None and stored.single_round


@pytest.mark.django_db
def test_an_old_stock_only_game_keeps_its_variant_in_the_column():
    # The variant stays a column: "stock only" is a scorepad variant of older games that
    # is no variant of Ghost's House (it reads as the five-card game without a start card).
    game = Game.objects.get(pk=ghost(threshold=15).pk)
    Game.objects.filter(pk=game.pk).update(variant="stock_only")
    game = Game.objects.get(pk=game.pk)
    assert game.house == ghost_cards.House(start_card=False, threshold=15)
    assert game.variant == "stock_only"


@pytest.mark.django_db
def test_a_tables_variant_goes_to_its_column_and_the_callers_dict_stays_as_it_was():
    table = {"variant": "nine_card", "holes": 5, "extra_hole": True}
    game = Game.create_with_players(["Anna", "Bo"], game="golf", table=table)
    assert table == {"variant": "nine_card", "holes": 5, "extra_hole": True}
    stored = Game.objects.get(pk=game.pk)
    assert (stored.variant, stored.table) == ("nine_card", {"holes": 5, "extra_hole": True})
    # A Golf game with no variant named plays Golf's default, not the default game's
    plain = Game.objects.get(pk=Game.create_with_players(["Anna", "Bo"], game="golf").pk)
    assert plain.variant == golf_cards.SIX_CARD.key and plain.house == golf_cards.GolfHouse()


@pytest.mark.django_db
def test_a_table_read_before_does_not_pass_for_one_equal_in_python_but_of_another_type():
    # Tables read are kept by their values (scorepad/models house_of_table); 1 == True in
    # Python, and the schema takes only the bool: the kept reading must not answer for 1.
    Game.create_with_players(["Anna", "Bo"], game="golf", table={"caller_penalty": True})
    with pytest.raises(ValidationError):
        Game.create_with_players(["Cy", "Di"], game="golf", table={"caller_penalty": 1})
    assert not Game.objects.filter(players__name="Cy").exists()
