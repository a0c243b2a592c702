from django.urls import path
from django.utils.translation import pgettext_lazy

from . import views

app_name = "scorepad"


urlpatterns = [
    path(pgettext_lazy("url", "scorepad/"), views.start, name="start"),
    path(pgettext_lazy("url", "scorepad/g/<str:token>/"), views.game_page, name="game"),
    path(pgettext_lazy("url", "scorepad/g/<str:token>/round/"), views.add_round, name="add-round"),
    path(
        pgettext_lazy("url", "scorepad/g/<str:token>/round/<int:number>/"),
        views.edit_round,
        name="edit-round",
    ),
    path(pgettext_lazy("url", "scorepad/g/<str:token>/undo/"), views.undo_round, name="undo"),
    path(
        pgettext_lazy("url", "scorepad/g/<str:token>/restore/"), views.restore_round, name="restore"
    ),
    path(pgettext_lazy("url", "scorepad/g/<str:token>/rematch/"), views.rematch, name="rematch"),
    path(
        pgettext_lazy("url", "scorepad/g/<str:token>/export.csv"),
        views.export_csv,
        name="export-csv",
    ),
    path(
        pgettext_lazy("url", "scorepad/g/<str:token>/export.json"),
        views.export_json,
        name="export-json",
    ),
    path(pgettext_lazy("url", "scorepad/watch/<str:token>/"), views.watch, name="watch"),
    path(
        pgettext_lazy("url", "scorepad/watch/<str:token>/poll/"),
        views.watch_poll,
        name="watch-poll",
    ),
]
