"""A new game of Golf through HTTP: the game chosen first (a page per game, no script
needed), Golf's form with Golf's choices only, the players its deal allows, and its
errors in both languages."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from rules.games.golf import cards
from rules.games.golf.pad import forms as golf_forms
from scorepad.models import Game
from tests.conftest import golf_data

pytestmark = pytest.mark.django_db


def start_url(lang="en", game="golf"):
    with translation.override(lang):
        return reverse("scorepad:start-game", kwargs={"game": game})


def field_names(html):
    return set(re.findall(r'<input[^>]* name="([a-z_0-9]+)"', html))


def test_ghost_start_page_offers_golf_and_golf_offers_ghost(client):
    ghost = client.get(reverse("scorepad:start")).content.decode()
    assert f'href="{start_url()}"' in ghost
    golf = client.get(start_url()).content.decode()
    assert f'href="{reverse("scorepad:start")}"' in golf
    assert '<strong aria-current="page">Golf</strong>' in golf


def test_golf_form_shows_only_golfs_choices(client):
    html = client.get(start_url()).content.decode()
    names = field_names(html)
    assert {"variant", "jokers", "four_of_a_kind", "caller_penalty", "extra_hole", "holes"} <= names
    assert not names & {"jack_value", "threshold", "game_length", "start_card", "swap_seen"}
    # two to twelve players
    counts = re.findall(r'<option value="(\d+)"', html.split('name="player_count"')[1])
    assert counts[0] == "2" and "12" in counts and "13" not in counts
    # nine holes unless the table agrees otherwise
    assert re.search(r'name="holes" value="9"', html)


def test_start_a_golf_game(client):
    data = golf_data(variant="nine_card", jokers="pagat", caller_penalty="on", holes="5")
    response = client.post(start_url(), data)
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.game == "golf" and game.first_dealer == 1
    assert game.house == cards.GolfHouse("nine_card", "pagat", caller_penalty=True, holes=5)
    assert [p.name for p in game.player_list] == ["Anna", "Bo", "Cy"]
    page = client.get(response["Location"]).content.decode()
    assert "Hole 1" in page and "Round 1" not in page


def test_an_unknown_game_is_404(client):
    assert client.get(start_url(game="poker")).status_code == 404
    assert client.get(start_url(game="ghost")).status_code == 404


@pytest.mark.parametrize(
    ("lang", "field", "overrides", "message"),
    [
        ("en", "holes", {"holes": "19"}, "Type a whole number from 1 to 18."),
        ("nb", "holes", {"holes": "0"}, "Skriv inn et helt tall fra 1 til 18."),
        (
            "en",
            "four_of_a_kind",
            {"variant": "nine_card", "four_of_a_kind": "square"},
            "only three equal cards cancel a column",
        ),
        ("en", "name_1", {"name_1": "anna"}, "Two players are called"),
        ("nb", "name_1", {"name_1": "anna"}, "To spillere heter"),
    ],
)
def test_refusals_in_both_languages(client, lang, field, overrides, message):
    response = client.post(start_url(lang), golf_data(**overrides))
    assert response.status_code == 422
    html = response.content.decode()
    assert message in html
    assert not Game.objects.exists()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_more_players_than_the_deal_allows_are_refused(client, monkeypatch, lang):
    # Every variant deals to twelve; a variant that dealt to fewer says so by the count.
    monkeypatch.setattr(golf_forms.cards, "deal_fits", lambda variant, players, jokers: players < 4)
    names = {f"name_{i}": f"P{i}" for i in range(5)}
    response = client.post(start_url(lang), golf_data(player_count="5", **names))
    assert response.status_code == 422
    html = response.content.decode()
    said = "at most 3 players" if lang == "en" else "høyst 3 spillere"
    assert said in html
    assert not Game.objects.exists()


def test_twelve_players_fit_every_variant(client):
    names = {f"name_{i}": f"P{i}" for i in range(12)}
    for variant in cards.VARIANTS:
        response = client.post(
            start_url(), golf_data(player_count="12", variant=variant, jokers="pagat", **names)
        )
        assert response.status_code == 302, variant
    assert Game.objects.filter(game="golf").count() == len(cards.VARIANTS)
