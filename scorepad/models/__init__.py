"""A game on the scorepad: players, rounds and the scores of each round. Its rules are
its game's (`Game.game` names it in the registry rules/games, by its key): the game
object says what its table is, which totals a round may hold and what ends the game
(rules/engine/game.py). A table's choices (a card's value, a threshold, a number of
rounds: any game's) are one JSON field, `Game.table`, as the game object's `table_of`
writes them and its `house_from_table` reads and checks them: a new game needs no column
and no migration. `Game.house` is the table as the game's `House`; the scorepad's own part
of each game (its forms, templates and words) is `Game.pad`, found in the game's package
(scorepad/pads.py).

Every change to a game's rounds is one method of `Game` (add, edit, undo, restore,
rematch). Each decides on the game as read and writes in one short transaction that
first moves the game's version on, and only from the version read: if another change came
in between, it decides again holding the game's lock (see `Game._change`). Either way the
invariant holds: live rounds are numbered 1..n with no gap, one live row per number, and
no row is ever deleted. Each returns a `Change` saying what happened; the views turn that
into a response and a message.
"""

import functools
from collections.abc import Callable
from datetime import timedelta
from decimal import Decimal

from django.core.exceptions import ValidationError
from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from rules import games
from rules.engine.game import Ending
from scorepad import pads
from scorepad.logic import chart, scoring
from scorepad.models.changes import Change, Result, RoundChanges  # noqa: F401  (Result: for importers)
from scorepad.models.limits import (  # noqa: F401  (for importers and migrations)
    EPOCH,
    MAX_RENAMES,
    MAX_ROUND_ROWS,
    MAX_ROUNDS,
    TOKEN_BYTES,
    TOKEN_LENGTH,
    TOKEN_PATTERN,
    new_token,
    row_mark,
)
from scorepad.models.querysets import GameQuerySet
from scorepad.models.ratelimit import RateMark  # noqa: F401  (a model of this app, kept in its own module)
from scorepad.models.reading import BOARD_SECONDS, GameReading, LiveRound, boards, held_weight  # noqa: F401


@functools.lru_cache(maxsize=1024)
def _house_of_items(rules, items: tuple, players: int | None):
    return rules.house_from_table({key: value for key, _type, value in items}, players)


def house_of_table(rules, table: dict, players: int | None):
    """`rules.house_from_table(table, players)`, kept for a table read before: a House
    is frozen, and each request reads its game anew. Each value is kept with its type
    (1 == True == 1.0 in Python, and a schema refuses a number where it wants a bool).
    A table holding a value that cannot be a key (a list, which no schema takes) is
    read as it is, and refused there."""
    items = tuple(sorted((key, type(value).__name__, value) for key, value in table.items()))
    try:
        hash(items)
    except TypeError:
        return rules.house_from_table(table, players)
    return _house_of_items(rules, items, players)


