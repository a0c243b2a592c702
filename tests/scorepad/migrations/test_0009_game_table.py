"""Migration 0009 (scorepad/migrations/0009_game_table.py): every stored game's table
moves from its columns into the one JSON field with nothing lost, and back again. Run
with Django's MigrationExecutor on the test database, games of both kinds in it."""

from decimal import Decimal

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

from rules import games
from scorepad.models import Game

BEFORE = [("scorepad", "0008_golf_table")]
AFTER = [("scorepad", "0009_game_table")]

# Each stored game's columns before the migration (the rest take their defaults).
GHOST_ROWS = [
    {"variant": "standard", "jack_value": Decimal("0.5"), "threshold": 21},
    {"variant": "standard", "jack_value": Decimal("11"), "threshold": 15},
    {"variant": "seven_cards", "jack_value": Decimal("11"), "threshold": None},
    {"variant": "standard", "start_card": False, "swap_seen": False, "threshold": 21},
    {"variant": "stock_only", "start_card": True, "threshold": 100},
    {"variant": "three_in_hand", "jack_value": Decimal("0.5"), "threshold": 500},
]
GOLF_ROWS = [
    {"variant": "six_card"},
    {"variant": "four_card", "jokers": "pagat", "caller_penalty": True, "holes": 1},
    {"variant": "six_card", "jokers": "minus_five", "four_of_a_kind": "square", "holes": 18},
    {"variant": "nine_card", "extra_hole": True, "flip": False, "holes": 5},
    {"variant": "six_card", "four_of_a_kind": "two_columns", "flip": True, "extra_hole": True},
]
GHOST_DEFAULTS = {"jack_value": Decimal("0.5"), "start_card": True, "swap_seen": True}
GOLF_DEFAULTS = {
    "jokers": None,
    "four_of_a_kind": None,
    "caller_penalty": False,
    "extra_hole": False,
    "holes": 9,
    "flip": False,
}


def migrate(to):
    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(to)
    return executor.loader.project_state(to).apps


@pytest.fixture
def before():
    """The database as 0008 left it; put back at the newest migration afterwards."""
    apps = migrate(BEFORE)
    yield apps
    migrate(AFTER)


def store(apps):
    """Games of both kinds, as 0008's columns held them; their ids by kind."""
    old = apps.get_model("scorepad", "Game")
    ghost = [old.objects.create(game="ghost", **row).pk for row in GHOST_ROWS]
    golf = [old.objects.create(game="golf", threshold=None, **row).pk for row in GOLF_ROWS]
    return ghost, golf


def test_the_golf_rows_cover_every_variant_of_golf():
    assert {row["variant"] for row in GOLF_ROWS} == set(games.get("golf").variants)


@pytest.mark.django_db(transaction=True)
def test_forwards_every_column_arrives_in_the_table(before):
    ghost, golf = store(before)
    apps = migrate(AFTER)
    new = apps.get_model("scorepad", "Game")
    for pk, row in zip(ghost, GHOST_ROWS, strict=True):
        game = new.objects.get(pk=pk)
        columns = GHOST_DEFAULTS | row
        assert game.variant == columns["variant"]
        assert game.table == {
            "jack": f"{columns['jack_value']:.1f}",
            "start_card": columns["start_card"],
            "swap_seen": columns["swap_seen"],
            "threshold": columns["threshold"],
        }
    for pk, row in zip(golf, GOLF_ROWS, strict=True):
        game = new.objects.get(pk=pk)
        columns = GOLF_DEFAULTS | row
        assert game.variant == columns.pop("variant")
        assert game.table == columns
    # And the game objects read every migrated table as the House it was
    for pk in ghost + golf:
        game = Game.objects.get(pk=pk)
        game.full_clean()
        assert games.get(game.game).table_of(game.house_for(None))["variant"] in (
            game.variant,
            "standard",  # an old "stock only" game reads as the five-card game
        )
    eleven = Game.objects.get(pk=ghost[1])
    assert eleven.house.jack == 11 and eleven.threshold == 15
    single = Game.objects.get(pk=ghost[2])
    assert single.single_round and single.house.variant == "seven_cards"
    house = Game.objects.get(pk=golf[2]).house
    assert (house.jokers, house.four_of_a_kind, house.holes) == ("minus_five", "square", 18)
    assert Game.objects.get(pk=golf[1]).house.holes == 1


@pytest.mark.django_db(transaction=True)
def test_backwards_every_choice_returns_to_its_column(before):
    ghost, golf = store(before)
    migrate(AFTER)
    old = migrate(BEFORE).get_model("scorepad", "Game")
    for pk, row in zip(ghost, GHOST_ROWS, strict=True):
        game = old.objects.get(pk=pk)
        for name, value in (GHOST_DEFAULTS | row).items():
            assert getattr(game, name) == value, (pk, name)
    for pk, row in zip(golf, GOLF_ROWS, strict=True):
        game = old.objects.get(pk=pk)
        for name, value in (GOLF_DEFAULTS | row).items():
            assert getattr(game, name) == value, (pk, name)
        assert game.threshold is None
