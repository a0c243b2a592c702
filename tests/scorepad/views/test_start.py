"""The new-game page (`start` in scorepad/views/start.py): the form, its checks and the game
it makes."""

import json
import re
from decimal import Decimal

import pytest
from django.urls import reverse

from scorepad.models import Game
from tests.conftest import enter, make_game, new_game_data, url

pytestmark = pytest.mark.django_db


def test_start_page_in_both_languages(client):
    assert "Start the game" in client.get("/en/scorepad/").content.decode()
    assert "Start spillet" in client.get("/nb/poengblokk/").content.decode()


def test_create_game_redirects_to_its_page(client):
    response = client.post("/en/scorepad/", new_game_data())
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == url("game", game) + "#board"  # the scoring area
    assert [p.name for p in game.players.all()] == ["Anna", "Bo"]
    assert game.table == {"jack": "0.5", "start_card": True, "swap_seen": True, "threshold": 21}
    assert game.threshold == 21 and game.house.jack == Decimal("0.5")
    assert len(game.edit_token) >= 32 and game.edit_token != game.watch_token


def test_blank_names_become_player_n_in_the_readers_language(client):
    client.post("/nb/poengblokk/", new_game_data(name_0="", name_1="  "))
    assert [p.name for p in Game.objects.get().players.all()] == ["Spiller 1", "Spiller 2"]


def test_names_are_trimmed_and_folded(client):
    client.post("/en/scorepad/", new_game_data(name_0="  Anna   Lise \t", name_1="B\u200bo"))
    assert [p.name for p in Game.objects.get().players.all()] == ["Anna Lise", "Bo"]


def test_too_long_name_is_refused_and_form_kept(client):
    response = client.post("/en/scorepad/", new_game_data(name_0="A" * 200))
    assert response.status_code == 422
    assert Game.objects.count() == 0
    assert 'value="Bo"' in response.content.decode()


def test_game_settings_line(client):
    client.post(
        "/nb/poengblokk/", new_game_data(jack_value="11", game_length="custom", threshold="15")
    )
    game = Game.objects.get()
    html = client.get(url("game", game, "nb")).content.decode()
    assert "knekt 11 · til 15" in html
    html = client.get(url("game", game, "en")).content.decode()
    assert "jack 11 · to 15" in html


def test_single_round_game(client):
    client.post("/en/scorepad/", new_game_data(game_length="single"))
    game = Game.objects.get()
    assert game.threshold is None
    enter(client, game, 7, "12.5")
    html = client.get(url("game", game)).content.decode()
    assert "Anna wins the round with 7." in html
    assert "Save round 2" not in html


def test_custom_threshold_needs_a_number_in_range(client):
    response = client.post("/nb/poengblokk/", new_game_data(game_length="custom", threshold=""))
    assert response.status_code == 422
    assert "Skriv inn et helt tall fra 1 til 500" in response.content.decode()
    response = client.post("/en/scorepad/", new_game_data(game_length="custom", threshold="501"))
    assert response.status_code == 422
    assert Game.objects.count() == 0


def test_too_many_players_for_the_variant(client):
    data = new_game_data(player_count="3", name_2="Cy", variant="seven_cards")
    response = client.post("/en/scorepad/", data)
    assert response.status_code == 422
    assert "Three in hand" in response.content.decode()
    response = client.post("/en/scorepad/", {**data, "variant": "three_in_hand"})
    assert response.status_code == 302


def test_duplicate_names_are_refused(client):
    response = client.post("/en/scorepad/", new_game_data(name_1="anna"))
    assert response.status_code == 422
    assert "Two players are called" in response.content.decode()


def test_too_many_players_for_a_variant_is_told_beside_the_variant(client):
    response = client.post(
        "/nb/poengblokk/", new_game_data(player_count="4", variant="seven_cards")
    )
    html = response.content.decode()
    field = html[html.index('id="field-variant"') :]
    error = field[field.index('class="error"') : field.index("</fieldset>")]
    assert "Tre på hånden" in error


def test_a_jack_eleven_game_suggests_no_halves(client):
    game = make_game(jack="11")
    response = enter(client, game, "x", 4)
    assert "Anna: write the total as a whole number, such as 14." in response.content.decode()
    assert "3.5" not in response.content.decode().split('class="errors"')[1][:400]


def test_the_threshold_choice_and_variant_names_read_as_norwegian(client):
    html = client.get("/nb/poengblokk/").content.decode()
    assert "når noen når 21 poeng" in html
    data = new_game_data(player_count="3", variant="seven_cards")
    html = client.post("/nb/poengblokk/", data).content.decode()
    assert "«Tre på hånden»" in html


def test_a_new_game_with_a_conflict_keeps_the_choice_and_points_at_it(client):
    response = client.post(
        reverse("scorepad:start"), new_game_data(player_count="4", variant="seven_cards")
    )
    html = response.content.decode()
    assert response.status_code == 422
    focused = re.findall(r"<input autofocus[^>]*>", html)
    assert len(focused) == 1  # on the choice the reader made, which stays chosen
    assert 'value="seven_cards"' in focused[0] and "checked" in focused[0]
    assert 'href="#field-variant"' in html


def test_the_same_name_twice_focuses_the_second_name(client):
    response = client.post(reverse("scorepad:start"), new_game_data(name_1="anna"))
    html = response.content.decode()
    focused = re.findall(r"<input[^>]*autofocus[^>]*>", html)
    assert len(focused) == 1 and 'name="name_1"' in focused[0]
    assert 'href="#id_name_1"' in html


def test_the_new_game_page_tells_the_script_each_variants_limit_in_the_servers_words(client):
    html = client.get(reverse("scorepad:start")).content.decode()
    script = '<script id="player-limits" type="application/json">'
    limits = json.loads(html.split(script)[1].split("</script>")[0])
    assert limits["seven_cards"]["max"] == 2
    assert "For more" in limits["seven_cards"]["message"]
    assert limits["standard"]["more_max"] > 2


@pytest.mark.parametrize(
    ("address", "checked"),
    [
        ("/en/scorepad/?table=jack-11%2Bstock-only", {"jack_value": "11", "start_card": "stock"}),
        ("/nb/poengblokk/?table=knekt-11", {"jack_value": "11", "start_card": "card"}),
        ("/en/scorepad/?table=no-such-rule", {"jack_value": "0.5", "start_card": "card"}),
        ("/en/scorepad/new/golf/?table=jokers-pagat", {"jokers": "pagat", "variant": "six_card"}),
    ],
)
def test_a_table_in_the_address_fills_in_the_form(client, address, checked):
    """A practice game's "keep score with these rules" names the table as a rules page's
    address does; the form opens with it chosen (an unknown table: the defaults)."""
    response = client.get(address)
    html = response.content.decode()
    assert response.status_code == 200
    for name, value in checked.items():
        assert re.search(rf'<input[^>]*name="{name}" value="{value}"[^>]*checked', html), name
