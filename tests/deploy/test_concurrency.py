"""Two phones at once, through a real server: one round stored, the other phone told.

Runs against whatever DATABASE_URL names: SQLite (a file, so real locking) in the first
CI pass and PostgreSQL in the second.
"""

import threading
from decimal import Decimal as D

import pytest
from django.urls import reverse

from scorepad.models import Game, Round
from tests.conftest import (
    check,
    elsewhere,
    live,
    make_game,
    play_rounds,
    post,
    race,
)
from tests.conftest import http_phone as phone

pytestmark = pytest.mark.django_db(transaction=True)


def test_two_phones_enter_the_same_round(live_server):
    game = make_game()
    page = reverse("scorepad:game", args=[game.edit_token])
    url = live_server.url + reverse("scorepad:add-round", args=[game.edit_token])
    phones = [phone(live_server.url, page) for _ in range(4)]
    calls = [
        (
            lambda o=o, t=t, i=i: post(
                o,
                url,
                {"csrfmiddlewaretoken": t, "number": "1", "points_0": str(i + 2), "points_1": "12"},
            )
        )
        for i, (o, t) in enumerate(phones)
    ]
    results = race(calls)
    statuses = sorted(status for status, _body in results)
    assert statuses.count(302) == 1, statuses
    assert statuses.count(409) == 3, statuses
    assert Round.objects.filter(game=game).count() == 1
    for status, body in results:
        if status == 409:
            assert "was just entered from another phone" in body


def test_double_tap_through_a_real_server_stores_one_round(live_server):
    game = make_game()
    page = reverse("scorepad:game", args=[game.edit_token])
    url = live_server.url + reverse("scorepad:add-round", args=[game.edit_token])
    opener, token = phone(live_server.url, page)
    data = {"csrfmiddlewaretoken": token, "number": "1", "points_0": "3", "points_1": "4"}
    results = race([lambda: post(opener, url, data) for _ in range(3)])
    assert [status for status, _ in results] == [302, 302, 302]
    assert Round.objects.filter(game=game).count() == 1


def test_two_phones_edit_the_same_round(live_server):
    game = make_game()
    players = list(game.players.all())
    rnd = Round.objects.create(game=game, number=1)
    rnd.scores.create(player=players[0], points=3)
    rnd.scores.create(player=players[1], points=4)
    edit = reverse("scorepad:edit-round", args=[game.edit_token, 1])
    phones = [phone(live_server.url, edit) for _ in range(2)]
    calls = [
        (
            lambda o=o, t=t, i=i: post(
                o,
                live_server.url + edit,
                {
                    "csrfmiddlewaretoken": t,
                    "number": "1",
                    "round_id": str(rnd.pk),
                    "points_0": str(10 + i),
                    "points_1": "4",
                },
            )
        )
        for i, (o, t) in enumerate(phones)
    ]
    results = race(calls)
    statuses = sorted(status for status, _ in results)
    assert statuses == [302, 409], statuses
    told = next(body for status, body in results if status == 409)
    assert "changed round 1 meanwhile" in told
    live = Round.objects.get(game=game, status="active")
    assert Round.objects.filter(game=game, status="replaced").count() == 1
    assert sorted(s.points for s in live.scores.all())[1] in (10, 11)


# ------------------------------------------------------------------ races between changes


def assert_every_game_contiguous():
    for game in Game.objects.all():
        assert game.contiguous(), list(
            game.rounds.filter(status="active").values_list("number", flat=True)
        )


def race_on_fresh_games(live_server, prepare, actions, games=4):
    """For each of several games: `prepare` it, then fire the actions at the same instant
    from two phones (each its own cookies and CSRF token). Returns the statuses."""

    seen = []
    for _ in range(games):
        game = make_game(threshold=500)
        play_rounds(game, 3)
        extra = prepare(game) or {}
        page = reverse("scorepad:game", args=[game.edit_token])
        calls = []
        for name, data in actions(game, extra):
            opener, token = phone(live_server.url, page)
            target = live_server.url + reverse(name[0], args=[game.edit_token, *name[1:]])
            calls.append(
                lambda o=opener, t=token, u=target, d=data: post(
                    o, u, {"csrfmiddlewaretoken": t, **d}
                )
            )
        seen.append(sorted(status for status, _body in race(calls)))
    assert_every_game_contiguous()
    return seen


