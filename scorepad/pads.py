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
from scorepad.models import GOLF_TABLE
from scorepad.pages import board, night
from scorepad.pages import golf as golf_pages

# The messages of a change to a game's rounds, by what happened (scorepad/views/game.py).
GHOST_TEXTS = {
    "saved": _("Round %(n)s saved."),
    "already_saved": _("Round %(n)s was already saved."),
    "not_next": _("Round %(n)s is not the next round; the next one is %(next)s."),
    "game_over": _("The game is over. Undo or edit a round to reopen it."),
    "full": _(
        "This game holds %(n)s rounds, the most one game can keep. Start a rematch to "
        "play on; this game stays as it is."
    ),
    "conflict": _(
        "Round %(n)s was just entered from another phone: check the table. Your numbers "
        "are still in the form; save them only if they belong to round %(next)s."
    ),
    "changed": _("Round %(n)s changed."),
    "same": _("Round %(n)s already holds these numbers."),
    "edit_conflict": _(
        "Someone changed round %(n)s meanwhile. Here it is as it is "
        "now; your numbers were not saved."
    ),
    "undone_meanwhile": _("Round %(n)s was undone meanwhile; your numbers were not saved."),
    "no_such": _("This game has no round %(n)s; nothing was saved."),
    "undo_unnamed": _("The form did not say which round to undo; nothing changed."),
    "undone": _("Round %(n)s undone. You can bring it back until the next round is entered."),
    "already_undone": _("Round %(n)s was already undone."),
    "undo_not_last": _("Only the last round, round %(last)s, can be undone; nothing changed."),
    "undo_none": _("This game has no round %(n)s to undo."),
    "back": _("Round %(n)s is back."),
    "already_back": _("Round %(n)s is already back."),
    "back_decided": _("The game is decided, so no round can come back. Undo a round first."),
    "back_taken": _("That round cannot come back: a new round has taken its place."),
    "edit_label": _("Edit round %(n)s"),
    "offline_refusal": _(
        "No connection: undoing, changing and bringing back rounds need the server, so "
        "nothing was changed. New rounds are kept on this phone until they can be sent."
    ),
    # The outbox's words for the script (scorepad/_outbox.html): {n}, {names}, {rounds}
    # are filled in on the phone.
    "outbox_included_one": _("The standings include 1 round kept on this phone, not yet sent."),
    "outbox_included_other": _(
        "The standings include {n} rounds kept on this phone, not yet sent."
    ),
    "outbox_lost": _(
        "Provisional, not yet sent: by the rounds kept on this phone, the game is lost by {names}."
    ),
    "outbox_won": _(
        "Provisional, not yet sent: by the round kept on this phone, the win goes to {names}."
    ),
    "outbox_decided": _(
        "No further round: the game is decided on this phone. The rounds are sent as soon "
        "as there is a connection."
    ),
    "outbox_no_form": _(
        "This game is decided on the server, so the round cannot go back in a form here. "
        "Undo or edit a round to reopen the game, or discard the kept round."
    ),
}

GOLF_TEXTS = {
    "saved": _("Hole %(n)s saved."),
    "already_saved": _("Hole %(n)s was already saved."),
    "not_next": _("Hole %(n)s is not the next hole; the next one is %(next)s."),
    "game_over": _("The game is over. Undo or edit a hole to reopen it."),
    "full": _(
        "This game holds %(n)s holes, the most one game can keep. Start a rematch to "
        "play on; this game stays as it is."
    ),
    "conflict": _(
        "Hole %(n)s was just entered from another phone: check the table. Your numbers "
        "are still in the form; save them only if they belong to hole %(next)s."
    ),
    "changed": _("Hole %(n)s changed."),
    "same": _("Hole %(n)s already holds these numbers."),
    "edit_conflict": _(
        "Someone changed hole %(n)s meanwhile. Here it is as it is now; your numbers were "
        "not saved."
    ),
    "undone_meanwhile": _("Hole %(n)s was undone meanwhile; your numbers were not saved."),
    "no_such": _("This game has no hole %(n)s; nothing was saved."),
    "undo_unnamed": _("The form did not say which hole to undo; nothing changed."),
    "undone": _("Hole %(n)s undone. You can bring it back until the next hole is entered."),
    "already_undone": _("Hole %(n)s was already undone."),
    "undo_not_last": _("Only the last hole, hole %(last)s, can be undone; nothing changed."),
    "undo_none": _("This game has no hole %(n)s to undo."),
    "back": _("Hole %(n)s is back."),
    "already_back": _("Hole %(n)s is already back."),
    "back_decided": _("The game is decided, so no hole can come back. Undo a hole first."),
    "back_taken": _("That hole cannot come back: a new hole has taken its place."),
    # Only Golf has a hole that some players sit out: the extra hole (Result.OTHER_PLAYERS).
    "other_players": _(
        "Hole %(n)s was not saved: an earlier hole was changed, and other players are tied "
        "for the extra hole now. Check the table and enter the hole again."
    ),
    "edit_other_players": _(
        "Hole %(n)s was not changed: these scores change who is tied after the last hole, "
        "so the extra hole as entered would no longer fit. Undo the extra hole first, "
        "then change hole %(n)s."
    ),
    "back_other_players": _(
        "Hole %(n)s cannot come back: since it was undone, an earlier hole was changed, and "
        "other players are tied for the extra hole now."
    ),
    "edit_label": _("Edit hole %(n)s"),
    "offline_refusal": _(
        "No connection: undoing, changing and bringing back holes need the server, so "
        "nothing was changed. New holes are kept on this phone until they can be sent."
    ),
    "outbox_included_one": _("The standings include 1 hole kept on this phone, not yet sent."),
    "outbox_included_other": _("The standings include {n} holes kept on this phone, not yet sent."),
    # Golf has no loser: a decided game is won, whichever way the script puts it.
    "outbox_lost": _(
        "Provisional, not yet sent: by the holes kept on this phone, the win goes to {names}."
    ),
    "outbox_won": _(
        "Provisional, not yet sent: by the holes kept on this phone, the win goes to {names}."
    ),
    "outbox_decided": _(
        "No further hole: the game is decided on this phone. The holes are sent as soon as "
        "there is a connection."
    ),
    "outbox_no_form": _(
        "This game is decided on the server, so the hole cannot go back in a form here. "
        "Undo or edit a hole to reopen the game, or discard the kept hole."
    ),
}