class Game(RoundChanges, GameReading, models.Model):
    objects = GameQuerySet.as_manager()

    # The game played, by its key in the registry (rules/games): it gives the rules.
    game = models.CharField(max_length=20, default=games.DEFAULT_KEY)
    edit_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    watch_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    # The variant played, one of its game's (checked by the game's schema with the
    # table: no list of every game's variants here). A column of its own, as every game
    # has one and pages read it before the table's other choices.
    variant = models.CharField(max_length=20, default=games.default().default_variant)
    # The rest of the table's choices, as the game object's `table_of` writes them
    # (rules/engine/game.py); `house` reads them. Checked by `clean()` and on insert.
    table = models.JSONField(default=dict, blank=True)
    first_dealer = models.PositiveSmallIntegerField(default=0)
    # Bumped by every change: the watch poll compares it, forms carry it.
    version = models.PositiveIntegerField(default=0)
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    # The evening's series: a rematch takes its game's series, a new game starts one.
    series = models.CharField(max_length=64, default=new_token, db_index=True, editable=False)
    # Bumped by every rename: with the time of the last one, the key the players are
    # cached under (a restore can bring a names version back, never that time).
    names_version = models.PositiveIntegerField(default=0)
    renamed_at = models.DateTimeField(null=True, blank=True)
    # Who lost and won this game (bit i: seat i), as of `result_version`: the evening's
    # series adds them up in the database instead of loading every earlier game
    # (pages/night.py). Written when a series page finds them older than the game.
    lost_seats = models.PositiveIntegerField(default=0)
    won_seats = models.PositiveIntegerField(default=0)
    result_version = models.PositiveIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)
    # The new-game form's own random key: a second tap of Start finds this game.
    start_key = models.CharField(max_length=32, null=True, blank=True, unique=True, editable=False)

    def __str__(self):
        return f"Game {self.pk}"

    @classmethod
    def table_fields(cls, fields: dict) -> dict:
        """The fields of a new game, where a keyword that names no column is a choice of
        its game's table (`threshold=15`, `holes=18`): any game's, none named here."""
        columns = {f.name for f in cls._meta.get_fields()} | {"id"}
        choices = {key: fields.pop(key) for key in list(fields) if key not in columns}
        fields["table"] = {**fields.get("table", {}), **choices}  # the caller's dict stays
        if "variant" in fields["table"]:
            fields["variant"] = fields["table"].pop("variant")
        # each game's own default variant (the column's default is the default game's)
        fields.setdefault("variant", games.get(fields.get("game")).default_variant)
        return fields

    @classmethod
    @transaction.atomic
    def create_with_players(cls, names: list[str], **fields) -> "Game":
        game = cls(**cls.table_fields(fields))
        game.save(force_insert=True)
        Player.objects.bulk_create(
            Player(game=game, position=seat, name=name) for seat, name in enumerate(names)
        )
        return game

    @classmethod
    def start(
        cls,
        names: list[str],
        start_key: str | None,
        may_start: Callable[[], timedelta | None] = lambda: None,
        **fields,
    ) -> Change:
        """A new game from the new-game form. The form carries its own random key: a
        second tap (or a resend) of the same form gets the same game, like the rematch.
        `may_start` is the rate limit: None to go ahead, or how long to wait."""
        existing = cls.objects.filter(start_key=start_key).first() if start_key else None
        if existing is not None:
            return Change(Result.ALREADY_SAVED, 0, game=existing)
        wait = may_start()
        if wait is not None:
            return Change(Result.LIMITED, 0, wait=wait)
        try:
            with transaction.atomic():
                game = cls.create_with_players(names, start_key=start_key or None, **fields)
        except IntegrityError:
            # Two taps at once: the other one's insert won the unique key.
            if not start_key:
                raise
            return Change(Result.ALREADY_SAVED, 0, game=cls.objects.get(start_key=start_key))
        return Change(Result.SAVED, 0, game=game)

    @property
    def rules(self):
        """The game object (rules/engine/game.py) of the game played."""
        return games.get(self.game)

    @property
    def pad(self):
        """The scorepad's own part of the game played: its forms, templates and words
        (scorepad/pads.py)."""
        return pads.get(self.game)

    @property
    def rules_variant(self):
        return self.rules.variants[self.variant]

    @property
    def choices(self) -> dict:
        """The whole table as the game object's schema reads it: the variant and the rest."""
        return {**self.table, "variant": self.variant}

    def house_for(self, players: int | None):
        """The table as its game's `House` for this many players (None: the count does
        not matter), read once per instance and count. ValueError if the stored table
        does not fit the game's schema: a table that does not fit fails loudly."""
        houses = self.__dict__.setdefault("_houses", {})
        if players not in houses:
            houses[players] = house_of_table(self.rules, self.choices, players)
        return houses[players]

    @property
    def house(self):
        """The game's rules as the rules pages take them: its game object's table for
        this row and its players."""
        return self.house_for(len(self.player_list))

    @property
    def threshold(self) -> int | None:
        """The line a player must not reach, as the game's ending says (None: none)."""
        return self.ending().threshold

    @property
    def single_round(self) -> bool:
        return self.threshold is None

    def clean(self):
        super().clean()
        self.check_table()

    def check_table(self) -> None:
        """The table through its game's schema: a ValidationError on `table` where the
        schema refuses it (an unknown key, a wrong type, a value the game forbids)."""
        self.__dict__.pop("_houses", None)
        try:
            self.house_for(None)
        except ValueError as error:
            raise ValidationError({"table": str(error)}) from None

    def save(self, *args, **kwargs):
        # Every new game's table passes its schema before the insert; so does a save
        # that writes the table. Other saves (a change's version) leave it as it is.
        update_fields = kwargs.get("update_fields")
        if self._state.adding or update_fields is None or "table" in update_fields:
            self.check_table()
        super().save(*args, **kwargs)

    def refresh_from_db(self, *args, **kwargs):
        self.__dict__.pop("_houses", None)  # the table read again is read afresh
        super().refresh_from_db(*args, **kwargs)

    def possible_totals(self) -> frozenset[Decimal]:
        """The totals one player's round may hold at this table with these players: as
        its scorepad part counts them (by the decks these players use, say), or, for a
        game registered with no scorepad part (a test's engine-only game), as its own game
        object does; never another game's."""
        try:
            pad = self.pad
        except LookupError:
            return self.rules.possible_totals(self.house_for(None))
        return pad.possible_totals(self)

    def ending(self) -> Ending:
        """What ends this game and who wins, as its game object says for its table."""
        return self.rules.ending(self.house_for(None))

    def outcome(self) -> scoring.Outcome:
        """Computed from the live rounds as read, without a query."""
        return scoring.outcome(
            len(self.player_list),
            [r.points for r in self.live_rounds],
            self.ending(),
            self.first_dealer,
        )

    def finished(self) -> bool:
        """Whether the game is decided: what a change asks, for less than `outcome()`,
        and for as little at the hundredth round as at the first (the board's totals)."""
        rounds = self.live_rounds
        if not rounds:
            return False
        return self.ending().decided(list(self.counted_totals()), len(rounds))

    def counted_totals(self) -> tuple[Decimal, ...]:
        """Each player's total over the live rounds that count, kept with the board."""
        return self.live_rounds.totals(len(self.player_list), self.ending())

    def playing_in(self, number: int) -> list[int] | None:
        """The seats that play round `number` (None: everyone), from the live rounds
        before it: a round only some play (a tie's extra hole) is played by the tied only."""
        ending = self.ending()
        if getattr(ending, "playing", None) is None:
            return None
        if number == len(self.live_rounds) + 1 and not self.finished():
            # the next round of an open game: from the totals kept with the board, for
            # as little at the seventeenth hole as at the second
            return ending.playing(number, list(self.counted_totals()))
        before = [r.points for r in self.live_rounds[: number - 1]]
        result = scoring.outcome(len(self.player_list), before, ending, self.first_dealer)
        return ending.playing(number, result.totals) if len(before) == number - 1 else None

    def course(self, fmt, result: scoring.Outcome | None = None, labels=None) -> chart.Chart | None:
        """Every player's running total after each live round as a chart's geometry,
        numbers written by `fmt` (None before the first round); `labels`: the names as
        the lines' ends show them."""
        result = result or self.outcome()
        names = [p.name for p in self.player_list]
        running = self.counted_running(result)
        return chart.course(names, running, result.threshold, fmt, labels)

    def counted_running(self, result: scoring.Outcome) -> list:
        """The running totals after each round that counts: not after a round only some
        play (a tie's extra hole), which only the tied play and which adds to nobody's
        total."""
        counts = getattr(self.ending(), "counts", lambda _number: True)
        return [r for n, r in enumerate(result.running, 1) if counts(n)]

    @cached_property
    def rematch_game(self) -> "Game | None":
        """The rematch started from this game, if any (one per game): its page and watch
        page lead there. Starting it moves this game's version on, so a page kept per
        version and the watch poll see it."""
        return self.rematches.order_by("pk").first()

    def live_round(self, number: int) -> LiveRound | None:
        if 1 <= number <= len(self.live_rounds):
            return self.live_rounds[number - 1]
        return None

    @property
    def poll_mark(self) -> str:
        """What a watcher's poll names as the version it shows. The version alone repeats
        after a restore from a backup (it goes back, and counts up again over other
        rounds); the time of the last change never does."""
        return f"{self.version}-{row_mark(self.updated_at)}"

    @property
    def next_number(self) -> int:
        return len(self.live_rounds) + 1

    def has_history(self) -> bool:
        """Whether a round may have been undone or replaced. Every change moves the
        version on by one (see `_change`): a game whose version equals its number of live
        rounds has only ever had those rounds entered. Needs no query beyond the board."""
        return self.version != len(self.live_rounds)

    def contiguous(self) -> bool:
        """The invariant, read from the database: live rounds are exactly 1..n."""
        numbers = list(
            self.rounds.filter(status=Round.Status.ACTIVE)
            .order_by("number")
            .values_list("number", flat=True)
        )
        return numbers == list(range(1, len(numbers) + 1))


