"""The kept pages (scorepad/pages/pagecache.py) and what a game page costs: rendered once
per change, a fresh CSRF token, queries that do not grow with the rounds."""

import re

import pytest
from django.core.cache import caches
from django.test import Client
from django.test.signals import template_rendered

from tests.conftest import (
    HTMX,
    POINTS,
    enter,
    make_game,
    play_rounds,
    url,
)

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("rounds", [1, 50])
def test_game_page_queries_do_not_grow_with_rounds(client, rounds, django_assert_num_queries):
    game = make_game(names=("A", "B", "C", "D", "E", "F"), variant="three_in_hand", threshold=500)
    play_rounds(game, rounds)
    # After a change this process made: the game and its rematch, if any; its players and
    # the board as the change left it are in the cache.
    with django_assert_num_queries(2):
        assert client.get(url("game", game)).status_code == 200
    for alias in ("default", "boards"):  # another process, or a cold one
        caches[alias].clear()
    with django_assert_num_queries(4):  # game, players, scores of live rounds, rematch
        assert client.get(url("game", game)).status_code == 200
    with django_assert_num_queries(1):  # the same version again: the page is kept
        assert client.get(url("game", game)).status_code == 200


def test_a_kept_game_page_has_a_fresh_csrf_token_that_works(client, game):
    first = client.get(url("game", game)).content.decode()
    again = client.get(url("game", game)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', again).group(1)
    assert token not in first  # masked anew for each answer
    assert "csrf-token" not in again
    checked = Client(enforce_csrf_checks=True)
    checked.cookies = client.cookies
    response = checked.post(
        url("add-round", game), {"csrfmiddlewaretoken": token, "number": "1"} | POINTS
    )
    assert response.status_code == 302


def test_a_kept_game_page_follows_every_change_and_shows_each_message(client, game):
    client.get(url("game", game))
    response = enter(client, game, 3, 4, follow=False)
    html = client.get(response["Location"]).content.decode()
    assert "Round 1 saved." in html and "Save round 2" in html
    html = client.get(url("game", game)).content.decode()
    assert "Round 1 saved." not in html and "Save round 2" in html


def test_the_game_page_is_rendered_once_per_change(client, game):
    """The page and its htmx board, each once per version: every other answer is
    the kept one with its own token and messages."""
    rendered = []

    def count(sender, template, **kwargs):
        rendered.append(template.name)

    template_rendered.connect(count)
    try:
        response = enter(client, game, 3, 4)
        with_message = client.get(response["Location"]).content.decode()
        without = client.get(url("game", game)).content.decode()
        assert rendered.count("scorepad/_standings.html") == 1
        data = {"number": "2", "points_0": "5", "points_1": "6"}
        board = client.post(url("add-round", game), data, **HTMX).content.decode()
        assert rendered.count("scorepad/_standings.html") == 2
        after_htmx = client.get(url("game", game)).content.decode()
        client.get(url("game", game))
        client.get(url("game", game), **HTMX)
        assert rendered.count("scorepad/_standings.html") == 3  # the page of version 2
    finally:
        template_rendered.disconnect(count)
    assert "Round 1 saved." in with_message and "Round 1 saved." not in without
    assert "Save round 2" in with_message and "Save round 2" in without
    assert board.startswith('<div id="board"') and "<html" not in board
    assert "Round 2 saved." in board and "Save round 3" in board
    assert "Round 2 saved." not in after_htmx and "Save round 3" in after_htmx
    assert "<!--" + "messages-->" not in with_message + without + board + after_htmx


def test_game_page_with_history_reads_it_in_one_query_more(client, django_assert_num_queries):
    game = make_game(threshold=500)
    play_rounds(game, 3)
    client.post(url("undo", game), {"number": "3"})
    # game, scores, latest changes, their scores, its rematch
    with django_assert_num_queries(5):
        html = client.get(url("game", game)).content.decode()
    assert "Bring back round 3" in html


@pytest.mark.parametrize("rounds", [1, 50])
def test_round_entry_queries_do_not_grow_with_rounds(client, rounds, django_assert_num_queries):
    game = make_game(threshold=500)
    play_rounds(game, rounds)
    client.get(url("game", game))  # as a phone does: the page first
    # The game as the page left it in this process, its players and board from the
    # cache; then in the transaction (a savepoint in a test): the version moved on from
    # the one seen, the round, its scores. It was 10 (9 with the players cached) while
    # the change read the game and its rounds again under the lock, 6 while it read the
    # game first.
    with django_assert_num_queries(5):
        assert enter(client, game, 3, 4, number=rounds + 1).status_code == 302
    for alias in ("default", "boards"):  # a process that has never seen the game
        caches[alias].clear()
    # The game, its players, its board; then the same four.
    with django_assert_num_queries(8):
        assert enter(client, game, 3, 4, number=rounds + 2).status_code == 302
