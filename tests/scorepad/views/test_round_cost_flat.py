"""A round entry does as much work at the last round a game holds as at its first: the
same queries, and (counted, not timed) as many Python calls within a few percent. The
time itself is `make bench-inprocess`'s (bench/inprocess.py); this holds what it says
without a clock: nothing in the entry grows with the rounds."""

import sys

import pytest
from django.db import connection
from django.test.utils import CaptureQueriesContext

from scorepad.models import MAX_ROUNDS, Game
from tests.conftest import enter, golf, make_game, play_rounds, url

pytestmark = pytest.mark.django_db

# The round entered last: Ghost's hundredth (its cap), Golf's seventeenth of eighteen
# holes (the eighteenth ends the game, and the result is worked out once, over them all).
LAST = {"ghost": MAX_ROUNDS, "golf": 17}
POINTS = {"ghost": (3, 5), "golf": (0, 0)}  # a round one deck deals (Ghost has no 0)


def seeded(game_key: str, played: int) -> Game:
    if game_key == "ghost":
        game = make_game(("Anna", "Bo"), threshold=500)
    else:
        game = golf(("Anna", "Bo"), holes=18)
    play_rounds(game, played, points=0)
    return Game.objects.get(pk=game.pk)


def entry_cost(client, game: Game, number: int) -> tuple[int, int]:
    """The queries and Python calls of one round posted after the game's page was seen
    (as a phone posts it: the page first, then the round)."""
    assert client.get(url("game", game)).status_code == 200
    calls = 0

    def count(_frame, event, _arg):
        nonlocal calls
        if event == "call":
            calls += 1

    with CaptureQueriesContext(connection) as queries:
        sys.setprofile(count)
        try:
            answer = enter(client, game, *POINTS[game.game], number=number)
        finally:
            sys.setprofile(None)
    assert answer.status_code == 302, answer
    return len(queries), calls


@pytest.mark.parametrize("game_key", ["ghost", "golf"])
def test_the_last_round_costs_what_the_first_does(client, game_key):
    # The first entry of a process pays for imports and kept tables: warm both paths.
    warm = seeded(game_key, 0)
    entry_cost(client, warm, 1)
    entry_cost(client, warm, 2)
    first = entry_cost(client, seeded(game_key, 1), 2)
    last = entry_cost(client, seeded(game_key, LAST[game_key] - 1), LAST[game_key])
    assert last[0] == first[0], (first, last)  # the same queries
    assert last[1] <= first[1] * 1.02, (first, last)  # the same work, within 2%
