"""Correcting a player's name: the form and the words of a clash."""

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext, ngettext

from scorepad.logic.names import NAME_MAX, has_visible_letter, same_name_key, tidy_name


class RenameForm(forms.Form):
    """A player's name put right, checked as the new-game form checks names: tidied and
    NFC-normalised first, then not empty, within the length, one letter or digit at
    least, and not another player's name at the table (compared as the new-game form
    compares them). The model checks the last again under the game's lock."""

    seat = forms.TypedChoiceField(coerce=int)
    name = forms.CharField(strip=False, required=False)

    def __init__(self, *args, players, **kwargs):
        super().__init__(*args, **kwargs)
        self.players = players
        self.fields["seat"].choices = [(i, p.name) for i, p in enumerate(players)]

    def clean_name(self):
        name = tidy_name(self.cleaned_data.get("name") or "")
        if not name:
            raise ValidationError(gettext("Type the new name."))
        if len(name) > NAME_MAX:
            raise ValidationError(
                ngettext(
                    "A name can be at most %(n)s character long.",
                    "A name can be at most %(n)s characters long.",
                    NAME_MAX,
                )
                % {"n": NAME_MAX}
            )
        if not has_visible_letter(name):
            raise ValidationError(gettext("A name needs at least one letter or digit."))
        return name

    def clean(self):
        data = super().clean()
        seat, name = data.get("seat"), data.get("name")
        if seat is None or not name:
            return data
        taken = [
            p.name
            for i, p in enumerate(self.players)
            if i != seat and same_name_key(p.name) == same_name_key(name)
        ]
        if taken:
            self.add_error("name", taken_text(taken[0]))
        return data


def taken_text(name: str) -> str:
    return gettext("Another player is already called %(name)s. Choose another name.") % {
        "name": name
    }
