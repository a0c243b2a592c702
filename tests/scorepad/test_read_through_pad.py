"""Issue 35: the bilingual read-through's items on the scorepad's and the site's own pages
(../shared/reports/read-through.md: GH-EN-04, -07, -08, -10, GH-NB-08, -09, SI-EN-01, -02,
SI-NB-01, GO-EN-31), each kept from coming back. Every test reads the page as the client
gets it; a number in a sentence comes from the game's facts."""

from __future__ import annotations

import html
import re

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from rules.games.ghost import cards
from rules.words import format_points
from scorepad.forms import MORE_PLAYERS_MAX
from scorepad.models import Game
from tests.conftest import enter, make_game, play, url

pytestmark = pytest.mark.django_db


def words(page) -> str:
    """A page's words, tags left out, spaces made one."""
    body = page if isinstance(page, str) else page.content.decode()
    body = re.sub(r"<(script|svg|style)\b.*?</\1>", " ", body, flags=re.S)
    text = html.unescape(re.sub(r"<[^>]+>", " ", body)).replace("\N{NO-BREAK SPACE}", " ")
    return re.sub(r"\s+", " ", text)


def footer(page) -> str:
    body = page.content.decode()
    return words(body[body.index('<footer class="site-footer">') : body.index("</footer>")])


def remember(client, *games):
    session = client.session
    session["my_games"] = [g.edit_token for g in games]
    session.save()


# ------------------------------------------------------------------ the new game (GH-EN-04)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_player_hint_says_the_house_rule_is_switched_on_by_choosing_more(client, language):
    with translation.override(language):
        text = words(client.get(reverse("scorepad:start")))
    more = MORE_PLAYERS_MAX[cards.STANDARD.key]
    said = {
        "en": f"{cards.STANDARD.max_players} players; choose more and the house rule for up "
        f"to {more} is switched on.",
        "nb": f"{cards.STANDARD.max_players} spillere; velger dere flere, slås husregelen for "
        f"opptil {more} spillere på.",
    }[language]
    assert said in text
    assert "which is taken" not in text and "som blir valgt" not in text


# ------------------------------------------------------------------ a round's refusals


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("minus", ["-", "\N{MINUS SIGN}", "- "])
def test_a_total_below_zero_is_told_the_lowest_total(client, language, minus):
    """GH-EN-07: −1 was told to write whole or half points, which it is."""
    game = make_game(("Ada", "Bo"))
    page = enter(client, game, "3", f"{minus}1", lang=language)
    assert page.status_code == 422
    text = words(page)
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
    text = words(enter(client, game, "-2", "5", lang=language))
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
    text = words(page)
    assert said[language] in text
    assert typed.lower() not in text.replace(typed, "")  # nothing echoed lowered


# ---------------------------------------------------- the evening (GH-EN-10, GH-NB-08/09)


def series_box(client, language):
    first = play(make_game(("Cecilie", "Bo"), threshold=10), (11, 2))
    client.post(url("rematch", first))
    second = Game.objects.get(rematch_of=first)
    page = client.get(url("game", second, language)).content.decode()
    return words(re.search(r'<section class="series".*?</section>', page, re.S)[0])


def test_the_evening_box_speaks_of_the_evening_only(client):
    box = series_box(client, "en")
    assert "The evening so far: 2 games" in box
    assert "Games lost and won this evening, this one included" in box
    assert "series" not in box


def test_the_norwegian_evening_box_is_written_as_a_norwegian_writes_it(client):
    box = series_box(client, "nb")
    assert "Kvelden så langt: 2 spill" in box
    assert "Tapte og vunne spill denne kvelden, medregnet dette" in box
    assert "serien" not in box and "Spill tapt og vunnet" not in box
    # the mark counts games lost this evening, not a total near the threshold
    assert "Cecilie flest tap" in box and "nærmest å tape" not in box


