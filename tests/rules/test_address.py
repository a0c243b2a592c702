"""Issue 29, "the addresses read naturally in each language": a table's house rules in a
page's address in the page's own words (rules/engine/address.py, each game's words in its
own data). Written in the active language, read in either, the other spelling (an old
English-worded /nb/ link) a 301 to the page language's own; the language switch, hreflang,
canonical, the form, the sitemap and the pre-rendered pages each in their language's
spelling."""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from types import SimpleNamespace

import pytest
from django.conf import settings
from django.urls import resolve, reverse
from django.utils import translation

from rules import games
from rules.engine import address, loader, schema
from rules.engine.game import HouseRule
from rules.games.ghost import cards as ghost_cards
from rules.games.golf import cards as golf_cards
from rules.views import house_url, prerendered_paths

GAMES = [games.get(key) for key in games.known_keys()]
LANGUAGES = [code for code, _name in settings.LANGUAGES]
OTHER = {"en": "nb", "nb": "en"}


def tables(game) -> list:
    """Every table a reader can choose, and one with a number of its own ("to-15")."""
    found = [h for h in schema.all_houses(game) if not h.is_default()]
    number = game.number_rule
    found.append(game.House(**{number.field: number.default - 4}))
    return found


def words_in(game, language: str) -> set[str]:
    return {word for word, lang, _named in address.all_words(game) if lang == language}


def number_pattern(game) -> re.Pattern:
    prefixes = "|".join(map(re.escape, game.number_rule.prefixes.values()))
    return re.compile(rf"(?:{prefixes})-[0-9]+")


# ------------------------------------------------------------------ the words


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_choice_has_a_word_in_each_language_unique_across_both(game):
    named = set(game.variant_words) | {r.condition for r in game.house_rules}
    every = list(address.all_words(game))
    for language in LANGUAGES:
        assert {n for _w, lang, n in every if lang == language} == named | {
            game.number_rule.field
        }, f"a choice of {game.key} has no {language} word"
    words = [word for word, _lang, _named in every]
    assert len(set(words)) == len(words), "a word names two choices, or is in two languages"
    for word in words:
        # as the site's paths are written: lower-case ASCII and hyphens, no æ, ø or å
        assert address.WORD.fullmatch(word), word
    numbers = number_pattern(game)
    assert not [w for w in words if numbers.fullmatch(w)], "a word reads as a number rule"


@pytest.mark.parametrize(
    ("rule_words", "problem"),
    [
        ({"en": "jack-11", "nb": "jack-11"}, "names"),  # the same word in both languages
        ({"en": "jack-11", "nb": "sju-kort"}, "names"),  # a variant's word
        ({"en": "jack-11", "nb": "knekt-å"}, "ASCII"),
        ({"en": "jack-11", "nb": "til-15"}, "reads as a number"),
    ],
)
def test_start_up_refuses_words_an_address_cannot_tell_apart(rule_words, problem):
    ghost = games.get("ghost")
    broken = SimpleNamespace(
        key="broken",
        variant_words=ghost.variant_words,
        house_rules=(HouseRule("jack", ghost_cards.JACK_ELEVEN, "jack_eleven", rule_words),),
        number_rule=ghost.number_rule,
    )
    with pytest.raises(loader.ContentError, match=problem):
        loader.check({}, game=broken)
    address.check_words(ghost)
    address.check_words(games.get("golf"))


def test_the_norwegian_words_are_norwegian():
    ghost, golf = games.get("ghost"), games.get("golf")
    assert words_in(ghost, "nb") == {
        "sju-kort",
        "tre-pa-handen",
        "knekt-11",
        "bare-trekkbunke",
        "ikke-bytt-kjente",
        "en-runde",
        "flere-spillere",
        "til",
    }
    assert words_in(golf, "nb") >= {"fire-kort", "ni-kort", "ekstra-hull", "hull"}


