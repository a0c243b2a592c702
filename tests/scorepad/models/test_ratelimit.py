"""The rate limit on new games (scorepad/models/ratelimit.py): per client behind the proxy,
sliding, surviving page traffic and cache loss."""

from datetime import timedelta

import pytest
from django.core.cache import caches
from django.test import override_settings
from django.utils import timezone

from scorepad.models import Game, RateMark
from tests.conftest import new_game_data, url

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


@override_settings(GAMES_PER_HOUR_PER_CLIENT=2)
def test_the_rate_limit_survives_page_traffic_and_cache_loss(client):
    assert [client.post("/en/scorepad/", new_game_data()).status_code for _ in range(2)] == [
        302,
        302,
    ]
    for alias in ("default", "pages"):
        caches[alias].clear()
    response = client.post("/en/scorepad/", new_game_data())
    assert response.status_code == 429
    assert "You can start another in 60 minutes" in response.content.decode()


@override_settings(GAMES_PER_HOUR_PER_CLIENT=2)
def test_the_window_slides(client):
    hour_ago = timezone.now() - timedelta(minutes=59)
    RateMark.objects.create(client="127.0.0.1", at=hour_ago)
    RateMark.objects.create(client="127.0.0.1", at=timezone.now())
    response = client.post("/nb/poengblokk/", new_game_data())
    assert response.status_code == 429
    assert "om 1 minutt" in response.content.decode()
    RateMark.objects.filter(at=hour_ago).update(at=hour_ago - timedelta(minutes=2))
    assert client.post("/nb/poengblokk/", new_game_data()).status_code == 302


@override_settings(GAMES_PER_HOUR_PER_CLIENT=1)
def test_a_refused_rematch_says_when_it_will_work(client):
    client.post("/en/scorepad/", new_game_data())
    game = Game.objects.get()
    response = client.post(url("rematch", game), follow=True)
    assert "You can start another in 60 minutes" in response.content.decode()
    assert Game.objects.count() == 1