# ---------------------------------------------------- My games and statistics (GO-EN-31)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_my_games_names_the_game_of_each_entry(client, language):
    ghost = make_game(("Ada", "Bo"))
    golf = Game.create_with_players(["Cy", "Dag"], game="golf")
    remember(client, ghost, golf)
    with translation.override(language):
        page = client.get(reverse("scorepad:start")).content.decode()
    entries = re.findall(
        r'<a href="[^"]+"><span class="game-name">([^<]+)</span> · ([^<]+)</a>', page
    )
    names = {"en": ("Ghost", "Golf"), "nb": ("Spøkelse", "Golf")}[language]
    assert {(game, players.split()[0]) for game, players in entries} == {
        (names[0], "Ada"),
        (names[1], "Cy"),
    }


@pytest.mark.parametrize("language", ["en", "nb"])
def test_empty_statistics_speak_of_no_game_in_particular(client, language):
    with translation.override(language):
        text = words(client.get(reverse("scorepad:statistics")))
    said = {
        "en": "Nothing has been played yet in the games on this device.",
        "nb": "Ingenting er spilt ennå i spillene på denne enheten.",
    }[language]
    assert said in text
    assert "rounds" not in text.split(said)[0][-40:] and "No rounds" not in text


@pytest.mark.parametrize("language", ["en", "nb"])
def test_statistics_of_golf_only_carry_golfs_footer(client, language):
    golf = Game.create_with_players(["Cy", "Dag"], game="golf")
    golf.add_round(1, [3, 5], ["", ""])
    remember(client, golf)
    with translation.override(language):
        page = client.get(reverse("scorepad:statistics"))
    assert "Golf" in footer(page)
    assert {"en": "Ghost", "nb": "Spøkelse"}[language] not in footer(page)


# ---------------------------------------------------- site-wide (SI-EN-01/02, SI-NB-01)


def test_the_offline_note_says_when_the_copy_was_saved(client):
    text = client.get("/en/rules/").content.decode()
    note = re.search(r"<p[^>]*data-offline-note[^>]*>(.*?)</p>", text, re.S)[1]
    assert words(note).startswith("No connection: this is the copy this phone saved on ")
    assert "kept from" not in note


@pytest.mark.parametrize(
    ("language", "path"), [("en", "/en/golf/no-such-page/"), ("nb", "/nb/golf/finnes-ikke/")]
)
def test_a_missing_page_under_golf_stays_golfs(client, language, path):
    page = client.get(path)
    assert page.status_code == 404
    body = page.content.decode()
    title = re.search(r"<title>(.*?)</title>", body, re.S)[1]
    assert title.endswith({"en": "Golf, the card game", "nb": "Kortspillet Golf"}[language])
    assert '<span class="brand-name">Golf</span>' in body
    assert "Ghost site" not in body and "Golf" in footer(page)


def test_a_missing_page_elsewhere_is_the_default_games(client):
    body = client.get("/en/no-such-page/").content.decode()
    assert '<span class="brand-name">Ghost</span>' in body
    assert "There is no page at this address." in body


def test_the_norwegian_error_headings_are_norwegian_sentences():
    with translation.override("nb"):
        bad = words(render_to_string("400.html", {"LANGUAGE_CODE": "nb"}))
        busy = words(render_to_string("503.html", {"LANGUAGE_CODE": "nb"}))
    assert "Forespørselen kunne ikke leses" in bad and "Ikke forstått" not in bad
    assert "Serveren har det travelt akkurat nå" in busy and "Opptatt et øyeblikk" not in busy


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_golf_form_refused_for_its_missing_csrf_token_keeps_golfs_footer(language):
    from django.test import Client

    golf = Game.create_with_players(["Cy", "Dag"], game="golf")
    page = Client(enforce_csrf_checks=True).post(
        url("add-round", golf, language), {"number": "1", "points_0": "3", "points_1": "5"}
    )
    assert page.status_code == 403
    assert "Golf" in footer(page)
    assert {"en": "Ghost", "nb": "Spøkelse"}[language] not in footer(page)