# ------------------------------------------------------------------ every table


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_every_table_round_trips_in_each_language_in_its_own_words(game, language):
    own, other = words_in(game, language), words_in(game, OTHER[language])
    prefix = game.number_rule.prefixes[language]
    for house in tables(game):
        words = address.to_words(house, language)
        assert address.from_slug("+".join(words), game) == house
        for word in words:
            assert word in own or re.fullmatch(rf"{prefix}-[0-9]+", word), (language, word)
            assert word not in other, (language, word)
        with translation.override(language):
            path = house_url("rules", house)
            assert address.page_arguments(resolve(path).kwargs)["house"] == house
        assert path.split("/")[-2] == "+".join(words)


@pytest.mark.parametrize("game", GAMES, ids=lambda g: g.key)
def test_either_languages_words_and_a_mix_read_as_the_same_table(game):
    for house in tables(game):
        english, norwegian = address.to_words(house, "en"), address.to_words(house, "nb")
        mixed = [*english[:1], *norwegian[1:]]
        assert address.from_slug("+".join(reversed(mixed)), game) == house


def test_a_language_without_words_of_its_own_writes_the_first_languages():
    house = ghost_cards.House(jack=ghost_cards.JACK_ELEVEN)
    assert address.to_slug(house, "de") == address.to_slug(house, "en") == "jack-11"
    assert address.to_slug(house, "nb-no") == "knekt-11"


# ------------------------------------------------------------------ the views

GHOST_TABLE = ghost_cards.House(variant="three_in_hand", jack=ghost_cards.JACK_ELEVEN)
GOLF_TABLE = golf_cards.GolfHouse(variant="four_card", jokers="pagat", caller_penalty=True)
# every view that takes a house in its path: (URL name, the house, arguments before it)
VIEWS = [
    ("rules:rules-for", GHOST_TABLE, ()),
    ("rules:card-for", GHOST_TABLE, ()),
    ("rules:sheet-for", GHOST_TABLE, (3,)),
    ("rules:rules-for", GOLF_TABLE, ()),
    ("rules:card-for", GOLF_TABLE, ()),
    ("rules:sheet-for", GOLF_TABLE, (3,)),
    # another number: rendered on request, not pre-rendered
    ("rules:rules-for", ghost_cards.House(swap_seen=False, threshold=15), ()),
    ("rules:rules-for", golf_cards.GolfHouse(flip=True, holes=5), ()),
]
IDS = [
    f"{games.of(house).key}-{name.removeprefix('rules:')}:{address.to_slug(house, 'en')}"
    for name, house, _ in VIEWS
]


def reversed_in(language: str, name: str, house, args=()) -> str:
    kwargs = {"game": games.of(house).key, "house": house}
    kwargs |= {"players": args[0]} if args else {}
    with translation.override(language):
        return reverse(name, kwargs=kwargs)


def spelled_in(words_of: str, path: str, house) -> str:
    """`path` with its table written in another language's words."""
    return path.replace(address.to_slug(house, OTHER[words_of]), address.to_slug(house, words_of))


@pytest.mark.django_db
@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize(("name", "house", "args"), VIEWS, ids=IDS)
def test_the_other_languages_spelling_moves_to_the_pages_own(client, name, house, args, language):
    own = reversed_in(language, name, house, args)
    old = spelled_in(OTHER[language], own, house)
    assert old != own
    response = client.get(old)
    assert response.status_code == 301
    assert response["Location"] == own
    assert client.get(own).status_code == 200  # no loop: the own spelling is the page
    kept = client.get(old, {"ref": "chat", "x": "1"})
    assert kept.status_code == 301 and kept["Location"] == f"{own}?ref=chat&x=1"
    backwards = own.replace(
        address.to_slug(house, language), "+".join(reversed(address.to_words(house, language)))
    )
    response = client.get(backwards)
    assert response.status_code == 301 and response["Location"] == own


