"""The caches are bounded per process, whatever the games hold: pages in bytes, boards in
rounds and scores (a bound of memory too, measured here)."""

import copy
import threading
import tracemalloc
from dataclasses import FrozenInstanceError
from datetime import datetime
from decimal import Decimal
from decimal import Decimal as D

import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import Client, override_settings

from ghost_site import cache as cache_module
from scorepad import models
from scorepad.models import (
    MAX_ROUNDS,
    Game,
    Result,
    Round,
    held_weight,
    reading,
)
from tests.conftest import (
    boards_cache,
    enter,
    make_game,
    play_rounds,
    url,
)

SMALL = 512 * 1024  # a bound a few pages at the cap exceed


def held_bytes(alias: str) -> int:
    """What the cache holds, measured from its store: keys and pickled values."""
    store = caches[alias]._cache
    return sum(len(key) + len(value) for key, value in store.items())


def test_both_caches_are_bounded_in_bytes():
    for alias in ("default", "pages"):
        assert settings.CACHES[alias]["OPTIONS"]["MAX_BYTES"] <= 32 * 1024 * 1024


@pytest.mark.django_db
def test_changes_at_the_round_cap_stay_under_the_bound():
    """Undo, view, bring back, view, on a game at the round cap with long non-Latin
    names: every version is a new page, and the cache never holds more than its bound."""
    bounded = copy.deepcopy(settings.CACHES)
    bounded["default"]["OPTIONS"]["MAX_BYTES"] = SMALL
    with override_settings(CACHES=bounded):
        game = make_game(names=("😀" * 24, "ß" * 24, "Ω" * 24, "Åse"))
        play_rounds(game, MAX_ROUNDS, points=0)  # nobody over the threshold: still open
        game = Game.objects.get(pk=game.pk)  # as a request reads it
        client = Client()
        page = f"/en/scorepad/g/{game.edit_token}/"
        sizes = []
        for _cycle in range(8):
            assert game.undo_round(MAX_ROUNDS).result is Result.SAVED
            assert client.get(page).status_code == 200
            sizes.append(held_bytes("default"))
            undone = Round.objects.filter(game=game, number=MAX_ROUNDS, status="undone").latest(
                "id"
            )
            assert game.restore_round(undone.pk).result is Result.SAVED
            assert client.get(page).status_code == 200
            sizes.append(held_bytes("default"))
        one_page = len(client.get(page).content)
        assert one_page > 60_000  # the cap's page is large: the bound is met, not skirted
        assert max(sizes) <= SMALL
        assert min(sizes) > one_page // 2  # it does keep pages


def test_a_kept_board_is_the_very_object_in_every_thread():
    """Django makes a cache object per thread; what the boards cache holds is the
    process's, and a reader gets the object itself, not a copy."""
    board = (("a",), ("b",))
    caches["boards"].set("board:x", board)
    seen = []
    reader = threading.Thread(target=lambda: seen.append(caches["boards"].get("board:x")))
    reader.start()
    reader.join()
    assert seen[0] is board


def test_the_boards_cache_drops_the_least_recently_used_to_stay_under_its_weight():
    with boards_cache(max_weight=40, location="boards-small"):
        boards = caches["boards"]
        boards.clear()
        rows = ((1, 0, "Anna"), (2, 1, "Bo"))  # a game's players: weighs 4
        for n in range(10):
            boards.set(f"players:{n}", rows)
        assert boards.total_weight == 40
        assert boards.get("players:0") is rows  # read: now the most recently used
        boards.set("players:new", rows)
        assert boards.get("players:1") is None  # the least recently used went
        assert boards.get("players:0") is rows
        assert boards.total_weight == 40
        boards.set("too-big", tuple(range(40)))  # heavier than the whole bound: not kept
        assert boards.get("too-big") is None
        assert boards.add("players:0", ()) is False and boards.get("players:0") is rows
        assert boards.delete("players:0") and boards.total_weight == 36
        boards.clear()
        assert boards.total_weight == 0


def test_a_kept_board_expires(monkeypatch):
    boards = caches["boards"]
    now = [1000.0]
    monkeypatch.setattr(cache_module.time, "monotonic", lambda: now[0])
    boards.set("board:soon", ("x",), timeout=60)
    now[0] += 59
    assert boards.get("board:soon") == ("x",)
    now[0] += 2
    assert boards.get("board:soon") is None
    assert boards.total_weight == 0


