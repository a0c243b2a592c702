"""No log line holds a game's edit or watch token, and long paths are cut."""

import io
import logging

import pytest
from django.test import Client

from ghost_site import logs
from scorepad.models import TOKEN_LENGTH
from tests.conftest import make_game, play_rounds


@pytest.fixture
def log_text():
    """What the site's own handlers write, as text."""
    handlers = [
        h
        for name in ("", "django", "django.server")
        for h in logging.getLogger(name).handlers
        if any(isinstance(f, logs.MaskTokens) for f in h.filters)
    ]
    assert handlers, "the site's handlers carry the masking filter"
    stream = io.StringIO()
    old = [h.setStream(stream) for h in handlers]
    yield stream.getvalue
    for handler, previous in zip(handlers, old, strict=True):
        handler.setStream(previous)


def test_the_filter_knows_the_token_length():
    assert logs.TOKEN_LENGTH == TOKEN_LENGTH


@pytest.mark.django_db
def test_a_conflict_is_logged_without_the_edit_token(log_text):
    game = make_game()
    play_rounds(game, 1)
    client = Client()
    response = client.post(
        f"/en/scorepad/g/{game.edit_token}/round/", {"number": "1", "points_0": "3"}
    )
    assert response.status_code in (409, 422)
    missing = client.get(f"/nb/scorepad/watch/{game.watch_token}/nothing/")
    assert missing.status_code == 404
    text = log_text()
    assert "/en/scorepad/g/" in text and logs.MASK in text  # the line is there
    assert game.edit_token not in text
    assert game.watch_token not in text


@pytest.mark.django_db
def test_a_long_path_is_cut_in_the_log(log_text):
    path = "/en/" + "x/" * 30_000
    assert Client().get(path).status_code == 404
    text = log_text()
    assert "Not Found: /en/x/x/" in text
    assert len(text) < 1_000


def test_a_traceback_is_masked_too(log_text):
    token = "A" * 16 + "b-_9" * 4
    try:
        raise ValueError(f"no game /en/scorepad/g/{token}/")
    except ValueError:
        logging.getLogger("django.request").exception("Internal Server Error: %s", token)
    text = log_text()
    assert "Internal Server Error" in text and "ValueError" in text
    assert token not in text
