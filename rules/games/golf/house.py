"""Golf's table: the form that chooses its variant and house rules, and what a page says
of them (the registry's `house` part of a game package; their words in an address:
rules/engine/address.py)."""

from __future__ import annotations

from django import forms
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from ghost_site.forms import AsciiIntegerField, TableChoices, own_choice_words
from rules.engine.loader import variant_name
from rules.words import and_list

from . import GAME, cards

NONE = "none"


def _variant(key: str) -> str:
    return variant_name(key, game=GAME.key)


class HouseFields(TableChoices):
    """The variant and each house rule of `cards.HOUSE_RULES`, and the number of holes.
    A combination that cannot be played (four of a kind with nine cards, flip instead of
    draw with four) is named as an error on its field."""

    variant = forms.ChoiceField(label=_("Variant"), widget=forms.RadioSelect)
    jokers = forms.ChoiceField(label=_("Jokers"), widget=forms.RadioSelect, required=False)
    four_of_a_kind = forms.ChoiceField(
        label=_("Four of a kind"), widget=forms.RadioSelect, required=False
    )
    caller_penalty = forms.BooleanField(label=_("Caller penalty"), required=False)
    flip = forms.BooleanField(label=_("Flip a card instead of drawing"), required=False)
    extra_hole = forms.BooleanField(label=_("A tie is settled by an extra hole"), required=False)
    holes = AsciiIntegerField(  # ASCII digits, as every other number the server takes
        label=_("Holes"), min_value=cards.HOLE_RANGE[0], max_value=cards.HOLE_RANGE[1]
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.fields["variant"].choices = [(key, _variant(key)) for key in cards.VARIANTS]
        self.fields["jokers"].choices = [
            (NONE, gettext("none")),
            ("pagat", gettext("a joker %(joker)s, a two %(two)s") % _joker("pagat")),
            ("minus_five", gettext("a joker %(joker)s, a two %(two)s") % _joker("minus_five")),
        ]
        self.fields["four_of_a_kind"].choices = [
            (NONE, gettext("no bonus")),
            ("two_columns", gettext("%(n)s for two columns") % _bonus("two_columns")),
            ("square", gettext("%(n)s for a square only") % _bonus("square")),
        ]
        # the bonus counts cancelled pairs: only the variants whose columns a pair cancels
        self.fields["four_of_a_kind"].help_text = gettext("Only in %(variants)s.") % {
            "variants": and_list(
                [_quoted(_variant(v.key)) for v in cards.VARIANTS.values() if v.pairs]
            )
        }
        own_choice_words(self)

    @classmethod
    def for_house(cls, house: cards.GolfHouse) -> HouseFields:
        return cls(
            initial={
                "variant": house.variant,
                "jokers": house.jokers or NONE,
                "four_of_a_kind": house.four_of_a_kind or NONE,
                "caller_penalty": house.caller_penalty,
                "flip": house.flip,
                "extra_hole": house.extra_hole,
                "holes": house.holes,
            }
        )

    def clean(self):
        data = super().clean()
        variant = cards.VARIANTS.get(data.get("variant"))
        if variant and not variant.pairs and data.get("four_of_a_kind") not in (None, "", NONE):
            self.add_error(
                "four_of_a_kind",
                gettext(
                    "In “%(name)s” only three equal cards cancel a column, so there is no "
                    "four-of-a-kind bonus."
                )
                % {"name": _variant(variant.key)},
            )
        if variant and not variant.placed_face_up and data.get("flip"):
            self.add_error(
                "flip",
                gettext("In “%(name)s” every card stays face down, so there is nothing to flip.")
                % {"name": _variant(variant.key)},
            )
        return data

    def house(self) -> cards.GolfHouse:
        data = self.cleaned_data
        return cards.GolfHouse(
            variant=data["variant"],
            jokers=None if data.get("jokers") in (None, "", NONE) else data["jokers"],
            four_of_a_kind=None
            if data.get("four_of_a_kind") in (None, "", NONE)
            else data["four_of_a_kind"],
            caller_penalty=data["caller_penalty"],
            extra_hole=data["extra_hole"],
            holes=data["holes"],
            flip=data["flip"],
        )


def _quoted(name: str) -> str:
    from rules.engine.rendering import QUOTES

    return QUOTES.get(get_language(), QUOTES["en"]).format(name)


def _joker(key: str) -> dict[str, str]:
    from rules.words import format_points

    reading = cards.JOKER_READINGS[key]
    two = format_points(reading.two)
    # a plus sign beside the minus signs, so that "2" does not read as a sign forgotten
    return {"joker": format_points(reading.joker), "two": f"+{two}" if reading.two > 0 else two}


def _bonus(key: str) -> dict[str, str]:
    from rules.words import format_points

    return {"n": format_points(cards.FOUR_OF_A_KIND[key])}


def summary(house: cards.GolfHouse) -> list[str]:
    """The table's choices in a few words each, for the line at the top of the page."""
    words = [_variant(house.variant)]
    if house.jokers:
        words.append(gettext("jokers: a joker %(joker)s, a two %(two)s") % _joker(house.jokers))
    if house.four_of_a_kind:
        if house.four_of_a_kind == "square":
            word = gettext("four of a kind in a square %(n)s")
        else:
            word = gettext("four of a kind %(n)s")
        words.append(word % _bonus(house.four_of_a_kind))
    if house.caller_penalty:
        words.append(gettext("caller penalty"))
    if house.flip:
        words.append(gettext("flip instead of draw"))
    if house.extra_hole:
        words.append(gettext("a tie: an extra hole"))
    words.append(ngettext("%(n)s hole", "%(n)s holes", house.holes) % {"n": house.holes})
    return words


def differences(house: cards.GolfHouse) -> list[str]:
    """Each choice that differs from the site's defaults, said in a sentence."""
    lines = []
    if house.variant != cards.DEFAULT_HOUSE.variant:
        lines.append(
            gettext("You play the variant “%(name)s”.") % {"name": _variant(house.variant)}
        )
    if house.jokers:
        lines.append(
            gettext("Jokers are in play: a joker %(joker)s, a two %(two)s.") % _joker(house.jokers)
        )
    if house.four_of_a_kind:
        if house.four_of_a_kind == "square":
            line = gettext("Four equal cards in a square earn %(n)s.")
        else:
            line = gettext("Four equal cards in two cancelled columns earn %(n)s.")
        lines.append(line % _bonus(house.four_of_a_kind))
    if house.caller_penalty:
        lines.append(gettext("The player who ends a hole without the lowest score is penalised."))
    if house.flip:
        lines.append(gettext("A turn may be spent turning a card face up."))
    if house.extra_hole:
        lines.append(gettext("A tie at the end is settled by one extra hole."))
    if house.holes != cards.HOLES:
        lines.append(
            ngettext(
                "You play %(n)s hole, not %(default)s.",
                "You play %(n)s holes, not %(default)s.",
                house.holes,
            )
            % {"n": house.holes, "default": cards.HOLES}
        )
    return lines