def test_undo_racing_a_new_round_leaves_no_gap(live_server):
    statuses = race_on_fresh_games(
        live_server,
        lambda game: None,
        lambda game, _: [
            (("scorepad:undo",), {"number": "3"}),
            (("scorepad:add-round",), {"number": "4", "points_0": "2", "points_1": "5"}),
        ],
    )
    assert all(s[0] == 302 for s in statuses), statuses


def test_restore_racing_an_undo_leaves_no_gap(live_server):
    def undo_three(game):
        Round.objects.filter(game=game, number=3).update(status="undone")
        return {"round_id": Round.objects.get(game=game, number=3).pk}

    race_on_fresh_games(
        live_server,
        undo_three,
        lambda game, extra: [
            (("scorepad:restore",), {"round_id": str(extra["round_id"])}),
            (("scorepad:undo",), {"number": "2"}),
        ],
    )


def test_edit_racing_an_undo_leaves_no_gap(live_server):
    def round_three(game):
        return {"round_id": Round.objects.get(game=game, number=3).pk}

    race_on_fresh_games(
        live_server,
        round_three,
        lambda game, extra: [
            (
                ("scorepad:edit-round", 3),
                {
                    "number": "3",
                    "round_id": str(extra["round_id"]),
                    "points_0": "9",
                    "points_1": "2",
                },
            ),
            (("scorepad:undo",), {"number": "3"}),
        ],
    )
    # Round 3 is the last live round whichever lands first: an edit replaces it with a
    # round 3 that is still the last, so the undo always takes it; an edit after the undo
    # is refused. Every game ends with rounds 1 and 2 live and no round 3.
    assert not Round.objects.filter(status="active", number=3).exists()
    for game in Game.objects.all():
        assert [r.number for r in game.live_rounds] == [1, 2]


def test_two_new_rounds_at_once_leave_no_gap(live_server):
    statuses = race_on_fresh_games(
        live_server,
        lambda game: None,
        lambda game, _: [
            (("scorepad:add-round",), {"number": "4", "points_0": "2", "points_1": "5"}),
            (("scorepad:add-round",), {"number": "5", "points_0": "3", "points_1": "6"}),
        ],
    )
    assert all(s[0] == 302 for s in statuses), statuses  # 4 then 5 may both be saved


def test_a_writer_waits_for_the_sqlite_write_lock_instead_of_failing(live_server):
    """The SQLite backend asks for the lock again every millisecond or so: a second
    writer waits while the first holds the lock, then gets in."""
    from django.db import connection, connections, transaction

    if connection.vendor != "sqlite":
        pytest.skip("SQLite's write lock")
    game = make_game()
    held = threading.Event()
    order = []

    def first():
        with transaction.atomic():
            Round.objects.create(game=game, number=1)
            held.set()
            threading.Event().wait(0.3)
            order.append("first")
        connections.close_all()

    def second():
        held.wait(5)
        with transaction.atomic():
            Round.objects.create(game=game, number=2)
            order.append("second")
        connections.close_all()

    threads = [threading.Thread(target=first), threading.Thread(target=second)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    assert order == ["first", "second"]
    assert Round.objects.filter(game=game).count() == 2


@pytest.mark.django_db(transaction=True)
def test_phones_racing_on_a_game_the_server_saw_before_another_moved_it_on(live_server):
    game = make_game(threshold=500)
    page = reverse("scorepad:game", args=[game.edit_token])
    address = live_server.url + reverse("scorepad:add-round", args=[game.edit_token])
    phones = [phone(live_server.url, page) for _ in range(5)]  # the server: version 0
    elsewhere(game, lambda g: g.add_round(1, [D(3), D(4)], ["", ""]))
    sends = [("2", "5"), ("2", "6"), ("2", "7"), ("1", "3"), ("1", "9")]
    calls = [
        lambda o=o, t=t, n=n, p=p: post(
            o, address, {"csrfmiddlewaretoken": t, "number": n, "points_0": p, "points_1": "4"}
        )
        for (o, t), (n, p) in zip(phones, sends, strict=True)
    ]
    results = race(calls)
    statuses = [status for status, _body in results]
    assert statuses[:3].count(302) == 1 and statuses[:3].count(409) == 2, statuses
    assert statuses[3:] == [302, 409]  # round 1 again: already saved; other numbers: no
    winner = sends[statuses.index(302)][1]
    assert live(game) == [(1, [D(3), D(4)]), (2, [D(winner), D(4)])]
    assert Round.objects.filter(game_id=game.pk).count() == 2
    check(game)