@pytest.mark.django_db
def test_the_boards_bound_is_one_of_memory():
    """The heaviest boards there can be (six players, every score with a whole hand of
    cards and every round with a phone's id) take at most 220 bytes a unit of weight,
    so the settings' bound keeps the whole cache near 30 MiB."""
    names = ("Anna", "Bo", "Cato", "Dina", "Eirik", "Frida")
    game = make_game(names=names, variant="seven_cards", threshold=500)
    # Stored as typed (the model does not add them up): a game that never ends.
    hands = ["Q K Q K J T 9"] * len(names)
    points = [Decimal("0.5")] * len(names)
    game = Game.objects.get(pk=game.pk)
    for number in range(1, MAX_ROUNDS + 1):
        client_id = f"{number:08d}-phone-id-of-forty-chars-long"
        assert game.add_round(number, points, hands, client_id=client_id).result is Result.SAVED
    game = Game.objects.get(pk=game.pk)
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        boards = [game.read_board() for _ in range(20)]
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    weight = sum(held_weight(board) for board in boards)
    assert weight == 20 * (2 + MAX_ROUNDS * (1 + len(names)))
    assert held / weight <= 220
    assert settings.CACHES["boards"]["OPTIONS"]["MAX_WEIGHT"] * 220 <= 32 * 1024 * 1024
    assert all(isinstance(p, Decimal) for p in boards[0][0].points)


IMMUTABLE = (str, int, float, bool, D, type(None), datetime)


def frozen_through(value) -> bool:
    if isinstance(value, IMMUTABLE):
        return True
    if isinstance(value, models.LiveRound):
        return all(frozen_through(getattr(value, name)) for name in value.__slots__)
    return isinstance(value, tuple) and all(frozen_through(item) for item in value)


@pytest.mark.django_db
def test_everything_the_boards_cache_hands_out_is_immutable(client):
    """Every reader gets the very object: a list or a mutable object anywhere in it could
    be changed by one request under another's feet."""
    game = make_game(names=("Anna", "Bo", "Cato"), threshold=500)
    client.get(url("game", game))
    enter(client, game, 3, 4, 5, number=1, client_id="phone-0002-r1")
    enter(client, game, 3, 4, 5, number=2)
    client.post(url("rename", game), {"seat": "2", "name": "Cecilie"})
    client.post(url("undo", game), {"number": "2"})
    client.get(url("game", game))
    entries = list(caches["boards"]._shelf.entries.items())
    kinds = {key.split(":")[2] for key, _ in entries}
    assert kinds == {"row", "board", "players"}
    for key, (value, _expires, _weight) in entries:
        assert frozen_through(value), key
    board = Game.objects.get(pk=game.pk).live_rounds
    with pytest.raises(FrozenInstanceError):
        board[0].points = (D(0), D(0), D(0))


def test_the_boards_cache_keeps_its_weight_right_under_threads():
    """One store for every thread's cache object, changed from many at once."""
    with boards_cache(max_weight=200, location="boards-threads"):
        errors = []

        def work(seed):
            boards = caches["boards"]  # this thread's own cache object
            try:
                for i in range(3000):
                    key = f"k{(seed * 7919 + i * 31) % 97}"
                    match i % 5:
                        case 0 | 1:
                            boards.set(key, tuple(range(i % 9)))
                        case 2:
                            value = boards.get(key)
                            assert value is None or value == tuple(range(len(value)))
                        case 3:
                            boards.add(key, (0, 1))
                        case 4:
                            boards.delete(key)
            except Exception as error:  # noqa: BLE001 - reported below
                errors.append(error)

        threads = [threading.Thread(target=work, args=(n,)) for n in range(8)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
        assert errors == []
        # The weight the cache counts is the weight of what it hands out.
        boards = caches["boards"]
        held = [boards.get(f"k{n}") for n in range(97)]
        assert boards.total_weight == sum(boards.weight(v) for v in held if v is not None)
        assert 0 < boards.total_weight <= 200
        caches["boards"].clear()


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["board", "players", "row"])
def test_the_boards_bound_is_one_of_memory_for_the_lightest_entries_too(kind):
    """test_the_boards_bound_is_one_of_memory measures the heaviest boards; an entry's
    key and bookkeeping weigh too, most for the lightest values: a new game's empty board,
    its players, its row. The cache may hold nothing else."""
    game = make_game(names=("A", "B"))
    row = tuple(getattr(game, name) for name in reading.row_fields(Game))
    players = tuple(game.players.values_list("pk", "position", "name"))
    boards = caches["boards"]
    tracemalloc.start()
    try:
        before = tracemalloc.get_traced_memory()[0]
        for n in range(3000):
            stamp = game.updated_at.timestamp() + n
            token = f"{game.edit_token[:-6]}{n:06d}"
            match kind:
                case "board":  # under a key as long as a board's ever is
                    boards.set(f"board:{token}:{n}:{stamp}", ())
                case "players":
                    boards.set(f"players:{token}:{stamp}:{n}", players)
                case "row":
                    boards.set(f"row:{token}", row)
        held = tracemalloc.get_traced_memory()[0] - before
    finally:
        tracemalloc.stop()
    assert held / boards.total_weight <= 220, f"{held / boards.total_weight:.0f} bytes a unit"
