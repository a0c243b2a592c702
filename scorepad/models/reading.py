"""How a game is read, and what each process keeps of it: its players, its live rounds
(the board) and its row as last seen, in the boards cache (settings.CACHES) as objects.
This is `Game`'s mixin, as changes.py is for the changes; a change decides on what is
read here and proves it current before it writes.
"""

import functools
import json
from dataclasses import dataclass
from decimal import Decimal
from typing import TYPE_CHECKING

from django.apps import apps
from django.core.cache import caches
from django.db import DEFAULT_DB_ALIAS
from django.utils.functional import cached_property

from scorepad.logic import scoring

if TYPE_CHECKING:
    from scorepad import models


@functools.cache
def app_model(name: str):
    """One of this app's models, by name, when it is first asked (the models module is
    built from this one, so this one does not import it); then kept, as the registry
    keeps it."""
    return apps.get_model("scorepad", name)


BOARD_SECONDS = 600


@dataclass(frozen=True, slots=True)
class LiveRound:
    """A round that counts, as the board needs it: one entry per player, in seat order
    (None for a player who did not play it: a tie's extra hole). `caller` is the seat of
    the caller (where a rule penalises who went out first), `written` the scores as
    written where a rule changed them (else empty). Frozen, as the boards cache hands
    every reader the same object."""

    pk: int
    number: int
    points: tuple[Decimal | None, ...]
    cards: tuple[str, ...]
    client_id: str = ""
    caller: int | None = None
    written: tuple[Decimal | None, ...] = ()


class Board(tuple):
    """A game's live rounds in order (a LiveRound each), as the boards cache keeps them,
    with the counted totals after them (for an ending) worked out at most once per board
    and handed on to the board a new round makes: what a change asks of the board then
    costs the same at the first round as at the hundredth. Never changed once made (every
    reader gets the very object); working the totals out twice at once gives the same."""

    def totals(self, players: int, ending) -> tuple[Decimal, ...]:
        known = self.__dict__.get("counted")
        if known is None or known[0] != ending:
            totals = (
                scoring.counted_totals(players, (r.points for r in self), ending)
                if self
                else (Decimal(0),) * players
            )
            known = self.counted = (ending, totals)
        return known[1]

    def plus(self, live: LiveRound, players: int, ending) -> "Board":
        """This board and one more round after it, its totals carried on."""
        board = Board((*self, live))
        totals = scoring.plus_round(self.totals(players, ending), len(board), live.points, ending)
        board.counted = (ending, totals)
        board.weight = held_weight(self) + held_weight((live,)) - 2
        return board


def boards():
    """The boards cache (settings.CACHES): boards, players and the rows last seen, kept
    as objects."""
    return caches["boards"]


def held_weight(value) -> int:
    """What a board, a game's player rows or its row weigh in the boards cache: two for
    the entry (its key and bookkeeping are some 280 bytes), one per round, player or
    column, one per score. Some 200 bytes a unit at most (every score with its cards,
    every round with a phone's id; a new game's empty board), so the bound is one of
    memory."""
    known = getattr(value, "weight", None)  # a Board weighed before, or made from one
    if known is not None:
        return known
    weight = 2 + sum(1 + len(getattr(item, "points", ())) for item in value)
    if isinstance(value, Board):
        value.weight = weight
    return weight


@functools.cache
def json_fields(model) -> frozenset[str]:
    """The columns of a row as `seen` keeps it that hold JSON (kept as their text)."""
    return frozenset(
        field.attname
        for field in model._meta.concrete_fields
        if field.get_internal_type() == "JSONField"
    )


@functools.cache
def row_fields(model) -> tuple[str, ...]:
    """A game's row as `seen` keeps it: every column, in the model's order."""
    return tuple(field.attname for field in model._meta.concrete_fields)


