import pytest
from django.core.cache import caches

from scorepad.models import Game, Player


@pytest.fixture(autouse=True)
def _fresh_caches():
    """Each test starts with empty caches: no rate-limit counts or pages from another test."""
    for alias in ("default", "pages"):
        caches[alias].clear()
    yield


def make_game(names=("Anna", "Bo"), variant="standard", jack="0.5", threshold=21, first_dealer=0):
    game = Game.objects.create(
        variant=variant, jack_value=jack, threshold=threshold, first_dealer=first_dealer
    )
    Player.objects.bulk_create(Player(game=game, position=i, name=n) for i, n in enumerate(names))
    return game


@pytest.fixture
def game(db):
    return make_game()
