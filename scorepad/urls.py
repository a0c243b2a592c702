from django.urls import path, register_converter
from django.utils.translation import pgettext_lazy

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


register_converter(TokenConverter, "token")

app_name = "scorepad"

urlpatterns = [
    path(pgettext_lazy("url", "scorepad/"), start_views.start, name="start"),
    # Another game's new-game page: the game is chosen before its form (no script needed).
    path(
        pgettext_lazy("url", "scorepad/new/<slug:game>/"), start_views.start_game, name="start-game"
    ),
    path(pgettext_lazy("url", "scorepad/g/<token:token>/"), views.game_page, name="game"),
    path(
        pgettext_lazy("url", "scorepad/g/<token:token>/round/"), views.add_round, name="add-round"
    ),
    path(
        pgettext_lazy("url", "scorepad/g/<token:token>/round/<int:number>/"),
        views.edit_round,
        name="edit-round",
    ),
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
]
