"""Ghost's table: the form that chooses its house rules, and what a page says of them
(the registry's `house` part of a game package: rules/games/__init__.py).
(Their words in a page's address: rules/engine/address.py.)
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from decimal import Decimal

from django import forms
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from ghost_site.forms import AsciiIntegerField, TableChoices, own_choice_words
from rules.engine.loader import variant_name
from rules.words import format_points

from . import cards


def threshold_text() -> str:
    return gettext("Type a whole number from %(low)s to %(high)s.") % {
        "low": cards.THRESHOLD_RANGE[0],
        "high": cards.THRESHOLD_RANGE[1],
    }


def own_words(form: forms.Form) -> None:
    """The site's own words for every error a reader can meet, in place of Django's
    ("Ensure this value is greater than or equal to 1.", «Oppgi et heltall.»)."""
    own_choice_words(form)
    if "threshold" in form.fields:
        text = threshold_text()
        form.fields["threshold"].error_messages.update(
            invalid=text, min_value=text, max_value=text, max_digits=text
        )


@dataclass(frozen=True)
class Asked:
    """How the form asks for one house rule (one entry of `cards.HOUSE_RULES`): the
    form's fields for it, made afresh for each form in the reader's language, what they
    show for a table, and the value of `House`'s field that the answers give."""

    fields: Callable[[], dict[str, forms.Field]]
    initial: Callable[[cards.House], dict[str, object]]
    value: Callable[[dict], object]


def _either(label, yes: tuple[str, str], no: tuple[str, str]) -> forms.TypedChoiceField:
    """A choice of two, the first the site's default: True or False. Sent without it (a
    form from before the choice existed), it is the default."""
    return forms.TypedChoiceField(
        label=label,
        coerce=lambda value: value == yes[0],
        required=False,
        empty_value=True,
        choices=[yes, no],
        widget=forms.RadioSelect,
        initial=yes[0],
    )


def _game_lengths() -> list[tuple[str, str]]:
    return [
        ("threshold", gettext("when someone reaches %(n)s points") % {"n": cards.LOSS_THRESHOLD}),
        ("custom", gettext("at another threshold")),
        ("single", gettext("after a single round")),
    ]


def _game_length(house: cards.House) -> str:
    if house.single_round:
        return "single"
    return "threshold" if house.threshold == cards.LOSS_THRESHOLD else "custom"


# By the field of `House` each house rule sets, in the order the form asks them (after
# the variant); every house rule must have one (checked below).
ASKED = {
    "more_players": Asked(
        fields=lambda: {
            "more_players": forms.BooleanField(
                label=_("More than two play the five-card game"),
                required=False,
                help_text=gettext(
                    "A house rule: up to %(n)s players, %(cards)s cards each, as many as one "
                    "deck can deal."
                )
                % {"n": cards.most_players(cards.STANDARD), "cards": cards.STANDARD.hand_size},
            )
        },
        initial=lambda house: {"more_players": house.more_players},
        value=lambda data: bool(data.get("more_players")),
    ),
    "jack": Asked(
        fields=lambda: {
            "jack_value": forms.TypedChoiceField(
                label=_("A jack is worth"),
                coerce=Decimal,
                choices=[(str(v), format_points(v)) for v in cards.JACK_VALUES],
                widget=forms.RadioSelect,
                initial=str(cards.JACK_HALF),
            )
        },
        initial=lambda house: {"jack_value": str(house.jack)},
        value=lambda data: data["jack_value"],
    ),
    "start_card": Asked(
        fields=lambda: {
            "start_card": _either(
                _("The discard pile starts with"),
                ("card", pgettext_lazy("start", "a face-up card")),
                ("stock", pgettext_lazy("start", "nothing: stock only")),
            )
        },
        initial=lambda house: {"start_card": "card" if house.start_card else "stock"},
        value=lambda data: data["start_card"],
    ),
    "swap_seen": Asked(
        fields=lambda: {
            "swap_seen": _either(
                _("May you swap away a card you have seen?"), ("yes", _("yes")), ("no", _("no"))
            )
        },
        initial=lambda house: {"swap_seen": "yes" if house.swap_seen else "no"},
        value=lambda data: data["swap_seen"],
    ),
    "threshold": Asked(
        fields=lambda: {
            "game_length": forms.ChoiceField(
                label=_("The game ends"),
                choices=_game_lengths(),
                widget=forms.RadioSelect,
                initial="threshold",
            ),
            "threshold": AsciiIntegerField(
                label=_("Loss threshold"),
                required=False,
                min_value=cards.THRESHOLD_RANGE[0],
                max_value=cards.THRESHOLD_RANGE[1],
                widget=forms.NumberInput(attrs={"inputmode": "numeric"}),
            ),
        },
        initial=lambda house: {
            "game_length": _game_length(house),
            "threshold": house.threshold if _game_length(house) == "custom" else None,
        },
        value=lambda data: {
            "threshold": cards.LOSS_THRESHOLD,
            "custom": data.get("threshold"),
            "single": None,
        }[data["game_length"]],
    ),
}
if set(ASKED) != {rule.field for rule in cards.HOUSE_RULES}:
    raise ImproperlyConfigured("house.ASKED must ask for each of cards.HOUSE_RULES")


