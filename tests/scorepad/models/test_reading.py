"""Round entry decides on the game as this process last saw it (`Game.last_seen`): the
cases where what this process saw is not what the database holds.

"Another process" is simulated (`elsewhere` in tests/conftest.py): a change made while this
process's entry for the game's row ("row:<token>" in the boards cache) is put back as it
was, so this process still has the game as it last saw it. Every test checks the
invariants: live rounds 1..n without a gap, every round answered "saved" stored with its
totals, nothing stored that was refused, a refusal only for what the database holds."""

import re
from decimal import Decimal as D

import pytest
from django.core.cache import caches
from django.urls import reverse

from scorepad.models import Game, Player, Round, limits
from tests.conftest import (
    HTMX,
    backup,
    board_rounds,
    check,
    elsewhere,
    enter,
    live,
    make_game,
    play_rounds,
    restore,
    row_key,
    url,
)


def seen_by_poll_only(client, game):
    """This process saw the game's row through a watcher's poll (nothing changed, so no
    board read), and nothing else of it: its boards were made by another process."""
    caches["boards"].clear()
    fresh = Game.objects.get(pk=game.pk)
    poll = reverse("scorepad:watch-poll", kwargs={"token": game.watch_token})
    assert client.get(poll, {"v": fresh.poll_mark}, **HTMX).status_code == 204
    assert caches["boards"].get(row_key(game)) is not None
    assert caches["boards"].get(fresh.board_key()) is None


# ------------------------------------------------------------------ restores


@pytest.mark.django_db(transaction=True)
def test_a_game_gone_from_the_database_is_404_not_an_error(client):
    """A restore (with the app servers left running behind a 503 page) to a backup from
    before the game: the process still has the game's row."""
    game = make_game()
    client.get(url("game", game))
    Game.objects.filter(pk=game.pk).delete()
    assert enter(client, game, 3, 4, number=1).status_code == 404
    assert enter(client, game, 99, 4, number=1).status_code == 404  # an invalid form too
    assert enter(client, game, 3, 4, number=5).status_code == 404  # a refusal too


@pytest.mark.django_db(transaction=True)
def test_a_round_for_a_game_gone_is_not_written_to_the_game_given_its_id(client):
    """After such a restore the id sequences are back too: the next new game gets the id
    of the game that is gone. A round sent to the old game's address must not land in
    the new game, nor its page show the new game's edit address."""
    gone = make_game(names=("Anna", "Bo"))
    gone_players = list(gone.players.values_list("pk", flat=True))
    client.get(url("game", gone))
    Game.objects.filter(pk=gone.pk).delete()
    other = Game.objects.create(
        id=gone.pk, variant="standard", table={"jack": "0.5", "threshold": 21}
    )
    for seat, (pk, name) in enumerate(zip(gone_players, ("Cato", "Dina"), strict=True)):
        Player.objects.create(pk=pk, game=other, position=seat, name=name)
    play_rounds(other, 1)
    for number in (1, 2, 3):  # a conflict, the next round, one from the future
        response = enter(client, gone, 3, 4, number=number)
        assert response.status_code == 404
        assert other.edit_token not in response.content.decode()
    response = enter(client, gone, 99, 4, number=2)  # an invalid form
    assert response.status_code == 404
    assert other.edit_token not in response.content.decode()
    assert live(other) == [(1, [D(1), D(1)])]
    assert Game.objects.get(pk=other.pk).version == 1


@pytest.mark.django_db(transaction=True)
def test_a_restore_to_the_very_state_seen_finds_the_board_of_that_state(client):
    """A board read for a game this process saw at an older version must not be kept as
    that version's board: a restore can bring that very version and time back."""
    game = make_game(threshold=500)
    play_rounds(game, 2)
    saved = backup(game)  # version 2 and its time, rounds 1 and 2
    seen_by_poll_only(client, game)  # this process saw version 2
    elsewhere(game, lambda g: g.add_round(3, [D(5), D(5)], ["", ""]))
    # A phone following the other process sends round 4 here: saved, decided again.
    assert enter(client, game, 6, 6, number=4).status_code == 302
    assert [n for n, _ in live(game)] == [1, 2, 3, 4]
    restore(game, saved)  # back to version 2 at its very time: rounds 1 and 2
    assert [n for n, _ in live(game)] == [1, 2]
    # Round 3 is the next round in the database: no conflict with the round 3 lost.
    response = enter(client, game, 7, 8, number=3)
    assert "just entered from another phone" not in response.content.decode()
    assert response.status_code == 302
    assert live(game)[2] == (3, [D(7), D(8)])
    # And the round after it is 4, not 5.
    assert enter(client, game, 3, 4, number=5).status_code == 409
    assert enter(client, game, 3, 4, number=4).status_code == 302
    check(game)


