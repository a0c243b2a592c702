"""The toy game, Two Cards, on every rules page in both languages: the home page and
the header offer it, its rules page, its table's own address and choices form, its card
at a glance, its variants page and score sheet, and the sitemap. Nothing of it is
written outside its folder (tests/toy/toy_games/twocards/)."""

from __future__ import annotations

import re

import pytest
from django.urls import reverse
from django.utils import translation

from rules import games
from rules.views import house_url

from .conftest import main, text

pytestmark = [pytest.mark.django_db, pytest.mark.parametrize("language", ["en", "nb"])]

NAME = {"en": "Two Cards", "nb": "To kort"}
RULES_WORD = {"en": "rules", "nb": "regler"}
HEADING = {"en": "The rules of Two Cards", "nb": "Reglene for To kort"}


def get(client, name, language, **kwargs):
    with translation.override(language):
        url = reverse(f"rules:{name}", kwargs=kwargs)
    response = client.get(url)
    assert response.status_code == 200, url
    return url, response.content.decode()


def test_the_home_page_and_the_header_offer_it(client, toy, language):
    _, home = get(client, "home", language)
    rules, _ = get(client, "rules", language, game="twocards")
    word = toy.address[language]
    assert rules == f"/{language}/{word}/{RULES_WORD[language]}/"
    assert f'href="{rules}"' in home
    assert toy.blurb[language] in text(home)
    # the header's game switch leads to the same kind of page of each game
    menu = home.split('class="game-menu"', 1)[1].split("</ul>", 1)[0]
    assert NAME[language] in text(menu) and "Golf" in text(menu)


def test_its_rules_page_is_its_own(client, toy, language):
    url, html = get(client, "rules", language, game="twocards")
    title = re.search(r"<title>(.*?)</title>", html, re.S)[1]
    assert toy.title[language] in title and "Ghost" not in title and "Spøkelse" not in title
    assert f'<span class="brand-name">{NAME[language]}</span>' in html
    body = main(html)
    assert HEADING[language] in body
    # the texts at the default table: three rounds, totals 2 to 20; the long game's not
    assert {"en": "After 3 rounds", "nb": "Etter 3 runder"}[language] in body
    assert {"en": "from 2 to 20", "nb": "fra 2 til 20"}[language] in body
    assert {"en": "a game is long", "nb": "spillet langt"}[language] not in body
    assert "Ghost" not in body and "Golf" not in body
    # the header's game switch marks it as the page's game
    menu = html.split('class="game-menu"', 1)[1].split("</ul>", 1)[0]
    current = re.findall(r'<a href="([^"]+)" aria-current="true">', menu)
    assert current == [url], menu
    # the header's Rules and Variants are this game's own
    nav = html.split('id="site-nav"', 1)[1].split("</ul>", 1)[0]
    assert f'href="{url}"' in nav, nav


def test_its_house_rule_has_an_address_in_each_language(client, toy, language):
    house = toy.House(long=True)
    with translation.override(language):
        own = house_url("rules", house)
    word = {"en": "five-rounds", "nb": "fem-runder"}[language]
    assert own == f"/{language}/{toy.address[language]}/{RULES_WORD[language]}/{word}/"
    body = main(client.get(own).content.decode())
    assert {"en": "After 5 rounds", "nb": "Etter 5 runder"}[language] in body
    assert {"en": "a game is long", "nb": "spillet langt"}[language] in body
    # the choices form sends the reader there
    rules, _ = get(client, "rules", language, game="twocards")
    chosen = client.get(rules, {"variant": "standard", "long": "on"})
    assert chosen.status_code == 302 and chosen["Location"] == own
    refused = client.get(rules, {"variant": "no-such"})
    assert refused.status_code == 422
    # with htmx the page itself comes back, its own address pushed
    swapped = client.get(rules, {"variant": "standard", "long": "on"}, HTTP_HX_REQUEST="true")
    assert swapped.status_code == 200 and swapped["HX-Push-Url"] == own
    assert {"en": "After 5 rounds", "nb": "Etter 5 runder"}[language] in main(
        swapped.content.decode()
    )


def test_its_card_variants_and_sheet(client, toy, language):
    _, card = get(client, "card", language, game="twocards")
    assert {"en": "Two Cards at a glance", "nb": "To kort i korte trekk"}[language] in main(card)
    assert "Ghost" not in main(card)
    _, variants = get(client, "variants", language, game="twocards")
    assert {"en": "from 2 to 20 points", "nb": "fra 2 til 20 poeng"}[language] in main(variants)
    assert "Ghost" not in main(variants)
    _, sheet = get(client, "sheet", language, game="twocards", players=4)
    body = main(sheet)
    assert body.count("Player") + body.count("Spiller") >= 4
    # a row per round of the game: three
    assert len(re.findall(r'<th scope="row">\d+</th>', sheet)) == 3
    assert "Ghost" not in body


def test_its_choices_form_is_the_shared_one_drawing_its_table_fields(client, toy, language):
    """The rules page's form is the site's own (rules/_house_form.html): it asks the
    fields the toy's house form lists, in that order, each as its widget asks, and
    sends them to the toy's own page."""
    asked = [field.name for field in games.part(toy.key, "house").HouseFields().table_fields()]
    assert asked == ["variant", "long"]
    url, html = get(client, "rules", language, game="twocards")
    form = html.split('<form class="house-form"', 1)[1].split("</form>", 1)[0]
    assert f'action="{url}"' in form and f'data-hx-get="{url}"' in form
    drawn = re.findall(r'<input type="(\w+)" name="(\w+)"', form)
    assert list(dict.fromkeys(name for _, name in drawn)) == asked
    assert dict(drawn) == {"radio": "variant", "checkbox": "long"}
    assert {"en": "A long game: 5 rounds", "nb": "Et langt spill: 5 runder"}[language] in text(form)


def test_its_card_fills_the_shared_cards_blocks(client, toy, language):
    """The card is the site's (rules/card.html: its head, its values) with the toy's
    own blocks: a link to its section in `card_nav`, the section in `card_sections`."""
    _, card = get(client, "card", language, game="twocards")
    nav = card.split('class="no-print glance-nav"', 1)[1].split("</nav>", 1)[0]
    assert re.findall(r'href="#([\w-]+)"', nav) == ["card-values", "card-play"]
    assert {"en": "A round", "nb": "En runde"}[language] in text(nav)
    columns = card.split('<div class="card-columns">', 1)[1]
    assert columns.index('<section id="card-values">') < columns.index('<section id="card-play">')
    values = columns.split('<section id="card-values">', 1)[1].split("</section>", 1)[0]
    rows = re.findall(r'<tr data-rank="(\w+)">.*?<td>([^<]*)</td>', values)
    # the shared table of the values: an ace, the numbers, the picture cards
    assert [rank for rank, _ in rows] == ["A", "face", "J", "Q", "K"]
    assert dict(rows)["A"] == "1" and dict(rows)["J"] == dict(rows)["K"] == "10"
    play = columns.split('<section id="card-play">', 1)[1].split("</section>", 1)[0]
    assert text(play).count(".") >= 2  # its deal and its end, a sentence each
    assert 'class="practice-link' not in card  # no practice game: no link to one


def test_the_sitemap_lists_its_pages(client, toy, language):
    sitemap = client.get("/sitemap.xml").content.decode()
    assert f"/{language}/{toy.address[language]}/{RULES_WORD[language]}/" in sitemap
