"""The scorepad's fields and what they read from typed text: names, cards and totals."""

import re
import unicodedata
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language, gettext, ngettext

from rules.words import and_list, format_points
from scorepad.forms.widgets import TextInput
from scorepad.logic.names import has_visible_letter, same_name_key, tidy_name  # noqa: F401


class NormalizedCharField(forms.CharField):
    """Text as it will be stored: NFC before any length is checked. One character can
    become three under NFC (U+FB2C), so a length checked before would let a value past
    the form that the database column cannot hold."""

    def to_python(self, value):
        value = super().to_python(value)
        return unicodedata.normalize("NFC", value) if value else value


class NameField(NormalizedCharField):
    """A player's name, tidied (`tidy_name`) before its length is checked."""

    def to_python(self, value):
        return tidy_name(super().to_python(value) or "")


def points_text(value: Decimal) -> str:
    return format_points(value, get_language())


def describe_miss(value: Decimal, possible: frozenset[Decimal]) -> str:
    """What to say when a total cannot happen: the range and the nearest possible totals."""
    below = [t for t in possible if t < value]
    above = [t for t in possible if t > value]
    nearest = [max(below)] if below else []
    nearest += [min(above)] if above else []
    message = ngettext(
        "%(value)s cannot happen with these rules. Possible totals run from %(low)s to "
        "%(high)s; the nearest is %(nearest)s.",
        "%(value)s cannot happen with these rules. Possible totals run from %(low)s to "
        "%(high)s; the nearest are %(nearest)s.",
        len(nearest),
    )
    return message % {
        "value": points_text(value),
        "low": points_text(min(possible)),
        "high": points_text(max(possible)),
        "nearest": and_list(points_text(t) for t in nearest),  # "53 and 54"
    }


# A round total as people type it: ASCII digits, then a comma or point and a decimal
# digit. No sign, exponents, underscores, thousands separators (totals stay under 1,000)
# or other scripts' digits. The one definition: the page's offline check gets it too
# (the pads' round data), written so that Python and JavaScript read it alike.
POINTS_PATTERN = r"[0-9]{1,4}(?:[.,][0-9]?)?|[.,][0-9]"
POINTS_TEXT = re.compile(POINTS_PATTERN)
# A total typed with a minus sign (hyphen, minus or dash): no round total is below 0.
NEGATIVE_PATTERN = rf"[-\u2212\u2013]\s*(?:{POINTS_PATTERN})"
NEGATIVE_TEXT = re.compile(NEGATIVE_PATTERN)


def below_lowest_text() -> str:
    """Said to a total typed below zero, with %(name)s and %(low)s left to fill."""
    return gettext("%(name)s: a round total cannot be below %(low)s in this game.")


def not_a_number_text(example: Decimal) -> str:
    """What a total must look like, with %(name)s left to fill: whole or half points where
    a card counts a half, whole points where none does (3.25 is a number, but never a
    total)."""
    if example % 1:
        text = gettext("%(name)s: write the total in whole or half points, such as %(example)s.")
    else:
        text = gettext("%(name)s: write the total as a whole number, such as %(example)s.")
    return text.replace("%(example)s", points_text(example))


class PointsField(forms.DecimalField):
    """A round total: 3,5 and 3.5 both accepted in both languages, shown in the reader's."""

    def __init__(self, example=Decimal("3.5"), lowest=None, **kwargs):
        self.example = example  # a total this table can have: no halves where no card is one
        self.lowest = lowest  # the lowest total this game can have: said to a minus sign
        # A text field: type=number would refuse a comma on some phones.
        kwargs.setdefault("widget", TextInput)
        super().__init__(max_digits=6, decimal_places=1, **kwargs)
        self.widget.attrs.update(inputmode="decimal", autocomplete="off", enterkeyhint="next")

    def not_a_number(self) -> ValidationError:
        """Named like every other message about a total: the label is the player's name."""
        return ValidationError(
            not_a_number_text(self.example) % {"name": self.label}, code="invalid"
        )

    def run_validators(self, value):
        # Django's digit and place limits cannot be met by what to_python lets through;
        # should one be, the reader still gets the site's words, not Django's.
        try:
            super().run_validators(value)
        except ValidationError:
            raise self.not_a_number() from None

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, Decimal):
            return value
        text = str(value).strip()
        if not text:
            return None
        if not POINTS_TEXT.fullmatch(text):
            if self.lowest is not None and NEGATIVE_TEXT.fullmatch(text):
                raise ValidationError(
                    below_lowest_text() % {"name": self.label, "low": points_text(self.lowest)},
                    code="invalid",
                )
            raise self.not_a_number()
        return Decimal(text.replace(",", ".").rstrip(".") or "0")

    def widget_attrs(self, widget):
        attrs = super().widget_attrs(widget)
        attrs.pop("step", None)
        return attrs

    def prepare_value(self, value):
        if isinstance(value, Decimal):
            return points_text(value)
        return value
