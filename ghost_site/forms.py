"""What every form of the site does when it refuses: it puts the reader on the problem."""

import re

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import gettext

ASCII_WHOLE = re.compile(r"[0-9]+")


def own_choice_words(form: forms.Form) -> None:
    """The site's own words for a choice a reader did not make, in place of Django's."""
    for field in form.fields.values():
        if isinstance(field, forms.ChoiceField):
            field.error_messages.update(
                required=gettext("Choose one of these."),
                invalid_choice=gettext("Choose one of these."),
            )


class AsciiIntegerField(forms.IntegerField):
    """A whole number in ASCII digits only, as the pages' own checks take it: Python's
    int() also reads Arabic-Indic, full-width and mathematical digits, and Django's
    IntegerField a sign; the server takes neither (a threshold, a round number, a row)."""

    def to_python(self, value):
        text = "" if value in self.empty_values or isinstance(value, int) else str(value)
        if text and not ASCII_WHOLE.fullmatch(text.strip()):
            raise ValidationError(self.error_messages["invalid"], code="invalid")
        return super().to_python(value)


class FocusFirstProblem:
    """A refused form puts the reader on its first problem, with JavaScript off too: the
    first field with an error, in the order the page shows them, gets `autofocus`, so the
    browser focuses it and scrolls to it. A radio group takes it on the reader's choice,
    or its first one if none (the template asks `first_problem`). `problems` lists them
    in that order for the summary at the top, each linking to its field."""

    first_problem = None

    def problem_order(self) -> list[str]:
        return list(self.fields)

    def full_clean(self):
        super().full_clean()
        if not self.is_bound or not self._errors:
            return
        for name in self.problem_order():
            field = self.fields.get(name)
            if name in self._errors and field is not None and not field.widget.is_hidden:
                self.first_problem = name
                if not isinstance(field.widget, forms.RadioSelect):
                    field.widget.attrs["autofocus"] = True
                return

    @property
    def problems(self) -> list[dict]:
        shown = []
        for name in self.problem_order():
            if name in self.errors and name in self.fields:
                bound = self[name]
                radio = isinstance(self.fields[name].widget, forms.RadioSelect)
                shown.append(
                    {
                        "anchor": f"field-{bound.html_name}" if radio else bound.auto_id,
                        "label": bound.label,
                        "errors": self.errors[name],
                    }
                )
        return shown


class TableChoices(FocusFirstProblem, forms.Form):
    """The base of a game's house form (its house.py `HouseFields`): the rules page's
    choices form, and the base of the scorepad's new-game form, which adds the players."""

    def table_fields(self) -> list:
        """The table's choices in the order the pages ask them (forms/house_fields.html):
        `table_names` where the game's form sets it, else the fields its `HouseFields`
        declares, never the players a new game's form adds."""
        names = getattr(self, "table_names", None)
        if names is None:
            own = next(c for c in type(self).__mro__ if TableChoices in c.__bases__)
            names = own.base_fields
        return [self[name] for name in names]
