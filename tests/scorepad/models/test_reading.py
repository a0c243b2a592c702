"""Round entry decides on the game as this process last saw it (`Game.last_seen`): the
cases where what this process saw is not what the database holds.

"Another process" is simulated as in test_scorepad_views.py: a change made while this
process's entry for the game's row ("row:<token>" in the boards cache) is put back as it
was, so this process still has the game as it last saw it. Every test checks the
invariants: live rounds 1..n without a gap, every round answered "saved" stored with its
totals, nothing stored that was refused, a refusal only for what the database holds."""

import copy
import json
import os
import re
import threading
import tracemalloc
from collections import OrderedDict
from contextlib import contextmanager
from dataclasses import FrozenInstanceError
from datetime import datetime
from decimal import Decimal as D
from html import unescape

import pytest
from django.core.cache import caches
from django.db import transaction
from django.test import Client
from django.urls import reverse
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from scorepad import models
from scorepad.models import Game, NameChange, Player, Round, Score, reading, row_mark
from tests.conftest import (
    backup,
    boards_cache,
    enter,
    make_game,
    play_rounds,
    post,
    race,
    reset_sequence,
    restore,
    url,
)
from tests.conftest import http_phone as phone

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


# ------------------------------------------------------------------ two processes


class Process:
    """One app process: its own boards cache (the game's row as it last saw it, boards
    and players) and a phone talking to it."""

    def __init__(self):
        self.entries: OrderedDict = OrderedDict()
        self.weight = 0
        self.client = Client()


@contextmanager
def running(process):
    """Requests made inside are served by `process`."""
    shelf = caches["boards"]._shelf
    with shelf.lock:
        shelf.entries, shelf.weight = process.entries, process.weight
    try:
        yield process.client
    finally:
        with shelf.lock:
            process.entries, process.weight = shelf.entries, shelf.weight
            shelf.entries, shelf.weight = OrderedDict(), 0


class Rollback(Exception):
    pass


def what_was_said(response) -> tuple:
    """The answer as the phone takes it: saved or refused, and the refusal's words."""
    html = response.content.decode()
    said = re.findall(
        r"Round \d+ (?:saved|was already saved|is not the next round; the next one is \d+"
        r"|was just entered from another phone)|The game is over|the most one game can keep",
        html,
    )
    return response.status_code, said


TOTALS = [D(0), D(1), D("2.5"), D(7), D(14)]


BACKED_UP = (Score, Round, NameChange, Player, Game)  # children first


def take_backup() -> dict:
    return {model: {row["id"]: row for row in model.objects.values()} for model in BACKED_UP}


def put_back(saved: dict) -> None:
    """The database as the backup holds it, ids to come included (as `pg_restore
    --clean` leaves it); the app's processes keep what they hold."""
    for model in BACKED_UP:
        model.objects.exclude(pk__in=list(saved[model])).delete()
    rounds = sorted(saved[Round].values(), key=lambda row: row["status"] == "active")
    for model, rows in [(Game, saved[Game].values()), (Player, saved[Player].values())] + [
        (Round, rounds),
        (NameChange, saved[NameChange].values()),
        (Score, saved[Score].values()),
    ]:
        for row in rows:
            model.objects.filter(pk=row["id"]).update(
                **{name: value for name, value in row.items() if name != "id"}
            )
        if saved[model]:
            reset_sequence(model, max(saved[model]))