# ------------------------------------------------------------------ refusals and errors


def points_label(html, seat):
    return re.search(rf'<label for="id_points_{seat}"[^>]*>([^<]*)<', html)[1].strip()


@pytest.mark.django_db
def test_an_invalid_form_after_a_rename_elsewhere_names_the_players_as_they_are(client):
    game = make_game()
    client.get(url("game", game))
    elsewhere(game, lambda g: g.rename_player(1, "Bodil"))
    response = enter(client, game, 3, 99, number=1)  # 99 is no total of a hand
    assert response.status_code == 422
    html = response.content.decode()
    assert points_label(html, 1) == "Bodil"
    assert "Bodil" in html[html.index('class="error"') :][:400]
    assert live(game) == []


@pytest.mark.django_db
def test_a_refusal_after_a_rename_elsewhere_names_the_players_as_they_are(client):
    game = make_game()
    play_rounds(game, 1)
    client.get(url("game", game))
    elsewhere(game, lambda g: g.rename_player(0, "Annika"))
    response = enter(client, game, 3, 4, number=3)  # not the next round
    assert response.status_code == 409
    html = response.content.decode()
    assert "the next one is 2" in html
    assert points_label(html, 0) == "Annika"


# ------------------------------------------------------------------ the phone's paths


def hidden_value(html, name):
    return re.search(rf'name="{name}"[^>]*value="([^"]*)"', html)[1]


