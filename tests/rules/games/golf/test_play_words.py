"""The practice hole's words (rules/games/golf/play_words.py) after the native editor's
third read (issue 35): a card is «kortet» whatever its name's gender, four-card golf's
last turn follows a knock, a computer's reason says what would have been, and the piles'
labels stand apart from what lies there."""

import re

import pytest
from django.utils import translation

from rules.games.golf import cards, play, play_words
from rules.practice import table


def hole(variant: str, seed: int) -> dict:
    """A whole hole of three seats played by the computers, from a seeded deal."""
    return play.all_computers(play.deal(cards.GolfHouse(variant), 3, "careful", seed))


@pytest.mark.parametrize("variant", list(cards.VARIANTS))
def test_a_card_moved_is_kortet_whatever_its_names_gender(variant):
    """Item 1: «tok hjerter ess … og la den», while «ess» is neuter."""
    lines = []
    for seed in range(3):
        state = hole(variant, seed)
        view = play.view(state, table.READER)
        with translation.override("nb"):
            lines += [play_words.event_line(e, view) for e in view["events"]]
    text = " ".join(lines)
    assert re.search(r"og (la|kastet) kortet ", text)
    # «trakk et kort og la det med bildesiden ned» is right: «det» is «et kort» there
    for wrong in (" la den ", " kastet den "):
        assert wrong not in text, wrong


@pytest.mark.parametrize(
    ("language", "knocked", "ended"),
    [
        ("en", "Your last turn, since Computer 1 has knocked", "has ended the hole"),
        ("nb", "Din siste tur, for Datamaskin 1 har banket i bordet", "avsluttet hullet"),
    ],
)
def test_four_card_golfs_last_turn_follows_a_knock(language, knocked, ended):
    """Item 45: "Your last turn, since Bo has ended the hole" where Bo knocked."""
    for variant in ("four_card", "six_card"):
        state = play.deal(cards.GolfHouse(variant), 2, "careful", 1)
        for place in (1, 2):  # the reader's setup
            state = play.apply(state, f"up-{place}")
        view = play.view(state, table.READER) | {"caller": 1, "held": None}
        with translation.override(language):
            name = play_words.seat_name(1)
            line, _anchor = play_words.step_line(view)
        if variant == "four_card":
            assert knocked.replace("Computer 1", name).replace("Datamaskin 1", name) in line
            assert ended not in line
        else:
            assert ended in line


@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "No place in Bo’s layout would have gained from it."),
        ("nb", "Kortet ville ikke gjort noen av plassene til Bo bedre."),
    ],
)
def test_a_card_thrown_away_would_have_helped_no_place(language, said):
    """Item 33: «Ingen plass blant kortene til Bo ble bedre av det.»"""
    with translation.override(language):
        assert str(play_words.REASONS["nothing_better"]) % {"name": "Bo"} == said


@pytest.mark.django_db
def test_an_empty_discard_pile_reads_as_its_label_and_empty(client):
    """Item 34: «Kastebunketom», the label and «tom» run together."""
    response = client.post("/nb/golf/trening/", {"opponents": "1", "level": "careful"})
    address = response["Location"]
    token = re.search(r"/([A-Za-z0-9_-]{12,})/$", address)[1]
    session = client.session
    session["practice"][token]["state"]["discard"] = []
    session.save()
    html = client.get(address).content.decode()
    # the text as a screen reader or a copy joins it: tags add no space of their own
    text = re.sub(r"\s+", " ", re.sub(r"<[^>]+>", "", html))
    assert "Kastebunke tom" in text and "Kastebunketom" not in text
