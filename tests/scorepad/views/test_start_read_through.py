"""Issue 35, the read-through (../shared/reports/read-through.md) on the new game's page:
the player hint (GH-EN-04) and "My games", which names each entry's game (GO-EN-31).
Each test reads the page; a number in a sentence comes from the game's facts."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from rules.games.ghost import cards
from rules.games.ghost.pad.forms import MORE_PLAYERS_MAX
from scorepad.models import Game
from tests.conftest import make_game, page_words, remember_games

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_player_hint_says_the_house_rule_is_switched_on_by_choosing_more(client, language):
    with translation.override(language):
        text = page_words(client.get(reverse("scorepad:start")))
    more = MORE_PLAYERS_MAX[cards.STANDARD.key]
    said = {
        "en": f"{cards.STANDARD.max_players} players; choose more and the house rule for up "
        f"to {more} is switched on.",
        "nb": f"{cards.STANDARD.max_players} spillere. Velger dere flere, slås husregelen for "
        f"opptil {more} spillere på.",
    }[language]
    assert said in text
    assert "which is taken" not in text and "som blir valgt" not in text


@pytest.mark.parametrize("language", ["en", "nb"])
def test_my_games_names_the_game_of_each_entry(client, language):
    ghost = make_game(("Ada", "Bo"))
    golf = Game.create_with_players(["Cy", "Dag"], game="golf")
    remember_games(client, ghost, golf)
    with translation.override(language):
        page = client.get(reverse("scorepad:start")).content.decode()
    # the link holds the game's icon, then the players; the hint names the game
    entries = re.findall(
        r'<a href="[^"]+">(?:<svg.*?</svg>\s*)?([^<]+)</a>\s*<span class="hint">([^·<]+) ·',
        page,
        re.S,
    )
    names = {"en": ("Ghost", "Golf"), "nb": ("Spøkelse", "Golf")}[language]
    assert {(game.strip(), players.split()[0]) for players, game in entries} == {
        (names[0], "Ada"),
        (names[1], "Cy"),
    }