@pytest.mark.django_db
def test_htmx_on_a_game_moved_on_elsewhere_swaps_in_the_game_as_it_is(client):
    game = make_game(threshold=500)
    client.get(url("game", game))  # this process: version 0
    poll = reverse("scorepad:watch-poll", kwargs={"token": game.watch_token})
    mark = Game.objects.get(pk=game.pk).poll_mark
    elsewhere(game, lambda g: g.add_round(1, [D(3), D(4)], ["", ""]))
    response = client.post(
        url("add-round", game), {"number": "2", "points_0": "5", "points_1": "6"}, **HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Round 2 saved." in html and "Save round 3" in html
    assert board_rounds(html) == [[3, 4], [5, 6]]
    assert hidden_value(html, "number") == "3"
    # The form swapped in posts the next round as it is.
    data = {"number": hidden_value(html, "number"), "points_0": "3", "points_1": "5"}
    response = client.post(url("add-round", game), data, **HTMX)
    assert "Round 3 saved." in response.content.decode()
    assert board_rounds(response.content.decode()) == [[3, 4], [5, 6], [3, 5]]
    assert live(game) == [(1, [D(3), D(4)]), (2, [D(5), D(6)]), (3, [D(3), D(5)])]
    # A watcher of this process follows: the answer carries the game's mark as it is.
    answer = client.get(poll, {"v": mark}, **HTMX)
    assert answer.status_code == 200
    fresh = check(game)
    assert f"v={fresh.poll_mark}" in answer.content.decode().replace("&amp;", "&")
    assert client.get(poll, {"v": fresh.poll_mark}, **HTMX).status_code == 204


@pytest.mark.django_db
def test_an_outbox_resend_to_a_process_that_has_not_seen_the_round_is_already_saved(client):
    game = make_game()
    client.get(url("game", game))  # this process: no rounds
    sent = {"number": "1", "points_0": "3", "points_1": "4", "client_id": "phone-0001-r1"}
    # The first send went to another process and was saved; the answer was lost.
    elsewhere(game, lambda g: g.add_round(1, [D(3), D(4)], ["", ""], "phone-0001-r1"))
    response = client.post(url("add-round", game), sent, **HTMX)
    assert "Round 1 was already saved." in response.content.decode()
    # Renumbered by the phone after it learnt of another round: still the same round.
    elsewhere(game, lambda g: g.add_round(2, [D(1), D(1)], ["", ""]))
    response = client.post(url("add-round", game), {**sent, "number": "3"}, **HTMX)
    assert "Round 1 was already saved." in response.content.decode()
    assert live(game) == [(1, [D(3), D(4)]), (2, [D(1), D(1)])]
    assert Round.objects.filter(game_id=game.pk).count() == 2
    # And once this process has saved a round with an id, the same id again is the same.
    sent = {"number": "3", "points_0": "5", "points_1": "5", "client_id": "phone-0001-r3"}
    assert client.post(url("add-round", game), sent).status_code == 302
    elsewhere(game, lambda g: g.undo_round(3))
    assert client.post(url("add-round", game), sent).status_code == 302  # already saved
    assert len(live(game)) == 2
    assert Round.objects.filter(game_id=game.pk, client_id="phone-0001-r3").count() == 1


@pytest.mark.django_db
@pytest.mark.parametrize("cap", ["rounds", "rows"])
def test_a_game_filled_elsewhere_is_refused_as_full_here(client, monkeypatch, cap):
    monkeypatch.setattr(limits, "MAX_ROUNDS", 4)
    monkeypatch.setattr(limits, "MAX_ROUND_ROWS", 6)
    game = make_game(threshold=500)
    play_rounds(game, 2)
    client.get(url("game", game))  # this process: rounds 1 and 2, version 2

    def fill(g):
        if cap == "rounds":
            g.add_round(3, [D(1), D(1)], ["", ""])
            g.add_round(4, [D(1), D(1)], ["", ""])
        else:  # edits: rows, not rounds
            for points in (D(2), D(3), D(5), D(7)):
                g.refresh_from_db()
                rnd = g.live_rounds[-1]
                assert g.edit_round(2, rnd.pk, [points, points], ["", ""]).result.value == "saved"

    elsewhere(game, fill)
    rows = Round.objects.filter(game_id=game.pk).count()
    response = enter(client, game, 3, 3, number=len(live(game)) + 1)
    assert response.status_code == 409
    assert "the most one game can keep" in response.content.decode()
    assert Round.objects.filter(game_id=game.pk).count() == rows
    check(game)


@pytest.mark.django_db
def test_a_round_for_the_old_game_after_a_rematch_elsewhere(client):
    game = make_game(threshold=500)
    play_rounds(game, 1)
    client.get(url("game", game))  # this process: before the rematch
    poll = reverse("scorepad:watch-poll", kwargs={"token": game.watch_token})
    mark = Game.objects.get(pk=game.pk).poll_mark
    new = elsewhere(game, lambda g: g.rematch()).game
    # The old game still takes its rounds (as before the change); the answer shows the
    # game as it is, with the way to the rematch.
    response = client.post(
        url("add-round", game), {"number": "2", "points_0": "5", "points_1": "6"}, **HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert "Round 2 saved." in html
    assert new.edit_token in html
    assert [n for n, _ in live(game)] == [1, 2] and live(new) == []
    # Its watchers move on to the rematch.
    answer = client.get(poll, {"v": mark}, **HTMX)
    assert new.watch_token in answer["HX-Redirect"]
    check(game)


# ------------------------------------------------------------------ through a real server


def seen_by_another_process(game, change):
    """`change` made as another process would: this process still has the game as it
    last saw it."""
    row = caches["boards"].get(f"row:{game.edit_token}")
    change(Game.objects.get(pk=game.pk))
    caches["boards"].set(f"row:{game.edit_token}", row)


def test_a_round_on_a_game_moved_on_elsewhere_is_decided_on_the_game_as_it_is(client, game):
    client.get(url("game", game))
    seen_by_another_process(game, lambda g: g.add_round(1, [D(3), D(4)], ["", ""]))
    # Round 2 is the next round in the database, not in what this process saw: saved.
    response = enter(client, game, 5, 6, number=2)
    assert response.status_code == 302
    assert [list(r.points) for r in Game.objects.get(pk=game.pk).live_rounds] == [
        [D(3), D(4)],
        [D(5), D(6)],
    ]
    # And round 1 again (what this process last saw as the next one) is refused as the
    # database has it: round 1 holds other numbers.
    seen_by_another_process(game, lambda g: None)
    response = enter(client, game, 3, 3, number=1)
    assert response.status_code == 409
    assert "Round 1 was just entered from another phone" in response.content.decode()
    assert Game.objects.get(pk=game.pk).version == 2


def test_a_game_restored_to_an_earlier_version_is_not_taken_for_the_one_seen(client, game):
    """A restore from a backup can give the game back a version this process saw with
    other rounds: the time the version was reached tells them apart."""
    play_rounds(game, 2)
    client.get(url("game", game))  # seen: version 2, rounds 1 and 2
    seen_by_another_process(game, lambda g: g.undo_round(2))  # version 3, round 2 undone
    # As after a restore to a backup made before round 2: version 2 again, another time.
    Game.objects.filter(pk=game.pk).update(version=2)
    # Round 3 is next in what this process saw, but the game holds one round now.
    response = enter(client, game, 7, 8, number=3)
    assert response.status_code == 409
    assert "the next one is 2" in response.content.decode()
    restored = Game.objects.get(pk=game.pk)
    assert restored.contiguous() and len(restored.live_rounds) == 1
    assert enter(client, game, 7, 8, number=2).status_code == 302