class GhostPad:
    """Ghost's scorepad: the one there was before Golf; every template its first."""

    key = "ghost"
    new_game_form = NewGameForm
    round_form = RoundForm
    edit_form = EditRoundForm
    texts = GHOST_TEXTS
    templates = {
        "start": "scorepad/start.html",
        "game": "scorepad/game.html",
        "parts": "scorepad/game_parts.html",
        "watch": "scorepad/watch.html",
        "poll": "scorepad/_watch_poll.html",
        "edit": "scorepad/edit_round.html",
        "history": "scorepad/history.html",
    }
    file_stem = pgettext_lazy("file name", "ghost")
    round_word = _("Round")
    axis_word = _("round")

    def text(self, key: str, game=None, **values) -> str:
        """A message of this game's scorepad; `game` where the round may be one that
        is named, not numbered (Golf's extra hole)."""
        return str(self.texts[key]) % values

    def possible_totals(self, game) -> frozenset[Decimal]:
        """The totals one player's round may hold (the player count does not matter)."""
        return game.rules.possible_totals(game.rules.house_of(game, None))

    # What the score table shows (scorepad/pages/board.py): the standings, a note in a
    # round's row, the settings line, the round form's extras, the scripts' data.
    def standings(self, game, result, fmt) -> list[dict]:
        return board.threshold_standings(game, result, fmt)

    def round_note(self, game, rnd, fmt) -> str:
        return ""

    def settings(self, game) -> dict:
        return {}

    def form_extras(self, game) -> dict:
        return board.round_form_extras(game)

    def round_data(self, game, language: str) -> dict:
        return board.round_data(game.rules.house_of(game, None), game.jack_value, language)

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
            "jack_value": str(game.jack_value),
            "threshold": game.threshold,
        }

    def start_fields(self, form) -> dict:
        """The new game's columns from its valid form (scorepad/views/game.py)."""
        data = form.cleaned_data
        return {
            "variant": data["variant"],
            "jack_value": data["jack_value"],
            "start_card": data["start_card"],
            "swap_seen": data["swap_seen"],
            "threshold": form.threshold_value,
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
    templates = {
        "start": "scorepad/golf/start.html",
        "game": "scorepad/golf/game.html",
        "parts": "scorepad/golf/game_parts.html",
        "watch": "scorepad/golf/watch.html",
        "poll": "scorepad/golf/_watch_poll.html",
        "edit": "scorepad/golf/edit_hole.html",
        "history": "scorepad/golf/history.html",
    }
    file_stem = pgettext_lazy("file name", "golf")
    round_word = _("Hole")
    axis_word = _("hole")

    def text(self, key: str, game=None, **values) -> str:
        if game is not None and key in GOLF_EXTRA_TEXTS and values.get("n", 0) > game.holes:
            return str(GOLF_EXTRA_TEXTS[key]) % values
        return super().text(key, **values)

    def possible_totals(self, game) -> frozenset[Decimal]:
        """The hole scores a layout of the table's variant, dealt from the decks this
        many players use, can make under its house rules."""
        return golf_scores(game.house.scoring(), len(game.player_list))

    def start_fields(self, form) -> dict:
        return form.table()

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
        return {"game": self.key, "variant": game.variant} | {
            name: getattr(game, name) for name in GOLF_TABLE
        }

    def board_extra(self, game) -> dict:
        """For the offline standings: the game, its holes and the extra-hole rule."""
        return {"game": self.key, "holes": game.holes, "extra_hole": game.extra_hole}

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


def game_keys() -> tuple[str, ...]:
    """The games a new game may be, the default first (as the registry orders them)."""
    return tuple(k for k in games.known_keys() if k in _PADS)
