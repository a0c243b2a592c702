"""The new-game form's own key (`phones_start_key` in scorepad/views/start.py): a double
tap on one phone makes one game, and the same key from any other phone never opens that
game. The key is as long as a token, so the logs mask it; what the database keeps (and a
database log could show) is a digest no one can post."""

import re

import pytest
from django.test import Client

from scorepad.models import Game
from tests.conftest import new_game_data, url

pytestmark = pytest.mark.django_db


def phone_with_form(lang="en") -> tuple[Client, str]:
    phone = Client()
    page = phone.get(f"/{lang}/scorepad/").content.decode()
    return phone, re.search(r'name="start_key"[^>]*value="([^"]+)"', page)[1]


def test_the_forms_key_is_as_long_as_a_token():
    _phone, key = phone_with_form()
    assert re.fullmatch(r"[A-Za-z0-9_-]{32}", key)


def test_a_double_tap_makes_one_game():
    phone, key = phone_with_form()
    first = phone.post("/en/scorepad/", new_game_data(start_key=key))
    second = phone.post("/en/scorepad/", new_game_data(start_key=key))
    assert first.status_code == second.status_code == 302
    assert first["Location"] == second["Location"]
    assert Game.objects.count() == 1


def test_another_phone_with_the_same_key_gets_a_game_of_its_own():
    phone, key = phone_with_form()
    phone.post("/en/scorepad/", new_game_data(start_key=key))
    game = Game.objects.get()
    stranger, _its_own_key = phone_with_form()
    answer = stranger.post("/en/scorepad/", new_game_data(start_key=key, name_0="Mallory"))
    assert answer.status_code == 302
    assert answer["Location"] != url("game", game)
    assert Game.objects.count() == 2
    mine = stranger.get("/en/scorepad/").content.decode()
    assert game.edit_token not in mine


def test_the_database_keeps_no_key_a_phone_could_post():
    phone, key = phone_with_form()
    phone.post("/en/scorepad/", new_game_data(start_key=key))
    kept = Game.objects.get().start_key
    assert kept != key and len(kept) == 32
    # posting what the database keeps (as read from its log) opens nothing either
    stranger, _its_own_key = phone_with_form()
    stranger.post("/en/scorepad/", new_game_data(start_key=kept))
    assert Game.objects.count() == 2
