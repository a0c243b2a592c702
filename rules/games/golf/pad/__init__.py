"""Golf's part of the scorepad (scorepad/pads.py `Pad`): holes of signed scores, the
lowest total wins. Its forms in forms.py, what its pages show in pages.py, its words in
words.py, its templates and scripts (the layout helper, the holes kept offline) in this
package's templates/ and static/."""

from __future__ import annotations

from decimal import Decimal
from functools import lru_cache

from django.utils.html import format_html_join
from django.utils.translation import get_language, ngettext, pgettext_lazy
from django.utils.translation import gettext_lazy as _

from rules import words as card_words
from scorepad.pads import Pad

from .. import cards, scoring
from . import pages
from .forms import EditHoleForm, GolfNewGameForm, HoleForm
from .words import TEXTS, WORDS

# The extra hole is not one of the game's holes: its messages name it, never "hole 3".
EXTRA_TEXTS = {
    "saved": _("Extra hole saved."),
    "already_saved": _("The extra hole was already saved."),
    "changed": _("Extra hole changed."),
    "same": _("The extra hole already holds these numbers."),
    "undone": _("Extra hole undone. You can bring it back until it is entered again."),
    "already_undone": _("The extra hole was already undone."),
    "back": _("The extra hole is back."),
    "already_back": _("The extra hole is already back."),
}

# The shared templates' words that number a hole, for the extra hole (`{% word %}`).
EXTRA_WORDS = {
    "heading": _("Extra hole"),  # a heading: short enough for the helper beside it at 320 px
    "save": _("Save the extra hole"),
    "undo": _("Undo the extra hole"),
    "bring_back": _("Bring back the extra hole"),
    "edit_label": _("Edit the extra hole"),
    "history_item": _("The extra hole, %(status)s:"),
}


class GolfPad(Pad):
    key = "golf"
    new_game_form = GolfNewGameForm
    round_form = HoleForm
    edit_form = EditHoleForm
    texts = TEXTS
    words = WORDS
    scripts = ("scorepad/golf-scoring.js", "scorepad/golf-offline.js")
    form_scripts = ("scorepad/layout-helper.js",)
    start_scripts = ()
    file_stem = pgettext_lazy("file name", "golf")
    whole_scores = True
    outcomes = ("won", "neither")  # nobody loses a game of Golf: the rest did not win
    headlines = {
        "won": _("%(names)s won the game of Golf"),
        "won_extra": _("%(names)s won the game of Golf on the extra hole"),
    }
    stats_words = {
        "lost": "",  # no column of games lost
        "rounds_won": _("Holes won"),
        "average": _("Average hole"),
        "best": _("Best hole"),
        "worst": _("Worst hole"),
        "caption": _("Per player: games of Golf, holes and points (lower is better)"),
    }
    round_word = _("Hole")
    axis_word = _("hole")
    round_address = {"en": "hole", "nb": "hull"}  # …/g/<token>/hole/3/, …/s/<token>/hull/3/

    def text(self, key: str, game=None, **values) -> str:
        extra = game is not None and values.get("n", 0) > game.house_for(None).holes
        if extra and key in EXTRA_TEXTS:
            return str(EXTRA_TEXTS[key]) % values
        return super().text(key, **values)

    def word(self, key: str, game=None, **values) -> str:
        if game is not None and key in EXTRA_WORDS and self._extra(game, values):
            return str(EXTRA_WORDS[key]) % values
        return super().word(key, game, **values)

    @staticmethod
    def _extra(game, values) -> bool:
        """Whether the hole `n` of these values is the extra hole (past the game's holes)."""
        n = values.get("n")
        return isinstance(n, int) and n > game.house_for(None).holes

    def possible_totals(self, game) -> frozenset[Decimal]:
        """The hole scores a layout of the table's variant, dealt from the decks this
        many players use, can make under its house rules."""
        return hole_scores(game.house.scoring(), len(game.player_list))

    def standings(self, game, result, fmt) -> list[dict]:
        return pages.standings(game, result, fmt)

    def round_note(self, game, rnd, fmt) -> str:
        return pages.penalty_note(game, rnd, fmt)

    def caller_note(self, game, seat: int | None) -> str:
        return pages.caller_note(game, seat)

    def settings(self, game) -> dict:
        return {"table_words": pages.settings_line(game)}

    def round_data(self, game, language: str) -> dict:
        return pages.round_data(game.house.scoring(), len(game.player_list), language)

    def course_description(self, rounds: int, totals: str, extra: bool = False) -> str:
        return pages.course_description(rounds, totals, extra)

    def headline(self, game, result, shown: list[str]) -> str:
        """A win on the extra hole says so: the winner's total is level with the others'
        it beat, and the picture's order alone would not tell why."""
        played_extra = len(result.rounds) > len(game.counted_running(result))
        if played_extra and len(result.winners) == 1:
            return str(self.headlines["won_extra"]) % {"names": shown[result.winners[0]]}
        return super().headline(game, result, shown)

    def count_text(self, rounds: int, extra: bool = False) -> str:
        """ "2 holes", or "2 holes + extra hole": the extra hole is not one of them."""
        if extra:
            return ngettext("%(n)s hole + extra hole", "%(n)s holes + extra hole", rounds) % {
                "n": rounds
            }
        return ngettext("%(n)s hole", "%(n)s holes", rounds) % {"n": rounds}

    def played_text(self, rounds: int) -> str:
        return ngettext("%(n)s hole played", "%(n)s holes played", rounds) % {"n": rounds}

    def board_extra(self, game) -> dict:
        """For the offline standings: the game's holes and the extra-hole rule."""
        house = game.house_for(None)
        return {"holes": house.holes, "extra_hole": house.extra_hole}

    def round_form_for(self, game, data=None, number=None, **kwargs):
        return self.round_form(data, game=game, players=game.player_list, number=number, **kwargs)

    def edit_form_for(self, game, data=None, number=None, **kwargs):
        return self.edit_form(data, game=game, players=game.player_list, number=number, **kwargs)

    def rank_buttons(self) -> str:
        """The layout helper's rank pad (scorepad/golf/_layout_helper.html): every rank a
        table can hold in pack order, the joker last, with the corner letters and card
        names of the reader's language. The page's script hides the ranks a table does
        not play and tells places and scores from them."""
        return rank_buttons(get_language())


@lru_cache(maxsize=256)
def hole_scores(house, players: int) -> frozenset[Decimal]:
    return frozenset(Decimal(s) for s in scoring.possible_hole_scores(house, players))


@lru_cache
def rank_buttons(language: str) -> str:
    every_rank = cards.ranks_in_play(next(iter(cards.JOKER_READINGS)))
    return format_html_join(
        "",
        # Named as shown, the card's name after (WCAG 2.5.3): a voice says what it sees.
        '<button type="button" class="rank" data-rank="{}" data-name="{}" aria-label="{}">'
        "{}</button>",
        (
            (
                r,
                card_words.RANK_NAMES[language][r],
                f"{card_words.rank_label(r, language)} ({card_words.RANK_NAMES[language][r]})",
                card_words.rank_label(r, language),
            )
            for r in every_rank
        ),
    )


PAD = GolfPad()
