from django.urls import path, register_converter
from django.utils.functional import lazy
from django.utils.text import format_lazy
from django.utils.translation import get_language, pgettext_lazy

from rules.engine.address import spelled
from scorepad import pads
from scorepad.models import TOKEN_PATTERN
from scorepad.views import game as views
from scorepad.views import night as night_views
from scorepad.views import start as start_views
from scorepad.views import watch as watch_views


class TokenConverter:
    """Only the token alphabet reaches a query: anything else (a NUL, a slash) is a 404."""

    regex = TOKEN_PATTERN

    def to_python(self, value):
        return value

    def to_url(self, value):
        return value


class RoundConverter:
    """`<round:round_address>`: a round's word in a game's address, its own in the page's
    language ("hole", «hull», where a game's rounds are holes; "round", «runde», by default).
    Read: any game's word in any language, or the word every game had before
    (`pads.ROUND_ADDRESS`); the view sends a page read at a word not its game's on to its
    own. Written from a game's key in the
    active language's word; from a word read (the language switch), as the first game
    that has that word spells it in the active language."""

    regex = pads.ADDRESS_WORD.pattern

    def to_python(self, value: str) -> str:
        if value not in pads.round_words():
            raise ValueError(f"no game's round is called {value!r}")
        return value

    def to_url(self, value: str) -> str:
        keys = pads.game_keys()
        if value in keys:
            return spelled(pads.get(value).round_address, get_language())
        for words in [pads.get(key).round_address for key in keys] + [pads.ROUND_ADDRESS]:
            if value in words.values():
                return spelled(words, get_language())
        raise ValueError(f"{value!r} is neither a game nor a round's word")


register_converter(TokenConverter, "token")
register_converter(RoundConverter, "round")

GAME = pgettext_lazy("url", "scorepad/g/<token:token>/")
ROUND = format_lazy("{}<round:round_address>/", GAME)
OLD_ROUND = lazy(lambda: spelled(pads.ROUND_ADDRESS, get_language()), str)()

app_name = "scorepad"

urlpatterns = [
    path(pgettext_lazy("url", "scorepad/"), start_views.start, name="start"),
    # Another game's new-game page: the game is chosen before its form (no script needed).
    path(
        pgettext_lazy("url", "scorepad/new/<slug:game>/"), start_views.start_game, name="start-game"
    ),
    path(GAME, views.game_page, name="game"),
    # A round's own address, in its game's word: /nb/poengblokk/s/<token>/hull/3/ for a
    # game's third hole. Early, where round entry finds it soon (the converter takes only a
    # round's words, so the scorepad's other words below are never read as one).
    # `reverse` with the game's key as `round_address` gives the game's own word; the words
    # every game had before (…/round/, …/runde/) are still read (`RoundConverter`).
    path(ROUND, views.add_round, name="add-round"),
    path(format_lazy("{}<int:number>/", ROUND), views.edit_round, name="edit-round"),
    path(pgettext_lazy("url", "scorepad/g/<token:token>/undo/"), views.undo_round, name="undo"),
    path(
        pgettext_lazy("url", "scorepad/g/<token:token>/restore/"),
        views.restore_round,
        name="restore",
    ),
    path(pgettext_lazy("url", "scorepad/g/<token:token>/rematch/"), views.rematch, name="rematch"),
    path(pgettext_lazy("url", "scorepad/g/<token:token>/history/"), views.history, name="history"),
    path(
        pgettext_lazy("url", "scorepad/g/<token:token>/export.csv"),
        views.export_csv,
        name="export-csv",
    ),
    path(
        pgettext_lazy("url", "scorepad/g/<token:token>/export.json"),
        views.export_json,
        name="export-json",
    ),
    path(
        pgettext_lazy("url", "scorepad/g/<token:token>/result.png"),
        night_views.result_picture,
        name="result-png",
    ),
    path(
        pgettext_lazy("url", "scorepad/g/<token:token>/rename/"),
        night_views.rename,
        name="rename",
    ),
    path(
        pgettext_lazy("url", "scorepad/g/<token:token>/sheet/"),
        night_views.score_sheet,
        name="sheet",
    ),
    path(pgettext_lazy("url", "scorepad/statistics/"), night_views.statistics, name="statistics"),
    path(pgettext_lazy("url", "scorepad/watch/<token:token>/"), watch_views.watch, name="watch"),
    path(
        pgettext_lazy("url", "scorepad/watch/<token:token>/result.png"),
        night_views.watch_result_picture,
        name="watch-result-png",
    ),
    path(
        pgettext_lazy("url", "scorepad/watch/<token:token>/poll/"),
        watch_views.watch_poll,
        name="watch-poll",
    ),
    # Reversed from the token alone (and the number): the address every game's rounds had
    # before, whatever the game; a page there is sent on to its game's own word. Never
    # read here (the round's own address above reads these words): last.
    path(
        format_lazy("{}{}/", GAME, OLD_ROUND),
        views.add_round,
        {"round_address": ""},
        name="add-round",
    ),
    path(
        format_lazy("{}{}/<int:number>/", GAME, OLD_ROUND),
        views.edit_round,
        {"round_address": ""},
        name="edit-round",
    ),
]
