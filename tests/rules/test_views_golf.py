"""Issue 29: Golf's pages. Its rules at addresses that read naturally in each language,
a table's choices in the path, the language switch, hreflang and canonical; the home
pages and Ghost's pages offering Golf; the sitemap named in robots.txt."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET

import pytest
from django.urls import reverse
from django.utils import translation

from rules.games.golf import GAME, cards
from rules.views import house_url, prerendered_paths

pytestmark = pytest.mark.django_db

TABLE = cards.GolfHouse(variant="four_card", jokers="pagat", caller_penalty=True)


def links(html: str, rel: str) -> dict[str, str]:
    found = re.findall(rf'<link rel="{rel}"(?: hreflang="([^"]+)")? href="([^"]+)">', html)
    return dict(found)


WORDED = {
    "en": "four-card+jokers-pagat+caller-penalty/",
    "nb": "fire-kort+jokere-pagat+straff-for-a-avslutte-hullet/",
}


@pytest.mark.parametrize(
    ("language", "address"), [("en", "/en/golf/rules/"), ("nb", "/nb/golf/regler/")]
)
def test_golfs_rules_read_naturally_in_each_language(client, language, address):
    with translation.override(language):
        assert reverse("rules:rules", kwargs={"game": "golf"}) == address
        assert house_url("rules", cards.GolfHouse()) == address
        assert house_url("rules", TABLE) == address + WORDED[language]
    response = client.get(address)
    assert response.status_code == 200
    html = response.content.decode()
    title = {"en": "The rules of Golf", "nb": "Reglene for Golf"}[language]
    assert f'<h1 id="top">{title}</h1>' in html
    alternates = links(html, "alternate")
    assert alternates["en"].endswith("/en/golf/rules/")
    assert alternates["nb"].endswith("/nb/golf/regler/")
    assert links(html, "canonical")[""].endswith(address)
    other = "nb" if language == "en" else "en"
    switch = re.search(rf'<a class="lang" href="([^"]+)" hreflang="{other}"', html)
    assert switch and switch[1] == alternates[other].split("testserver")[-1]
    assert 'name="robots"' not in html  # the default table's page is indexed


def test_a_table_keeps_its_choices_across_the_language_switch(client):
    with translation.override("nb"):
        address = house_url("rules", TABLE)
    html = client.get(address).content.decode()
    assert '<meta name="robots" content="noindex, follow">' in html
    assert links(html, "alternate")["en"].endswith(
        "/en/golf/rules/four-card+jokers-pagat+caller-penalty/"
    )
    assert "Golf med fire kort" in html  # the summary line names the variant
    assert "Ved bordet deres" in html  # the patched passages are marked


def test_another_order_is_sent_to_the_one_address_and_the_unplayable_are_404(client):
    response = client.get("/en/golf/rules/caller-penalty+four-card+jokers-pagat/")
    assert response.status_code == 301
    assert response["Location"] == "/en/golf/rules/four-card+jokers-pagat+caller-penalty/"
    for unplayable in ("nine-card+square-minus-20", "four-card+flip", "holes-19", "holes-9"):
        assert client.get(f"/en/golf/rules/{unplayable}/").status_code == 404, unplayable
    assert client.get("/en/golf/rules/holes-5/").status_code == 200


def test_the_choices_form_goes_to_the_tables_address_or_names_what_cannot_be_played(client):
    chosen = {"variant": "nine_card", "jokers": "minus_five", "four_of_a_kind": "none"}
    response = client.get("/en/golf/rules/", {**chosen, "extra_hole": "on", "holes": "9"})
    assert response.status_code == 302
    assert response["Location"] == "/en/golf/rules/nine-card+jokers-minus-5+extra-hole/"
    refused = client.get(
        "/nb/golf/regler/", {**chosen, "four_of_a_kind": "square", "flip": "on", "holes": "9"}
    )
    assert refused.status_code == 422
    html = refused.content.decode()
    assert "I «Golf med ni kort» nulles en kolonne bare av tre like kort" in html
    holes = client.get("/en/golf/rules/", {**chosen, "holes": "19"})
    assert holes.status_code == 422


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_home_page_and_ghosts_pages_offer_golf(client, language):
    with translation.override(language):
        home, ghost = reverse("rules:home"), reverse("rules:rules")
        golf = reverse("rules:rules", kwargs={"game": "golf"})
    for page in (home, ghost):
        html = client.get(page).content.decode()
        assert f'href="{golf}"' in html, page
    # and Golf's page links back to Ghost's, where it names it
    assert f'href="{ghost}"' in client.get(golf).content.decode()


def test_the_sitemap_lists_the_indexable_pages_of_both_games_in_both_languages(client):
    robots = client.get("/robots.txt").content.decode()
    named = re.search(r"^Sitemap: (\S+)$", robots, re.M)
    assert named and named[1].endswith("/sitemap.xml")
    response = client.get("/sitemap.xml")
    assert response.status_code == 200
    tree = ET.fromstring(response.content)
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9", "x": "http://www.w3.org/1999/xhtml"}
    listed = {loc.text.split("testserver")[-1] for loc in tree.findall("s:url/s:loc", ns)}
    for language in ("en", "nb"):
        with translation.override(language):
            for name in ("rules:home", "rules:rules", "rules:variants"):
                assert reverse(name) in listed, (language, name)
            assert reverse("rules:rules", kwargs={"game": "golf"}) in listed, language
    # a table's own page says noindex and is not listed; each entry names its languages
    assert not any("+" in path or "four-card" in path for path in listed)
    for url in tree.findall("s:url", ns):
        hreflangs = {link.get("hreflang") for link in url.findall("x:link", ns)}
        assert {"en", "nb", "x-default"} <= hreflangs


def test_golfs_pages_are_prerendered():
    paths = prerendered_paths()
    assert {"/en/golf/rules/", "/nb/golf/regler/"} <= set(paths)
    with translation.override("nb"):
        assert house_url("rules", TABLE) in paths
    assert not any("holes-" in path for path in paths)  # other numbers: on request
    golf = [p for p in paths if "/golf/" in p]
    tables = [h for h in GAME.all_houses() if h.holes == cards.HOLES]
    assert len(golf) == 2 * (len(tables) + 3)  # and the card, a sheet and the variants
    assert {"/en/golf/card/", "/nb/golf/huskekort/", "/en/golf/sheet/2/"} <= set(golf)
