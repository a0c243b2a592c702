"""What a Golf page gives its scripts for the holes kept offline (scorepad/pages/
golf_offline.py) and for the layout helper (scorepad/logic/golf_layout.py,
scorepad/golf/_layout_helper.html): the board, the texts in both languages, the grid and
the card table of every variant and house rule."""

import json
import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from rules.games.golf.cards import JOKER, VARIANTS, GolfHouse, card_table, every_house
from scorepad.logic.golf_layout import layout_data, layout_json
from scorepad.pages.golf_offline import golf_board, golf_outbox_texts


def test_the_board_carries_the_holes_as_they_count_and_the_rules_that_end_the_game():
    house = GolfHouse(caller_penalty=True, extra_hole=True, holes=5)
    board = json.loads(golf_board(["Anna", "Bo"], 1, [[3, -2], [None, 4]], house))
    assert board["rounds"] == [[3, -2], [None, 4]]
    assert (board["game"], board["holes"], board["extra_hole"]) == ("golf", 5, True)
    assert board["threshold"] is None and board["first_dealer"] == 1


def test_the_texts_in_both_languages_with_the_same_placeholders():
    english, norwegian = golf_outbox_texts("en"), golf_outbox_texts("nb")
    assert english.keys() == norwegian.keys()
    for key, text in english.items():
        assert norwegian[key] != text or key == "unsent", key
        assert re.findall(r"%\(\w+\)s", norwegian[key]) == re.findall(r"%\(\w+\)s", text), key
    assert "\u2212" in english["not_number"] and "\u2212" in norwegian["not_number"]


@pytest.mark.parametrize("house", every_house(), ids=repr)
def test_the_helper_reads_the_grid_and_the_card_table_of_every_table(house):
    data = layout_data(house, players=5)
    variant = VARIANTS[house.variant]
    assert (data["rows"], data["columns"]) == (variant.rows, variant.columns)
    assert data["values"] == card_table(house.jokers)
    assert (JOKER in data["values"]) == (house.jokers is not None)
    assert data["four_bonus"] == house.four_bonus
    assert data["copies"]["K"] == 8  # two decks for five
    assert json.loads(layout_json(house)) == {k: v for k, v in data.items() if k != "copies"}


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_helper_names_every_rank_and_says_everything_in_the_readers_language(lang):
    with translation.override(lang):
        html = render_to_string("scorepad/golf/_layout_helper.html")
    ranks = re.findall(r'data-rank="(\w)" aria-label="([^"]+)">([^<]+)<', html)
    assert [r for r, _name, _label in ranks] == [*"A23456789TJQK", JOKER]
    labels = {r: label for r, _name, label in ranks}
    assert (labels["A"], labels["J"], labels["Q"]) == (
        ("E", "Kn", "D") if lang == "nb" else ("A", "J", "Q")
    )
    names = {r: name for r, name, _label in ranks}
    assert names["Q"] == ("dame" if lang == "nb" else "queen")
    assert " hidden" in html.split(">")[0] + ">"  # nothing of it without the script
    if lang == "nb":
        with translation.override("en"):
            english = render_to_string("scorepad/golf/_layout_helper.html")
        texts = re.compile(r'data-(?:whose|place|empty|given|scores|four|next|cancels)="([^"]*)"')
        assert len(texts.findall(html)) == 8
        assert not set(texts.findall(html)) & set(texts.findall(english))
