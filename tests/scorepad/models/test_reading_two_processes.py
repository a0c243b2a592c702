"""Round entry through two app processes in any interleaving, each with its own boards
cache (`Game.last_seen`, scorepad/models/reading.py), driven by Hypothesis: every answer
true to what the database holds."""

import copy
import os
import re
from contextlib import contextmanager
from decimal import Decimal as D

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

from scorepad.models import Game, NameChange, Player, Round, Score, limits, reading, row_mark
from tests.conftest import (
    HTMX,
    board_rounds,
    in_process,
    live,
    make_game,
    reset_sequence,
    row_key,
    url,
)


class Process:
    """One app process: its own boards cache (the game's row as it last saw it, boards
    and players), empty at the start, and a phone talking to it."""

    def __init__(self, name: str):
        self.location = f"process {name}"
        self.client = Client()
        with running(self):
            caches["boards"].clear()


@contextmanager
def running(process):
    """Requests made inside are served by `process`."""
    with in_process(process.location):
        yield process.client


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
        self.processes = [Process("a"), Process("b")]
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
        stranger = Process("stranger")
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
            full = len(fresh.live_rounds) >= limits.MAX_ROUNDS
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
        """The process's boards and players go (least recently used, or expired); the
        games' rows as it last saw them stay."""
        with running(self.processes[p]):
            boards = caches["boards"]
            games = [self.game, *Game.objects.filter(rematch_of=self.game)]
            rows = {row_key(g): boards.get(row_key(g)) for g in games}
            boards.clear()
            for key, row in rows.items():
                if row is not None:
                    boards.set(key, row, timeout=reading.BOARD_SECONDS)

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
            with running(process):
                kept = caches["boards"].get(fresh.board_key())
            assert kept is None or kept == board


@pytest.mark.django_db
def test_two_processes_in_any_interleaving(monkeypatch):
    monkeypatch.setattr(limits, "MAX_ROUNDS", 5)
    monkeypatch.setattr(limits, "MAX_ROUND_ROWS", 9)
    run_state_machine_as_test(
        TwoProcesses,
        settings=settings(
            max_examples=int(os.environ.get("EXAMPLES", 25)),
            stateful_step_count=25,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )
