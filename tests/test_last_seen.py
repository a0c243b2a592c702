"""Round entry decides on the game as this process last saw it (`Game.last_seen`): the
cases where what this process saw is not what the database holds.

"Another process" is simulated as in test_scorepad_views.py: a change made while this
process's entry for the game's row ("row:<token>" in the boards cache) is put back as it
was, so this process still has the game as it last saw it. Every test checks the
invariants: live rounds 1..n without a gap, every round answered "saved" stored with its
totals, nothing stored that was refused, a refusal only for what the database holds."""

import re
from decimal import Decimal as D

import pytest
from django.core.cache import caches
from django.urls import reverse

from scorepad.models import Game, Player, Round
from tests.conftest import enter, make_game, play_rounds, url
from tests.test_restore import backup, restore

HTMX = {"HTTP_HX_REQUEST": "true"}


def row_key(game):
    return f"row:{game.edit_token}"


def elsewhere(game, change):
    """`change` made by another process, which has boards caches of its own: this
    process keeps what it held, the game's row as it last saw it among them."""
    shelf = caches["boards"]._shelf
    with shelf.lock:
        entries, weight = shelf.entries.copy(), shelf.weight
    result = change(Game.objects.get(pk=game.pk))
    with shelf.lock:
        shelf.entries, shelf.weight = entries, weight
    return result


def live(game):
    """The live rounds as the database holds them: [(number, [points...]), ...]."""
    rows = Round.objects.filter(game_id=game.pk, status="active").order_by("number")
    return [(r.number, [s.points for s in r.scores.order_by("player__position")]) for r in rows]


def check(game):
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.contiguous()
    # The board this process keeps for the version the database holds is what it holds.
    assert fresh.live_rounds == fresh.read_board()
    return fresh


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
    other = Game.objects.create(id=gone.pk, variant="standard", jack_value="0.5", threshold=21)
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
    assert enter(client, game, 1, 2, number=5).status_code == 409
    assert enter(client, game, 1, 2, number=4).status_code == 302
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
