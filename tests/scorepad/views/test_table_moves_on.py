"""Where the scorepad's features meet, as the server answers them: a rematch takes the
watchers along, the watch link opens in the watcher's language, the game's page offers a
rematch only once the game is decided (or asks first), short names for a narrow table,
and forms that keep the reader's choice and point at the first problem."""

import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from scorepad.models import Game
from scorepad.pages.board import short_names
from tests.conftest import enter, make_game, new_game_data, play_rounds, url

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}


def watch_path(game, lang="en"):
    with translation.override(lang):
        return reverse("scorepad:watch", args=[game.watch_token])


def decided(client):
    game = make_game()
    enter(client, game, 12, 3)
    enter(client, game, 10, 4)  # Anna reaches 22
    return game


@pytest.mark.parametrize(("accept", "lang"), [("nb-NO,nb;q=0.9", "nb"), ("en-GB", "en")])
def test_the_shared_watch_link_opens_in_the_watchers_language(client, accept, lang):
    game = make_game()
    response = client.get(f"/w/{game.watch_token}/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 302
    assert response["Location"] == watch_path(game, lang)
    assert "Accept-Language" in response["Vary"]


def test_the_game_page_shares_the_link_without_a_language(client):
    game = make_game()
    html = client.get(url("game", game, "nb")).content.decode()
    assert f'data-share="http://testserver/w/{game.watch_token}/"' in html


def test_an_unknown_watch_token_ends_in_a_404(client):
    assert client.get("/w/" + "A" * 32 + "/", follow=True).status_code == 404
    assert client.get("/w/not-a-token/").status_code == 404


def test_a_rematch_moves_the_watchers_poll_on_to_the_new_game(client):
    game = decided(client)
    mark = Game.objects.get(pk=game.pk).poll_mark
    poll = reverse("scorepad:watch-poll", args=[game.watch_token])
    assert client.get(poll, {"v": mark}, **HTMX).status_code == 204
    client.post(url("rematch", game))
    rematch = Game.objects.get(rematch_of=game)
    response = client.get(poll, {"v": mark}, **HTMX)
    assert response["HX-Redirect"] == watch_path(rematch) + "?moved=1"


def test_the_finished_games_pages_lead_to_the_rematch(client):
    game = decided(client)
    client.post(url("rematch", game))
    rematch = Game.objects.get(rematch_of=game)
    page = client.get(url("game", game)).content.decode()
    assert "A rematch of this game has started." in page
    assert url("game", rematch) in page
    watch = client.get(watch_path(game)).content.decode()
    assert "This page moves on to it by itself." in watch
    assert watch_path(rematch) + "?moved=1" in watch  # the link, and the refresh without script
    moved = client.get(watch_path(rematch), {"moved": "1"}).content.decode()
    assert "this page now follows the new game" in moved
    assert watch_path(game) in moved  # the way back to the last game
    assert "this page now follows" not in client.get(watch_path(rematch)).content.decode()


def test_rematch_is_offered_once_decided_and_asks_first_in_the_middle_of_a_game(client):
    game = make_game()
    play_rounds(game, 1)
    page = client.get(url("game", game)).content.decode()
    ask = page.split('<details class="rematch-early">')[1].split("</details>")[0]
    assert "This game is not decided yet." in ask and url("rematch", game) in ask
    assert page.count(url("rematch", game)) == 1
    finished = decided(client)
    page = client.get(url("game", finished)).content.decode()
    assert 'class="rematch-early"' not in page
    result = page.split('class="result"')[1].split("</div>")[0]
    assert url("rematch", finished) in result


def test_the_kept_rounds_are_counted_from_the_boards_own_rounds(client):
    game = make_game(threshold=15)
    enter(client, game, 3.5, 12)
    html = client.get(url("game", game)).content.decode()
    board = html.split('data-board="')[1].split('"')[0].replace("&quot;", '"')
    assert json.loads(board) == {
        "names": ["Anna", "Bo"],
        "threshold": 15,
        "first_dealer": 0,
        "rounds": [[3.5, 12.0]],
    }


@pytest.mark.parametrize(
    ("names", "short"),
    [
        (["Anna", "Bo"], ["Anna", "Bo"]),
        (
            [
                "Anne-Marthe Kristiansen",
                "Bjørn-Erik Halvorsen",
                "Per Olav Thorsen",
                "Kari",
                "Sverre Johannessen",
                "Oda",
            ],
            ["AMK", "BEH", "Per", "Kari", "SJ", "Oda"],
        ),
        (["Cecilie", "Dag", "Eva", "Frode"], ["Cecil.", "Dag", "Eva", "Frode"]),
        (["Anna Berg", "Anna Bakke", "C", "D", "E", "F"], ["Ann1", "Ann2", "C", "D", "E", "F"]),
    ],
)
def test_short_names_for_the_table_header_are_short_and_different(names, short):
    assert short_names(names) == short


def test_a_new_game_with_a_conflict_keeps_the_choice_and_points_at_it(client):
    response = client.post(
        reverse("scorepad:start"), new_game_data(player_count="4", variant="seven_cards")
    )
    html = response.content.decode()
    assert response.status_code == 400
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
    limits = json.loads(html.split('data-limits="')[1].split('"')[0].replace("&quot;", '"'))
    assert limits["seven_cards"]["max"] == 2
    assert "For more" in limits["seven_cards"]["message"]
    assert limits["standard"]["more_max"] > 2
