"""A form refused for its missing CSRF token (scorepad/views/refused.py): Django's page,
in the header and footer of the game of the address (issue 35, GO-EN-31)."""

import pytest
from django.test import Client

from scorepad.models import Game
from tests.conftest import footer_words, url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_golf_form_refused_for_its_missing_csrf_token_keeps_golfs_footer(language):
    golf = Game.create_with_players(["Cy", "Dag"], game="golf")
    page = Client(enforce_csrf_checks=True).post(
        url("add-round", golf, language), {"number": "1", "points_0": "3", "points_1": "5"}
    )
    assert page.status_code == 403
    assert "Golf" in footer_words(page)
    assert {"en": "Ghost", "nb": "Spøkelse"}[language] not in footer_words(page)