class GameReading:
    @cached_property
    def player_list(self) -> list["models.Player"]:
        """Players change only by a rename, so they are kept in the cache under the
        game's token, creation time, names version and the time of the last rename (the
        same for the same players; a restore from a backup can bring a names version
        back and count it up again over other names, never that time): one query fewer
        on every request."""
        created = self.created_at.timestamp()
        renamed = self.renamed_at.timestamp() if self.renamed_at else ""
        key = f"players:{self.edit_token}:{created}:{self.names_version}:{renamed}"
        rows = boards().get(key)
        if rows is None:
            rows = tuple(self.players.order_by("position").values_list("pk", "position", "name"))
            boards().set(key, rows, timeout=24 * 3600)
        return [
            app_model("Player")(pk=pk, game_id=self.pk, position=position, name=name)
            for pk, position, name in rows
        ]

    def board_key(self) -> str:
        # updated_at moves with every change: a restored backup cannot repeat it.
        return f"board:{self.edit_token}:{self.version}:{self.updated_at.timestamp()}"

    @cached_property
    def live_rounds(self) -> Board:
        """The live rounds, read when first asked for: after the game's row, so never
        older than its version. Kept in the cache under that version (a change moves it
        on): a change decided on a board newer than the version writes nothing, as its
        version check fails (see changes.py). Not kept for a game as last seen: rounds
        newer than its version, under a version a restore can bring back."""
        key = self.board_key()
        rounds = boards().get(key)
        if rounds is not None and not isinstance(rounds, Board):
            rounds = Board(rounds)  # put in the cache as a plain tuple (a test's)
        if rounds is None:
            rounds = self.read_board()
            # its totals worked out with it and kept in the cache beside it: a change then
            # costs as little at the hundredth round as at the first, on any worker
            rounds.totals(len(self.player_list), self.ending())
            if not self.unverified:
                boards().set(key, rounds, timeout=BOARD_SECONDS)
        return rounds

    def read_board(self) -> Board:
        """The live rounds in one query, whatever their number.

        Scores come back as plain tuples: building hundreds of model instances would cost
        more than everything else on the page.
        """
        seat = {p.pk: i for i, p in enumerate(self.player_list)}
        rounds: dict[int, tuple] = {}
        rows = (
            app_model("Score")
            .objects.filter(round__game=self, round__status=app_model("Round").Status.ACTIVE)
            .order_by("round__number")
            .values_list(
                "round_id",
                "round__number",
                "round__client_id",
                "round__caller",
                "player_id",
                "points",
                "cards",
                "written",
            )
        )
        size = len(self.player_list)
        for round_id, number, client_id, caller, player_id, points, cards_text, written in rows:
            live = rounds.get(round_id)
            if live is None:
                live = rounds[round_id] = (
                    number,
                    client_id or "",
                    [None] * size,
                    [""] * size,
                    caller,
                    [None] * size,
                )
            live[2][seat[player_id]] = points
            live[3][seat[player_id]] = cards_text
            live[5][seat[player_id]] = written
        return Board(
            LiveRound(
                pk,
                number,
                tuple(points),
                tuple(hands),
                client_id,
                caller,
                # as written: the points where the rule left them as they were
                tuple(p if w is None else w for p, w in zip(points, written, strict=True))
                if any(w is not None for w in written)
                else (),
            )
            for pk, (number, client_id, points, hands, caller, written) in rounds.items()
        )

    # True for a game built from what this process last saw (`last_seen`), until it is
    # read again: a change may decide on it, but must prove it current before writing.
    unverified = False

    @classmethod
    def last_seen(cls, token: str) -> "models.Game":
        """The game as this process last saw it (after a page, a poll or a change), for a
        change to decide on without reading it again. The change writes only if the
        database still holds that very version and time (changes.py), and refuses only
        after reading the game afresh; so a game another process has moved on since
        costs one UPDATE that finds nothing, then the read under the lock."""
        row = boards().get(f"row:{token}")
        if row is None:
            return cls.objects.get(edit_token=token).seen()
        names = row_fields(cls)
        row = tuple(
            json.loads(value) if name in json_fields(cls) else value
            for name, value in zip(names, row, strict=True)
        )
        game = cls.from_db(DEFAULT_DB_ALIAS, names, row)
        game.unverified = True
        return game

    def seen(self) -> "models.Game":
        """Make the game as it is now the one this process last saw. Its row at one
        version and time never changes, so any reader may be handed it."""
        # A JSON field (the game's table) is kept as its text: a dict handed to every
        # reader could be changed by one under another's feet; each gets its own copy.
        row = tuple(
            json.dumps(getattr(self, name))
            if name in json_fields(type(self))
            else getattr(self, name)
            for name in row_fields(type(self))
        )
        boards().set(f"row:{self.edit_token}", row, timeout=BOARD_SECONDS)
        return self

    def refresh_from_db(self, using=None, fields=None, from_queryset=None):
        """Django's reload, and the live rounds and players read again when next asked
        for. A game as last seen by its token too: after a restore, a game gone since may
        have lent its id to a new one (Game.DoesNotExist then)."""
        if self.unverified and from_queryset is None:
            from_queryset = type(self)._base_manager.filter(edit_token=self.edit_token)
        super().refresh_from_db(using, fields, from_queryset)
        self.unverified = False
        self.__dict__.pop("live_rounds", None)
        self.__dict__.pop("player_list", None)

    def load_players(self) -> "models.Game":
        self.player_list  # noqa: B018 - read now
        return self

    def load_board(self) -> "models.Game":
        """Read the live rounds now (again, if they were read before)."""
        self.__dict__.pop("live_rounds", None)
        self.live_rounds  # noqa: B018 - read now
        return self
