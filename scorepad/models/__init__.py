"""A game on the scorepad: players, rounds and the scores of each round. Its rules are
its game's (`Game.game` names it in the registry rules/games: Ghost or Golf): the game
object says what its table is, which totals a round may hold and what ends the game
(rules/engine/game.py). The columns of a table's choices are named as the fields of the game's
`House`, so its `house_of` reads them; the scorepad's own part of each game (its forms,
templates and words) is `Game.pad` (scorepad/pads.py).

Every change to a game's rounds is one method of `Game` (add, edit, undo, restore,
rematch). Each decides on the game as read and writes in one short transaction that
first moves the game's version on, and only from the version read: if another change came
in between, it decides again holding the game's lock (see `Game._change`). Either way the
invariant holds: live rounds are numbered 1..n with no gap, one live row per number, and
no row is ever deleted. Each returns a `Change` saying what happened; the views turn that
into a response and a message.
"""

import secrets
from collections.abc import Callable
from datetime import UTC, datetime, timedelta
from decimal import Decimal

from django.db import IntegrityError, models, transaction
from django.db.models import Q
from django.utils import timezone
from django.utils.functional import cached_property
from django.utils.translation import gettext_lazy as _

from rules import games
from rules.engine.game import Ending
from rules.games.ghost import cards  # Ghost's choices, the columns of a table below
from rules.games.golf import cards as golf_cards  # Golf's
from scorepad.logic import chart, scoring
from scorepad.models.changes import Change, Result, RoundChanges  # noqa: F401  (Result: for importers)
from scorepad.models.querysets import GameQuerySet
from scorepad.models.ratelimit import RateMark  # noqa: F401  (a model of this app, kept in its own module)
from scorepad.models.reading import BOARD_SECONDS, GameReading, LiveRound, boards, held_weight  # noqa: F401

TOKEN_BYTES = 24  # 192 bits from the OS's CSPRNG
TOKEN_LENGTH = 32  # what token_urlsafe(24) gives: base64url without padding
TOKEN_PATTERN = f"[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}"

# A game to 21 with two players lasts 2 to 40 rounds; a threshold of 500 at the cheapest
# ordinary rounds (about 15 points) some 35. 100 live rounds is more than 16 hours at
# the table, so no real game meets it, while it bounds what one page, poll and export can
# cost. Every edit and undo keeps a row, so all the rows of a game are bounded too.
MAX_ROUNDS = 100
MAX_ROUND_ROWS = 3 * MAX_ROUNDS
# Names put right per game: a typo or two per player at most, with room to spare, while
# the history and the exports of one game stay bounded.
MAX_RENAMES = 60

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)

# The columns of Golf's table (a rematch plays the same), named as `GolfHouse`'s fields.
GOLF_TABLE = ("jokers", "four_of_a_kind", "caller_penalty", "extra_hole", "holes", "flip")


