from django.urls import path, register_converter
from django.utils.translation import pgettext_lazy

from . import views
from .engine.address import HouseConverter, converter_for
from .practice import views as practice

register_converter(HouseConverter, "house")
register_converter(converter_for("golf"), "golfhouse")
GOLF = {"game": "golf"}

app_name = "rules"
urlpatterns = [
    path("", views.home, name="home"),
    path(pgettext_lazy("url", "rules/"), views.rules_page, name="rules"),
    path(pgettext_lazy("url", "rules/<house:house>/"), views.rules_page, name="rules-for"),
    path(pgettext_lazy("url", "variants/"), views.variants_page, name="variants"),
    path(pgettext_lazy("url", "card/"), views.quick_card, name="card"),
    path(pgettext_lazy("url", "card/<house:house>/"), views.quick_card, name="card-for"),
    path(pgettext_lazy("url", "sheet/<int:players>/"), views.score_sheet, name="sheet"),
    path(
        pgettext_lazy("url", "sheet/<int:players>/<house:house>/"),
        views.score_sheet,
        name="sheet-for",
    ),
    path(pgettext_lazy("url", "golf/rules/"), views.rules_page, GOLF, name="golf-rules"),
    path(
        pgettext_lazy("url", "golf/rules/<golfhouse:house>/"),
        views.rules_page,
        GOLF,
        name="golf-rules-for",
    ),
    path(pgettext_lazy("url", "golf/variants/"), views.variants_page, GOLF, name="golf-variants"),
    path(pgettext_lazy("url", "golf/card/"), views.quick_card, GOLF, name="golf-card"),
    path(
        pgettext_lazy("url", "golf/card/<golfhouse:house>/"),
        views.quick_card,
        GOLF,
        name="golf-card-for",
    ),
    path(
        pgettext_lazy("url", "golf/sheet/<int:players>/"),
        views.score_sheet,
        GOLF,
        name="golf-sheet",
    ),
    path(
        pgettext_lazy("url", "golf/sheet/<int:players>/<golfhouse:house>/"),
        views.score_sheet,
        GOLF,
        name="golf-sheet-for",
    ),
    # The practice game (issue 38): a round or hole against the computer at a page's
    # table; the game itself at its own token, whatever the game.
    path(pgettext_lazy("url", "practice/"), practice.start, name="practice"),
    path(pgettext_lazy("url", "practice/<house:house>/"), practice.start, name="practice-for"),
    path(pgettext_lazy("url", "golf/practice/"), practice.start, GOLF, name="golf-practice"),
    path(
        pgettext_lazy("url", "golf/practice/<golfhouse:house>/"),
        practice.start,
        GOLF,
        name="golf-practice-for",
    ),
    path(pgettext_lazy("url", "practice/game/<slug:token>/"), practice.game, name="practice-game"),
]
