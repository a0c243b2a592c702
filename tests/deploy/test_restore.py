"""A database restored from a backup while phones follow and edit: the watch poll and the
edit and bring-back forms must not mistake a round entered after the restore for the one
they saw before it.

The restore is done as `pg_restore --clean` leaves things: the rows written after the
backup are gone, the game's row is as it was, and the id sequences are back where they
stood, so the next rounds get the ids of the lost ones."""

import re

import pytest
from django.test import Client

from scorepad.models import Round
from tests.conftest import backup, enter, make_game, play_rounds, restore, url

pytestmark = pytest.mark.django_db(transaction=True)
HTMX = {"HTTP_HX_REQUEST": "true"}


def poll_address(client, game) -> str:
    """The poll address the watch page carries, as a watcher's phone keeps it."""
    html = client.get(f"/en/scorepad/watch/{game.watch_token}/").content.decode()
    return re.search(r'data-hx-get="([^"]+)"', html)[1].replace("&amp;", "&")


def hidden(html: str, name: str) -> str:
    return re.search(rf'name="{name}"[^>]*value="([^"]*)"', html)[1]


def test_a_watcher_sees_the_rounds_replayed_after_a_restore():
    game = make_game(threshold=500)
    play_rounds(game, 3)
    client = Client()
    saved = backup(game)
    assert enter(client, game, 4, 5).status_code == 302
    assert enter(client, game, 6, 7).status_code == 302
    poll = poll_address(client, game)  # the watcher has seen round 5
    assert client.get(poll, **HTMX).status_code == 204
    restore(game, saved)
    assert enter(client, game, 10, 11).status_code == 302  # round 4 again, other numbers
    assert enter(client, game, 12, 13).status_code == 302  # and round 5
    game.refresh_from_db()
    assert game.version == 5  # the version repeats...
    answer = client.get(poll, **HTMX)
    assert answer.status_code == 200  # ...the poll's mark does not
    assert "12" in answer.content.decode()


def test_an_edit_opened_before_a_restore_cannot_overwrite_the_replayed_round():
    game = make_game(threshold=500)
    play_rounds(game, 3)
    client = Client()
    saved = backup(game)
    assert enter(client, game, 4, 5).status_code == 302
    form = client.get(url("edit-round", game, number=4)).content.decode()
    stale_id, stale_made = hidden(form, "round_id"), hidden(form, "made")
    restore(game, saved)
    assert enter(client, game, 9, 8).status_code == 302  # another round 4, the same id
    replayed = Round.objects.get(game=game, number=4, status="active")
    assert str(replayed.pk) == stale_id
    response = client.post(
        url("edit-round", game, number=4),
        {"number": "4", "round_id": stale_id, "made": stale_made, "points_0": "3", "points_1": "5"},
    )
    assert response.status_code == 409
    assert sorted(str(s.points) for s in replayed.scores.all()) == ["8.0", "9.0"]
    assert Round.objects.get(game=game, number=4, status="active").pk == replayed.pk


def test_bring_back_from_before_a_restore_is_refused():
    game = make_game(threshold=500)
    play_rounds(game, 3)
    client = Client()
    saved = backup(game)
    assert enter(client, game, 4, 5).status_code == 302
    client.post(url("undo", game), {"number": "4"})
    page = client.get(url("game", game)).content.decode()
    form = page[page.index('class="inline bring-back"') :]
    stale_id, stale_made = hidden(form, "round_id"), hidden(form, "made")
    restore(game, saved)
    assert enter(client, game, 9, 8).status_code == 302  # a new round 4 with that id...
    client.post(url("undo", game), {"number": "4"})  # ...undone too
    assert str(Round.objects.get(game=game, number=4).pk) == stale_id
    response = client.post(url("restore", game), {"round_id": stale_id, "made": stale_made})
    assert response.status_code == 302
    assert not Round.objects.filter(game=game, number=4, status="active").exists()
    page = client.get(url("game", game)).content.decode()
    assert "cannot come back" in page
