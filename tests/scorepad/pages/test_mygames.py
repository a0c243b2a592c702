""" "My games" (scorepad/pages/mygames.py): the games made on this device, with totals, who
lost and rematches."""

import pytest
from django.utils import timezone

from scorepad.models import Game
from tests.conftest import enter, new_game_data, url

pytestmark = pytest.mark.django_db


def test_my_games_lists_games_made_on_this_device(client):
    client.post("/en/scorepad/", new_game_data(name_0="Kari"))
    html = client.get("/en/scorepad/").content.decode()
    assert "My games" in html and "Kari 0 · Bo 0" in html
    assert "0 rounds played" in html


def test_my_games_shows_totals_who_lost_the_day_first_and_rematches(client):
    client.post("/en/scorepad/", new_game_data(name_0="Kari"))
    game = Game.objects.get()
    enter(client, game, 25, "3.5")
    client.post(url("rematch", game))
    html = client.get("/en/scorepad/").content.decode()
    listed = html[html.index('class="my-games"') :]
    assert listed.index("rematch") < listed.index("Kari 25 · Bo 3.5")  # newest first
    assert "over: Kari lost" in listed
    day = timezone.localtime(game.created_at).strftime("%-d %B %Y")  # the site's zone
    assert day in listed
    norwegian = client.get("/nb/poengblokk/").content.decode()
    assert "ferdig: Kari tapte" in norwegian
    assert "Kari 25 · Bo 3,5" in norwegian
