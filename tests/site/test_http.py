"""One address per page, caches keyed by what they hold, nothing public that differs by
HX-Request."""

import pytest
from django.test import Client
from django.utils.cache import get_max_age

from ghost_site import context_processors

CHOICES = {
    "jack_value": "11",
    "start_card": "stock",
    "swap_seen": "yes",
    "variant": "standard",
    "game_length": "custom",
    "threshold": "15",
}


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("asked", "one_address"),
    [
        ("/en/sheet/02/", "/en/sheet/2/"),
        ("/en/sheet/0002/", "/en/sheet/2/"),
        ("/nb/poengark/002/", "/nb/poengark/2/"),
        ("/en/sheet/02/jack-11/", "/en/sheet/2/jack-11/"),
        ("/en/sheet/05/three-in-hand/", "/en/sheet/5/three-in-hand/"),
    ],
)
def test_a_sheet_has_one_address(client, asked, one_address):
    response = client.get(asked)
    assert response.status_code == 301
    assert response["Location"] == one_address
    assert client.get(one_address).status_code == 200


@pytest.mark.django_db
@pytest.mark.parametrize("htmx", [False, True])
def test_answers_that_differ_by_htmx_are_not_public(htmx):
    headers = {"HTTP_HX_REQUEST": "true"} if htmx else {}
    response = Client().get("/en/rules/", CHOICES, **headers)
    assert response.status_code == (200 if htmx else 302)
    assert "HX-Request" in response["Vary"]
    control = response["Cache-Control"]
    assert "public" not in control
    assert "private" in control
    assert get_max_age(response) == 3600


@pytest.mark.django_db
def test_the_plain_rules_page_stays_public(client):
    response = client.get("/en/rules/jack-11/")
    assert response.status_code == 200
    assert "public" in response["Cache-Control"]


@pytest.mark.django_db
def test_the_same_page_cache_is_keyed_by_the_resolved_page(client):
    """Distinct paths that resolve to nothing add nothing; one page under two spellings
    is one entry."""
    context_processors._reversed_in.cache_clear()
    assert client.get("/en/rules/").status_code == 200
    after_one = context_processors._reversed_in.cache_info().currsize
    assert after_one > 0
    for n in range(40):
        assert client.get(f"/en/{n}" + "y" * 5_000 + "/").status_code == 404
        assert client.get(f"/nb/poengark/{n}x" + "z" * 60_000).status_code == 404
    assert context_processors._reversed_in.cache_info().currsize == after_one
    assert client.get("/nb/regler/").status_code == 200  # the same page in Norwegian
    assert context_processors._reversed_in.cache_info().currsize == after_one
    assert client.get("/en/rules/jack-11/").status_code == 200
    assert context_processors._reversed_in.cache_info().currsize == after_one + 2
