"""Issue 29: two games on one site. Each page's title, header and footer name the game
it is about; the header's game switch leads to the same kind of page of each game (its
rules, variants or card), marks the current one and keeps the home page; the header's
Rules and Variants are the page's own game's."""

from __future__ import annotations

import re

import pytest
from django.template.loader import render_to_string
from django.urls import resolve, reverse
from django.utils import translation

from ghost_site.context_processors import page_kind
from rules.games.golf import cards
from rules.views import house_url

pytestmark = pytest.mark.django_db

GAME_TITLE = {
    ("ghost", "en"): "Ghost, the card game",
    ("ghost", "nb"): "Kortspillet Spøkelse",
    ("golf", "en"): "Golf, the card game",
    ("golf", "nb"): "Kortspillet Golf",
}
NAME = {
    ("ghost", "en"): "Ghost",
    ("ghost", "nb"): "Spøkelse",
    ("golf", "en"): "Golf",
    ("golf", "nb"): "Golf",
}
# page -> (game, kind of page the switch keeps)
PAGES = {
    f"{game}-{kind}": (game, kind)
    for game in ("ghost", "golf")
    for kind in ("rules", "variants", "card")
}


def kind_url(game: str, kind: str) -> str:
    return reverse(f"rules:{kind}", kwargs={"game": game})


def title(html: str) -> str:
    return re.search(r"<title>(.*?)</title>", html, re.S)[1]


def header(html: str) -> str:
    return html[html.index('<header class="site-header">') : html.index("</header>")]


def footer(html: str) -> str:
    return html[html.index('<footer class="site-footer">') : html.index("</footer>")]


def switch_links(html: str) -> dict[str, tuple[str, bool]]:
    menu = header(html).split('<ul class="game-menu">')[1].split("</ul>")[0]
    found = re.findall(
        r'<a href="([^"]+)"( aria-current="true")?>(?:<svg.*?</svg>\s*)?([^<]+)</a>', menu, re.S
    )
    return {name.strip(): (href, bool(current)) for href, current, name in found}


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("name", list(PAGES))
def test_each_page_names_its_own_game_in_title_header_and_footer(client, language, name):
    game, _kind = PAGES[name]
    other = "golf" if game == "ghost" else "ghost"
    with translation.override(language):
        html = client.get(kind_url(*PAGES[name])).content.decode()
    assert title(html).endswith(" · " + GAME_TITLE[game, language])
    assert NAME[other, language] not in title(html)
    summary = header(html).split("<summary>")[1].split("</summary>")[0]
    assert f'<span class="brand-name">{NAME[game, language]}</span>' in summary
    assert f"icons/{game}" not in summary  # the picture is inlined, not linked
    assert NAME[game, language] in footer(html) and NAME[other, language] not in footer(html)


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("name", list(PAGES))
def test_the_switch_leads_to_the_same_kind_of_page_of_each_game(client, language, name):
    game, kind = PAGES[name]
    with translation.override(language):
        html = client.get(kind_url(*PAGES[name])).content.decode()
        links = switch_links(html)
        home = {"en": "Home page", "nb": "Forsiden"}[language]
        assert links[home] == (reverse("rules:home"), False)
        for key in ("ghost", "golf"):
            assert links[NAME[key, language]] == (kind_url(key, kind), key == game)
        # the header's Rules and Variants are this game's
        nav = header(html).split("<nav")[1]
        assert f'href="{kind_url(game, "rules")}"' in nav
        assert f'href="{kind_url(game, "variants")}"' in nav


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_tables_page_switches_to_the_other_games_plain_page(client, language):
    table = cards.GolfHouse(variant="nine_card", jokers="pagat")
    with translation.override(language):
        html = client.get(house_url("card", table)).content.decode()
        assert switch_links(html)[NAME["ghost", language]] == (reverse("rules:card"), False)
        sheet = client.get(
            reverse("rules:sheet", kwargs={"game": "golf", "players": 4})
        ).content.decode()
        # a sheet of this many players may not exist for the other game: its rules
        assert switch_links(sheet)[NAME["ghost", language]] == (reverse("rules:rules"), False)
        assert title(sheet).endswith(GAME_TITLE["golf", language])


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_scorepad_and_home_are_ghosts_and_switch_to_each_games_rules(client, language):
    with translation.override(language):
        for page in (reverse("scorepad:start"), reverse("rules:home")):
            links = switch_links(client.get(page).content.decode())
            assert links[NAME["golf", language]] == (
                reverse("rules:rules", kwargs={"game": "golf"}),
                False,
            )
            assert links[NAME["ghost", language]] == (reverse("rules:rules"), True)


def test_a_page_kind_is_read_from_its_address():
    assert page_kind(resolve("/en/golf/card/four-card/")) == "card"
    with translation.override("nb"):
        assert page_kind(resolve("/nb/golf/varianter/")) == "variants"
    assert page_kind(resolve("/en/rules/jack-11/")) == "rules"
    assert page_kind(resolve("/en/sheet/2/")) == "rules"
    assert page_kind(None) == "rules"


def test_a_page_without_the_sites_context_still_has_a_header(client):
    """The CSRF failure page is rendered by Django without a request: Ghost's name and
    links, no error."""
    with translation.override("nb"):
        html = render_to_string("403_csrf.html", {"LANGUAGE_CODE": "nb"})
    assert title(html).endswith("Kortspillet Spøkelse")
    with translation.override("nb"):
        assert f'<a href="{reverse("rules:rules")}">Regler</a>' in header(html)


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("page", ["game", "history", "watch", "sheet"])
def test_a_scorepad_game_names_its_own_game(client, language, page):
    from scorepad.models import Game
    from tests.conftest import url

    for key in ("ghost", "golf"):
        game = Game.create_with_players(["Anna", "Bo"], game=key)
        token = "watch_token" if page == "watch" else "edit_token"
        html = client.get(url(page, game, language, token=token)).content.decode()
        other = "golf" if key == "ghost" else "ghost"
        assert title(html).endswith(" · " + GAME_TITLE[key, language]), (key, title(html))
        summary = header(html).split("<summary>")[1].split("</summary>")[0]
        assert f'<span class="brand-name">{NAME[key, language]}</span>' in summary
        assert NAME[other, language] not in footer(html)
