"""How many may play, said before the new-game form is sent (no script needed): more than
two at the five-card game take its house rule, and the game says so; «Seven cards» with
more is refused in the form's words. The home page says more may play, too."""

import pytest

from scorepad.models import Game
from tests.conftest import new_game_data

pytestmark = pytest.mark.django_db
FOUR = {f"name_{i}": name for i, name in enumerate(["Ada", "Bo", "Cy", "Di"])}


@pytest.mark.parametrize(
    ("start", "said"),
    [
        (
            "/en/scorepad/",
            "“Standard”: 2 players; choose more and the house rule for up to 10 is switched "
            "on. “Three in hand”: up to 6. “Seven cards”: 2.",
        ),
        (
            "/nb/poengblokk/",
            "«Vanlig»: 2 spillere. Velger dere flere, slås husregelen for opptil 10 spillere "
            "på. «Tre på hånden»: opptil 6. «Sju kort»: 2.",
        ),
    ],
)
def test_the_form_says_what_each_variant_takes_beside_the_number_of_players(client, start, said):
    html = client.get(start).content.decode()
    assert f'id="id_player_count_helptext">{said}</p>' in html  # under the number
    assert 'aria-describedby="id_player_count_helptext"' in html


def test_four_at_the_five_card_game_take_the_house_rule_and_the_game_says_so(client):
    response = client.post("/en/scorepad/", new_game_data(player_count="4", **FOUR), follow=True)
    assert response.status_code == 200
    game = Game.objects.get()
    assert game.house.more_players and len(game.player_list) == 4
    assert "4 players at the five-card game: the game is played by the house rule" in (
        response.content.decode()
    )


def test_two_players_say_nothing_of_the_house_rule(client):
    response = client.post("/en/scorepad/", new_game_data(), follow=True)
    assert "house rule for more players." not in response.content.decode()
    assert not Game.objects.get().house.more_players


def test_seven_cards_with_four_is_refused_with_the_reason(client):
    refused = client.post(
        "/en/scorepad/", new_game_data(player_count="4", variant="seven_cards", **FOUR)
    )
    assert refused.status_code == 422
    assert "“Seven cards” is for 2 players." in refused.content.decode()
    assert not Game.objects.exists()


def test_the_home_page_says_more_than_two_may_play(client):
    assert "2 players, or up to 10 by a house rule" in client.get("/en/").content.decode()
    assert "2 spillere, eller opptil 10 med en husregel" in client.get("/nb/").content.decode()
