"""The paper score sheet for a game's players prints their names over the columns, under
the game's own choices; the numbered sheets stay as they were."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from tests.conftest import make_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_sheet_for_these_players_prints_their_names(client, lang):
    game = make_game(("Anne-Marthe Kristiansen", "Øyvind", "Håkon"), variant="three_in_hand")
    with translation.override(lang):
        sheet = reverse("scorepad:sheet", args=[game.edit_token])
        page = reverse("scorepad:game", args=[game.edit_token])
    assert f'href="{sheet}"' in client.get(page).content.decode()
    html = client.get(sheet).content.decode()
    header = re.search(r"<thead>(.*?)</thead>", html, re.S).group(1)
    names = re.findall(r'<span class="name-line">(.*?)</span>', header)
    assert names == ["Anne-Marthe Kristiansen", "Øyvind", "Håkon"]


def test_the_numbered_sheet_still_numbers_its_players(client):
    html = client.get("/en/sheet/2/").content.decode()
    assert re.findall(r'<span class="name-line">(.*?)</span>', html) == ["Player 1", "Player 2"]
