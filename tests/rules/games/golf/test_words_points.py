"""Golf's points with their word (rules/games/golf/words.py): one point is singular in English."""

import pytest

from rules.games.golf.words import WORDS, points_phrase

NBSP = "\N{NO-BREAK SPACE}"


@pytest.mark.parametrize(
    ("points", "english", "norwegian"),
    [
        (1, "1 point", "1 poeng"),
        (-1, "\u22121 point", "\u22121 poeng"),
        (0, "0 points", "0 poeng"),
        (2, "2 points", "2 poeng"),
        (-2, "\u22122 points", "\u22122 poeng"),
    ],
)
def test_a_score_takes_the_singular_only_for_one_point(points, english, norwegian):
    assert points_phrase(points, "en") == english.replace(" ", NBSP)
    assert points_phrase(points, "nb") == norwegian.replace(" ", NBSP)


def test_the_singular_is_a_word_of_its_own():
    assert WORDS["point"] == ("point", "poeng")
    assert "1 points" not in points_phrase(1, "en").replace(NBSP, " ")
