"""What Golf's scorepad says, read as an editor reads it, in both languages: the result of
a game the extra hole decided (the totals are tied, so nobody wins "with the lowest
total"), the page's words in holes where they were rounds (the offline refusal, an empty
history, the watch page at the extra hole), the caller penalty's hint saying whose score
the caller adds, and "1 hole" in the line of the table's choices."""

import re
from html import unescape

import pytest

from scorepad.models import Game
from tests.conftest import enter as send
from tests.conftest import golf, url

pytestmark = pytest.mark.django_db


def page(client, name, game, lang, **kwargs):
    return unescape(client.get(url(name, game, lang, **kwargs)).content.decode())


def tied_after_one_hole(client):
    game = golf(holes=1, extra_hole=True)
    assert send(client, game, 4, 4, 9, number=1).status_code == 302
    return game


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        (
            "en",
            [
                "Bo wins the game on the extra hole.",
                "The tied players had 4 each after the last hole.",
            ],
            ["wins with the lowest total", "Anna and Bo share"],
        ),
        (
            "nb",
            [
                "Bo vinner spillet på det ekstra hullet.",
                "De som sto likt, hadde 4 hver etter siste hull.",
            ],
            ["vinner med lavest sum", "deler seieren"],
        ),
    ],
)
def test_a_game_won_on_the_extra_hole_is_not_won_by_the_lowest_total(client, lang, said, not_said):
    game = tied_after_one_hole(client)
    assert send(client, game, 6, 2, None, number=2, lang=lang).status_code == 302
    text = page(client, "game", game, lang)
    for words in said:
        assert words in text
    for words in not_said:
        assert words not in text


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Anna and Bo share the win: tied again on the extra hole."),
        ("nb", "Anna og Bo deler seieren: de sto likt igjen på det ekstra hullet."),
    ],
)
def test_a_tie_again_on_the_extra_hole_is_a_shared_win(client, lang, said):
    game = tied_after_one_hole(client)
    assert send(client, game, 3, 3, None, number=2, lang=lang).status_code == 302
    text = page(client, "game", game, lang)
    assert said in text
    assert "lowest total" not in text and "lavest sum" not in text


@pytest.mark.parametrize(
    ("lang", "holes", "rounds"),
    [
        ("en", "bringing back holes need the server", "rounds"),
        ("nb", "hente tilbake et hull krever serveren", "runde"),
    ],
)
def test_the_game_pages_offline_refusal_speaks_of_holes(client, lang, holes, rounds):
    text = page(client, "game", golf(), lang)
    refusal = re.search(r"data-offline-refusal hidden>([^<]*)<", text).group(1)
    assert holes in refusal and rounds not in refusal


def test_ghosts_game_page_keeps_its_rounds(client):
    game = Game.create_with_players(["Anna", "Bo"])
    text = page(client, "game", game, "en")
    refusal = re.search(r"data-offline-refusal hidden>([^<]*)<", text).group(1)
    assert "bringing back rounds need the server" in refusal


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("en", "No hole has been undone or changed in this game.", "Nothing has been undone"),
        ("nb", "Ingen hull er angret eller endret i dette spillet.", "Ingen runder"),
    ],
)
def test_an_empty_history_speaks_of_holes(client, lang, said, not_said):
    text = page(client, "history", golf(), lang)
    assert said in text and not_said not in text


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("en", "The extra hole is being played; Bo deals.", "Hole 2 is being played"),
        ("nb", "Det ekstra hullet spilles nå, og Bo gir.", "Hull 2 spilles nå"),
    ],
)
def test_the_watch_page_names_the_extra_hole(client, lang, said, not_said):
    game = tied_after_one_hole(client)
    text = page(client, "watch", game, lang, token="watch_token")
    assert said in text and not_said not in text


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        (
            "en",
            "every player with the lowest score writes 0 and the player who went out adds that "
            "score to their own. A lowest score of 0 or less changes nothing.",
            "adds their score to their own",
        ),
        (
            "nb",
            "skriver den eller de med lavest poengsum 0, og den som gikk ut, får den "
            "poengsummen lagt til sin egen. Er den laveste poengsummen 0 eller mindre, "
            "endres ingenting.",
            "blir stående)",
        ),
    ],
)
def test_the_caller_penalty_hint_says_whose_score_the_caller_adds(client, lang, said, not_said):
    text = page(client, "game", golf(caller_penalty=True), lang)
    text = re.sub(r"\s+", " ", text)
    assert said in text and not_said not in text


@pytest.mark.parametrize(("lang", "said"), [("en", "· 1 hole ·"), ("nb", "· 1 hull ·")])
def test_one_hole_is_one_hole_in_the_line_of_choices(client, lang, said):
    text = page(client, "game", golf(holes=1), lang)
    settings = re.sub(r"\s+", " ", text.split('<p class="settings">')[1].split("</p>")[0])
    assert re.sub(r"<[^>]+>", "", settings).count(said) == 1
    assert "1 holes" not in text


def test_norwegian_says_a_game_of_golf_as_a_card_player_would(client):
    game = tied_after_one_hole(client)
    send(client, game, 6, 2, None, number=2, lang="nb")
    text = page(client, "game", game, "nb")
    # issue 35: «Vårt parti Golf» was English word order; as Ghost says it, «i Spøkelse»
    assert "Partiet vårt i Golf" in text and "Følg partiet vårt i Golf" in text
    assert "Vårt parti Golf" not in text and "Partiet vårt av Golf" not in text
    assert "Vil dere heller fortsette dette spillet, kan dere angre eller endre et hull." in text


@pytest.mark.parametrize(("lang", "label"), [("en", "Player"), ("nb", "Spiller")])
def test_the_games_paper_sheet_heads_its_columns_with_the_names_alone(client, lang, label):
    text = page(client, "sheet", golf(), lang)
    heads = re.findall(r'<span class="name-line">([^<]*)</span>', text)
    assert heads == ["Anna", "Bo", "Cy"]
    assert f"{label} Anna" not in text


@pytest.mark.parametrize(
    ("lang", "said", "not_said"),
    [
        ("en", "counts with what has been played so far", "rounds played so far"),
        ("nb", "teller med det som er spilt så langt", "rundene som er spilt"),
    ],
)
def test_the_statistics_speak_of_what_was_played_not_of_rounds(client, lang, said, not_said):
    """The statistics count Golf's holes as well as Ghost's rounds."""
    from django.urls import reverse
    from django.utils import translation

    game = golf()
    send(client, game, 3, -1, 5, number=1, lang=lang)
    with translation.override(lang):
        html = unescape(client.get(reverse("scorepad:statistics")).content.decode())
    assert said in html and not_said not in html


def test_ghosts_round_table_caption_reads_as_norwegian(client):
    from tests.conftest import make_game

    html = page(client, "game", make_game(), "nb")
    assert "Runder: rundens sum, med summen så langt under" in html
    assert "samlet sum under" not in html
