"""Golf's house-rules form (rules/games/golf/house.py): the top line's summary and the
sentences of what differs from the site's defaults, in both languages."""

import pytest
from django.utils import translation

from rules.games.golf import cards, house


@pytest.mark.parametrize(
    ("bonus", "lang", "sentence", "word"),
    [
        (
            "square",
            "en",
            "Four equal cards in a square earn −20.",
            "four of a kind in a square −20",
        ),
        ("square", "nb", "Fire like kort i en firkant gir −20.", "fire like i firkant −20"),
        (
            "two_columns",
            "en",
            "Four equal cards in two cancelled columns earn −10.",
            "four of a kind −10",
        ),
        ("two_columns", "nb", "Fire like kort i to nullede kolonner gir −10.", "fire like −10"),
    ],
)
def test_a_four_of_a_kind_bonus_says_where_the_cards_must_lie(bonus, lang, sentence, word):
    """Reported: «Fire like gir −20» without «i en firkant»: −20 is for a square only."""
    table = cards.GolfHouse(four_of_a_kind=bonus)
    with translation.override(lang):
        assert sentence in house.differences(table)
        assert word in house.summary(table)
