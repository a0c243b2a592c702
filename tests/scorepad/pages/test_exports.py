"""The downloads (scorepad/pages/exports.py): CSV and JSON, private, named for the reader,
safe in a spreadsheet."""

import csv
import io
import json
import re

import pytest
from django.test import override_settings

from scorepad.models import Game
from tests.conftest import enter, golf, make_game, new_game_data, url

pytestmark = pytest.mark.django_db


def test_export_csv_and_json(client, game):
    enter(client, game, "3.5", 12)
    client.post(url("undo", game), {"number": "1"})
    enter(client, game, "2.5", 4)
    csv_text = client.get(url("export-csv", game, "nb")).content.decode("utf-8-sig")
    assert csv_text.splitlines() == ["Runde;Anna;Bo", "1;2,5;4", "Sum etter 1 runde;2,5;4"]
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


# ------------------------------------------------------------------ what each row is


def csv_rows(client, game, lang):
    text = client.get(url("export-csv", game, lang)).content.decode("utf-8-sig")
    return list(csv.reader(io.StringIO(text), delimiter=";" if lang == "nb" else ","))


def golf_decided_on_the_extra_hole(client):
    """Two holes tied by Ada and Bo at 9, Cy on 19; Bo wins the extra hole 2 to 6."""
    game = golf(("Ada", "Bo", "Cy"), holes=2, extra_hole=True)
    for number, points in enumerate([(5, 5, 10), (4, 4, 9), (6, 2, None)], 1):
        enter(client, game, *points, number=number)
    return game


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                ["Hole", "Ada", "Bo", "Cy"],
                ["1", "5", "5", "10"],
                ["2", "4", "4", "9"],
                ["Total after 2 holes", "9", "9", "19"],
                ["Extra hole", "6", "2", ""],
                ["Result", "", "won", ""],
            ],
        ),
        (
            "nb",
            [
                ["Hull", "Ada", "Bo", "Cy"],
                ["1", "5", "5", "10"],
                ["2", "4", "4", "9"],
                ["Sum etter 2 hull", "9", "9", "19"],
                ["Ekstra hull", "6", "2", ""],
                ["Resultat", "", "vant", ""],
            ],
        ),
    ],
)
def test_the_csv_totals_the_holes_then_shows_the_extra_hole_apart(client, lang, expected):
    """Reported: the "Total" row came after the extra hole's, as if it were added in."""
    assert csv_rows(client, golf_decided_on_the_extra_hole(client), lang) == expected


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_tie_waiting_for_its_extra_hole_has_no_result_yet(client, lang):
    game = golf(("Ada", "Bo"), holes=1, extra_hole=True)
    enter(client, game, 5, 5, number=1)
    rows = csv_rows(client, game, lang)
    assert [row[0] for row in rows] == [
        *{"en": ["Hole", "1", "Total after 1 hole"], "nb": ["Hull", "1", "Sum etter 1 hull"]}[lang]
    ]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_json_says_which_row_is_the_extra_hole_in_either_language(client, lang):
    game = golf_decided_on_the_extra_hole(client)
    data = json.loads(client.get(url("export-json", game, lang)).content)
    assert [r.get("extra_hole", False) for r in data["rounds"]] == [False, False, True]
    assert data["rounds"][2]["scores"][2] is None  # Cy sat it out
    assert data["totals"] == [9, 9, 19] and data["winners"] == ["Bo"]
    assert data["finished_after_round"] == 3
    other = json.loads(client.get(url("export-json", game, {"en": "nb", "nb": "en"}[lang])).content)
    # the data is the same in both languages; only the watch link is in the reader's
    assert {**data, "watch_url": ""} == {**other, "watch_url": ""}


@pytest.mark.parametrize(
    ("lang", "expected"),
    [
        (
            "en",
            [
                ["Round", "Anna", "Bo"],
                ["1", "3", "4"],
                ["Total after 1 round", "3", "4"],
                ["Result", "won", ""],
            ],
        ),
        (
            "nb",
            [
                ["Runde", "Anna", "Bo"],
                ["1", "3", "4"],
                ["Sum etter 1 runde", "3", "4"],
                ["Resultat", "vant", ""],
            ],
        ),
    ],
)
def test_a_single_round_of_ghost_says_who_won(client, lang, expected):
    game = make_game(threshold=None)
    enter(client, game, 3, 4)
    assert csv_rows(client, game, lang) == expected


def edit(client, game, number, *points):
    page = client.get(url("edit-round", game, number=number)).content.decode()
    data = dict(re.findall(r'name="(number|round_id|made)"[^>]* value="([^"]*)"', page))
    data |= {f"points_{i}": str(p) for i, p in enumerate(points)}
    return client.post(url("edit-round", game, number=number), data)


@pytest.mark.parametrize(
    ("lang", "after", "total", "result"),
    [
        (
            "en",
            "3 (after the game was decided: not counted)",
            "Total after 2 rounds",
            ["Result", "lost", "won"],
        ),
        (
            "nb",
            "3 (etter at spillet var avgjort: teller ikke)",
            "Sum etter 2 runder",
            ["Resultat", "tapte", "vant"],
        ),
    ],
)
def test_a_ghost_round_after_an_edit_decided_the_game_says_so(client, lang, after, total, result):
    """Rounds 1 to 3 entered while nobody had 21; then round 2 corrected to 12 decides
    the game in round 2: round 3 was played after the end, counts for nothing, and its row
    says so below the totals, as the page's totals leave it out."""
    game = make_game(threshold=21)
    for points in [(10, 3), (5, 3), (8, 3)]:
        enter(client, game, *points)
    assert edit(client, game, 2, 12, 3).status_code == 302
    rows = csv_rows(client, game, lang)
    assert [row[0] for row in rows] == [rows[0][0], "1", "2", total, after, result[0]]
    assert rows[3][1:] == ["22", "6"] and rows[4][1:] == ["8", "3"] and rows[5] == result
    # the page's standings leave the round out too: the totals the game was decided on
    page = client.get(url("game", game)).content.decode()
    assert re.findall(r'<span class="total">([^<]*)</span>', page) == ["22", "6"]


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize(
    ("threshold", "rounds", "result"),
    [
        (21, [(12, 12, 3), (10, 10, 4)], ["lost", "lost", "won"]),  # two share the loss
        (None, [(3, 3, 7)], ["won", "won", ""]),  # a single round, its win shared
    ],
)
def test_a_shared_result_of_ghost_is_each_players(client, lang, threshold, rounds, result):
    game = make_game(("Anna", "Bo", "Cy"), variant="three_in_hand", threshold=threshold)
    for points in rounds:
        assert enter(client, game, *points).status_code == 302
    rows = csv_rows(client, game, lang)
    said = {"lost": {"en": "lost", "nb": "tapte"}, "won": {"en": "won", "nb": "vant"}}
    assert rows[-1] == [{"en": "Result", "nb": "Resultat"}[lang]] + [
        said[r][lang] if r else "" for r in result
    ]
    count = {"en": "Total after {} round{}", "nb": "Sum etter {} runde{}"}[lang]
    plural = {"en": "s", "nb": "r"}[lang] if len(rounds) > 1 else ""
    assert rows[-2][0] == count.format(len(rounds), plural)
