"""Two Cards' forms on the scorepad: a new game (its table and its players) and a round
(each player's total, a whole number two cards can make)."""

from __future__ import annotations

import secrets
from decimal import Decimal

from django import forms

from ghost_site.forms import AsciiIntegerField
from scorepad.forms import PlayerSeats, RoundFields, StoredRow, add_seats, clean_players
from scorepad.forms.widgets import HiddenInput, TextInput

from .. import cards
from ..house import HouseFields
from ..words import said

SEATS = range(cards.PLAYER_RANGE[1])


class NewGameForm(PlayerSeats, HouseFields):
    most_players = cards.PLAYER_RANGE[1]

    player_count = forms.TypedChoiceField(
        label=said("Number of players", "Antall spillere"),
        coerce=int,
        choices=[(n, str(n)) for n in range(cards.PLAYER_RANGE[0], cards.PLAYER_RANGE[1] + 1)],
        initial=cards.PLAYER_RANGE[0],
    )
    first_dealer = forms.TypedChoiceField(
        label=said("Who deals first", "Hvem deler først"), coerce=int, initial=0
    )
    start_key = forms.RegexField(
        regex=r"\A[A-Za-z0-9_-]{16,32}\Z", required=False, widget=HiddenInput
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.fields["start_key"].initial = secrets.token_urlsafe(24)
            self.initial.setdefault("variant", "standard")
        add_seats(self, SEATS)

    def clean(self):
        data = super().clean()
        clean_players(self, data, data.get("player_count"))
        return data


class RoundForm(RoundFields):
    """A round: each player's total, from the lowest to the highest two cards make."""

    def __init__(self, *args, game, players, stored_cards=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.game, self.players = game, players
        totals = cards.possible_totals()
        low, high = int(min(totals)), int(max(totals))
        for seat, player in enumerate(players):
            wrong = said(
                f"{player.name}: a total is a whole number from {low} to {high}.",
                f"{player.name}: en sum er et helt tall fra {low} til {high}.",
            )
            self.fields[f"points_{seat}"] = AsciiIntegerField(
                label=player.name,
                min_value=low,
                max_value=high,
                widget=TextInput(attrs={"inputmode": "numeric", "autocomplete": "off"}),
                error_messages=dict.fromkeys(
                    ("required", "invalid", "min_value", "max_value"), wrong
                ),
            )

    def rows(self):
        return [
            {"player": player, "seat": seat, "points": self[f"points_{seat}"]}
            for seat, player in enumerate(self.players)
        ]

    def points(self) -> list[Decimal]:
        return [Decimal(self.cleaned_data[f"points_{seat}"]) for seat in range(len(self.players))]

    def hands(self) -> list[str]:
        return [""] * len(self.players)


class EditRoundForm(StoredRow, RoundForm):
    """A round edited: the round's form with the stored row it replaces."""
