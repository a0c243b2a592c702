"""Each game's own part of the scorepad, by its key in the registry of games (rules/games):
its forms, the templates that must differ, what a round may hold, and the words its
messages use: a round of Ghost, a hole of Golf. Views and pages ask `game.pad` (or
`get(key)` for a new game) and never name a game; a game's rules stay its game object's.
"""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache

from django.utils.translation import gettext, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rules import games
from scorepad.forms import EditRoundForm, NewGameForm, RoundForm
from scorepad.forms.golf import EditHoleForm, GolfNewGameForm, HoleForm
from scorepad.padwords import GHOST_TEXTS, GHOST_WORDS, GOLF_TEXTS, GOLF_WORDS
from scorepad.pages import board, night
from scorepad.pages import golf as golf_pages


class GhostPad:
    """Ghost's scorepad: rounds of totals towards the table's loss threshold (or one round)."""

    key = "ghost"
    new_game_form = NewGameForm
    round_form = RoundForm
    edit_form = EditRoundForm
    texts = GHOST_TEXTS
    words = GHOST_WORDS
    # The game's own templates, where its page truly differs from the shared one: the
    # new-game page's choices, the round form's fields (and its data for the scripts),
    # the line of its table's rules, the result's headline, a line of its standings.
    templates = {
        "start": "scorepad/ghost/start.html",
        "fields": "scorepad/ghost/_round_fields.html",
        "form_data": "scorepad/ghost/_form_data.html",
        "settings": "scorepad/ghost/_settings.html",
        "outcome": "scorepad/ghost/_outcome.html",
        "standing": "scorepad/ghost/_standing.html",
    }
    # The game's own scripts (each registers its module in window.GameModules under the
    # pad's key, which the board's data names): what counts the rounds kept on the
    # phone, and what helps fill in the round form. The shared ones come around them.
    scripts = ("scorepad/scoring.js",)
    form_scripts = ("scorepad/card-helper.js",)
    start_scripts = ("scorepad/new-game.js",)
    file_stem = pgettext_lazy("file name", "ghost")
    round_word = _("Round")
    axis_word = _("round")

    def text(self, key: str, game=None, **values) -> str:
        """A message of this game's scorepad; `game` where the round may be one that
        is named, not numbered (Golf's extra hole)."""
        return str(self.texts[key]) % values

    def possible_totals(self, game) -> frozenset[Decimal]:
        """The totals one player's round may hold (the player count does not matter)."""
        return game.rules.possible_totals(game.house_for(None))

    # What the score table shows (scorepad/pages/board.py): the standings, a note in a
    # round's row, the settings line, the round form's extras, the scripts' data.
    def standings(self, game, result, fmt) -> list[dict]:
        return board.threshold_standings(game, result, fmt)

    def round_note(self, game, rnd, fmt) -> str:
        return ""

    def settings(self, game) -> dict:
        return {"jack": board.jack_words(game)}

    def form_extras(self, game) -> dict:
        return board.round_form_extras(game)

    def round_data(self, game, language: str) -> dict:
        house = game.house_for(None)
        return board.round_data(house, house.jack, language)

    def board_extra(self, game) -> dict:
        return {}

    def course_description(self, rounds: int, totals: str, extra: bool = False) -> str:
        """The chart's words; `extra`: an extra round was played after these (Golf's)."""
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

    def headline(self, game, result, shown: list[str]) -> str:
        return night.threshold_headline(game, result, shown)

    def series_word(self, seat) -> str:
        """A seat of an evening in "My games": Ghost counts the games lost."""
        return gettext("%(name)s lost %(lost)s") % {"name": seat.name, "lost": seat.lost}

    def stats_words(self) -> dict:
        """The statistics table's words for this game (scorepad/statistics.html)."""
        return {
            "lost": _("Lost"),
            "rounds_won": _("Rounds won"),
            "average": _("Average round"),
            "best": _("Best round"),
            "worst": _("Worst round"),
            "caption": _("Per player: games, rounds and points (lower is better)"),
        }

    def json_table(self, game) -> dict:
        """The table in the JSON export."""
        return {
            "variant": game.variant,
            "jack_value": f"{game.house_for(None).jack:.1f}",  # "0.5" or "11.0", as ever
            "threshold": game.house_for(None).threshold,
        }

    def start_fields(self, form) -> dict:
        """The new game's variant and table from its valid form (scorepad/views/game.py)."""
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

    def round_form_for(self, game, data=None, number=None, **kwargs):
        return self.round_form(data, game=game, players=game.player_list, **kwargs)

    def edit_form_for(self, game, data=None, number=None, **kwargs):
        return self.edit_form(data, game=game, players=game.player_list, **kwargs)


# The extra hole is not one of the game's holes: its messages name it, never "hole 3".
GOLF_EXTRA_TEXTS = {
    "saved": _("Extra hole saved."),
    "already_saved": _("The extra hole was already saved."),
    "changed": _("Extra hole changed."),
    "same": _("The extra hole already holds these numbers."),
    "undone": _("Extra hole undone. You can bring it back until it is entered again."),
    "already_undone": _("The extra hole was already undone."),
    "back": _("The extra hole is back."),
    "already_back": _("The extra hole is already back."),
}


