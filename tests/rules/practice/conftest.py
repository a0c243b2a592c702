"""Helpers of the practice pages' tests: the game a client holds in its session, and a
game played to its end through the pages."""

import re

import pytest

from rules import games
from rules.practice import play_module


def _state(client, token):
    return client.session["practice"][token]["state"]


def _token(response) -> str:
    return re.search(r"/([A-Za-z0-9_-]{12,})/$", response["Location"])[1]


def _play_through(client, start_url, data=None, htmx=False, bound=400):
    """Start a game at `start_url` and make the reader's first legal move until the end;
    returns the token, the last page and the state."""
    response = client.post(start_url, data or {"opponents": "1", "level": "careful"})
    assert response.status_code == 302, response.content[:500]
    token = _token(response)
    game_url = response["Location"]
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    for _ in range(bound):
        state = _state(client, token)
        if state["over"]:
            break
        play = play_module(games.get(state["game"]))
        move = play.legal_moves(state)[0]
        response = client.post(game_url, {"step": state["step"], "move": move}, **headers)
        assert response.status_code == (200 if htmx else 302)
    else:
        raise AssertionError("the game did not end")
    return token, client.get(game_url), _state(client, token)


@pytest.fixture
def practice():
    """Helpers: `state(client, token)`, `token(response)`, `play_through(client, url, …)`."""

    class Helpers:
        state = staticmethod(_state)
        token = staticmethod(_token)
        play_through = staticmethod(_play_through)

    return Helpers