class Player(models.Model):
    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="players")
    position = models.PositiveSmallIntegerField()
    name = models.CharField(max_length=40)

    class Meta:
        ordering = ["position"]
        constraints = [
            models.UniqueConstraint(fields=["game", "position"], name="one_player_per_seat")
        ]

    def __str__(self):
        return self.name


class NameChange(models.Model):
    """A player's name put right: the history shows it beside undone and edited rounds."""

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="name_changes")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="name_changes")
    old = models.CharField(max_length=40)
    new = models.CharField(max_length=40)
    at = models.DateTimeField(default=timezone.now)

    def __str__(self):
        return f"{self.old} → {self.new}"


class Round(models.Model):
    class Status(models.TextChoices):
        ACTIVE = "active", _("counts")
        UNDONE = "undone", _("undone")
        REPLACED = "replaced", _("replaced by an edit")

    game = models.ForeignKey(Game, on_delete=models.CASCADE, related_name="rounds")
    number = models.PositiveSmallIntegerField()
    status = models.CharField(max_length=10, choices=Status.choices, default=Status.ACTIVE)
    # The id a phone gave the round when it was typed (offline entry): a resend of the
    # same id is the same round.
    client_id = models.CharField(max_length=40, null=True, blank=True)
    # Where a rule asks it (a penalty for the player who went out first): that seat.
    caller = models.PositiveSmallIntegerField(null=True, blank=True)
    created_at = models.DateTimeField(auto_now_add=True)
    changed_at = models.DateTimeField(auto_now=True)

    class Meta:
        ordering = ["number", "created_at"]
        constraints = [
            # The guard against a double tap or two phones: one live row per round number.
            models.UniqueConstraint(
                fields=["game", "number"],
                condition=Q(status="active"),
                name="one_live_round_per_number",
            ),
            models.UniqueConstraint(
                fields=["game", "client_id"],
                condition=Q(client_id__isnull=False),
                name="one_round_per_client_id",
            ),
        ]

    def __str__(self):
        return f"Round {self.number} ({self.status})"


class Score(models.Model):
    round = models.ForeignKey(Round, on_delete=models.CASCADE, related_name="scores")
    player = models.ForeignKey(Player, on_delete=models.CASCADE, related_name="scores")
    points = models.DecimalField(max_digits=5, decimal_places=1)
    cards = models.CharField(max_length=60, blank=True)
    # What the player wrote where a rule changed it (the caller's penalty): `points`
    # is what counts. None where the two are the same.
    written = models.DecimalField(max_digits=5, decimal_places=1, null=True, blank=True)

    class Meta:
        ordering = ["player_id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="one_score_per_player")
        ]

    def __str__(self):
        return f"{self.player}: {self.points}"