class GolfPad(GhostPad):
    key = "golf"
    new_game_form = GolfNewGameForm
    round_form = HoleForm
    edit_form = EditHoleForm
    texts = GOLF_TEXTS
    words = GOLF_WORDS
    templates = {
        "start": "scorepad/golf/start.html",
        "fields": "scorepad/golf/_hole_fields.html",
        "form_data": "scorepad/golf/_form_data.html",
        "settings": "scorepad/golf/_settings.html",
        "outcome": "scorepad/golf/_outcome.html",
        "standing": "scorepad/golf/_standing.html",
    }
    scripts = ("scorepad/golf-scoring.js", "scorepad/golf-offline.js")
    form_scripts = ("scorepad/layout-helper.js",)
    start_scripts = ()
    file_stem = pgettext_lazy("file name", "golf")
    round_word = _("Hole")
    axis_word = _("hole")

    def text(self, key: str, game=None, **values) -> str:
        extra = game is not None and values.get("n", 0) > game.house_for(None).holes
        if extra and key in GOLF_EXTRA_TEXTS:
            return str(GOLF_EXTRA_TEXTS[key]) % values
        return super().text(key, **values)

    def possible_totals(self, game) -> frozenset[Decimal]:
        """The hole scores a layout of the table's variant, dealt from the decks this
        many players use, can make under its house rules."""
        return golf_scores(game.house.scoring(), len(game.player_list))

    def start_fields(self, form) -> dict:
        table = games.get(self.key).table_of(form.house())
        return {"variant": table.pop("variant"), "table": table}

    def standings(self, game, result, fmt) -> list[dict]:
        return golf_pages.standings(game, result, fmt)

    def round_note(self, game, rnd, fmt) -> str:
        return golf_pages.penalty_note(game, rnd, fmt)

    def settings(self, game) -> dict:
        return {"table_words": golf_pages.settings_line(game)}

    def form_extras(self, game) -> dict:
        return {}

    def round_data(self, game, language: str) -> dict:
        return golf_pages.round_data(game.house.scoring(), len(game.player_list), language)

    def course_description(self, rounds: int, totals: str, extra: bool = False) -> str:
        return golf_pages.course_description(rounds, totals, extra)

    def count_text(self, rounds: int, extra: bool = False) -> str:
        """ "2 holes", or "2 holes + extra hole": the extra hole is not one of them."""
        if extra:
            return ngettext("%(n)s hole + extra hole", "%(n)s holes + extra hole", rounds) % {
                "n": rounds
            }
        return ngettext("%(n)s hole", "%(n)s holes", rounds) % {"n": rounds}

    def played_text(self, rounds: int) -> str:
        return ngettext("%(n)s hole played", "%(n)s holes played", rounds) % {"n": rounds}

    def headline(self, game, result, shown: list[str]) -> str:
        return night.winners_headline(game, result, shown)

    def series_word(self, seat) -> str:
        """Golf counts the games won (nobody loses a game of Golf)."""
        return gettext("%(name)s won %(won)s") % {"name": seat.name, "won": seat.won}

    def stats_words(self) -> dict:
        """Nobody loses a game of Golf: no column of games lost."""
        return {
            "lost": "",
            "rounds_won": _("Holes won"),
            "average": _("Average hole"),
            "best": _("Best hole"),
            "worst": _("Worst hole"),
            "caption": _("Per player: games of Golf, holes and points (lower is better)"),
        }

    def json_table(self, game) -> dict:
        return {"game": self.key} | games.get(self.key).table_of(game.house_for(None))

    def board_extra(self, game) -> dict:
        """For the offline standings: the game's holes and the extra-hole rule."""
        house = game.house_for(None)
        return {"holes": house.holes, "extra_hole": house.extra_hole}

    def round_form_for(self, game, data=None, number=None, **kwargs):
        return self.round_form(data, game=game, players=game.player_list, number=number, **kwargs)

    def edit_form_for(self, game, data=None, number=None, **kwargs):
        return self.edit_form(data, game=game, players=game.player_list, number=number, **kwargs)


@lru_cache(maxsize=256)
def golf_scores(house, players: int) -> frozenset[Decimal]:
    from rules.games.golf import scoring

    return frozenset(Decimal(s) for s in scoring.possible_hole_scores(house, players))


_PADS = {pad.key: pad for pad in (GhostPad(), GolfPad())}


def get(key: str | None = None):
    """The scorepad's part of the game of that key (the default game's for None). A game
    registered without a part of its own (a test's toy game) keeps score as the default
    game's does, by its own game object's totals and ending."""
    return _PADS.get(key or games.DEFAULT_KEY) or _PADS[games.DEFAULT_KEY]


def static_files() -> tuple[str, ...]:
    """Every game's own scripts, for the service worker to take in at install."""
    return tuple(
        name
        for pad in _PADS.values()
        for name in (*pad.scripts, *pad.form_scripts, *pad.start_scripts)
    )


def game_keys() -> tuple[str, ...]:
    """The games a new game may be, the default first (as the registry orders them)."""
    return tuple(k for k in games.known_keys() if k in _PADS)
