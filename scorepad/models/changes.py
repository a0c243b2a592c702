"""The changes to a game's rounds, as methods of `Game` (this is its mixin).

Each change is a `decide` function: from a game as read it returns the Change and, if the
change is to be made, the writes that make it. `_change` runs it on the game as the
caller has it (read now, or as this process last saw it: `Game.last_seen`), outside any
lock, writing in a short transaction only if the database still holds that version and
time; else again under the game's lock, on the board read there. A refusal is only ever
decided on the game as read now. Every change moves the version on by exactly one and
writes at most one round row.
"""

import enum
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal
from typing import TYPE_CHECKING

from django.db import transaction
from django.db.models import F
from django.utils import timezone

from scorepad.logic import scoring
from scorepad.logic.names import same_name_key

from . import limits
from .limits import row_mark
from .reading import BOARD_SECONDS, LiveRound, app_model, boards

if TYPE_CHECKING:
    from scorepad import models


TENTH = Decimal("0.1")
# Games of a series renamed in one transaction: a rename across a long evening holds the
# write lock a step at a time (measured: docs/performance.md, "A rename").
RENAME_STEP = 25


class Result(enum.Enum):
    SAVED = "saved"  # the change was made
    ALREADY_SAVED = "already saved"  # the same change was made before: a double tap
    CONFLICT = "conflict"  # the round holds other numbers now (another phone)
    NOT_NEXT = "not next"  # the round named is not the one this change can touch
    GAME_OVER = "game over"  # the game is decided; rounds are refused
    GONE = "gone"  # the round named is no longer (or never was) there
    FULL = "full"  # the game holds as many rounds as a game may
    LIMITED = "limited"  # too many new games from one place: `wait` says for how long
    TAKEN = "taken"  # another player at the table has that name
    RENAMES_FULL = "renames full"  # the game has had as many renames as a game may
    # a round would not hold a score for exactly the players who play it: a tie's extra
    # hole, after a change before it moved who is tied
    OTHER_PLAYERS = "other players"


@dataclass(frozen=True)
class Change:
    result: Result
    number: int  # the round the change was for
    expected: int | None = None  # with NOT_NEXT: the round the game is at
    game: "models.Game | None" = None  # with a rematch: the new game
    name: str = ""  # with a rename: the name the player had
    wait: timedelta | None = None  # with LIMITED


def mark(row: int, status: str) -> None:
    """Give one round row a new status (a name of Round.Status)."""
    app_model("Round").objects.filter(pk=row).update(
        status=app_model("Round").Status[status], changed_at=timezone.now()
    )


