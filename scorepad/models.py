"""A game of Ghost on the scorepad: players, rounds and the scores of each round.

Every change to a game's rounds is one method of `Game` (add, edit, undo, restore,
rematch). Each runs in one transaction holding the game's row lock, reads the live rounds
inside it and keeps the invariant: live rounds are numbered 1..n with no gap, one live row
per number, and no row is ever deleted. Each returns a `Change` saying what happened;
the views turn that into a response and a message.
"""

import enum
import secrets
from collections.abc import Callable
from dataclasses import dataclass
from datetime import timedelta
from decimal import Decimal

from django.core.cache import cache
from django.db import models, transaction
from django.db.models import F, Q
from django.utils import timezone
from django.utils.translation import gettext_lazy as _

from rules import cards

from . import scoring
from .ratelimit import RateMark  # noqa: F401  (a model of this app, kept in its own module)

TOKEN_BYTES = 24  # 192 bits from the OS's CSPRNG
TOKEN_LENGTH = 32  # what token_urlsafe(24) gives: base64url without padding
TOKEN_PATTERN = f"[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}"

# A game to 21 with two players lasts 2 to 40 rounds; a threshold of 500 at the cheapest
# ordinary rounds (about 15 points) some 35. 100 live rounds is more than 16 hours at
# the table, so no real game meets it, while it bounds what one page, poll and export can
# cost. Every edit and undo keeps a row, so all the rows of a game are bounded too.
MAX_ROUNDS = 100
MAX_ROUND_ROWS = 3 * MAX_ROUNDS


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


class Result(enum.Enum):
    SAVED = "saved"  # the change was made
    ALREADY_SAVED = "already saved"  # the same change was made before: a double tap
    CONFLICT = "conflict"  # the round holds other numbers now (another phone)
    NOT_NEXT = "not next"  # the round named is not the one this change can touch
    GAME_OVER = "game over"  # the game is decided; rounds are refused
    GONE = "gone"  # the round named is no longer (or never was) there
    FULL = "full"  # the game holds as many rounds as a game may
    LIMITED = "limited"  # too many new games from one place: `wait` says for how long


@dataclass(frozen=True)
class Change:
    result: Result
    number: int  # the round the change was for
    expected: int | None = None  # with NOT_NEXT: the round the game is at
    game: "Game | None" = None  # with a rematch: the new game
    wait: timedelta | None = None  # with LIMITED


@dataclass
class LiveRound:
    """A round that counts, as the board needs it: one entry per player, in seat order."""

    pk: int
    number: int
    points: list[Decimal]
    cards: list[str]
    client_id: str = ""


@dataclass
class Summary:
    """One game as a list of games shows it."""

    game: "Game"
    players: list["Player"]
    outcome: scoring.Outcome


class GameQuerySet(models.QuerySet):
    def summaries(self, edit_tokens: list[str]) -> list[Summary]:
        """The games with these tokens, in the tokens' order, each with its players and
        outcome: three queries for all of them (games, their players, live scores)."""
        games = {
            g.edit_token: g
            for g in self.filter(edit_token__in=edit_tokens).prefetch_related("players")
        }
        rounds: dict[int, dict[int, dict[int, Decimal]]] = {}
        for game_id, number, player_id, points in Score.objects.filter(
            round__game__in=games.values(), round__status=Round.Status.ACTIVE
        ).values_list("round__game_id", "round__number", "player_id", "points"):
            rounds.setdefault(game_id, {}).setdefault(number, {})[player_id] = points
        listed = []
        for token in edit_tokens:
            game = games.get(token)
            if game is None:
                continue
            players = list(game.players.all())
            played = [
                [r.get(p.pk, Decimal(0)) for p in players]
                for _n, r in sorted(rounds.get(game.pk, {}).items())
            ]
            result = scoring.outcome(len(players), played, game.threshold, game.first_dealer)
            listed.append(Summary(game, players, result))
        return listed


