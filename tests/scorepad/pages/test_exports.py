"""The downloads (scorepad/pages/exports.py): CSV and JSON, private, named for the reader,
safe in a spreadsheet."""

import csv
import io
import json
import re

import pytest
from django.test import override_settings

from scorepad.models import Game
from tests.conftest import enter, new_game_data, url

pytestmark = pytest.mark.django_db


def test_export_csv_and_json(client, game):
    enter(client, game, "3.5", 12)
    client.post(url("undo", game), {"number": "1"})
    enter(client, game, "2.5", 4)
    csv_text = client.get(url("export-csv", game, "nb")).content.decode("utf-8-sig")
    assert csv_text.splitlines() == ["Runde;Anna;Bo", "1;2,5;4", "Sum;2,5;4"]
    data = json.loads(client.get(url("export-json", game)).content)
    assert data["players"] == ["Anna", "Bo"]
    assert [r["status"] for r in data["rounds"]] == ["undone", "active"]
    assert data["totals"] == ["2.5", "4.0"]
    assert game.watch_token in data["watch_url"]


def test_csv_cells_that_would_run_as_formulas_are_text(client):
    names = ["=HYPERLINK(1)", "+cmd|x", "-2+3", "@SUM(A1)", "\tTab", "\rCR"]
    client.post(
        "/en/scorepad/",
        new_game_data(
            player_count="6",
            variant="three_in_hand",
            **{f"name_{i}": n for i, n in enumerate(names)},
        ),
    )
    game = Game.objects.get()
    header = next(csv.reader(io.StringIO(client.get(url("export-csv", game)).content.decode())))
    stored = [p.name for p in game.players.all()]
    assert header[1:] == ["'" + n if n[0] in "=+-@\t\r" else n for n in stored]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in header)


@pytest.mark.parametrize("name", ["export-csv", "export-json"])
def test_exports_are_private_and_do_not_count_games(client, game, name):
    response = client.get(url(name, game))
    assert {"private", "no-store"} <= set(response["Cache-Control"].replace(" ", "").split(","))
    filename = re.search(r'filename="([^"]+)"', response["Content-Disposition"]).group(1)
    assert re.fullmatch(r"ghost-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.(csv|json)", filename)


@override_settings(SITE_URL="https://ghost.example")
def test_absolute_links_come_from_the_site_origin_not_the_host_header(client, game):
    data = json.loads(client.get(url("export-json", game), HTTP_HOST="localhost").content)
    assert data["watch_url"].startswith("https://ghost.example/en/scorepad/watch/")
    html = client.get("/en/rules/", HTTP_HOST="localhost").content.decode()
    assert '<link rel="canonical" href="https://ghost.example/en/rules/">' in html


# The table in the JSON export keeps the keys and values it had while each choice was a
# column of its own: the table moved into one field, a reader's export did not change.
@pytest.mark.parametrize(
    ("fields", "expected"),
    [
        (
            {"jack": "0.5", "threshold": 21},
            {"variant": "standard", "jack_value": "0.5", "threshold": 21},
        ),
        (
            {"variant": "seven_cards", "jack": "11.0", "threshold": None},
            {"variant": "seven_cards", "jack_value": "11.0", "threshold": None},
        ),
        (
            {"variant": "stock_only", "jack": "0.5", "threshold": 15},
            {"variant": "stock_only", "jack_value": "0.5", "threshold": 15},
        ),
        (
            {"game": "golf", "variant": "four_card", "jokers": "pagat", "caller_penalty": True},
            {
                "game": "golf",
                "variant": "four_card",
                "jokers": "pagat",
                "four_of_a_kind": None,
                "caller_penalty": True,
                "extra_hole": False,
                "holes": 9,
                "flip": False,
            },
        ),
        (
            {"game": "golf", "four_of_a_kind": "square", "extra_hole": True, "holes": 18},
            {
                "game": "golf",
                "variant": "six_card",
                "jokers": None,
                "four_of_a_kind": "square",
                "caller_penalty": False,
                "extra_hole": True,
                "holes": 18,
                "flip": False,
            },
        ),
    ],
)
def test_the_json_export_names_the_table_as_it_always_did(client, fields, expected):
    game = Game.create_with_players(["Anna", "Bo"], **fields)
    data = json.loads(client.get(url("export-json", game)).content)
    keys = list(data)
    table = {key: data[key] for key in keys[keys.index("started") + 1 : keys.index("first_dealer")]}
    assert table == expected and list(table) == list(expected)
