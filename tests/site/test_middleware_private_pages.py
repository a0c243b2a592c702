"""Every scorepad answer, and every answer at an address that holds a game's token, says
`Cache-Control: no-store` and sends the token in no Referer (ghost_site/middleware.py,
`private_pages`). The test walks every URL name of the scorepad, and the shared watch
link, so a view added later without its own decorator is covered too."""

import pytest
from django.test import Client
from django.urls import URLPattern, get_resolver, reverse
from django.utils import translation

from tests.conftest import play_rounds

pytestmark = pytest.mark.django_db

ROOT_NAMES_WITH_TOKENS = ["watch-link"]


def scorepad_names() -> list[tuple[str, set[str]]]:
    """(name, its parameters) for every route of the scorepad's namespace."""
    _prefix, resolver = get_resolver().namespace_dict["scorepad"]
    routes = []
    for pattern in resolver.url_patterns:
        assert isinstance(pattern, URLPattern), "the scorepad's routes are flat"
        routes.append((f"scorepad:{pattern.name}", set(pattern.pattern.regex.groupindex)))
    return routes


def arguments(name: str, parameters: set[str], game) -> dict:
    watch = "watch" in name
    values = {
        "token": game.watch_token if watch else game.edit_token,
        "number": 1,
        "game": "golf",
        "round_address": game.game,  # a round's word in its game's address
    }
    assert parameters <= set(values), f"{name} takes a parameter this test does not know"
    return {key: values[key] for key in parameters}


def answers(client: Client, path: str):
    """The GET answer, and the POST answer for a view that takes posts."""
    got = client.get(path)
    yield "GET", got
    posted = client.post(path, {})
    if posted.status_code != 405:
        yield "POST", posted


def routes():
    return [*scorepad_names(), *((name, {"token"}) for name in ROOT_NAMES_WITH_TOKENS)]


def test_the_walk_finds_every_kind_of_scorepad_page():
    names = {name for name, _parameters in routes()}
    assert len(names) >= 19  # 18 scorepad routes and the shared watch link, today
    assert {"scorepad:game", "scorepad:sheet", "scorepad:watch", "watch-link"} <= names


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_every_scorepad_answer_says_no_store(game, lang):
    play_rounds(game, 1)
    client = Client()
    client.get(f"/{lang}/scorepad/")  # a session, as a phone has
    for name, parameters in routes():
        with translation.override(lang):
            path = reverse(name, kwargs=arguments(name, parameters, game))
        for method, response in answers(client, path):
            control = response.get("Cache-Control", "")
            assert "no-store" in control, f"{method} {name}: {response.status_code} {control!r}"
            assert "public" not in control, name
            if "token" in parameters:
                assert response["Referrer-Policy"] in ("no-referrer", "strict-origin"), name


def test_an_unknown_token_says_no_store_too(game):
    for name in ("scorepad:game", "scorepad:sheet", "scorepad:watch"):
        response = Client().get(reverse(name, kwargs={"token": "x" * 32}))
        assert response.status_code == 404
        assert "no-store" in response["Cache-Control"], name


def test_the_rules_pages_stay_public(client):
    response = client.get("/en/rules/")
    assert "public" in response["Cache-Control"]
    assert "no-store" not in response["Cache-Control"]