@pytest.mark.django_db
@pytest.mark.parametrize(("name", "house", "args"), VIEWS, ids=IDS)
def test_the_language_switch_hreflang_and_canonical_each_name_their_own_spelling(
    client, name, house, args
):
    paths = {language: reversed_in(language, name, house, args) for language in LANGUAGES}
    assert address.to_slug(house, "nb") in paths["nb"]
    assert address.to_slug(house, "en") in paths["en"]
    for language, path in paths.items():
        html = client.get(path).content.decode()
        canonical = re.search(r'<link rel="canonical" href="([^"]+)">', html)[1]
        assert canonical == f"http://testserver{path}"
        alternates = dict(
            re.findall(r'<link rel="alternate" hreflang="(\w\w)" href="([^"]+)">', html)
        )
        assert alternates == {code: f"http://testserver{p}" for code, p in paths.items()}
        other = OTHER[language]
        switch = re.search(rf'<a class="lang" href="([^"]+)" hreflang="{other}"', html)
        assert switch and switch[1] == paths[other]


@pytest.mark.django_db
def test_the_switch_from_an_old_spelling_lands_on_the_other_languages_own(client):
    """Followed to its end: /nb/ in English words, then the switch to English."""
    old = "/nb/golf/regler/caller-penalty+four-card+jokers-pagat/"
    response = client.get(old, follow=True)
    assert response.redirect_chain == [
        ("/nb/golf/regler/fire-kort+jokere-pagat+straff-for-a-avslutte-hullet/", 301)
    ]
    html = response.content.decode()
    switch = re.search(r'<a class="lang" href="([^"]+)" hreflang="en"', html)
    assert switch[1] == "/en/golf/rules/four-card+jokers-pagat+caller-penalty/"


# ------------------------------------------------------------------ the form


@pytest.mark.django_db
def test_the_form_leads_to_the_norwegian_spelling_with_htmx_and_without(client):
    chosen = {"variant": "nine_card", "jokers": "minus_five", "extra_hole": "on", "holes": "5"}
    wanted = "/nb/golf/regler/ni-kort+jokere-minus-5+ekstra-hull+hull-5/"
    response = client.get("/nb/golf/regler/", chosen)
    assert response.status_code == 302 and response["Location"] == wanted
    response = client.get("/nb/golf/regler/", chosen, headers={"HX-Request": "true"})
    assert response.status_code == 200 and response["HX-Push-Url"] == wanted
    # the form sent from a page in the old spelling: the same
    response = client.get("/nb/golf/regler/four-card/", chosen)
    assert response["Location"] == wanted
    ghost = {
        "variant": "seven_cards",
        "jack_value": "11",
        "start_card": "card",
        "swap_seen": "yes",
        "game_length": "single",
    }
    response = client.get("/nb/regler/", ghost)
    assert response["Location"] == "/nb/regler/sju-kort+knekt-11+en-runde/"


# ------------------------------------------------------------------ lists of pages


def test_the_prerendered_pages_are_each_in_their_languages_spelling():
    paths = prerendered_paths()
    for game in GAMES:
        for language in LANGUAGES:
            numbers = number_pattern(game)  # another number ("to-15") is not pre-rendered
            houses = [
                h
                for h in tables(game)
                if not any(numbers.fullmatch(w) for w in address.to_words(h, language))
            ]
            with translation.override(language):
                wanted = {house_url("rules", h) for h in houses}
            assert wanted <= set(paths), (game.key, language)
            other = words_in(game, OTHER[language])
            for path in (p for p in paths if p.startswith(f"/{language}/") and "+" in p):
                assert not set(path.strip("/").split("/")[-1].split("+")) & other, path
    assert len(paths) == len(set(paths))


@pytest.mark.django_db
def test_the_sitemap_lists_each_languages_own_addresses(client):
    xml = client.get("/sitemap.xml").content.decode()
    ns = {"s": "http://www.sitemaps.org/schemas/sitemap/0.9"}
    listed = [loc.text for loc in ET.fromstring(xml).findall("s:url/s:loc", ns)]
    norwegian = [url for url in listed if "/nb/" in url]
    assert any(url.endswith("/nb/golf/regler/") for url in norwegian)
    english_only = words_in(games.get("ghost"), "en") | words_in(games.get("golf"), "en")
    for url in norwegian:
        assert not set(re.split(r"[/+]", url)) & english_only, url
