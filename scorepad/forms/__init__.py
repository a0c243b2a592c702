"""What every game's scorepad forms share: the players of a new game (a name per seat,
the first dealer, the form's own key), the fields a round's form is sent with, the
stored row an edit names, undo and bring back. Each game's own forms (its table, its
round or hole) are in its package, `rules/games/<key>/pad/forms.py`, and reach the
views through its `Pad` (scorepad/pads.py)."""

from django import forms
from django.utils.translation import gettext
from django.utils.translation import gettext_lazy as _

from ghost_site.forms import AsciiIntegerField, FocusFirstProblem
from scorepad.forms.fields import NameField, has_visible_letter, same_name_key, tidy_name
from scorepad.forms.widgets import HiddenInput
from scorepad.logic.names import NAME_MAX
from scorepad.models import MAX_ROUNDS

ROW_ID = {"min_value": 1, "max_value": 2**63 - 1}  # what a database id column can hold


# A row's `row_mark`: microseconds since 1970, as a database timestamp can hold them.
# Every form the server renders carries it; a post without one (a page kept from before
# the mark existed) is checked by the row's id alone, as it always was.
ROW_MARK = {"min_value": 0, "max_value": 2**63 - 1, "required": False}


def add_seats(form: forms.Form, seats: range) -> None:
    """A name field per seat a game may have, and the first dealer among them: the
    new-game forms of every game."""
    name_too_long = gettext("A name can have at most %(n)s characters.") % {"n": NAME_MAX}
    for seat in seats:
        form.fields[f"name_{seat}"] = NameField(
            label=_("Player %(n)s") % {"n": seat + 1},
            required=False,
            max_length=NAME_MAX,
            error_messages={"max_length": name_too_long},
            widget=forms.TextInput(
                attrs={"autocomplete": "off", "autocapitalize": "words", "enterkeyhint": "next"}
            ),
        )
    form.fields["first_dealer"].choices = [
        (seat, _("Player %(n)s") % {"n": seat + 1}) for seat in seats
    ]


def clean_players(form, data: dict, count: int | None) -> None:
    """The names of the first `count` seats (an empty one: "Player 3"), each with a letter
    or digit and different from the others, into `data["names"]`; the first dealer one
    of them. Every game's new-game form."""
    if not count:
        return
    names = []
    for seat in range(count):
        name = tidy_name(data.get(f"name_{seat}", ""))
        if name and not has_visible_letter(name):
            form.add_error(
                f"name_{seat}",
                gettext("A name needs at least one letter or digit."),
            )
        names.append(name or gettext("Player %(n)s") % {"n": seat + 1})
    seen = {}  # a name's key: the name as first typed, which the refusal quotes
    for seat, name in enumerate(names):
        key = same_name_key(name)
        if key in seen:
            form.add_error(
                f"name_{seat}",
                gettext("Two players are called “%(name)s”. Give them different names.")
                % {"name": seen[key]},
            )
        seen.setdefault(key, name)
    data["names"] = names
    if data.get("first_dealer") is not None and data["first_dealer"] >= count:
        form.add_error("first_dealer", gettext("The dealer must be one of the players."))


class PlayerSeats:
    """Every game's new-game form (with its table's form): `most_players` seats, each a
    name field, shown and checked in the page's order, players first."""

    most_players: int  # the game's own most

    def name_fields(self):
        return [self[f"name_{seat}"] for seat in range(self.most_players)]

    def problem_order(self):
        """As the page shows them: the players, then the table's rules."""
        names = [f"name_{seat}" for seat in range(self.most_players)]
        players = ["player_count", *names, "first_dealer"]
        return players + [name for name in self.fields if name not in players]

    def start_notes(self) -> list[str]:
        """What the new game's page says once the game has started (a rule the form
        took for the players, say); nothing by default."""
        return []


class RoundFields(FocusFirstProblem, forms.Form):
    """What every game's round (or hole) form is sent with: `number`, the round it is
    for, and the phone's own id for it (offline entry: a resend is the same round). A
    game's form adds a field per player, `points_<seat>`, and says what it read."""

    number = AsciiIntegerField(widget=HiddenInput, min_value=1, max_value=MAX_ROUNDS + 1)
    # \A…\Z: `$` would also match before a trailing newline
    client_id = forms.RegexField(
        regex=r"\A[A-Za-z0-9-]{8,40}\Z", required=False, widget=HiddenInput
    )

    def caller(self) -> int | None:
        """Who went out first, where the game asks it; none by default."""
        return None

    def written(self) -> tuple:
        """The scores as written where a rule changed them; none by default."""
        return ()


class StoredRow(forms.Form):
    """An edited round's stored row: `round_id` is the row it replaces, `made` that row's
    creation mark (a restored backup can give its id to another row). Every game's edit
    form is its round form with these."""

    round_id = AsciiIntegerField(widget=HiddenInput, **ROW_ID)
    made = AsciiIntegerField(widget=HiddenInput, **ROW_MARK)


class UndoForm(forms.Form):
    """Names the round it undoes, so a double tap cannot undo two rounds."""

    number = AsciiIntegerField(min_value=1, max_value=MAX_ROUNDS + 1)


class RestoreForm(forms.Form):
    round_id = AsciiIntegerField(**ROW_ID)
    made = AsciiIntegerField(**ROW_MARK)


# A player's name corrected: its own module, named here for importers.
from scorepad.forms.rename import RenameForm, taken_text  # noqa: E402, F401