class RoundChanges:
    def _change(self, decide) -> Change:
        change, write = decide(self)
        if write is None and self.unverified:
            # Decided on the game as this process last saw it: a change is refused only
            # for what the database holds now.
            self.refresh_from_db()
            change, write = decide(self)
        if write is None:
            return change
        now = timezone.now()
        with transaction.atomic():
            # The game's row lock (PostgreSQL), or SQLite's write lock taken at BEGIN.
            moved = self._bump(now)
            if moved:
                board = write(self)
        if not moved:  # another change came in between: decide again, locked
            with transaction.atomic():
                game = self._locked()
                change, write = decide(game)
                if write is not None:
                    game._bump(now)
                    board = write(game)
            self.version, self.updated_at = game.version, game.updated_at
            self.names_version, self.unverified = game.names_version, False
            self.__dict__.pop("live_rounds", None)
            self.__dict__.pop("player_list", None)
            if write is None:
                return change
        self.version += 1
        self.updated_at = now
        self.unverified = False  # the database held the version and time decided on
        self.seen()
        self.__dict__.pop("live_rounds", None)  # read again when next asked for
        if board is not None:  # the board after the change, known without reading it
            boards().set(self.board_key(), board, timeout=BOARD_SECONDS)
        return change

    def _locked(self) -> "models.Game":
        """Inside a transaction: the game read again holding its row lock.

        PostgreSQL locks the row (SELECT ... FOR UPDATE); SQLite ignores FOR UPDATE, but
        its transactions begin IMMEDIATE (settings), which takes the database's write
        lock at BEGIN. Either way no other change to this game runs until we commit.
        """
        # The token too: a game as last seen may be gone, its id taken by another.
        locked = type(self).objects.select_for_update().get(pk=self.pk, edit_token=self.edit_token)
        if "player_list" in self.__dict__:
            locked.player_list = self.player_list
        return locked

    def _bump(self, now) -> bool:
        """Move the version on by one, from the version and time this game was read at;
        whether the database still held those (under the game's lock it always does).
        The time too: a database restored from a backup repeats versions, never times."""
        rows = type(self).objects.filter(
            pk=self.pk, version=self.version, updated_at=self.updated_at
        )
        return bool(rows.update(version=self.version + 1, updated_at=now))

    def _store(
        self, number: int, points, hands, client_id=None, caller=None, written=()
    ) -> "LiveRound":
        """One round row and a score per player who played it (None: did not play, as
        in a tie's extra hole); `written` the scores as written where a rule changed
        them, `caller` the seat of the caller (who went out first, where a rule asks)."""
        rnd = app_model("Round").objects.create(
            game_id=self.pk, number=number, client_id=client_id, caller=caller
        )
        written = tuple(written) or (None,) * len(points)
        app_model("Score").objects.bulk_create(
            app_model("Score")(
                round_id=rnd.pk,
                player_id=player.pk,
                points=pts,
                cards=hand,
                written=None if wrote == pts else wrote,  # kept only where changed
            )
            for player, pts, hand, wrote in zip(
                self.player_list, points, hands, written, strict=True
            )
            if pts is not None
        )

        def tenth(value):  # as the database gives it back: one decimal place
            return None if value is None else Decimal(value).quantize(TENTH)

        stored = tuple(tenth(p) for p in points)
        kept = tuple(tenth(w) for w in written) if any(w is not None for w in written) else ()
        return LiveRound(rnd.pk, number, stored, tuple(hands), client_id or "", caller, kept)

    def _fits_next(self, points) -> bool:
        """Whether `points`, as the next round after the live ones, holds a score for
        exactly the players who play it: the live rounds fit already (every change that
        wrote them was checked), so only the new one is asked, from the kept totals."""
        number = len(self.live_rounds) + 1
        return scoring.fits_next(self.counted_totals(), number, points, self.ending())

    def _fits(self, board: list) -> bool:
        """Whether every round of `board` (each round's points, in seat order) holds a
        score for exactly the players who play it (scoring.misfit)."""
        return scoring.misfit(len(self.player_list), board, self.ending()) is None

    def _rows_full(self) -> bool:
        """Every change writes at most one row and moves the version on by one, so a game
        whose version is under the cap holds fewer rows: only then are they counted."""
        return (
            self.version >= limits.MAX_ROUND_ROWS and self.rounds.count() >= limits.MAX_ROUND_ROWS
        )

    def add_round(
        self,
        number: int,
        points: list[Decimal],
        hands: list[str],
        client_id: str | None = None,
        caller: int | None = None,
        written=(),
    ) -> Change:
        """Store round `number`, which must be the next one. A resend is recognised by its
        `client_id` (the phone's id for the round) or, without one, by equal numbers.
        `caller` and `written`: see `_store`."""

        def decide(game):
            if client_id:
                sent = game.rounds.filter(client_id=client_id).first()
                if sent is not None:
                    return Change(Result.ALREADY_SAVED, sent.number), None
            stored = game.live_round(number)
            if stored is not None:
                same = stored.points == tuple(points)
                return Change(Result.ALREADY_SAVED if same else Result.CONFLICT, number), None
            if game.finished():
                return Change(Result.GAME_OVER, number), None
            if number != game.next_number:
                return Change(Result.NOT_NEXT, number, expected=game.next_number), None
            if len(game.live_rounds) >= limits.MAX_ROUNDS or game._rows_full():
                return Change(Result.FULL, number), None
            if not game._fits_next(points):
                return Change(Result.OTHER_PLAYERS, number), None

            def write(game):  # the board after: the one decided on and the new round
                stored = game._store(number, points, hands, client_id, caller, written)
                return game.live_rounds.plus(stored, len(game.player_list), game.ending())

            return Change(Result.SAVED, number), write

        return self._change(decide)

    def edit_round(
        self,
        number: int,
        round_id: int,
        points: list[Decimal],
        hands: list[str],
        made: int | None = None,
        caller: int | None = None,
        written=(),
    ) -> Change:
        """Replace live round `number`, but only the row the form was opened on
        (`round_id`, and `made`, its `row_mark`): a version check, so two phones cannot
        overwrite each other, nor a form from before a restore a round entered after."""

        def decide(game):
            stored = game.live_round(number)
            if stored is None:
                return Change(Result.GONE, number), None
            if stored.pk == round_id and made is not None:
                rows = app_model("Round").objects.filter(pk=stored.pk)
                if row_mark(rows.values_list("created_at", flat=True).get()) != made:
                    return Change(Result.CONFLICT, number), None
            if stored.pk != round_id:
                same = stored.points == tuple(points) and stored.caller == caller
                return Change(Result.ALREADY_SAVED if same else Result.CONFLICT, number), None
            if game._rows_full():
                return Change(Result.FULL, number), None
            board = [r.points for r in game.live_rounds]
            board[number - 1] = points
            if not game._fits(board):  # a hole before the extra hole moved who is tied
                return Change(Result.OTHER_PLAYERS, number), None

            def write(game):
                mark(stored.pk, "REPLACED")
                game._store(number, points, hands, None, caller, written)  # read again

            return Change(Result.SAVED, number), write

        return self._change(decide)

    def undo_round(self, number: int) -> Change:
        """Undo round `number`, which must be the last live one."""

        def decide(game):
            last = len(game.live_rounds)
            if number != last:
                undone = game.rounds.filter(number=number, status=app_model("Round").Status.UNDONE)
                if number == last + 1 and undone.exists():
                    return Change(Result.ALREADY_SAVED, number), None
                if number > last:
                    return Change(Result.GONE, number), None
                return Change(Result.NOT_NEXT, number, expected=last), None
            last_row = game.live_rounds[-1].pk
            return Change(Result.SAVED, number), lambda _game: mark(last_row, "UNDONE")

        return self._change(decide)

    def restore_round(self, round_id: int, made: int | None = None) -> Change:
        """Bring back an undone round; it must fit as the next round of an open game.
        `made` (its `row_mark`) refuses a form made for a row a restore replaced."""

        def decide(game):
            rnd = game.rounds.filter(pk=round_id).first()
            if rnd is None or (made is not None and row_mark(rnd.created_at) != made):
                return Change(Result.GONE, 0), None
            if rnd.status == app_model("Round").Status.ACTIVE:
                return Change(Result.ALREADY_SAVED, rnd.number), None
            if rnd.status != app_model("Round").Status.UNDONE or rnd.number != game.next_number:
                return Change(Result.GONE, rnd.number), None
            if game.finished():
                return Change(Result.GAME_OVER, rnd.number), None
            if len(game.live_rounds) >= limits.MAX_ROUNDS:
                return Change(Result.FULL, rnd.number), None
            seat = {player.pk: i for i, player in enumerate(game.player_list)}
            points = [None] * len(seat)
            for player, value in rnd.scores.values_list("player_id", "points"):
                points[seat[player]] = value
            if not game._fits_next(points):
                return Change(Result.OTHER_PLAYERS, rnd.number), None
            return Change(Result.SAVED, rnd.number), lambda _game: mark(rnd.pk, "ACTIVE")

        return self._change(decide)

    def rematch(self, may_start: Callable[[], timedelta | None] = lambda: None) -> Change:
        """A new game with the same players and rules; the first deal passes on.

        One rematch per game: a second tap, or a second phone, gets the same new game.
        `may_start` is the rate limit: None to go ahead, or how long to wait."""
        with transaction.atomic():
            game = self._locked()
            game.__dict__.pop("player_list", None)  # the names as they are under the lock
            existing = game.rematches.order_by("pk").first()
            if existing is not None:
                return Change(Result.ALREADY_SAVED, 0, game=existing)
            wait = may_start()
            if wait is not None:
                return Change(Result.LIMITED, 0, wait=wait)
            players = len(game.player_list)
            new = type(self).create_with_players(
                [p.name for p in game.player_list],
                game=game.game,
                variant=game.variant,
                table=dict(game.table),  # the same table, whatever its game's choices
                first_dealer=(game.first_dealer + 1) % players,
                rematch_of=game,
                series=game.series,
            )
            game._bump(timezone.now())  # watchers and kept pages of this game learn of it
        return Change(Result.SAVED, 0, game=new)

    def rename_player(self, seat: int, name: str) -> Change:
        """Put the name of the player at `seat` right (`name` is tidied by the form).
        Scores and rounds stay as they are; the history keeps the old name. The names
        are compared under the lock, so two phones cannot give two players one name.

        A name is put right for the evening: every other game of the series whose player
        at that seat still has the old name gets the new one too (with its own line in
        its history), unless someone else there already has it. So the series and the
        statistics count one person, whichever game the name was put right in. This
        game is renamed first, in a transaction of its own; then the rest of the series,
        `RENAME_STEP` games a transaction, each game checked again under its lock: a
        long series never holds the database (SQLite's one write lock) for more than a
        step, and a game renamed meanwhile from another phone is left as it now is. Each
        step locks its games in one order and holds no other lock, so two renames
        cannot deadlock."""
        model = type(self)
        with transaction.atomic():
            game = (
                model.objects.select_for_update().filter(pk=self.pk).prefetch_related("players")
            ).first()
            if game is None:
                return Change(Result.GONE, seat)
            players = sorted(game.players.all(), key=lambda p: p.position)
            if not 0 <= seat < len(players):
                return Change(Result.GONE, seat)
            player = players[seat]
            if player.name == name:
                return Change(Result.ALREADY_SAVED, seat, name=name)
            if game.names_version >= limits.MAX_RENAMES:
                return Change(Result.RENAMES_FULL, seat, name=player.name)
            key = same_name_key(name)
            if any(same_name_key(p.name) == key for p in players if p.pk != player.pk):
                return Change(Result.TAKEN, seat, name=player.name)
            old = player.name
            now = timezone.now()
            _rename(model, [(game, player)], old, name, now)
        others = list(
            model.objects.filter(series=game.series)
            .exclude(pk=game.pk)
            .order_by("pk")
            .values_list("pk", flat=True)
        )
        for start in range(0, len(others), RENAME_STEP):
            with transaction.atomic():
                step = (
                    model.objects.select_for_update()
                    .filter(pk__in=others[start : start + RENAME_STEP])
                    .order_by("pk")
                    .prefetch_related("players")
                )
                renamed = []
                for other in step:
                    if other.names_version >= limits.MAX_RENAMES:
                        continue
                    theirs = sorted(other.players.all(), key=lambda p: p.position)
                    if len(theirs) != len(players) or theirs[seat].name != old:
                        continue
                    if any(same_name_key(p.name) == key for p in theirs if p.position != seat):
                        continue
                    renamed.append((other, theirs[seat]))
                _rename(model, renamed, old, name, now)
        self.refresh_from_db(fields=["version", "names_version", "updated_at", "renamed_at"])
        self.__dict__.pop("player_list", None)
        return Change(Result.SAVED, seat, name=old)


def _rename(model, renamed: list, old: str, name: str, now) -> None:
    """Games' players renamed, written under their locks, a few queries for all of them:
    the names, the history's lines, and each game's version and times moved on (its
    watchers and kept pages learn of it)."""
    if not renamed:
        return
    app_model("Player").objects.filter(pk__in=[player.pk for _game, player in renamed]).update(
        name=name
    )
    app_model("NameChange").objects.bulk_create(
        app_model("NameChange")(game=game, player=player, old=old, new=name, at=now)
        for game, player in renamed
    )
    model.objects.filter(pk__in=[game.pk for game, _player in renamed]).update(
        version=F("version") + 1,
        names_version=F("names_version") + 1,
        updated_at=now,
        renamed_at=now,
    )