class TwoProcesses(RuleBasedStateMachine):
    """Random changes through two processes, each with its own last-seen rows and boards.
    Every round entry is also sent, in a savepoint rolled back afterwards, to a process
    that has never seen the game: both must answer alike and leave the same rounds."""

    def __init__(self):
        super().__init__()
        self.game = make_game(threshold=30)
        self.processes = [Process(), Process()]
        self.client_ids: list[str] = []
        self.rows = 0
        self.mark = "-1"  # what a watcher's page shows
        self.saved = None  # a backup of the database

    def db_game(self):
        return Game.objects.get(pk=self.game.pk)

    # ------------------------------------------------------------ actions

    @rule(p=st.integers(0, 1))
    def page(self, p):
        with running(self.processes[p]) as client:
            assert client.get(url("game", self.game)).status_code == 200

    @rule(p=st.integers(0, 1))
    def poll(self, p):
        poll = reverse("scorepad:watch-poll", kwargs={"token": self.game.watch_token})
        with running(self.processes[p]) as client:
            answer = client.get(poll, {"v": self.mark}, **HTMX)
        if "HX-Redirect" in answer:  # a rematch: the watcher moves on
            return
        if answer.status_code == 200:
            self.mark = re.search(r"\?v=([^\"&]+)", answer.content.decode())[1]
        # Never left behind: the mark it now shows is the game's.
        assert self.mark == self.db_game().poll_mark

    @rule(
        p=st.integers(0, 1),
        offset=st.sampled_from([-1, 0, 0, 0, 1]),
        points=st.lists(st.sampled_from(TOTALS), min_size=2, max_size=2),
        htmx=st.booleans(),
        client_id=st.sampled_from(["none", "new", "again", "invalid"]),
    )
    def add(self, p, offset, points, htmx, client_id):
        number = len(self.db_game().live_rounds) + 1 + offset
        data = {"number": str(max(1, number)), "points_0": str(points[0])}
        data["points_1"] = "99" if client_id == "invalid" else str(points[1])
        if client_id == "new":
            self.client_ids.append(f"phone-{len(self.client_ids):04d}-round")
        if client_id in ("new", "again") and self.client_ids:
            data["client_id"] = self.client_ids[-1]
        headers = HTMX if htmx else {}
        address = url("add-round", self.game)
        # The answer of a process that reads the game afresh, then rolled back.
        stranger = Process()
        stranger.client.cookies = copy.deepcopy(self.processes[p].client.cookies)
        try:
            with transaction.atomic(), running(stranger) as fresh:
                expected = what_was_said(fresh.post(address, data, **headers))
                expected_rounds = live(self.game)
                raise Rollback
        except Rollback:
            pass
        with running(self.processes[p]) as client:
            response = client.post(address, data, **headers)
        assert what_was_said(response) == expected
        assert live(self.game) == expected_rounds
        if response.status_code in (200, 302) and len(expected_rounds) >= int(data["number"]):
            n, stored = expected_rounds[int(data["number"]) - 1]
            if "saved" in str(expected[1]) and "already" not in str(expected[1]):
                assert stored == [D(data["points_0"]), D(data["points_1"])]
        if htmx and response.status_code == 200:
            # The board swapped in is the game as it is now, its form for the next round.
            fresh = self.db_game()
            html = response.content.decode()
            held = [[float(points) for points in row] for _n, row in live(self.game)]
            assert board_rounds(html) == held
            full = len(fresh.live_rounds) >= models.MAX_ROUNDS
            assert f"Save round {fresh.next_number}" in html or fresh.finished() or full

    @rule(p=st.integers(0, 1), offset=st.sampled_from([-1, 0, 0, 1]))
    def undo(self, p, offset):
        number = len(self.db_game().live_rounds) + offset
        with running(self.processes[p]) as client:
            client.post(url("undo", self.game), {"number": str(max(1, number))})

    @rule(p=st.integers(0, 1))
    def bring_back(self, p):
        undone = self.game.rounds.filter(status="undone").order_by("-pk").first()
        if undone is None:
            return
        data = {"round_id": str(undone.pk), "made": str(row_mark(undone.created_at))}
        with running(self.processes[p]) as client:
            client.post(url("restore", self.game), data)

    @rule(
        p=st.integers(0, 1),
        back=st.integers(0, 2),
        points=st.lists(st.sampled_from(TOTALS), min_size=2, max_size=2),
    )
    def edit(self, p, back, points):
        rounds = self.db_game().live_rounds
        if len(rounds) <= back:
            return
        rnd = rounds[-1 - back]
        made = row_mark(Round.objects.get(pk=rnd.pk).created_at)
        data = {"number": str(rnd.number), "round_id": str(rnd.pk), "made": str(made)}
        data.update(points_0=str(points[0]), points_1=str(points[1]))
        with running(self.processes[p]) as client:
            client.post(url("edit-round", self.game, number=rnd.number), data)

    @rule(p=st.integers(0, 1), seat=st.integers(0, 1), name=st.sampled_from(["Cato", "Dina"]))
    def rename(self, p, seat, name):
        with running(self.processes[p]) as client:
            client.post(url("rename", self.game), {"seat": str(seat), "name": name})

    @precondition(lambda self: not self.game.rematches.exists())
    @rule(p=st.integers(0, 1))
    def rematch(self, p):
        with running(self.processes[p]) as client:
            assert client.post(url("rematch", self.game)).status_code == 302

    @rule(p=st.integers(0, 1))
    def forget_boards(self, p):
        """The process's boards go (least recently used, or expired); its rows stay."""
        process = self.processes[p]
        for key in [key for key in process.entries if ":board:" in key]:
            process.weight -= process.entries.pop(key)[2]

    @rule()
    def backup(self):
        self.saved = take_backup()

    @precondition(lambda self: self.saved is not None)
    @rule()
    def restore(self):
        put_back(self.saved)
        self.rows = Round.objects.filter(game_id=self.game.pk).count()

    # ------------------------------------------------------------ invariants

    @invariant()
    def live_rounds_are_one_to_n_and_nothing_is_deleted(self):
        assert self.game.contiguous()
        rows = Round.objects.filter(game_id=self.game.pk).count()
        assert rows >= self.rows
        self.rows = rows

    @invariant()
    def every_board_kept_for_the_version_held_is_the_one_held(self):
        fresh = self.db_game()
        board = fresh.read_board()
        for process in self.processes:
            kept = process.entries.get(caches["boards"].make_key(fresh.board_key()))
            assert kept is None or kept[0] == board


