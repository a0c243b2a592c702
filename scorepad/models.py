import secrets
from dataclasses import dataclass
from decimal import Decimal

from django.db import models
from django.db.models import F, Q
from django.utils.translation import gettext_lazy as _

from rules import cards

from . import scoring

TOKEN_BYTES = 24  # 192 bits from the OS's CSPRNG


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)


@dataclass
class LiveRound:
    """A round that counts, as the board needs it: one entry per player, in seat order."""

    pk: int
    number: int
    points: list[Decimal]
    cards: list[str]


class Game(models.Model):
    edit_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    watch_token = models.CharField(max_length=64, unique=True, default=new_token, editable=False)
    # The variants the scorepad offers, from rules.cards; their names live in the rules data.
    variant = models.CharField(
        max_length=20,
        choices=[(v.key, v.key) for v in cards.SCOREPAD_VARIANTS],
        default=cards.STANDARD.key,
    )
    jack_value = models.DecimalField(max_digits=3, decimal_places=1, default=cards.JACK_HALF)
    threshold = models.PositiveSmallIntegerField(
        null=True, blank=True, help_text="Loss threshold; empty for a single round."
    )
    first_dealer = models.PositiveSmallIntegerField(default=0)
    # Bumped by every change: the watch poll compares it, forms carry it.
    version = models.PositiveIntegerField(default=0)
    rematch_of = models.ForeignKey("self", null=True, blank=True, on_delete=models.SET_NULL)
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

    @property
    def rules_variant(self) -> cards.Variant:
        return cards.VARIANTS[self.variant]

    @property
    def single_round(self) -> bool:
        return self.threshold is None

    def possible_totals(self) -> frozenset[Decimal]:
        return cards.possible_totals(self.rules_variant, self.jack_value)

    def load_board(self) -> "Game":
        """Players and the live rounds in two queries, whatever the number of rounds.

        Scores come back as plain tuples: building hundreds of model instances would cost
        more than everything else on the page.
        """
        self.player_list = list(self.players.order_by("position"))
        seat = {p.pk: i for i, p in enumerate(self.player_list)}
        rounds: dict[int, LiveRound] = {}
        rows = (
            Score.objects.filter(round__game=self, round__status=Round.Status.ACTIVE)
            .order_by("round__number")
            .values_list("round_id", "round__number", "player_id", "points", "cards")
        )
        for round_id, number, player_id, points, cards_text in rows:
            live = rounds.get(round_id)
            if live is None:
                size = len(self.player_list)
                live = rounds[round_id] = LiveRound(
                    round_id, number, [Decimal(0)] * size, [""] * size
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

    def touch(self):
        Game.objects.filter(pk=self.pk).update(version=F("version") + 1)
        self.refresh_from_db(fields=["version"])


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
            )
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
