"""A game's table as a stored game keeps it (each game object's `table_of` and
`house_from_table`; the schema helper `check_table` in rules/engine/game.py): every
table a reader can choose goes to JSON and back unchanged, and what a schema does not
allow is a ValueError."""

import dataclasses
import json
from decimal import Decimal

import pytest

from rules import games
from rules.engine.game import check_table
from rules.games.ghost import cards as ghost_cards
from rules.games.golf import cards as golf_cards

GAMES = [games.get(key) for key in ("ghost", "golf")]


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_table_goes_to_json_and_back_unchanged(game):
    for house in game.all_houses():
        table = game.table_of(house)
        assert json.loads(json.dumps(table)) == table  # JSON-safe as it is
        players = house.max_players if getattr(house, "more_players", False) else None
        assert game.house_from_table(table, players) == house, house


def test_ghosts_table_keeps_the_jack_as_text_and_not_the_player_count():
    house = ghost_cards.House(jack=Decimal(11), threshold=None, swap_seen=False)
    assert ghost_cards.House.has_unseen_places(house.variant)
    assert games.get("ghost").table_of(house) == {
        "variant": "standard",
        "jack": "11.0",
        "start_card": True,
        "swap_seen": False,
        "threshold": None,
    }
    more = ghost_cards.House(more_players=True)
    assert "more_players" not in games.get("ghost").table_of(more)


def test_golfs_table_is_every_field_of_its_house():
    house = golf_cards.GolfHouse("four_card", jokers="pagat", caller_penalty=True, holes=18)
    table = games.get("golf").table_of(house)
    assert set(table) == {f.name for f in dataclasses.fields(golf_cards.GolfHouse)}
    assert table["jokers"] == "pagat" and table["holes"] == 18


def test_a_missing_choice_is_the_houses_default():
    assert games.get("ghost").house_from_table({}, None) == ghost_cards.House()
    assert games.get("golf").house_from_table({}, None) == golf_cards.GolfHouse()


@pytest.mark.parametrize(
    ("key", "table"),
    [
        ("ghost", {"jack": "7"}),
        ("ghost", {"jack": "x"}),
        ("ghost", {"jack": 0.5}),
        ("ghost", {"variant": "six_card"}),
        ("ghost", {"threshold": False}),
        ("ghost", {"holes": 9}),
        ("ghost", []),
        ("golf", {"holes": 19}),
        ("golf", {"holes": 9.0}),
        ("golf", {"variant": "standard"}),
        ("golf", {"four_of_a_kind": "square", "variant": "nine_card"}),
        ("golf", {"jack": "0.5"}),
        ("golf", "six_card"),
    ],
)
def test_what_a_schema_does_not_allow_is_a_value_error(key, table):
    with pytest.raises(ValueError):
        games.get(key).house_from_table(table, 2)


def test_check_table_names_what_does_not_fit():
    types = {"n": (int,), "on": (bool,), "word": (str, type(None))}
    check_table({"n": 3, "on": False, "word": None}, types)
    with pytest.raises(ValueError, match="'m' is no choice"):
        check_table({"m": 3}, types)
    with pytest.raises(ValueError, match="'n' is True"):
        check_table({"n": True}, types)  # a bool is an int to Python, never here
    with pytest.raises(ValueError, match="'on' is 1"):
        check_table({"on": 1}, types)
    with pytest.raises(ValueError, match="JSON object"):
        check_table(None, types)
