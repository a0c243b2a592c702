"""The rules pages of every game in the registry, one set of URL names for all.

Each page is written once, `for_every_game`: the default game's address has no game word
(/en/rules/), every other game's has its own word first (/en/<game>/rules/). The view gets
the game's key as `game` either way, and `reverse("rules:rules", kwargs={"game": key})`
gives the right address for any key (the default game's pattern carries its key as a
fixed argument; `GameConverter` refuses it, so only that pattern matches).
"""

from django.urls import path, register_converter
from django.utils.text import format_lazy
from django.utils.translation import pgettext_lazy

from rules import games

from . import views
from .engine.address import GameConverter, HouseConverter
from .practice import views as practice

register_converter(HouseConverter, "house")
register_converter(GameConverter, "game")


def for_every_game(route, view, name: str) -> list:
    """The page at `route` for the default game and, behind a game's word, every other."""
    return [
        path(route, view, {"game": games.DEFAULT_KEY}, name=name),
        path(format_lazy("<game:game>/{}", route), view, name=name),
    ]


app_name = "rules"
urlpatterns = [
    path("", views.home, name="home"),
    *for_every_game(pgettext_lazy("url", "rules/"), views.rules_page, "rules"),
    *for_every_game(pgettext_lazy("url", "rules/<house:house>/"), views.rules_page, "rules-for"),
    *for_every_game(pgettext_lazy("url", "variants/"), views.variants_page, "variants"),
    *for_every_game(pgettext_lazy("url", "card/"), views.quick_card, "card"),
    *for_every_game(pgettext_lazy("url", "card/<house:house>/"), views.quick_card, "card-for"),
    *for_every_game(pgettext_lazy("url", "sheet/<int:players>/"), views.score_sheet, "sheet"),
    *for_every_game(
        pgettext_lazy("url", "sheet/<int:players>/<house:house>/"), views.score_sheet, "sheet-for"
    ),
    # The practice game (issue 38): a round or hole against the computer at a page's
    # table; the game itself at its own token, whatever the game.
    *for_every_game(pgettext_lazy("url", "practice/"), practice.start, "practice"),
    *for_every_game(
        pgettext_lazy("url", "practice/<house:house>/"), practice.start, "practice-for"
    ),
    path(pgettext_lazy("url", "practice/game/<slug:token>/"), practice.game, name="practice-game"),
]
