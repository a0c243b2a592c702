"""Issue 35, the read-through (../shared/reports/read-through.md) on a game's page: a
round's refusals (GH-EN-07, -08) and the evening box (GH-EN-10, GH-NB-08, -09). Each
test reads the page; a number in a sentence comes from the game's facts."""

import re

import pytest

from rules.words import format_points
from scorepad.models import Game
from tests.conftest import enter, make_game, page_words, play, url

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("minus", ["-", "\N{MINUS SIGN}", "- "])
def test_a_total_below_zero_is_told_the_lowest_total(client, language, minus):
    """GH-EN-07: −1 was told to write whole or half points, which it is."""
    game = make_game(("Ada", "Bo"))
    page = enter(client, game, "3", f"{minus}1", lang=language)
    assert page.status_code == 422
    text = page_words(page)
    lowest = format_points(min(game.possible_totals()), language)
    said = {
        "en": f"Bo: a round total cannot be below {lowest} in this game.",
        "nb": f"Bo: en rundesum kan ikke være under {lowest} i dette spillet.",
    }[language]
    assert said in text
    assert "whole or half points" not in text and "hele eller halve" not in text
    assert not game.rounds.exists()


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_total_below_zero_at_jack_eleven_names_that_tables_lowest(client, language):
    game = make_game(("Ada", "Bo"), jack="11")
    lowest = min(game.possible_totals())
    assert lowest != min(make_game().possible_totals())  # the facts differ: 1, not 0.5
    text = page_words(enter(client, game, "-2", "5", lang=language))
    assert f" {format_points(lowest, language)} " in text.split("Ada:", 1)[1][:80]


@pytest.mark.parametrize(
    ("typed", "bad"), [("X Y Z 1 0", "X"), ("8 J Zz 2 K", "Zz"), ("8, J, A, 2, Ø", "Ø")]
)
@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_card_not_known_is_named_alone_as_typed(client, language, typed, bad):
    """GH-EN-08: the whole field came back in lower case ("x y z 1 0")."""
    game = make_game(("Ada", "Bo"))
    page = enter(client, game, "", "3", lang=language, cards_0=typed)
    assert page.status_code == 422
    said = {"en": f"Ada: “{bad}” is not a card.", "nb": f"Ada: «{bad}» er ikke et kort."}
    text = page_words(page)
    assert said[language] in text
    assert typed.lower() not in text.replace(typed, "")  # nothing echoed lowered


def series_box(client, language):
    first = play(make_game(("Cecilie", "Bo"), threshold=10), (11, 2))
    client.post(url("rematch", first))
    second = Game.objects.get(rematch_of=first)
    page = client.get(url("game", second, language)).content.decode()
    return page_words(re.search(r'<section class="series".*?</section>', page, re.S)[0])


def test_the_evening_box_speaks_of_the_evening_only(client):
    box = series_box(client, "en")
    # a rematch just begun: one game over, this one under way (issue 36)
    assert "The evening so far: 1 game over, this one under way" in box
    assert "Games lost and won this evening before this one" in box
    assert "series" not in box


def test_the_norwegian_evening_box_is_written_as_a_norwegian_writes_it(client):
    box = series_box(client, "nb")
    assert "Kvelden så langt: 1 spill er ferdig, dette er i gang" in box
    assert "Tapte og vunne spill denne kvelden før dette" in box
    assert "serien" not in box and "Spill tapt og vunnet" not in box
    # the mark counts games lost this evening, not a total near the threshold
    assert "Cecilie flest tap" in box and "nærmest å tape" not in box


@pytest.mark.parametrize(
    ("language", "said", "old"),
    [
        ("en", "The round was not saved. Please check what is marked;", "the marked totals"),
        ("nb", "Runden ble ikke lagret. Sjekk det som er merket.", "de merkede summene"),
    ],
)
def test_a_round_refused_for_its_cards_does_not_point_to_the_totals(client, language, said, old):
    """The summary above a refused round said "check the marked totals" when only a
    card field was marked (Golf's says "what is marked")."""
    game = make_game(("Ada", "Bo"))
    page = enter(client, game, "", "3", lang=language, cards_0="X Y Z 1 0")
    assert page.status_code == 422
    text = page_words(page)
    assert said in text and old not in text
