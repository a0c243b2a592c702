"""Golf's forms take numbers as every other form does (ASCII digits only: the number of
holes too), and a hole names one caller: a post naming two is refused, not read as the
last of them."""

import pytest
from django.test import Client

from scorepad.models import Game
from tests.conftest import url

pytestmark = pytest.mark.django_db


def golf_form(holes: str) -> dict:
    return {
        "player_count": "2",
        "name_0": "Anna",
        "name_1": "Bo",
        "first_dealer": "0",
        "variant": "six_card",
        "jokers": "none",
        "four_of_a_kind": "none",
        "holes": holes,
    }


@pytest.mark.parametrize("holes", ["٣", "９", "𝟗", "+9"])
def test_holes_in_other_digits_are_refused(holes):
    answer = Client().post("/en/scorepad/new/golf/", golf_form(holes))
    assert answer.status_code == 422
    assert not Game.objects.exists()


def test_holes_in_ascii_digits_are_taken():
    answer = Client().post("/en/scorepad/new/golf/", golf_form("9"))
    assert answer.status_code == 302
    assert Game.objects.get().house.holes == 9


def test_a_hole_with_two_callers_is_refused():
    game = Game.create_with_players(["Anna", "Bo", "Cy"], game="golf", caller_penalty=True)
    client = Client()
    data = {"number": "1", "points_0": "5", "points_1": "2", "points_2": "8"}
    two = client.post(url("add-round", game), {**data, "caller": ["0", "2"]})
    assert two.status_code == 422
    assert not game.rounds.exists()
    assert client.post(url("add-round", game), {**data, "caller": "2"}).status_code == 302
