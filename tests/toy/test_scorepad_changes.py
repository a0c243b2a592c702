"""The toy game, Two Cards, where the scorepad changes a game or prints it, in both
languages: a round edited (and the old one kept in the history), a name corrected, the
paper sheet with the players' names, and the pages a phone keeps offline and the
pre-rendered pages, which list the toy game's own rules pages."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from ghost_site.context_processors import offline_pages
from rules.views import prerendered_paths
from scorepad.models import Game, Round
from tests.conftest import enter, live_points, url

from .conftest import said, text

pytestmark = pytest.mark.parametrize("language", ["en", "nb"])


def game_of(toy) -> Game:
    return Game.create_with_players(["Kari", "Bo"], game=toy.key)


@pytest.mark.django_db
def test_a_round_is_edited_and_the_old_one_kept(client, toy, language):
    game = game_of(toy)
    enter(client, game, 5, 12, lang=language)
    enter(client, game, 7, 3, lang=language)
    first = Round.objects.get(game=game, number=1)
    form = client.get(url("edit-round", game, language, number=1)).content.decode()
    assert 'value="12"' in form
    assert said(language, "Edit round 1", "Endre runde 1") in text(form)
    data = {"number": "1", "round_id": str(first.pk), "points_0": "6", "points_1": "12"}
    changed = client.post(url("edit-round", game, language, number=1), data, follow=True)
    assert said(language, "Round 1 changed.", "Runde 1 er endret.") in text(
        changed.content.decode()
    )
    assert live_points(game) == [[6, 12], [7, 3]]
    # a total two cards never make is refused there too, and nothing changes
    data = {"number": "1", "round_id": str(first.pk), "points_0": "21", "points_1": "12"}
    refused = client.post(url("edit-round", game, language, number=1), data)
    assert refused.status_code == 422 and live_points(game) == [[6, 12], [7, 3]]
    history = text(client.get(url("history", game, language)).content.decode())
    assert said(language, "Round 1,", "Runde 1,") in history and "Kari 5" in history


@pytest.mark.django_db
def test_a_name_is_corrected(client, toy, language):
    game = game_of(toy)
    enter(client, game, 5, 12, lang=language)
    response = client.post(url("rename", game, language), {"seat": "0", "name": "Karin"})
    assert response.status_code == 302
    page = text(client.get(url("game", game, language)).content.decode())
    assert "Karin" in page
    taken = client.post(url("rename", game, language), {"seat": "1", "name": "Karin"})
    assert taken.status_code in (409, 422)


@pytest.mark.django_db
def test_the_paper_sheet_names_the_players_over_three_rounds(client, toy, language):
    game = game_of(toy)
    sheet = client.get(url("sheet", game, language)).content.decode()
    assert "Kari" in sheet and "Bo" in sheet
    assert len(re.findall(r'<th scope="row">\d+</th>', sheet)) == 3
    assert said(language, "After 3 rounds", "Etter 3 runder") in text(sheet)


def test_its_rules_pages_are_kept_offline_and_pre_rendered(toy, language):
    with translation.override(language):
        own = [reverse(f"rules:{kind}", kwargs={"game": toy.key}) for kind in ("rules", "card")]
    assert all(page in offline_pages(language) for page in own)
    assert all(page in prerendered_paths() for page in own)
