"""The scorepad's addresses (scorepad/urls.py): a round's address says its game's word for
a round in the page's language (Golf's holes: …/hole/3/, …/hull/3/; Ghost's rounds:
…/round/3/, …/runde/3/), and the addresses Golf's holes had before (…/round/, …/runde/)
stay good: a page is sent on for good, a form kept on a phone is taken where it lands."""

import re

import pytest

from tests.conftest import enter, golf, live_points, make_game, url

pytestmark = pytest.mark.django_db

TOKEN = "[A-Za-z0-9_-]{32}"
OWN = {
    ("golf", "en"): "/en/scorepad/g/{}/hole/",
    ("golf", "nb"): "/nb/poengblokk/s/{}/hull/",
    ("ghost", "en"): "/en/scorepad/g/{}/round/",
    ("ghost", "nb"): "/nb/poengblokk/s/{}/runde/",
}
OLD = {"en": "/en/scorepad/g/{}/round/", "nb": "/nb/poengblokk/s/{}/runde/"}


@pytest.fixture
def played(client):
    """A game of each kind with two rounds entered, by its key."""

    def make(key):
        game = golf(("Ada", "Bo")) if key == "golf" else make_game(("Ada", "Bo"))
        for points in ((5, 7), (3, 4)):
            assert enter(client, game, *points).status_code == 302
        return game

    return make


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("key", ["golf", "ghost"])
def test_a_rounds_address_says_its_games_word(client, played, key, lang):
    """Reported: Golf's hole form and edit links were at …/runde/… in Norwegian."""
    game = played(key)
    own = OWN[key, lang].format(game.edit_token)
    page = client.get(url("game", game, lang)).content.decode()
    assert f'action="{own}"' in page
    assert f'href="{own}1/"' in page and f'href="{own}2/"' in page
    found = re.findall(rf"/(?:en|nb)/[a-z]+/[gs]/{TOKEN}/([a-z]+)/\d+/", page)
    assert set(found) == {own.split("/")[-2]}
    assert url("edit-round", game, lang, number=2) == f"{own}2/"


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_an_old_hole_address_is_sent_on_for_good(client, played, lang):
    game = played("golf")
    token = game.edit_token
    own = OWN["golf", lang].format(token)
    response = client.get(OLD[lang].format(token) + "2/")
    assert response.status_code == 301 and response["Location"] == f"{own}2/"
    # the other language's word, in this language's address: this language's
    other = OWN["golf", {"en": "nb", "nb": "en"}[lang]].split("/")[-2]
    response = client.get(own.replace(f"/{own.split('/')[-2]}/", f"/{other}/") + "2/")
    assert response.status_code == 301 and response["Location"] == f"{own}2/"
    # and the page there is the hole's
    response = client.get(f"{own}2/")
    assert response.status_code == 200 and 'name="round_id"' in response.content.decode()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_ghost_rounds_address_stays_as_it_was(client, played, lang):
    game = played("ghost")
    response = client.get(OLD[lang].format(game.edit_token) + "2/")
    assert response.status_code == 200 and 'name="round_id"' in response.content.decode()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_hole_posted_to_its_old_address_is_saved(client, lang):
    """A form kept on a phone (the outbox keeps its action) posts where it was made."""
    game = golf(("Ada", "Bo"))
    old = OLD[lang].format(game.edit_token)
    response = client.post(old, {"number": "1", "points_0": "5", "points_1": "7"})
    assert response.status_code == 302 and live_points(game) == [[5, 7]]
    page = client.get(f"{old}1/", follow=True).content.decode()
    fields = dict(re.findall(r'name="(round_id|made)"[^>]* value="([^"]*)"', page))
    edited = {"number": "1", "points_0": "6", "points_1": "7", **fields}
    assert client.post(f"{old}1/", edited).status_code == 302
    assert live_points(game) == [[6, 7]]


@pytest.mark.parametrize(("lang", "other"), [("en", "nb"), ("nb", "en")])
def test_the_language_switch_of_a_hole_leads_to_the_other_languages_word(
    client, played, lang, other
):
    game = played("golf")
    page = client.get(url("edit-round", game, lang, number=2)).content.decode()
    there = OWN["golf", other].format(game.edit_token) + "2/"
    assert f'<a class="lang" href="{there}" hreflang="{other}"' in page
    assert f'<link rel="alternate" hreflang="{other}" href="http://testserver{there}">' in page
    assert client.get(there).status_code == 200


def test_a_word_no_game_has_is_no_address(client, played):
    game = played("golf")
    for word in ("hole", "hull", "round", "runde"):
        assert client.get(f"/en/scorepad/g/{game.edit_token}/{word}/1/").status_code in (200, 301)
    assert client.get(f"/en/scorepad/g/{game.edit_token}/putt/1/").status_code == 404
    # the fixed words beside a round's are still theirs
    assert client.get(f"/en/scorepad/g/{game.edit_token}/history/").status_code == 200
