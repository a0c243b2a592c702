"""The toy game, Two Cards, on the scorepad in both languages, through HTTP as a phone
without JavaScript uses it: a new game, rounds, a refusal, undo and bring back, the end,
the watch page and its poll, the history, the exports and the result picture, the
rematch, "My games" and the statistics. Everything it says is its own, from its folder
(tests/toy/toy_games/twocards/)."""

from __future__ import annotations

import csv
import io
import re

import pytest
from django.urls import reverse
from django.utils import translation

from scorepad.models import Game
from tests.conftest import enter, live_points, url

from .conftest import main, said, text

pytestmark = [pytest.mark.django_db, pytest.mark.parametrize("language", ["en", "nb"])]

NAME = {"en": "Two Cards", "nb": "To kort"}
PLAYERS = ("Kari", "Bo", "Cy")


def followed(client, response):
    """The page a form's answer leads to (its messages), or the answer itself."""
    return client.get(response["Location"]) if response.status_code == 302 else response


def start(client, language, **table) -> Game:
    """A game of Two Cards for three, started through its own new-game page."""
    with translation.override(language):
        page = reverse("scorepad:start-game", kwargs={"game": "twocards"})
    form = client.get(page)
    assert form.status_code == 200
    html = form.content.decode()
    assert NAME[language] in main(html) and 'name="long"' in html and 'name="name_5"' in html
    data = {"player_count": "3", "first_dealer": "1", "variant": "standard", **table}
    data |= {f"name_{seat}": name for seat, name in enumerate(PLAYERS)}
    response = client.post(page, data)
    assert response.status_code == 302, main(response.content.decode())
    return Game.objects.latest("pk")


def test_its_new_game_page_asks_the_players_then_its_table_fields(client, toy, language):
    """The shared new-game page: the players' seats (PlayerSeats, six for the toy),
    then the toy's table_fields() in their order; two players of one name are refused
    by the shared check, naming the second seat."""
    with translation.override(language):
        page = reverse("scorepad:start-game", kwargs={"game": "twocards"})
    html = client.get(page).content.decode()
    form = html.split('class="new-game"', 1)[1].split("</form>", 1)[0]
    asked = list(dict.fromkeys(re.findall(r'<(?:input|select)[^>]* name="(\w+)"', form)))
    seats = [f"name_{seat}" for seat in range(6)]
    assert [n for n in asked if n not in ("csrfmiddlewaretoken", "start_key")] == [
        "player_count",
        *seats,
        "first_dealer",
        "variant",
        "long",
    ]
    data = {"player_count": "2", "first_dealer": "0", "variant": "standard", "long": "on"}
    refused = client.post(page, data | {"name_0": "Bo", "name_1": "bo"})
    assert refused.status_code != 302 and not Game.objects.exists()
    body = refused.content.decode()
    assert 'id="id_name_1_error"' in body and 'id="id_name_0_error"' not in body
    assert said(language, "Two players are called", "To spillere heter") in main(body)
    assert re.search(r'<input type="checkbox" name="long"[^>]* checked', body)


def test_a_game_is_started_and_played_to_its_end(client, toy, language):
    game = start(client, language)
    assert game.game == "twocards" and game.pad.key == "twocards"
    assert game.house == toy.House() and game.table == {"long": False}
    page = client.get(url("game", game, language)).content.decode()
    assert f'<span class="brand-name">{NAME[language]}</span>' in page
    menu = page.split('class="game-menu"', 1)[1].split("</ul>", 1)[0]
    (current,) = re.findall(r'<a href="[^"]+" aria-current="true">.*?</a>', menu, re.S)
    assert NAME[language] in current  # the header's switch: the page's game is this one
    body = main(page)
    assert said(language, "3 rounds", "3 runder") in body  # the table's line
    assert "Ghost" not in body and "Golf" not in body
    # rounds a deck deals: an ace and a four, a six and a six, a king and a queen
    saved = followed(client, enter(client, game, 5, 12, 20, lang=language))
    assert said(language, "Round 1 saved.", "Runde 1 er lagret.") in text(saved.content.decode())
    # a total two cards never make is refused, in the reader's language, nothing lost
    refused = enter(client, game, 1, 12, 20, lang=language)
    assert refused.status_code == 422
    assert said(
        language,
        "Kari: a total is a whole number from 2 to 20.",
        "Kari: en sum er et helt tall fra 2 til 20.",
    ) in text(refused.content.decode())
    assert len(live_points(game)) == 1
    enter(client, game, 7, 3, 9, lang=language)
    assert enter(client, game, 10, 8, 2, lang=language).status_code == 302
    game = Game.objects.get(pk=game.pk)
    result = game.outcome()
    assert result.finished and result.finished_after == 3
    assert [int(t) for t in result.totals] == [22, 23, 31] and result.winners == [0]
    body = main(client.get(url("game", game, language)).content.decode())
    assert (
        said(language, "Kari wins with the lowest total, 22.", "Kari vinner med lavest sum, 22.")
        in body
    )
    # a fourth round is refused: the game is over
    over = followed(client, enter(client, game, 4, 4, 4, lang=language))
    assert said(language, "The game is over.", "Spillet er slutt.") in text(over.content.decode())


