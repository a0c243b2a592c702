"""The rate limit on new games (scorepad/models/ratelimit.py): one client per address behind
the proxy and per IPv6 /64, sliding, surviving page traffic and cache loss, told in the
reader's words."""

from datetime import timedelta

import pytest
from django.core.cache import caches
from django.test import Client, override_settings
from django.utils import timezone

from scorepad.models import Game, RateMark, ratelimit
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


@pytest.mark.parametrize(
    ("address", "key"),
    [
        ("10.0.0.1", "10.0.0.1"),
        (" 10.0.0.1 ", "10.0.0.1"),
        ("10.0.0.1:51515", "10.0.0.1"),
        ("::ffff:10.0.0.1", "10.0.0.1"),
        ("[::ffff:10.0.0.1]:443", "10.0.0.1"),
        ("2001:db8:1:2:3:4:5:6", "2001:db8:1:2::/64"),
        ("[2001:DB8:1:2::9]:8080", "2001:db8:1:2::/64"),
        ("fe80::1%eth0", "fe80::/64"),
        ("", None),
        ("unknown", None),
        ("10.0.0.1.5", None),
    ],
)
def test_client_keys(address, key):
    assert ratelimit.client_key(address) == key


def start(client, forwarded):
    return client.post(
        "/en/scorepad/", new_game_data(), HTTP_X_FORWARDED_FOR=forwarded, REMOTE_ADDR="127.0.0.1"
    ).status_code


@pytest.mark.django_db
@override_settings(GAMES_PER_HOUR_PER_CLIENT=2, BEHIND_TLS_PROXY=True)
def test_one_ipv6_network_is_one_client():
    client = Client()
    statuses = [start(client, f"2001:db8:5:6::{n}") for n in range(1, 6)]
    assert statuses == [302, 302, 429, 429, 429]
    assert start(client, "2001:db8:5:7::1") == 302  # the next /64: another home


@pytest.mark.django_db
@override_settings(GAMES_PER_HOUR_PER_CLIENT=2, BEHIND_TLS_PROXY=True)
def test_forms_of_one_address_count_together():
    client = Client()
    forms = ["10.1.1.1", "::ffff:10.1.1.1", "10.1.1.1:4444", "[::ffff:10.1.1.1]:5555"]
    assert [start(client, f) for f in forms] == [302, 302, 429, 429]


@pytest.mark.django_db
@override_settings(GAMES_PER_HOUR_PER_CLIENT=1, BEHIND_TLS_PROXY=True)
def test_unknown_clients_are_not_counted_together():
    """An empty last X-Forwarded-For entry once put every such client in one bucket."""
    first, second = Client(), Client()
    assert start(first, "6.6.6.6, ") == 302
    assert start(second, "7.7.7.7, ") == 302  # another browser: its own count
    assert start(first, "6.6.6.6, ") == 429  # the first one's count held


@pytest.mark.django_db
def test_expired_marks_are_removed_for_every_client(client):
    old = timezone.now() - timedelta(hours=2)
    for n in range(5):
        RateMark.objects.create(client=f"192.0.2.{n}", at=old)
    assert client.post("/en/scorepad/", new_game_data()).status_code == 302
    assert list(RateMark.objects.values_list("client", flat=True)) == ["127.0.0.1"]
