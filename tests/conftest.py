import pytest
from django.core.cache import caches
from django.utils import translation

from scorepad.models import Game, Player


@pytest.fixture(autouse=True)
def _fresh_state():
    """Each test starts in English with empty caches: a request leaves its language active
    in the thread, and rate-limit counts or cached pages must not carry over."""
    for alias in ("default", "pages"):
        caches[alias].clear()
    translation.activate("en")
    yield
    translation.deactivate()


def make_game(names=("Anna", "Bo"), variant="standard", jack="0.5", threshold=21, first_dealer=0):
    game = Game.objects.create(
        variant=variant, jack_value=jack, threshold=threshold, first_dealer=first_dealer
    )
    Player.objects.bulk_create(Player(game=game, position=i, name=n) for i, n in enumerate(names))
    return game


@pytest.fixture
def game(db):
    return make_game()
