"""Issue 17: the house-rules form asks for each house rule of `cards.HOUSE_RULES`, from
one table (`rules.house.ASKED`): every table reads back through the form as itself."""

import pytest
from django.utils import translation

from rules.engine import schema
from rules.games.ghost import cards
from rules.games.ghost.house import ASKED, HouseFields
from rules.games.ghost.pad.forms import NewGameForm


def sent(initial: dict) -> dict:
    """What a browser sends for a form showing `initial`: a ticked box as "on", an
    unticked one and an empty field not at all."""
    return {
        name: "on" if value is True else str(value)
        for name, value in initial.items()
        if value not in (False, None)
    }


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize(
    "house", schema.all_houses(), ids=lambda h: "+".join(sorted(h.conditions()))
)
def test_every_table_reads_back_through_the_form(house, language):
    with translation.override(language):
        form = HouseFields(sent(HouseFields.for_house(house).initial))
        assert form.is_valid(), form.errors
        assert form.house() == house


def test_the_form_asks_each_house_rule_once_after_the_variant():
    assert set(ASKED) == {rule.field for rule in cards.HOUSE_RULES}
    names = list(HouseFields().fields)
    asked = [name for a in ASKED.values() for name in a.fields()]
    assert names == ["variant", *asked]
    assert len(set(names)) == len(names)
    new_game = list(NewGameForm().fields)
    assert new_game[: len(names)] == names  # the players' fields come after the table's
    assert new_game[len(names) : len(names) + 2] == ["player_count", "first_dealer"]
