"""The rules pages: statuses, languages, links between them, caching and weight."""

import re

import pytest
from django.test.signals import template_rendered

from rules.engine import loader
from tests.conftest import page_weight

PAGES = {
    "en": ["/en/", "/en/rules/", "/en/variants/"],
    "nb": ["/nb/", "/nb/regler/", "/nb/varianter/"],
}
ALL_PAGES = PAGES["en"] + PAGES["nb"]


@pytest.mark.parametrize("url", ALL_PAGES)
def test_pages_answer(client, url):
    response = client.get(url)
    assert response.status_code == 200
    lang = url.split("/")[1]
    assert f'<html lang="{lang}" ' in response.content.decode()


@pytest.mark.parametrize(
    ("accept", "target"),
    [
        ("nb", "/nb/"),
        ("no", "/nb/"),
        ("nn-NO,nn;q=0.9", "/nb/"),
        ("nb-NO", "/nb/"),
        ("en-GB,en;q=0.8", "/en/"),
        ("de", "/en/"),
        ("", "/en/"),
        ("sv,nb;q=0.5", "/nb/"),
    ],
)
def test_root_sends_the_reader_to_their_language(client, accept, target):
    response = client.get("/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 302
    assert response["Location"] == target
    assert "Accept-Language" in response["Vary"]


def test_unknown_page_is_404_in_the_readers_language(client):
    response = client.get("/nb/finnes-ikke/")
    assert response.status_code == 404
    assert "Fant ikke siden" in response.content.decode()
    response = client.get("/en/no-such-page/")
    assert "Page not found" in response.content.decode()


def links(html):
    return dict(re.findall(r'<link rel="alternate" hreflang="([^"]+)" href="([^"]+)"', html))


@pytest.mark.parametrize(("en", "nb"), list(zip(PAGES["en"], PAGES["nb"], strict=True)))
def test_language_switch_lands_on_the_same_page(client, en, nb):
    english = client.get(en).content.decode()
    norwegian = client.get(nb).content.decode()
    # the visible code first, the language's name after it for a screen reader (issue 36)
    assert (
        f'href="{nb}" hreflang="nb" lang="nb" title="Norsk">NB<span class="sr"> (Norsk)' in english
    )
    assert f'href="{en}" hreflang="en" lang="en" title="English">EN<span class="sr">' in norwegian


@pytest.mark.parametrize(("en", "nb"), list(zip(PAGES["en"], PAGES["nb"], strict=True)))
def test_hreflang_and_canonical(client, en, nb):
    html = client.get(nb).content.decode()
    alternates = links(html)
    assert alternates["en"] == f"http://testserver{en}"
    assert alternates["nb"] == f"http://testserver{nb}"
    assert "x-default" in alternates
    assert f'<link rel="canonical" href="http://testserver{nb}">' in html


def test_x_default_of_the_home_page_is_the_language_choice(client):
    assert links(client.get("/nb/").content.decode())["x-default"] == "http://testserver/"
    assert links(client.get("/nb/regler/").content.decode())["x-default"] == (
        "http://testserver/en/rules/"
    )


def test_numbers_follow_the_language_on_the_page(client):
    english = client.get("/en/rules/").content.decode()
    norwegian = client.get("/nb/regler/").content.decode()
    assert ">3.5</td>" in english and "<td>0.5</td>" in english
    assert ">3,5</td>" in norwegian and "<td>0,5</td>" in norwegian
    assert "3,5" not in english and "3.5" not in norwegian


def test_rules_page_is_complete_in_norwegian(client):
    html = client.get("/nb/regler/").content.decode()
    titles = [section["title"]["nb"] for section in loader.rules().sections]
    assert len(titles) >= 15
    for phrase in (
        *titles,
        "Golf",
        "spøkelset",
        "trekkbunke",
        "kastebunke",
    ):
        assert phrase in html, phrase


def test_variant_page_lists_possible_ranges(client):
    html = client.get("/nb/varianter/").content.decode()
    assert "Sju kort: en runde går fra 2 til 100 poeng" in html
    assert "Tre på hånden" in html and "Bare trekkbunke" in html and "Knekt som 11" in html


@pytest.mark.parametrize("url", ALL_PAGES)
def test_rules_pages_run_no_query(db, client, url, django_assert_num_queries):
    with django_assert_num_queries(0):
        assert client.get(url).status_code == 200


@pytest.mark.parametrize("url", ["/en/rules/", "/nb/regler/"])
def test_second_request_renders_no_template(client, url):
    client.get(url)
    rendered = []

    def count(sender, **kwargs):
        rendered.append(kwargs["template"].name)

    template_rendered.connect(count)
    try:
        response = client.get(url)
    finally:
        template_rendered.disconnect(count)
    assert response.status_code == 200
    assert rendered == []


@pytest.mark.parametrize("url", ["/en/rules/", "/nb/regler/"])
def test_conditional_get_answers_304(client, url):
    first = client.get(url)
    assert "public" in first["Cache-Control"] and "max-age" in first["Cache-Control"]
    etag = first["ETag"]
    again = client.get(url, HTTP_IF_NONE_MATCH=etag)
    assert again.status_code == 304
    assert again.content == b""


@pytest.mark.parametrize("url", ALL_PAGES)
def test_rules_pages_set_no_cookie(client, url):
    response = client.get(url)
    assert not response.cookies
    assert "Cookie" not in response.get("Vary", "")


@pytest.mark.parametrize("url", ALL_PAGES)
def test_rules_page_weight(client, url, settings):
    """The page, its stylesheet, icon and script; the rules page adds htmx for the house
    rules form. Measured without DEBUG, which adds django-htmx's debug script."""
    settings.DEBUG = False
    total, requests = page_weight(client, url)
    if "/rules/" in url or "/regler/" in url:
        assert requests <= 5
        assert total <= 40 * 1024, f"{url} weighs {total} bytes"
    else:
        assert requests <= 4
        assert total <= 30 * 1024, f"{url} weighs {total} bytes"


@pytest.mark.parametrize("url", ALL_PAGES)
def test_pages_load_nothing_from_other_hosts(client, url):
    html = client.get(url).content.decode()
    for attr in re.findall(r'(?:src|href)="([^"]+)"', html):
        if attr.startswith("http"):
            assert attr.startswith("http://testserver/"), attr


def test_robots_lets_crawlers_read_the_noindex_of_games(client):
    # A page hidden by robots.txt can still be listed from links to it; its noindex
    # header only works if crawlers may fetch it.
    text = client.get("/robots.txt").content.decode()
    assert "Disallow: /" not in text
    assert client.head("/robots.txt").status_code == 200


@pytest.mark.parametrize(
    ("url", "title"),
    [
        ("/en/", "<title>Ghost, the card game</title>"),
        ("/nb/", "<title>Kortspillet Spøkelse</title>"),
        ("/nb/regler/", "<title>Regler · Kortspillet Spøkelse</title>"),
    ],
)
def test_titles_name_the_game_once(client, url, title):
    assert title in client.get(url).content.decode()


def test_the_ghost_card_is_named_as_a_card_not_as_the_game(client):
    html = client.get("/nb/regler/").content.decode()
    row = html[html.index('<th scope="row">Spøkelset') :][:200]  # capitalised under «Rad»
    assert "♠" in row
    assert '<th scope="row">spøkelset' not in html
    assert '<th scope="row">Spøkelse <' not in html


# ------------------------------------------------------------------ the shared templates
GAMES_PAGES = {"ghost": ("/en/rules/", "/en/card/"), "golf": ("/en/golf/rules/", "/en/golf/card/")}


def field_names(html: str) -> list[str]:
    """The names of a form's fields in the order the page asks them (radios once)."""
    return list(dict.fromkeys(re.findall(r'<(?:input|select)[^>]* name="([\w-]+)"', html)))


@pytest.mark.parametrize("key", sorted(GAMES_PAGES))
def test_the_rules_pages_form_asks_the_games_table_fields_and_answers_on_its_own_address(
    client, key
):
    from rules import games

    rules, _card = GAMES_PAGES[key]
    html = client.get(rules).content.decode()
    form = html.split('<form class="house-form"')[1].split("</form>")[0]
    assert f'action="{rules}"' in form and f'data-hx-get="{rules}"' in form
    asked = [field.name for field in games.part(key, "house").HouseFields().table_fields()]
    assert field_names(form) == asked


@pytest.mark.parametrize("key", sorted(GAMES_PAGES))
def test_every_games_card_has_the_shared_head_and_its_own_sections(client, key):
    _rules, card = GAMES_PAGES[key]
    html = client.get(card).content.decode()
    assert '<section id="card-values">' in html  # the shared values, then the game's own
    # Ghost's card keeps the shared head's jump links; Golf's, cut to about two screens
    # at 320 px (issue 36), has none: where there are links, each lands on a section.
    heads = html.split('class="no-print glance-nav"')
    assert len(heads) == (2 if key == "ghost" else 1)
    for head in heads[1:]:
        anchors = re.findall(r'href="#([\w-]+)"', head.split("</nav>")[0])
        assert anchors[0] == "card-values" and len(anchors) == 5
        for anchor in anchors:
            assert f'<section id="{anchor}">' in html
    other = "ghost" if key == "golf" else "golf"
    assert f"{other.capitalize()} at a glance" not in html
    assert f"{key.capitalize()} at a glance" in html


@pytest.mark.parametrize(
    ("path", "other", "words"),
    [
        ("/nb/finnes-ikke/", "/en/finnes-ikke/", "Page not found"),
        ("/en/no-such-page/", "/nb/no-such-page/", "Fant ikke siden"),
    ],
)
def test_a_404s_language_link_answers_in_the_other_language(client, path, other, words):
    """The language link of a page not found leads out of its own language: the same
    address under the other prefix, which answers "not found" in that language."""
    html = client.get(path).content.decode()
    assert re.search(rf'<a class="lang" href="{re.escape(other)}"', html)
    answer = client.get(other)
    assert answer.status_code == 404
    assert words in answer.content.decode()
