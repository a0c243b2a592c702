"""Issue 17: the table picture is true at every table.

For each of the tables a reader can choose, in both languages, the picture on the rules
page is read back from the HTML as drawn: how many players sit at the table, how many
cards each is dealt, which of your own you know at setup, the ghost apart, the stock and
the start card. Each is compared with the table's facts (rules.cards.table_facts), and
the picture's description must say the same numbers in the reader's language. The
drawing itself must fit its box with no card lying on another.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from itertools import combinations

import pytest
from django.utils import translation

from rules.engine import schema
from rules.games.ghost import cards
from rules.views import house_url
from rules.words import NUMBER_WORDS

HOUSES = schema.all_houses()
LANGUAGES = ("en", "nb")
PLAYERS = {"en": "{} players", "nb": "{} spillere"}
DEALT = {"en": "dealt {} cards", "nb": "får {} kort"}
RANGE = {"en": "from {} to {} may play", "nb": "kan fra {} til {} spille"}
LABELS = {
    "en": {"ghost", "you", "opponent", "your hand", "stock", "discard pile"},
    "nb": {"spøkelse", "du", "motspiller", "hånden din", "trekkbunke", "kastebunke"},
}


def table_name(house):
    return "+".join(sorted(house.conditions()))


def picture(client, house, language, key="house"):
    """The picture's <svg> as an element tree, and its description's text."""
    with translation.override(language):
        url = house_url("rules", house)
    html = client.get(url).content.decode()
    found = re.search(
        rf'<svg [^>]*aria-labelledby="picture-{key}-title picture-{key}-desc".*?</svg>', html, re.S
    )
    assert found, f"no picture {key} at {url}"
    svg = ET.fromstring(found[0])
    desc = " ".join(svg.find("desc").text.split())
    return svg, desc


def boxes(element):
    """Every card drawn under `element`: (class, x, y, width, height)."""
    return [
        (
            rect.get("class"),
            *(int(rect.get(a)) for a in ("x", "y", "width", "height")),
        )
        for rect in element.iter("rect")
        if rect.get("class") != "felt"
    ]


def shown_players(known: cards.TableFacts) -> int:
    """Two when two play; three, one more than the least, where more may."""
    return known.least_players + (known.most_players > known.least_players)


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("house", HOUSES, ids=table_name)
def test_the_picture_draws_the_tables_players_and_hands(client, house, language):
    known = cards.table_facts(house)
    svg, desc = picture(client, house, language)
    seats = [g for g in svg.iter("g") if "seat" in g.get("class", "").split()]
    assert len(seats) == shown_players(known)
    assert known.least_players <= len(seats) <= known.most_players
    assert [g.get("class").split()[1] for g in seats].count("you") == 1
    for seat in seats:
        drawn = boxes(seat)
        assert len(drawn) == known.hand, f"{seat.get('class')} holds {len(drawn)}"
        assert [kind for kind, *_ in drawn].count("apart") == 1  # the ghost, set apart
        numbers = [int(t.text) for t in seat.iter("text") if t.get("class") == "num"]
        if known.lie == "row":
            assert numbers == list(range(1, known.held + 1))
        else:
            assert numbers == []  # cards held in the hand are not places
        if "you" in seat.get("class"):
            kinds = [kind for kind, *_ in drawn]
            if known.lie == "row":
                assert kinds.count("back seen") == known.seen_at_setup
                assert kinds[: known.seen_at_setup] == ["back seen"] * known.seen_at_setup
            else:
                assert kinds.count("face") == known.held  # you see your hand
        else:
            assert not any("seen" in kind or kind == "face" for kind, *_ in drawn)
    middle = [box for box in boxes(svg) if box not in sum((boxes(s) for s in seats), [])]
    kinds = [kind for kind, *_ in middle]
    assert kinds.count("back") == 3  # the stock
    assert kinds.count("face") == int(known.start_card)
    assert kinds.count("empty") == int(not known.start_card)
    assert (svg.find(".//text[@class='pip']") is not None) == known.start_card

    words = NUMBER_WORDS[language]
    said = desc.lower()
    assert PLAYERS[language].format(words[len(seats)]) in said, desc
    assert DEALT[language].format(words[known.hand]) in said, desc
    assert f" {words[known.held]} " in said
    more = RANGE[language].format(words[known.least_players], words[known.most_players])
    assert (more in said) == (known.most_players > known.least_players), desc
    if known.lie == "row" and known.unseen:
        assert f" {words[known.seen_at_setup]} " in said
    labels = {t.text for t in svg.iter("text") if t.get("class") == "label"}
    assert labels <= LABELS[language], labels - LABELS[language]


@pytest.mark.django_db
@pytest.mark.parametrize(
    "house",
    [
        cards.House(more_players=True, start_card=False),
        cards.House(variant="three_in_hand"),
        cards.House(variant="seven_cards"),
        cards.DEFAULT_HOUSE,
    ],
    ids=table_name,
)
def test_every_card_fits_the_picture_and_none_lies_on_another(client, house):
    svg, _ = picture(client, house, "nb")
    width, height = (int(n) for n in svg.get("viewBox").split()[2:])
    drawn = boxes(svg)
    for _, x, y, w, h in drawn:
        assert x >= 0 and y >= 0 and x + w <= width and y + h <= height
    stock = [box for box in drawn if box[0] == "back"][-3:]  # the pile, cards offset a little
    cards_ = [box for box in drawn if box not in stock[:2]]
    for (_, x1, y1, w1, h1), (_, x2, y2, w2, h2) in combinations(cards_, 2):
        fanned = y1 == y2 and h1 == h2 and abs(x1 - x2) < w1  # a hand, fanned on purpose
        overlap = x1 < x2 + w2 and x2 < x1 + w1 and y1 < y2 + h2 and y2 < y1 + h1
        assert fanned or not overlap, ((x1, y1), (x2, y2))


@pytest.mark.django_db
def test_the_variants_own_picture_seats_its_players_at_the_tables_start_card(client):
    """The picture beside "Three in hand" among the variants: three of two to six
    players, whatever the table plays, with the table's start card."""
    svg, desc = picture(client, cards.House(start_card=False), "en", key="three_in_hand")
    assert len([g for g in svg.iter("g") if "seat" in g.get("class", "")]) == 3
    assert "from two to six may play" in desc and "no card is turned up" in desc
