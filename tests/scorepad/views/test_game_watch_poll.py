"""A watcher's poll answer brings the tab's title and the heading with the board, so a name
put right reaches every watcher's heading and title at the next poll, without a reload."""

import re

import pytest
from django.urls import reverse

from tests.conftest import fresh, make_game, play

pytestmark = pytest.mark.django_db


def test_the_poll_answer_carries_the_new_name_to_the_title_and_the_heading(client):
    game = play(make_game(("Anna", "Bo")), (3, 5))
    poll = reverse("scorepad:watch-poll", args=[game.watch_token])
    fresh(game).rename_player(1, "Bodil")
    html = client.get(poll, {"v": "an older mark"}).content.decode()
    # A <title> at the top level of the answer: htmx sets the tab's title from it
    assert re.match(r"<title>Watching: Anna, Bodil · [^<]+</title>", html)
    heading = re.search(r"<h1 [^>]*>(.*?)</h1>", html)
    assert 'id="watch-title"' in heading.group(0) and 'data-hx-swap-oob="true"' in heading.group(0)
    assert heading.group(1) == "Anna · Bodil"
    page = client.get(reverse("scorepad:watch", args=[game.watch_token])).content.decode()
    assert '<h1 class="watch-title" id="watch-title">Anna · Bodil</h1>' in page
    assert "data-hx-swap-oob" not in page  # the page itself has one heading, in place
