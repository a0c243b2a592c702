"""The keeper's "Share the result" downloads the picture from the watch address, which
draws the same picture: a browser keeps a download's source address, and the edit
address must not travel with the picture."""

import re

import pytest
from django.test import Client

from tests.conftest import make_game, play_rounds, url


@pytest.mark.django_db
def test_the_keepers_share_link_is_the_watch_address():
    game = make_game(threshold=21)
    play_rounds(game, 1, points=30)  # over the threshold: decided
    page = Client().get(url("game", game)).content.decode()
    share = re.search(r"<a [^>]*data-share-result[^>]*>", page)[0]
    assert f"/watch/{game.watch_token}/result.png" in share
    assert game.edit_token not in share
    picture = re.search(r'href="([^"]+)"', share)[1].replace("&amp;", "&")
    answer = Client().get(picture)
    assert answer.status_code == 200 and answer["Content-Type"] == "image/png"
