"""Golf's holes raced through a real server, as Ghost's rounds are (test_concurrency.py):
four phones enter the same hole, one is stored and the others are told; a double tap
with the caller penalty stores one hole with its written scores; an edit racing an undo
leaves no gap. On whatever DATABASE_URL names: SQLite, then PostgreSQL in CI."""

import pytest
from django.urls import reverse

from scorepad.models import Game, Round, Score, row_mark
from tests.conftest import golf, post, race
from tests.conftest import http_phone as phone

pytestmark = pytest.mark.django_db(transaction=True)


def hole(game, number, *points, **extra):
    data = {"number": str(number), **extra}
    data.update({f"points_{seat}": value for seat, value in enumerate(points)})
    return data


def test_four_phones_enter_the_same_hole(live_server):
    game = golf()
    page = reverse("scorepad:game", args=[game.edit_token])
    url = live_server.url + reverse("scorepad:add-round", args=[game.edit_token])
    phones = [phone(live_server.url, page) for _ in range(4)]
    calls = [
        lambda o=o, t=t, i=i: post(
            o, url, {"csrfmiddlewaretoken": t, **hole(game, 1, f"−{i + 1}", "5", "12")}
        )
        for i, (o, t) in enumerate(phones)
    ]
    statuses = sorted(status for status, _body in race(calls))
    assert statuses == [302, 409, 409, 409], statuses
    stored = Round.objects.get(game=game)
    assert sorted(s.points for s in stored.scores.all())[0] in (-1, -2, -3, -4)
    assert game.contiguous()


def test_a_double_tap_with_the_caller_penalty_stores_one_hole(live_server):
    game = golf(caller_penalty=True)
    page = reverse("scorepad:game", args=[game.edit_token])
    url = live_server.url + reverse("scorepad:add-round", args=[game.edit_token])
    opener, token = phone(live_server.url, page)
    # Anna called with 9 and Bo has less: Bo writes 0, Anna adds his 2 (DOMAIN.md).
    data = {"csrfmiddlewaretoken": token, **hole(game, 1, "9", "2", "14", caller="0")}
    results = race([lambda: post(opener, url, data) for _ in range(3)])
    assert [status for status, _ in results] == [302, 302, 302]
    assert Round.objects.filter(game=game).count() == 1
    scores = Score.objects.filter(round__game=game).order_by("player__position")
    assert [(s.points, s.written) for s in scores] == [(11, 9), (0, 2), (14, None)]


def edit_against_undo(live_server) -> list[int]:
    """Hole 2 of a fresh game edited by one phone and undone by another, at once."""
    game = golf()
    for number in (1, 2):
        change = Game.objects.get(pk=game.pk).add_round(number, [3, -1, 4], ["", "", ""])
        assert change.result.value == "saved"
    last = Round.objects.get(game=game, number=2, status="active")
    page = reverse("scorepad:game", args=[game.edit_token])
    (o1, t1), (o2, t2) = phone(live_server.url, page), phone(live_server.url, page)
    edit = live_server.url + reverse("scorepad:edit-round", args=[game.edit_token, 2])
    undo = live_server.url + reverse("scorepad:undo", args=[game.edit_token])
    mark = str(row_mark(last.created_at))
    data = hole(game, 2, "0", "−2", "7", round_id=str(last.pk), made=mark)
    results = race(
        [
            lambda: post(o1, edit, {"csrfmiddlewaretoken": t1, **data}),
            lambda: post(o2, undo, {"csrfmiddlewaretoken": t2, "number": "2"}),
        ]
    )
    assert Game.objects.get(pk=game.pk).contiguous()
    return [status for status, _ in results]


def test_an_edit_racing_an_undo_of_the_last_hole_leaves_no_gap(live_server):
    for _ in range(3):
        statuses = edit_against_undo(live_server)
        assert all(status < 500 for status in statuses), statuses