class Game(models.Model):
    objects = GameQuerySet.as_manager()

    edit_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    watch_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    # The variants the scorepad offers, from rules.cards; their names live in the rules data.
    variant = models.CharField(
        max_length=20,
        choices=[(v.key, v.key) for v in cards.SCOREPAD_VARIANTS],
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
    first_dealer = models.PositiveSmallIntegerField(default=0)
    # Bumped by every change: the watch poll compares it, forms carry it.
    version = models.PositiveIntegerField(default=0)
    rematch_of = models.ForeignKey(
        "self", null=True, blank=True, on_delete=models.SET_NULL, related_name="rematches"
    )
    created_at = models.DateTimeField(auto_now_add=True)
    updated_at = models.DateTimeField(auto_now=True)

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
        ]

    def __str__(self):
        return f"Game {self.pk}"

    @classmethod
    @transaction.atomic
    def create_with_players(cls, names: list[str], **fields) -> "Game":
        game = cls.objects.create(**fields)
        Player.objects.bulk_create(
            Player(game=game, position=seat, name=name) for seat, name in enumerate(names)
        )
        return game

    @property
    def rules_variant(self) -> cards.Variant:
        return cards.VARIANTS[self.variant]

    @property
    def single_round(self) -> bool:
        return self.threshold is None

    @property
    def house(self) -> cards.House:
        """The game's rules as the rules pages take them. An older "stock only" game is
        the five-card game without a start card; more players than the variant's own
        limit is the house rule for more players."""
        if not hasattr(self, "player_list"):
            self.load_players()
        variant = self.rules_variant
        key = cards.STANDARD.key if variant.key == "stock_only" else variant.key
        return cards.House(
            variant=key,
            jack=self.jack_value,
            start_card=self.start_card and variant.face_up_start,
            swap_seen=self.swap_seen or not cards.House.has_unseen_places(key),
            threshold=self.threshold,
            more_players=len(self.player_list) > variant.max_players,
        )

    def possible_totals(self) -> frozenset[Decimal]:
        return cards.possible_totals(self.rules_variant, self.jack_value)

    def load_players(self) -> "Game":
        """Players never change after the game starts, so they are kept in the cache
        under the game's token and creation time (the same for the same game, even after
        a restore from a backup): one query fewer on every request."""
        key = f"players:{self.edit_token}:{self.created_at.timestamp()}"
        rows = cache.get(key)
        if rows is None:
            rows = list(self.players.order_by("position").values_list("pk", "position", "name"))
            cache.set(key, rows, timeout=24 * 3600)
        self.player_list = [
            Player(pk=pk, game=self, position=position, name=name) for pk, position, name in rows
        ]
        return self

    def load_board(self) -> "Game":
        """Players and the live rounds in two queries, whatever the number of rounds.

        Scores come back as plain tuples: building hundreds of model instances would cost
        more than everything else on the page.
        """
        if not hasattr(self, "player_list"):
            self.load_players()
        seat = {p.pk: i for i, p in enumerate(self.player_list)}
        rounds: dict[int, LiveRound] = {}
        rows = (
            Score.objects.filter(round__game=self, round__status=Round.Status.ACTIVE)
            .order_by("round__number")
            .values_list(
                "round_id", "round__number", "round__client_id", "player_id", "points", "cards"
            )
        )
        size = len(self.player_list)
        for round_id, number, client_id, player_id, points, cards_text in rows:
            live = rounds.get(round_id)
            if live is None:
                live = rounds[round_id] = LiveRound(
                    round_id, number, [Decimal(0)] * size, [""] * size, client_id or ""
                )
            live.points[seat[player_id]] = points
            live.cards[seat[player_id]] = cards_text
        self.live_rounds = list(rounds.values())
        return self

    def outcome(self) -> scoring.Outcome:
        """Needs `load_board()`; computes from the loaded rows without a query."""
        return scoring.outcome(
            len(self.player_list),
            [r.points for r in self.live_rounds],
            self.threshold,
            self.first_dealer,
        )

    def live_round(self, number: int) -> LiveRound | None:
        """Needs `load_board()`."""
        if 1 <= number <= len(self.live_rounds):
            return self.live_rounds[number - 1]
        return None

    @property
    def next_number(self) -> int:
        return len(self.live_rounds) + 1

    # ------------------------------------------------------------- round changes

    def _locked(self) -> "Game":
        """Inside a transaction: take the game's row lock, then read the board.

        PostgreSQL locks the row (SELECT ... FOR UPDATE); SQLite ignores FOR UPDATE, but
        its transactions begin IMMEDIATE (settings), which takes the database's write
        lock at BEGIN. Either way no other change to this game runs until we commit.
        """
        locked = Game.objects.select_for_update().get(pk=self.pk)
        if hasattr(self, "player_list"):
            locked.player_list = self.player_list
        return locked.load_board()

    def _bump(self) -> None:
        Game.objects.filter(pk=self.pk).update(version=F("version") + 1, updated_at=timezone.now())

    def _store(self, number: int, points, hands, client_id=None) -> "Round":
        rnd = Round.objects.create(game=self, number=number, client_id=client_id)
        Score.objects.bulk_create(
            Score(round=rnd, player=player, points=pts, cards=hand)
            for player, pts, hand in zip(self.player_list, points, hands, strict=True)
        )
        return rnd

    def _rows_full(self) -> bool:
        return self.rounds.count() >= MAX_ROUND_ROWS

    def add_round(
        self, number: int, points: list[Decimal], hands: list[str], client_id: str | None = None
    ) -> Change:
        """Store round `number`, which must be the next one. A resend is recognised by its
        `client_id` (the phone's id for the round) or, without one, by equal numbers."""
        with transaction.atomic():
            game = self._locked()
            if client_id:
                sent = game.rounds.filter(client_id=client_id).first()
                if sent is not None:
                    return Change(Result.ALREADY_SAVED, sent.number)
            stored = game.live_round(number)
            if stored is not None:
                same = stored.points == list(points)
                return Change(Result.ALREADY_SAVED if same else Result.CONFLICT, number)
            if game.outcome().finished:
                return Change(Result.GAME_OVER, number)
            if number != game.next_number:
                return Change(Result.NOT_NEXT, number, expected=game.next_number)
            if len(game.live_rounds) >= MAX_ROUNDS or game._rows_full():
                return Change(Result.FULL, number)
            game._store(number, points, hands, client_id)
            game._bump()
        return Change(Result.SAVED, number)

    def edit_round(
        self, number: int, round_id: int, points: list[Decimal], hands: list[str]
    ) -> Change:
        """Replace live round `number`, but only the row the form was opened on
        (`round_id`): a version check, so two phones cannot overwrite each other."""
        with transaction.atomic():
            game = self._locked()
            stored = game.live_round(number)
            if stored is None:
                return Change(Result.GONE, number)
            if stored.pk != round_id:
                same = stored.points == list(points)
                return Change(Result.ALREADY_SAVED if same else Result.CONFLICT, number)
            if game._rows_full():
                return Change(Result.FULL, number)
            Round.objects.filter(pk=stored.pk).update(
                status=Round.Status.REPLACED, changed_at=timezone.now()
            )
            game._store(number, points, hands)
            game._bump()
        return Change(Result.SAVED, number)

    def undo_round(self, number: int) -> Change:
        """Undo round `number`, which must be the last live one."""
        with transaction.atomic():
            game = self._locked()
            last = len(game.live_rounds)
            if number != last:
                undone_before = game.rounds.filter(
                    number=number, status=Round.Status.UNDONE
                ).exists()
                if number == last + 1 and undone_before:
                    return Change(Result.ALREADY_SAVED, number)
                if number > last:
                    return Change(Result.GONE, number)
                return Change(Result.NOT_NEXT, number, expected=last)
            Round.objects.filter(pk=game.live_rounds[-1].pk).update(
                status=Round.Status.UNDONE, changed_at=timezone.now()
            )
            game._bump()
        return Change(Result.SAVED, number)

    def restore_round(self, round_id: int) -> Change:
        """Bring back an undone round; it must fit as the next round of an open game."""
        with transaction.atomic():
            game = self._locked()
            rnd = game.rounds.filter(pk=round_id).first()
            if rnd is None:
                return Change(Result.GONE, 0)
            if rnd.status == Round.Status.ACTIVE:
                return Change(Result.ALREADY_SAVED, rnd.number)
            if rnd.status != Round.Status.UNDONE or rnd.number != game.next_number:
                return Change(Result.GONE, rnd.number)
            if game.outcome().finished:
                return Change(Result.GAME_OVER, rnd.number)
            if len(game.live_rounds) >= MAX_ROUNDS:
                return Change(Result.FULL, rnd.number)
            Round.objects.filter(pk=rnd.pk).update(
                status=Round.Status.ACTIVE, changed_at=timezone.now()
            )
            game._bump()
        return Change(Result.SAVED, rnd.number)

    def rematch(self, may_start: Callable[[], timedelta | None] = lambda: None) -> Change:
        """A new game with the same players and rules; the first deal passes on.

        One rematch per game: a second tap, or a second phone, gets the same new game.
        `may_start` is the rate limit: None to go ahead, or how long to wait."""
        with transaction.atomic():
            game = self._locked()
            existing = game.rematches.order_by("pk").first()
            if existing is not None:
                return Change(Result.ALREADY_SAVED, 0, game=existing)
            wait = may_start()
            if wait is not None:
                return Change(Result.LIMITED, 0, wait=wait)
            players = len(game.player_list)
            new = Game.create_with_players(
                [p.name for p in game.player_list],
                variant=game.variant,
                jack_value=game.jack_value,
                start_card=game.start_card,
                swap_seen=game.swap_seen,
                threshold=game.threshold,
                first_dealer=(game.first_dealer + 1) % players,
                rematch_of=game,
            )
        return Change(Result.SAVED, 0, game=new)

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

    class Meta:
        ordering = ["player_id"]
        constraints = [
            models.UniqueConstraint(fields=["round", "player"], name="one_score_per_player")
        ]

    def __str__(self):
        return f"{self.player}: {self.points}"
