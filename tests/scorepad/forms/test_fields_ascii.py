"""One definition of a number for the server and the page: ASCII digits only, for round
totals, thresholds, round numbers and rows; and names normalised after the format
characters are dropped."""

import json
import shutil
import subprocess
import unicodedata

import pytest
from django.core.exceptions import ValidationError
from django.test import Client

from rules.games.ghost import cards
from rules.games.ghost.pad.pages import round_data
from scorepad.forms.fields import PointsField
from scorepad.logic.names import tidy_name
from scorepad.models import Game
from tests.conftest import enter, make_game, new_game_data

REFUSED = ["٣", "٣,٥", "３", "𝟑", "+3", "-3", "3e1", "1_0", "߃"]
TAKEN = ["3", "3,5", "3.5", "12", ".5", ",5", "0"]
NODE = shutil.which("node") or shutil.which("nodejs")


def server_takes(text: str) -> bool:
    try:
        PointsField().clean(text)
    except ValidationError:
        return False
    return True


def test_the_server_takes_ascii_digits_only():
    assert [t for t in REFUSED if server_takes(t)] == []
    assert [t for t in TAKEN if not server_takes(t)] == []


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_pages_check_agrees_with_the_server():
    pattern = round_data(cards.DEFAULT_HOUSE, "en")["number"]
    script = f"var p = new RegExp({json.dumps(pattern)}); process.stdout.write(JSON.stringify("
    samples = json.dumps(REFUSED + TAKEN, ensure_ascii=False)
    script += f"{samples}.map(function (t) {{ return p.test(t); }})));"
    verdicts = json.loads(
        subprocess.run([NODE, "-e", script], capture_output=True, check=True).stdout
    )
    assert verdicts == [server_takes(t) for t in REFUSED + TAKEN]


@pytest.mark.django_db
@pytest.mark.parametrize("digits", ["٣", "３", "𝟑", "+3"])
def test_round_numbers_and_thresholds_in_other_digits_are_refused(digits):
    game = make_game()
    client = Client()
    assert enter(client, game, 1, 2, number=digits).status_code in (409, 422)
    assert not game.rounds.exists()
    before = Game.objects.count()
    form = new_game_data(game_length="custom", threshold=digits.replace("3", "30"))
    response = client.post("/en/scorepad/", form)
    assert response.status_code in (400, 422)
    assert Game.objects.count() == before
    form = new_game_data(game_length="custom", threshold="30")
    assert client.post("/en/scorepad/", form).status_code == 302


def test_a_name_is_normalised_after_format_characters_are_dropped():
    name = tidy_name("Re\u200b\u0301ne")
    assert name == "R\u00e9ne"
    assert unicodedata.is_normalized("NFC", name)


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_pages_check_reads_a_minus_as_the_server_does():
    """Issue 35 (GH-EN-07): the phone tells a total below zero the lowest total exactly
    where the server does (the same pattern, read by both)."""
    from scorepad.forms.fields import NEGATIVE_TEXT

    samples = ["-1", "\N{MINUS SIGN}3,5", "\N{EN DASH}2", "- 4", "-", "--1", "-x", "1-", "+1"]
    pattern = round_data(cards.DEFAULT_HOUSE, "en")["negative"]
    script = f"var p = new RegExp({json.dumps(pattern)}); process.stdout.write(JSON.stringify("
    script += f"{json.dumps(samples)}.map(function (t) {{ return p.test(t); }})));"
    verdicts = json.loads(
        subprocess.run([NODE, "-e", script], capture_output=True, check=True).stdout
    )
    assert verdicts == [bool(NEGATIVE_TEXT.fullmatch(t)) for t in samples]
    assert verdicts[:4] == [True] * 4 and not any(verdicts[4:])