class HouseFields(TableChoices):
    """The choices a table makes before the first deal: the variant, then each house
    rule of `cards.HOUSE_RULES` as `ASKED` asks it (the more-players house rule, the
    jack, the start card, swapping a seen card, and how the game ends).

    The rules page's form is this; the scorepad's new-game form adds the players. Sent
    without the two choices that never change a score (a form from before they existed),
    both are the site's defaults."""

    variant = forms.ChoiceField(label=_("Variant"), widget=forms.RadioSelect, initial="standard")

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [(key, variant_name(key)) for key in cards.TABLE_VARIANTS]
        # the house rules' fields right after the variant, before a subclass's own
        others = {name: field for name, field in self.fields.items() if name != "variant"}
        self.fields = {"variant": self.fields["variant"]}
        for asked in ASKED.values():
            self.fields.update(asked.fields())
        self.table_names = list(self.fields)
        self.fields.update(others)
        own_words(self)

    @classmethod
    def for_house(cls, house: cards.House) -> HouseFields:
        initial = {"variant": house.variant}
        for asked in ASKED.values():
            initial.update(asked.initial(house))
        return cls(initial=initial)

    def clean(self):
        data = super().clean()
        if (
            data.get("game_length") == "custom"
            and data.get("threshold") is None
            and "threshold" not in self.errors
        ):
            self.add_error("threshold", threshold_text())
        variant = data.get("variant")
        if (
            variant
            and data.get("swap_seen") is False
            and not cards.House.has_unseen_places(variant)
        ):
            self.add_error(
                "swap_seen",
                gettext(
                    "In “%(variant)s” you see every card you could swap away, so this rule "
                    "does not apply. Choose “yes” or another variant."
                )
                % {"variant": variant_name(variant)},
            )
        if variant and data.get("more_players") and not cards.House.allows_more_players(variant):
            self.add_error(
                "more_players",
                gettext("More players is a house rule of the five-card game, “%(name)s”.")
                % {"name": variant_name(cards.STANDARD.key)},
            )
        return data

    @property
    def threshold_value(self) -> int | None:
        return ASKED["threshold"].value(self.cleaned_data)

    def house(self) -> cards.House:
        data = self.cleaned_data
        return cards.House(
            variant=data["variant"], **{field: a.value(data) for field, a in ASKED.items()}
        )


def _said(house: cards.House) -> dict[str, tuple[str | None, str]]:
    """What the page says of each house rule's choice, by the field of `House` it sets:
    a few words for the line at the top (None: nothing to say at this table), and the
    sentence for the list of differences when it differs from the site's defaults."""
    default = cards.DEFAULT_HOUSE
    if house.single_round:
        threshold = (gettext("one round"), gettext("You play a single round."))
    else:
        threshold = (
            ngettext("to %(n)s point", "to %(n)s points", house.threshold) % {"n": house.threshold},
            ngettext(
                "The game ends at %(n)s point, not %(default)s.",
                "The game ends at %(n)s points, not %(default)s.",
                house.threshold,
            )
            % {"n": house.threshold, "default": default.threshold},
        )
    swap = gettext("seen cards may be swapped") if house.swap_seen else gettext("seen cards stay")
    return {
        "jack": (
            gettext("jack %(points)s") % {"points": format_points(house.jack)},
            gettext("A jack counts %(points)s, not %(default)s.")
            % {"points": format_points(house.jack), "default": format_points(default.jack)},
        ),
        "start_card": (
            gettext("a face-up start card") if house.face_up_start else gettext("stock only"),
            gettext("No card is turned up to start the discard pile."),
        ),
        "swap_seen": (
            swap if house.has_unseen_places(house.variant) else None,
            gettext("A card you have seen may not be swapped away."),
        ),
        "threshold": threshold,
        "more_players": (
            house.more_players and gettext("up to %(n)s players") % {"n": house.max_players},
            gettext("Up to %(n)s can play the five-card game.") % {"n": house.max_players},
        ),
    }


def summary(house: cards.House) -> list[str]:
    """The table's choices in a few words each, for the line at the top of the page."""
    said = _said(house)
    return [
        variant_name(house.variant),
        *filter(None, (said[r.field][0] for r in cards.HOUSE_RULES)),
    ]


def differences(house: cards.House) -> list[str]:
    """Each choice that differs from the site's defaults, said in a sentence."""
    default = cards.DEFAULT_HOUSE
    lines = []
    if house.variant != default.variant:
        lines.append(
            gettext("You play the variant “%(name)s”.") % {"name": variant_name(house.variant)}
        )
    said = _said(house)
    for rule in cards.HOUSE_RULES:
        if getattr(house, rule.field) != getattr(default, rule.field):
            lines.append(said[rule.field][1])
    return lines
