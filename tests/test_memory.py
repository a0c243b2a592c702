"""The page cache is bounded in bytes per process, whatever the pages hold."""

import copy

import pytest
from django.conf import settings
from django.core.cache import caches
from django.test import Client, override_settings

from scorepad.models import MAX_ROUNDS, Game, Result, Round
from tests.conftest import make_game, play_rounds

SMALL = 512 * 1024  # a bound a few pages at the cap exceed


def held_bytes(alias: str) -> int:
    """What the cache holds, measured from its store: keys and pickled values."""
    store = caches[alias]._cache
    return sum(len(key) + len(value) for key, value in store.items())


def test_both_caches_are_bounded_in_bytes():
    for alias in ("default", "pages"):
        assert settings.CACHES[alias]["OPTIONS"]["MAX_BYTES"] <= 32 * 1024 * 1024


@pytest.mark.django_db
def test_changes_at_the_round_cap_stay_under_the_bound():
    """Undo, view, bring back, view, on a game at the round cap with long non-Latin
    names: every version is a new page, and the cache never holds more than its bound."""
    bounded = copy.deepcopy(settings.CACHES)
    bounded["default"]["OPTIONS"]["MAX_BYTES"] = SMALL
    with override_settings(CACHES=bounded):
        game = make_game(names=("😀" * 24, "ß" * 24, "Ω" * 24, "Åse"))
        play_rounds(game, MAX_ROUNDS, points=0)  # nobody over the threshold: still open
        game = Game.objects.get(pk=game.pk)  # as a request reads it
        client = Client()
        page = f"/en/scorepad/g/{game.edit_token}/"
        sizes = []
        for _cycle in range(8):
            assert game.undo_round(MAX_ROUNDS).result is Result.SAVED
            assert client.get(page).status_code == 200
            sizes.append(held_bytes("default"))
            undone = Round.objects.filter(game=game, number=MAX_ROUNDS, status="undone").latest(
                "id"
            )
            assert game.restore_round(undone.pk).result is Result.SAVED
            assert client.get(page).status_code == 200
            sizes.append(held_bytes("default"))
        one_page = len(client.get(page).content)
        assert one_page > 60_000  # the cap's page is large: the bound is met, not skirted
        assert max(sizes) <= SMALL
        assert min(sizes) > one_page // 2  # it does keep pages
