"""Issue 35, the read-through (../shared/reports/read-through.md, GO-EN-31) on the
statistics page: empty, it names no game's words; one game's, that game's footer."""

import pytest
from django.urls import reverse
from django.utils import translation

from scorepad.models import Game
from tests.conftest import footer_words, page_words, remember_games

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "nb"])
def test_empty_statistics_speak_of_no_game_in_particular(client, language):
    with translation.override(language):
        text = page_words(client.get(reverse("scorepad:statistics")))
    said = {
        "en": "Nothing has been played yet in the games on this device.",
        "nb": "Ingenting er spilt ennå i spillene på denne enheten.",
    }[language]
    assert said in text
    assert "rounds" not in text.split(said)[0][-40:] and "No rounds" not in text


@pytest.mark.parametrize("language", ["en", "nb"])
def test_statistics_of_golf_only_carry_golfs_footer(client, language):
    golf = Game.create_with_players(["Cy", "Dag"], game="golf")
    golf.add_round(1, [3, 5], ["", ""])
    remember_games(client, golf)
    with translation.override(language):
        page = client.get(reverse("scorepad:statistics"))
    assert "Golf" in footer_words(page)
    assert {"en": "Ghost", "nb": "Spøkelse"}[language] not in footer_words(page)
