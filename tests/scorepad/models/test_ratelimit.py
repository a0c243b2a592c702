"""The rate limit on new games (scorepad/models/ratelimit.py): per client behind the proxy,
sliding, surviving page traffic and cache loss."""

import pytest
from django.test import override_settings

from scorepad.models import Game
from tests.conftest import new_game_data

pytestmark = pytest.mark.django_db


@override_settings(GAMES_PER_HOUR_PER_CLIENT=3)
@pytest.mark.parametrize(
    ("prefix", "text"),
    [("/en/scorepad/", "a lot of new games"), ("/nb/poengblokk/", "veldig mange spill")],
)
def test_new_games_are_rate_limited(client, prefix, text):
    for _ in range(3):
        assert client.post(prefix, new_game_data()).status_code == 302
    response = client.post(prefix, new_game_data())
    assert response.status_code == 429
    assert text in response.content.decode()
    assert Game.objects.count() == 3


@override_settings(GAMES_PER_HOUR_PER_CLIENT=2, BEHIND_TLS_PROXY=True)
def test_rate_limit_counts_the_client_behind_the_proxy(client):
    def create(address):
        return client.post(
            "/en/scorepad/",
            new_game_data(),
            HTTP_X_FORWARDED_FOR=f"6.6.6.6, {address}",
            REMOTE_ADDR="127.0.0.1",
        )

    assert [create("10.0.0.1").status_code for _ in range(3)] == [302, 302, 429]
    assert create("10.0.0.2").status_code == 302  # another table behind the same proxy