def row_mark(when) -> int:
    """A row's creation time in whole microseconds: with its id, what names one row for
    good. A database restored from a backup resets the id sequence, so a round entered
    after the restore can get the id of one entered before it; never its creation time."""
    return (when - EPOCH) // timedelta(microseconds=1)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Game(RoundChanges, GameReading, models.Model):
    objects = GameQuerySet.as_manager()

    # The game played, by its key in the registry (rules/games): it gives the rules.
    game = models.CharField(max_length=20, default=games.DEFAULT_KEY)
    edit_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    watch_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    # The variants the scorepad offers, each game's; their names live in the rules data.
    variant = models.CharField(
        max_length=20,
        choices=[(v.key, v.key) for v in cards.SCOREPAD_VARIANTS]
        + [(key, key) for key in golf_cards.VARIANTS],
        default=cards.STANDARD.key,
    )
    jack_value = models.DecimalField(max_digits=3, decimal_places=1, default=cards.JACK_HALF)
    # The two house rules that never change a score, kept so the game's Rules link can
    # open the rules as this table plays them.
    start_card = models.BooleanField(default=True)
    swap_seen = models.BooleanField(default=True)
    threshold = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Loss threshold; empty for a single round."
    )
    # Golf's table (rules/games/golf/cards.py, `GolfHouse`); a Ghost game keeps the
    # defaults. `variant` and `first_dealer` are every game's.
    jokers = models.CharField(
        max_length=12, null=True, blank=True, choices=[(k, k) for k in golf_cards.JOKER_READINGS]
    )
    four_of_a_kind = models.CharField(
        max_length=12, null=True, blank=True, choices=[(k, k) for k in golf_cards.FOUR_OF_A_KIND]
    )
    caller_penalty = models.BooleanField(default=False)
    extra_hole = models.BooleanField(default=False)
    holes = models.PositiveSmallIntegerField(default=golf_cards.HOLES)
    flip = models.BooleanField(default=False)
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

    class Meta:
        constraints = [
            models.CheckConstraint(
                condition=Q(jack_value__in=cards.JACK_VALUES), name="jack_is_half_or_eleven"
            ),
            models.CheckConstraint(
                condition=Q(threshold__isnull=True)
                | Q(
                    threshold__gte=cards.THRESHOLD_RANGE[0], threshold__lte=cards.THRESHOLD_RANGE[1]
                ),
                name="threshold_in_range",
            ),
            models.CheckConstraint(
                condition=Q(
                    holes__gte=golf_cards.HOLE_RANGE[0], holes__lte=golf_cards.HOLE_RANGE[1]
                ),
                name="holes_in_range",
            ),
        ]

    def __str__(self):
        return f"Game {self.pk}"

    @classmethod
    @transaction.atomic
    def create_with_players(cls, names: list[str], **fields) -> "Game":
        # each game's own default variant (the column's default is the default game's)
        fields.setdefault("variant", games.get(fields.get("game")).default_variant)
        game = cls.objects.create(**fields)
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
        from scorepad import pads  # its forms import this module

        return pads.get(self.game)

    @property
    def rules_variant(self):
        return self.rules.variants[self.variant]

    @property
    def single_round(self) -> bool:
        return self.threshold is None

    @property
    def house(self):
        """The game's rules as the rules pages take them: its game object's table for
        this row and its players."""
        return self.rules.house_of(self, len(self.player_list))

    def possible_totals(self) -> frozenset[Decimal]:
        """The totals one player's round may hold at this table with these players."""
        return self.pad.possible_totals(self)

    def ending(self) -> Ending:
        """What ends this game and who wins, as its game object says for its table."""
        return self.rules.ending(self.rules.house_of(self, None))

    def outcome(self) -> scoring.Outcome:
        """Computed from the live rounds as read, without a query."""
        return scoring.outcome(
            len(self.player_list),
            [r.points for r in self.live_rounds],
            self.ending(),
            self.first_dealer,
        )

    def finished(self) -> bool:
        """Whether the game is decided: what a change asks, for less than `outcome()`."""
        return scoring.finished([r.points for r in self.live_rounds], self.ending())

    def playing_in(self, number: int) -> list[int] | None:
        """The seats that play round `number` (None: everyone), from the live rounds
        before it: Golf's extra hole is played by the tied players only."""
        ending = self.ending()
        if getattr(ending, "playing", None) is None:
            return None
        before = [r.points for r in self.live_rounds[: number - 1]]
        result = scoring.outcome(len(self.player_list), before, ending, self.first_dealer)
        return ending.playing(number, result.totals) if len(before) == number - 1 else None

    def course(self, fmt, result: scoring.Outcome | None = None) -> chart.Chart | None:
        """Every player's running total after each live round as a chart's geometry,
        numbers written by `fmt` (None before the first round)."""
        result = result or self.outcome()
        names = [p.name for p in self.player_list]
        return chart.course(names, self.counted_running(result), result.threshold, fmt)

    def counted_running(self, result: scoring.Outcome) -> list:
        """The running totals after each round that counts: not after Golf's extra
        hole, which only the tied play and which adds to nobody's total."""
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
    # Golf with the caller penalty: the seat of the player who went out first.
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
    # What the player wrote where a rule changed it (Golf's caller penalty): `points`
    # is what counts. None where the two are the same.
    written = models.DecimalField(max_digits=5, decimal_places=1, null=True, blank=True)

    class Meta:
        ordering = ["player_id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="one_score_per_player")
        ]

    def __str__(self):
        return f"{self.player}: {self.points}"
