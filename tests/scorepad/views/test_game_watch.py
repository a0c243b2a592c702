"""The watch page and its poll (`watch`, `watch_poll` in scorepad/views/game.py): read
only, quiet while nothing changes, constant in cost."""

import pytest
from django.core.cache import caches
from django.test import Client
from django.urls import reverse
from django.utils import translation

from scorepad.models import Round
from tests.conftest import HTMX, enter, make_game, play_rounds

pytestmark = pytest.mark.django_db


def test_watch_token_is_not_an_edit_token(client, game):
    assert client.get(f"/en/scorepad/g/{game.watch_token}/").status_code == 404
    response = client.post(
        f"/en/scorepad/g/{game.watch_token}/round/",
        {"number": "1", "points_0": "3", "points_1": "4"},
    )
    assert response.status_code == 404
    assert Round.objects.count() == 0


def test_watch_page_cannot_write_and_hides_the_edit_link(client, game):
    enter(client, game, 3, 4)
    watch = reverse("scorepad:watch", kwargs={"token": game.watch_token})
    html = client.get(watch).content.decode()
    assert game.edit_token not in html
    assert "<form" not in html.split("<main")[1]
    assert client.post(watch, {"number": "2"}).status_code == 405


def test_watch_poll_is_empty_while_nothing_changes(client, game, django_assert_num_queries):
    poll = reverse("scorepad:watch-poll", kwargs={"token": game.watch_token})
    game.refresh_from_db()
    with django_assert_num_queries(1):
        response = client.get(poll, {"v": game.poll_mark}, **HTMX)
    assert response.status_code == 204 and response.content == b""
    enter(client, game, 3, 4)
    response = client.get(poll, {"v": game.poll_mark}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="watched"' in html and game.edit_token not in html
    game.refresh_from_db()
    assert f"v={game.version}" in html


def test_unknown_watch_link_is_404(client, game):
    assert client.get("/en/scorepad/watch/nope/").status_code == 404
    assert client.get("/en/scorepad/watch/nope/poll/").status_code == 404


@pytest.mark.parametrize("rounds", [1, 50])
def test_watch_poll_with_change_is_constant(client, rounds, django_assert_num_queries):
    game = make_game(threshold=500)
    play_rounds(game, rounds)
    poll = reverse("scorepad:watch-poll", kwargs={"token": game.watch_token})
    for alias in ("default", "boards"):  # cold: nothing of this game in this process
        caches[alias].clear()
    # the game, its rematch (a watcher moves on to it), its players, live scores
    with django_assert_num_queries(4):
        first = client.get(poll, {"v": "-1"}, **HTMX)
    with django_assert_num_queries(2):  # another watcher: the game, its rematch; the answer
        again = Client().get(poll, {"v": "-1"}, **HTMX)
    assert first.status_code == again.status_code == 200
    assert first.content == again.content


def test_a_kept_poll_answer_is_per_language_and_follows_every_change(client, game):
    poll = reverse("scorepad:watch-poll", kwargs={"token": game.watch_token})
    enter(client, game, 3, 4)
    english = client.get(poll, {"v": "-1"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    with translation.override("nb"):
        nb_poll = reverse("scorepad:watch-poll", kwargs={"token": game.watch_token})
    norwegian = client.get(nb_poll, {"v": "-1"}).content.decode()
    assert "Round 2 is being played" in english and "Runde 2 spilles" in norwegian
    enter(client, game, 5, 6)
    assert "Round 3 is being played" in client.get(poll, {"v": "-1"}).content.decode()
