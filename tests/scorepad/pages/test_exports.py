"""The downloads (scorepad/pages/exports.py): CSV and JSON, private, named for the reader,
safe in a spreadsheet."""

import json

import pytest

from tests.conftest import enter, url

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