def test_undo_and_bring_back(client, toy, language):
    game = start(client, language)
    enter(client, game, 5, 12, 20, lang=language)
    enter(client, game, 7, 3, 9, lang=language)
    undone = client.post(url("undo", game, language), {"number": "2"}, follow=True)
    assert said(language, "Round 2 undone.", "Runde 2 er angret.") in text(undone.content.decode())
    assert live_points(game) == [[5, 12, 20]]
    back = game.rounds.get(number=2, status="undone")
    page = main(undone.content.decode())
    assert said(language, "Bring back round 2", "Hent tilbake runde 2") in page
    history = main(client.get(url("history", game, language)).content.decode())
    undone_word = said(language, "Round 2, undone: Kari 7 · Bo 3 · Cy 9", "Runde 2, angret:")
    assert undone_word in history
    data = {"round_id": str(back.pk)}
    restored = client.post(url("restore", game, language), data, follow=True)
    assert said(language, "Round 2 is back.", "Runde 2 er tilbake.") in text(
        restored.content.decode()
    )
    assert len(live_points(game)) == 2
    history = main(client.get(url("history", game, language)).content.decode())
    assert said(language, "Nothing has been undone", "Ingenting er angret") in history


def test_the_watch_page_and_its_poll_follow_the_game(client, toy, language):
    game = start(client, language)
    enter(client, game, 5, 12, 20, lang=language)
    watch = client.get(url("watch", game, language, token="watch_token"))
    assert watch.status_code == 200
    body = main(watch.content.decode())
    assert all(name in body for name in PLAYERS) and "20" in body
    assert "Ghost" not in body and "Golf" not in body
    poll = client.get(url("watch-poll", game, language, token="watch_token"))
    assert poll.status_code in (200, 204, 286)


def test_exports_picture_rematch_my_games_and_statistics(client, toy, language):
    game = start(client, language, long="on")
    assert game.house == toy.House(long=True)
    for points in ((5, 12, 20), (7, 3, 9), (10, 8, 2), (4, 4, 6), (2, 20, 11)):
        assert enter(client, game, *points, lang=language).status_code == 302
    game = Game.objects.get(pk=game.pk)
    assert game.outcome().finished_after == 5  # the long game: five rounds
    exported = client.get(url("export-json", game, language)).json()
    assert exported["game"] == "twocards" and exported["long"] is True
    sheet = client.get(url("export-csv", game, language))
    stem = said(language, "two-cards", "to-kort")  # the file's name in the reader's words
    assert f'filename="{stem}-' in sheet["Content-Disposition"]
    delimiter = ";" if language == "nb" else ","  # a comma is the decimal sign in Norwegian
    rows = list(csv.reader(io.StringIO(sheet.content.decode("utf-8-sig")), delimiter=delimiter))
    assert rows[0] == [said(language, "Round", "Runde"), *PLAYERS]
    assert rows[1:6] == [
        ["1", "5", "12", "20"],
        ["2", "7", "3", "9"],
        ["3", "10", "8", "2"],
        ["4", "4", "4", "6"],
        ["5", "2", "20", "11"],
    ]
    picture = client.get(url("result-png", game, language))
    assert picture.status_code == 200 and picture.content.startswith(b"\x89PNG")
    # the rematch plays the same game at the same table
    client.post(url("rematch", game, language))
    rematch = Game.objects.get(rematch_of=game)
    assert rematch.game == "twocards" and rematch.house == game.house
    enter(client, rematch, 3, 4, 5, lang=language)
    with translation.override(language):
        mine = main(client.get(reverse("scorepad:start")).content.decode())
        stats = main(client.get(reverse("scorepad:statistics")).content.decode())
    assert said(language, "1 round played", "1 runde spilt") in mine
    assert said(language, "Kari won 1", "Kari vant 1") in mine
    assert NAME[language] in stats
    assert said(language, "Best round", "Beste runde") in stats
