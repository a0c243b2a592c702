"""The fixtures of the tests that start the production server (tests/deploy/served.py),
and the games they play on it."""

import re

from tests.conftest import new_game_data
from tests.deploy.served import (
    built,  # noqa: F401  (a fixture, registered by its import)
    http_phone,
    post,
)

# ------------------------------------------------------------------ games on a live server

GAMES = 3  # games started at once by `start_games`


def start_games(base) -> list[tuple]:
    """`GAMES` games of Ghost started on the server at `base`, each on a phone of its own:
    (phone, CSRF token, the game's address) each."""
    games = []
    for _ in range(GAMES):
        phone, token = http_phone(base, "/en/scorepad/")
        form = new_game_data(csrfmiddlewaretoken=token, threshold="500")
        status, address = post(phone, base + "/en/scorepad/", form)
        assert status == 302, address[:300]
        page = phone.open(base + address).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
        games.append((phone, token, address))
    return games


def play(base, games, numbers) -> None:
    """Rounds `numbers` entered in each game, every one saved."""
    for number in numbers:
        for phone, token, address in games:
            data = {"csrfmiddlewaretoken": token, "number": str(number)}
            data |= {"points_0": "2", "points_1": "2"}  # one deck deals both, for ten rounds to 21
            status, body = post(phone, base + address + "round/", data)
            assert status == 302, body[:300]
