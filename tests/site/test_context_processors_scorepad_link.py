"""Issue 36: the header's "Scorepad", "New game or my games" at a game's end and the rules
page's "Keep score of a game" lead to the new-game page of the game of the page the
reader is on (`site_game.scorepad`, context_processors.py), and the header's icon stays
that game's."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from scorepad.models import Game
from tests.conftest import url

pytestmark = pytest.mark.django_db

# The players' totals of a Golf hole one deck deals at once (issue 35).
HOLE = {"points_0": "3", "points_1": "7"}


def start(game: str) -> str:
    if game == "ghost":
        return reverse("scorepad:start")
    return reverse("scorepad:start-game", kwargs={"game": game})


def header_scorepad(html: str) -> str:
    nav = html[html.index('<ul id="site-nav">') :]
    nav = nav[: nav.index("</ul>")]
    links = re.findall(r'<a href="([^"]+)">([^<]+)</a>', nav)
    return links[2][0]  # Rules, Variants, Scorepad


def header_icon(html: str) -> str:
    """The game whose picture the header's game switch shows."""
    summary = html[html.index('<details class="game-switch">') :]
    summary = summary[: summary.index("</summary>")]
    return next(key for key in ("ghost", "golf") if icon(key) in summary)


def icon(key: str) -> str:
    return render_to_string(f"icons/{key}.svg").strip()


def new_game_links(html: str) -> list[str]:
    words = (gettext("New game or my games"), gettext("Keep score of a game"))
    found = re.findall(r'<a[^>]*href="([^"]+)"[^>]*>([^<]+)</a>', html)
    return [href for href, text in found if text.strip() in words]


def golf_game(**table) -> Game:
    return Game.create_with_players(["Kari", "Ola"], game="golf", holes=1, **table)


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("game", ["ghost", "golf"])
def test_the_rules_pages_scorepad_link_is_their_games(client, language, game):
    with translation.override(language):
        for kind in ("rules", "variants", "card"):
            html = client.get(reverse(f"rules:{kind}", kwargs={"game": game})).content.decode()
            assert header_scorepad(html) == start(game), kind
        rules = client.get(reverse("rules:rules", kwargs={"game": game})).content.decode()
        links = new_game_links(rules)  # Golf's rules page ends without one
        assert links == [start(game)] if game == "ghost" else set(links) <= {start(game)}
        # The game's own new-game page keeps the game in the header.
        page = client.get(start(game)).content.decode()
        assert header_scorepad(page) == start(game)
        assert header_icon(page) == game


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_golf_games_pages_lead_to_golfs_new_game(client, language):
    game = golf_game()
    with translation.override(language):
        golf_start = start("golf")
        for name in ("game", "history"):
            html = client.get(url(name, game, language)).content.decode()
            assert header_scorepad(html) == golf_start, name
            assert header_icon(html) == "golf"
        watched = client.get(url("watch", game, language, token="watch_token")).content.decode()
        assert header_scorepad(watched) == golf_start
        # The game ends after its one hole: "New game or my games" is Golf's too.
        response = client.post(url("add-round", game, language), {"number": "1", **HOLE})
        assert response.status_code == 302
        html = client.get(url("game", game, language)).content.decode()
        assert Game.objects.get().outcome().finished
        assert new_game_links(html) == [golf_start]
        assert header_scorepad(html) == golf_start


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_ghost_games_pages_lead_to_ghosts_new_game(client, language):
    game = Game.create_with_players(["Kari", "Ola"], threshold=21)
    with translation.override(language):
        html = client.get(url("game", game, language)).content.decode()
        assert header_scorepad(html) == reverse("scorepad:start")
        assert header_icon(html) == "ghost"
        assert new_game_links(html) == [reverse("scorepad:start")]
