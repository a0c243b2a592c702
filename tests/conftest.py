import pytest
from django.core.cache import caches
from django.db.models import F
from django.utils import translation

from scorepad.models import Game, Player, Round, Score


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


def play_rounds(game, rounds, points=1):
    """Store `rounds` rounds straight in the database, as if entered earlier."""
    players = list(game.players.all())
    for number in range(1, rounds + 1):
        rnd = Round.objects.create(game=game, number=number)
        Score.objects.bulk_create(Score(round=rnd, player=p, points=points) for p in players)
    Game.objects.filter(pk=game.pk).update(version=F("version") + rounds)  # one per change
