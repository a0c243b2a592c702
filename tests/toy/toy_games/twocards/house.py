"""Two Cards' table: the form that chooses its house rule (a long game), and what a page
says of a table (the registry's `house` part)."""

from __future__ import annotations

from django import forms

from ghost_site.forms import TableChoices, own_choice_words

from . import cards
from .words import said


class HouseFields(TableChoices):
    """The rules page's choices and the base of the new-game form: the variant (one) and
    a long game."""

    variant = forms.ChoiceField(label=said("Variant", "Variant"), widget=forms.RadioSelect)
    long = forms.BooleanField(
        label=said(f"A long game: {cards.LONG} rounds", f"Et langt spill: {cards.LONG} runder"),
        required=False,
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [("standard", said("Two Cards", "To kort"))]
        own_choice_words(self)

    @classmethod
    def for_house(cls, house: cards.TwoCardsHouse) -> HouseFields:
        return cls(initial={"variant": house.variant, "long": house.long})

    def house(self) -> cards.TwoCardsHouse:
        data = self.cleaned_data
        return cards.TwoCardsHouse(variant=data["variant"], long=data["long"])


def summary(house: cards.TwoCardsHouse) -> list[str]:
    """The table in a few words each."""
    return [str(said(f"{house.rounds} rounds", f"{house.rounds} runder"))]


def differences(house: cards.TwoCardsHouse) -> list[str]:
    """Each choice that differs from the defaults, in a sentence."""
    if not house.long:
        return []
    return [str(said(f"You play {cards.LONG} rounds.", f"Dere spiller {cards.LONG} runder."))]