@pytest.mark.django_db
def test_two_processes_in_any_interleaving(monkeypatch):
    monkeypatch.setattr(models, "MAX_ROUNDS", 5)
    monkeypatch.setattr(models, "MAX_ROUND_ROWS", 9)
    run_state_machine_as_test(
        TwoProcesses,
        settings=settings(
            max_examples=int(os.environ.get("EXAMPLES", 25)),
            stateful_step_count=25,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )


# ------------------------------------------------------------------ the phone's paths


def board_rounds(html):
    """The rounds the board swapped in holds (its data for the phone's own sums)."""
    data = re.search(r'data-board="([^"]*)"', html)[1]
    return json.loads(unescape(data))["rounds"]


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
    data = {"number": hidden_value(html, "number"), "points_0": "1", "points_1": "2"}
    response = client.post(url("add-round", game), data, **HTMX)
    assert "Round 3 saved." in response.content.decode()
    assert board_rounds(response.content.decode()) == [[3, 4], [5, 6], [1, 2]]
    assert live(game) == [(1, [D(3), D(4)]), (2, [D(5), D(6)]), (3, [D(1), D(2)])]
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
    monkeypatch.setattr(models, "MAX_ROUNDS", 4)
    monkeypatch.setattr(models, "MAX_ROUND_ROWS", 6)
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
    response = enter(client, game, 1, 1, number=len(live(game)) + 1)
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


# ------------------------------------------------------------------ the boards cache

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
        shelf = caches["boards"]._shelf
        assert shelf.weight == sum(weight for _v, _e, weight in shelf.entries.values())
        assert 0 < shelf.weight <= 200
        caches["boards"].clear()


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["board", "players", "row"])
def test_the_boards_bound_is_one_of_memory_for_the_lightest_entries_too(kind):
    """test_memory measures the heaviest boards; an entry's key and bookkeeping weigh
    too, most for the lightest values: a new game's empty board, its players, its row.
    The cache may hold nothing else."""
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


# ------------------------------------------------------------------ also new: the CSP


@pytest.mark.parametrize("status", [404, 500, 200])
def test_the_policy_built_once_keeps_django_csps_debug_pages_free(rf, status):
    """In development (DEBUG) django-csp leaves Django's own 404 and 500 pages without a
    policy, which would block their inline styles and scripts: so must the site's."""
    from csp.middleware import CSPMiddleware
    from django.http import HttpResponse
    from django.test import override_settings

    from ghost_site.middleware import ContentSecurityPolicy

    def view(request):
        return HttpResponse("page", status=status)

    with override_settings(DEBUG=True):
        ours = ContentSecurityPolicy(view)(rf.get("/")).get("Content-Security-Policy")
        theirs = CSPMiddleware(view)(rf.get("/")).get("Content-Security-Policy")
    assert ours == theirs
    assert (ours is None) is (status != 200)


# ------------------------------------------------------------------ through a real server


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
