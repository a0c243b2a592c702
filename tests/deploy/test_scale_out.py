"""Scaled out: a double-tapped Start through two live servers on one database (PostgreSQL
in CI's second pass), and "My games" keeping every game started at the same time."""

import http.cookiejar
import re
import urllib.error
import urllib.parse
import urllib.request

import pytest
from django.test import override_settings
from pytest_django.live_server_helper import LiveServer

from scorepad.models import Game, RateMark
from tests.conftest import NoRedirect, new_game_data, race

# ------------------------------------------------------------ lengths and ids


# ------------------------------------------------------------------ rate limit


# ------------------------------------------- two live servers, one database


def browser():
    jar = http.cookiejar.CookieJar()
    return urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)


def start_form(opener, base):
    html = opener.open(base + "/en/scorepad/").read().decode()
    fields = dict(re.findall(r'name="(csrfmiddlewaretoken|start_key)"[^>]*value="([^"]+)"', html))
    return {**new_game_data(), **fields}


def post(opener, address, data):
    body = urllib.parse.urlencode(data).encode()
    try:
        with opener.open(address, body) as response:
            return response.status, response.headers.get("Location")
    except urllib.error.HTTPError as error:
        return error.code, error.headers.get("Location")


@pytest.fixture
def two_servers(live_server):
    """A load balancer's view: two servers, one database; requests alternate."""
    other = LiveServer("localhost:0")
    yield live_server.url, other.url
    other.stop()


def my_games(opener, base) -> list[str]:
    html = opener.open(base + "/en/scorepad/").read().decode()
    listed = html[html.index('class="my-games"') :] if 'class="my-games"' in html else ""
    return list(dict.fromkeys(re.findall(r"/en/scorepad/g/([A-Za-z0-9_-]{32})/", listed)))


@pytest.mark.django_db(transaction=True)
@override_settings(GAMES_PER_HOUR_PER_CLIENT=100)
def test_a_double_tapped_start_makes_one_game(two_servers):
    one, two = two_servers
    for _attempt in range(5):
        phone = browser()
        form = start_form(phone, one)
        results = race(
            [lambda b=b, p=phone, f=form: post(p, b + "/en/scorepad/", f) for b in (one, two)]
        )
        assert [status for status, _ in results] == [302, 302]
        assert results[0][1] == results[1][1]  # the same game for both taps
        token = results[0][1].split("/")[-2]
        assert my_games(phone, two) == [token]
    assert Game.objects.count() == 5
    assert RateMark.objects.count() <= 10


@pytest.mark.django_db(transaction=True)
@override_settings(GAMES_PER_HOUR_PER_CLIENT=100)
def test_my_games_never_loses_a_game_started_at_the_same_time(two_servers):
    one, two = two_servers
    phone = browser()
    status, first = post(phone, one + "/en/scorepad/", start_form(phone, one))
    assert status == 302
    for _attempt in range(4):
        forms = [start_form(phone, one), start_form(phone, two)]  # two tabs
        results = race(
            [
                lambda f=forms: post(phone, one + "/en/scorepad/", f[0]),
                lambda f=forms: post(phone, two + "/en/scorepad/", f[1]),
            ]
        )
        assert [status for status, _ in results] == [302, 302]
    listed = my_games(phone, one)
    assert Game.objects.count() == 9
    assert sorted(listed) == sorted(Game.objects.values_list("edit_token", flat=True))
