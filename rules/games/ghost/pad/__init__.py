"""Ghost's part of the scorepad (scorepad/pads.py `Pad`): rounds of totals towards the
table's loss threshold (or one round). Its forms in forms.py, its words in words.py, its
templates and scripts in this package's templates/ and static/."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import gettext_lazy as _
from django.utils.translation import ngettext, pgettext_lazy

from scorepad.pads import Pad

from . import pages
from .forms import EditRoundForm, NewGameForm, RoundForm
from .words import TEXTS, WORDS


class GhostPad(Pad):
    key = "ghost"
    outcomes = ("won", "lost", "neither")
    headlines = {
        "lost": _("%(names)s lost the game of Ghost"),
        "won": _("%(names)s won the game of Ghost"),  # a single round has no loser
    }
    stats_words = {
        "lost": _("Lost"),
        "rounds_won": _("Rounds won"),
        "average": _("Average round"),
        "best": _("Best round"),
        "worst": _("Worst round"),
        "caption": _("Per player: games, rounds and points (lower is better)"),
    }
    new_game_form = NewGameForm
    round_form = RoundForm
    edit_form = EditRoundForm
    texts = TEXTS
    words = WORDS
    scripts = ("scorepad/scoring.js",)
    form_scripts = ("scorepad/card-helper.js",)
    start_scripts = ("scorepad/ghost-new-game.js",)
    file_stem = pgettext_lazy("file name", "ghost")
    round_word = _("Round")
    axis_word = _("round")

    def possible_totals(self, game) -> frozenset[Decimal]:
        """The totals one player's round may hold (the player count does not matter)."""
        return game.rules.possible_totals(game.house_for(None))

    def standings(self, game, result, fmt) -> list[dict]:
        return pages.threshold_standings(game, result, fmt)

    def settings(self, game) -> dict:
        return {"jack": pages.jack_words(game)}

    def form_extras(self, game) -> dict:
        return pages.round_form_extras(game)

    def round_data(self, game, language: str) -> dict:
        return pages.round_data(game.house_for(None), language)

    def course_description(self, rounds: int, totals: str, extra: bool = False) -> str:
        return ngettext(
            "Running totals after %(n)s round: %(totals)s.",
            "Running totals after %(n)s rounds: %(totals)s.",
            rounds,
        ) % {"n": rounds, "totals": totals}

    def count_text(self, rounds: int, extra: bool = False) -> str:
        """ "3 rounds": the result picture's subtitle."""
        return ngettext("%(n)s round", "%(n)s rounds", rounds) % {"n": rounds}

    def played_text(self, rounds: int) -> str:
        """A game under way in "My games"."""
        return ngettext("%(n)s round played", "%(n)s rounds played", rounds) % {"n": rounds}

    def json_table(self, game) -> dict:
        """The table in the JSON export, with the keys it has always had."""
        house = game.house_for(None)
        return {
            "variant": game.variant,
            "jack_value": f"{house.jack:.1f}",  # "0.5" or "11.0", as ever
            "threshold": house.threshold,
        }

    def start_fields(self, form) -> dict:
        data = form.cleaned_data
        return {
            "variant": data["variant"],
            "table": {
                "jack": f"{data['jack_value']:.1f}",
                "start_card": data["start_card"],
                "swap_seen": data["swap_seen"],
                "threshold": form.threshold_value,
            },
        }


PAD = GhostPad()
