"""Names (scorepad/logic/names.py): stored composed, joiners kept, a visible letter or
digit needed, look-alikes taken for the same name."""

import pytest

from scorepad.models import Game
from tests.conftest import new_game_data

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    "name",
    ["👩\u200d👩\u200d👧 Kari", "می\u200cخواهم", "क्\u200dष"],
)
def test_joiners_inside_names_are_kept(client, name):
    client.post("/en/scorepad/", new_game_data(name_0=name))
    assert Game.objects.get().players.get(position=0).name == name


def test_names_are_stored_composed(client):
    client.post("/en/scorepad/", new_game_data(name_0="Bjo\u0308rn"))
    assert Game.objects.get().players.get(position=0).name == "Bj\u00f6rn"


@pytest.mark.parametrize("name", ["ㅤㅤ", "\u2800", "…", "\u200b\u200d"])
def test_a_name_needs_a_visible_letter_or_digit(client, name):
    response = client.post("/en/scorepad/", new_game_data(name_0=name))
    assert response.status_code == 422
    assert "at least one letter or digit" in response.content.decode()
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    ("first", "second"), [("Bjo\u0308rn", "Björn"), ("ＡＮＮＡ", "anna"), ("ﬁa", "FIA")]
)
def test_look_alike_names_are_duplicates(client, first, second):
    response = client.post("/en/scorepad/", new_game_data(name_0=first, name_1=second))
    assert response.status_code == 422
    assert "Give them different names" in response.content.decode()
