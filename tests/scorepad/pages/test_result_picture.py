"""The result picture (scorepad/pages/result_picture.py): a PNG of the stated size that
follows the game."""

import io

import pytest
from PIL import Image

from rules import words
from scorepad.pages import result_picture as picture
from tests.conftest import fresh, make_game, play

pytestmark = pytest.mark.django_db


def picture_of(game, language="en"):
    game = fresh(game)
    fmt = words.points_formatter(language)
    result = game.outcome()
    standings = [
        picture.Standing(p.name, fmt(t), "", i in result.losers)
        for i, (p, t) in enumerate(zip(game.player_list, result.totals, strict=True))
    ]
    return picture.result_png(
        "Ghost", "1 December 2026", standings, game.course(fmt), "21", "round"
    )


def test_the_picture_is_a_png_of_the_stated_size_and_follows_the_game():
    game = play(make_game(("Anna", "Bo")), (3, 5), (19, 2))
    first = picture_of(game)
    image = Image.open(io.BytesIO(first))
    assert image.format == "PNG" and image.size == picture.SIZE
    fresh(game).rename_player(1, "Bodil")
    assert picture_of(game) != first
