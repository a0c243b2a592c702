"""Your table's rules: the rules page for every combination of house rules, its address,
the choices form, the games that record them, and the sheets to print."""

import copy
import gettext
import re
import tomllib
from decimal import Decimal as D
from pathlib import Path

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import translation

from rules import words
from rules.engine import loader, rendering, schema
from rules.engine.address import from_slug, to_slug
from rules.games.ghost import cards
from rules.views import house_url
from scorepad.models import Game
from tests.conftest import enter, make_game, new_game_data

HOUSES = schema.all_houses()


def page_for(client, house, language):
    with translation.override(language):
        url = house_url("rules", house)
    response = client.get(url)
    assert response.status_code == 200, url
    return response.content.decode()


def jack_row(html):
    return re.search(r'<tr data-rank="J">.*?<td>([^<]+)</td>', html, re.S)[1]


def cheap_total(html):
    return re.search(r'id="example-cheap".*?<td data-total>([^<]+)</td>', html, re.S)[1]


def english_messages():
    """The site's English messages that Norwegian says differently: none of them may
    show on a Norwegian page."""
    path = Path(settings.LOCALE_PATHS[0]) / "nb" / "LC_MESSAGES" / "django.mo"
    with path.open("rb") as file:
        catalogue = gettext.GNUTranslations(file)._catalog
    found = set()
    for key, value in catalogue.items():
        msgid = key[0] if isinstance(key, tuple) else key
        msgid = msgid.split("\x04")[-1]
        if " " in msgid and "%" not in msgid and "<" not in msgid and msgid != value:
            found.add(msgid)
    data = tomllib.loads(loader.DATA_FILE.read_text(encoding="utf-8"))

    def english(node):
        if isinstance(node, dict):
            if isinstance(node.get("en"), str) and node.get("nb") != node["en"]:
                yield node["en"]
            for value in node.values():
                yield from english(value)
        elif isinstance(node, list):
            for value in node:
                yield from english(value)

    for text in english(data):
        first = re.split(r"[{.,:;]", text)[0].strip()
        if len(first.split()) >= 4:
            found.add(first)
    return sorted(found)


ENGLISH = english_messages()


@pytest.mark.django_db
@pytest.mark.parametrize("house", HOUSES, ids=to_slug)
def test_every_combination_renders_in_both_languages(client, house):
    english = page_for(client, house, "en")
    norwegian = page_for(client, house, "nb")
    leaked = [text for text in ENGLISH if text in norwegian]
    assert leaked == [], leaked[:3]
    # the jack row of the value table is the chosen value
    assert jack_row(english) == words.format_points(house.jack, "en")
    assert jack_row(norwegian) == words.format_points(house.jack, "nb")
    # the cheap row of the example is computed with that jack
    total = cards.hand_total(["S8", "HJ", "DA", "C2"], house.jack)
    assert cheap_total(english) == words.format_points(total, "en")
    assert cheap_total(norwegian) == words.format_points(total, "nb")
    if house.jack == cards.JACK_ELEVEN:
        assert "3.5" not in english and "3,5" not in norwegian
    assert ("noindex" in english) != house.is_default()


@pytest.mark.django_db
def test_the_cheap_row_becomes_14_with_the_jack_at_11(client):
    html = page_for(client, cards.House(jack=cards.JACK_ELEVEN), "en")
    assert cheap_total(html) == "14" and jack_row(html) == "11"
    assert "3.5" not in html


@pytest.mark.django_db
def test_stock_only_removes_the_start_card_from_setup_and_turn(client):
    default = rendering.rendered_sections("en")
    stock = rendering.rendered_sections("en", cards.House(start_card=False))

    def block(sections, block_id):
        return next(b for s in sections for b in s["blocks"] if b["id"] == block_id)

    for block_id in ("setup-stock", "turn-draw"):
        assert block(stock, block_id)["patched"] and not block(default, block_id)["patched"]
    assert "turns its top card over" in block(default, "setup-stock")["text"]
    assert "face up on top of the discard pile" in block(default, "turn-draw")["text"]
    html = page_for(client, cards.House(start_card=False), "en")
    assert "turns its top card over" not in html
    assert "face up on top of the discard pile" not in html
    assert "</span> is turned up to start the discard pile" not in html  # the whole round
    assert "no card is turned up" in html
    assert html.count('class="pip"') == 0  # no picture shows a face-up start card
    assert page_for(client, cards.DEFAULT_HOUSE, "en").count('class="pip"') == 2


@pytest.mark.django_db
def test_the_picture_is_text_in_the_readers_language(client):
    html = page_for(client, cards.DEFAULT_HOUSE, "nb")
    svg = re.search(r'<svg viewBox="0 0 320.*?</svg>', html, re.S)[0]
    assert "<title id=" in svg and "<desc id=" in svg and "aria-labelledby" in svg
    for word in ("trekkbunke", "kastebunke", "spøkelse", "motspiller"):
        assert f">{word}</text>" in svg
    assert "#" not in re.sub(r"#\w+\b|&#\w+;", "", svg.split("<rect", 1)[1])  # colours in CSS
    three = page_for(client, cards.House(variant="three_in_hand"), "en")
    assert "The table in “Three in hand”" in three


# ------------------------------------------------------------------ addresses


@pytest.mark.parametrize("house", HOUSES, ids=to_slug)
def test_every_combination_has_one_address_that_reads_back(house):
    if house.is_default():
        assert reverse("rules:rules") == "/en/rules/"
        return
    assert from_slug(to_slug(house)) == house


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "status", "location"),
    [
        ("/en/rules/stock-only+jack-11/", 301, "/en/rules/jack-11+stock-only/"),
        ("/nb/regler/en-runde+tre-pa-handen/", 301, "/nb/regler/tre-pa-handen+en-runde/"),
        ("/en/rules/jack-11+stock-only/", 200, None),
        ("/en/rules/to-15/", 200, None),
        ("/en/rules/to-21/", 404, None),  # the default is not named
        ("/en/rules/to-501/", 404, None),
        ("/en/rules/to-0/", 404, None),
        ("/en/rules/jack-12/", 404, None),
        ("/en/rules/jack-11+jack-11/", 404, None),
        ("/en/rules/seven-cards+no-seen-swap/", 404, None),  # you see every card
        ("/en/rules/three-in-hand+more-players/", 404, None),
        ("/en/rules/seven-cards+three-in-hand/", 404, None),
    ],
)
def test_addresses(client, path, status, location):
    response = client.get(path)
    assert response.status_code == status
    if location:
        assert response["Location"] == location


@pytest.mark.django_db
def test_a_combination_is_its_own_canonical_and_keeps_its_choices_across_languages(client):
    html = client.get("/en/rules/jack-11+one-round/").content.decode()
    assert '<link rel="canonical" href="http://testserver/en/rules/jack-11+one-round/">' in html
    assert 'hreflang="nb" href="http://testserver/nb/regler/knekt-11+en-runde/"' in html
    assert 'href="/nb/regler/knekt-11+en-runde/"' in html  # the language switch
    assert '<meta name="robots" content="noindex, follow">' in html
    default = client.get("/en/rules/").content.decode()
    assert "noindex" not in default


# ------------------------------------------------------------------ the form


CHOICES = {
    "variant": "standard",
    "jack_value": "11",
    "start_card": "stock",
    "swap_seen": "yes",
    "game_length": "custom",
    "threshold": "15",
}


@pytest.mark.django_db
def test_the_form_leads_to_the_combinations_address(client):
    response = client.get("/nb/regler/", CHOICES)
    assert response.status_code == 302
    assert response["Location"] == "/nb/regler/knekt-11+bare-trekkbunke+til-15/"
    html = client.get(response["Location"]).content.decode()
    assert "Knekten teller 11, ikke 0,5." in html
    assert "Spillet slutter ved 15 poeng, ikke 21." in html
    assert 'value="stock" id="id_start_card_1" checked' in html


@pytest.mark.django_db
def test_the_form_with_htmx_gets_the_page_and_its_address(client):
    response = client.get("/en/rules/", CHOICES, HTTP_HX_REQUEST="true")
    assert response.status_code == 200
    assert response["HX-Push-Url"] == "/en/rules/jack-11+stock-only+to-15/"
    html = response.content.decode()
    assert jack_row(html) == "11"
    # the answer is the page's main part, its title and the header's links out of band
    assert "<html" not in html and "<head" not in html and "<footer" not in html
    assert html.count('<main id="main">') == 1
    assert "<title>Rules for your table · " in html
    nav = html[html.index('<ul id="site-nav" data-hx-swap-oob="true">') :]
    assert 'href="/nb/regler/knekt-11+bare-trekkbunke+til-15/"' in nav.split("</ul>")[0]


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("path", "choices", "heading"),
    [
        ("/en/golf/rules/", {"variant": "four_card", "holes": "9"}, "The rules of Golf"),
        ("/nb/golf/regler/", {"variant": "nine_card", "holes": "9"}, "Reglene for Golf"),
        ("/en/rules/", {**CHOICES, "threshold": ""}, "The rules of Ghost"),
        ("/en/golf/rules/", {"variant": "no-such"}, "The rules of Golf"),
    ],
)
def test_the_htmx_answer_keeps_its_games_own_blocks(client, path, choices, heading):
    """A game's rules page fills the shared page's blocks: its htmx answer is built from
    the game's own template, so its heading and words are its own, refused or not."""
    response = client.get(path, choices, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert response.status_code in (200, 422) and "<html" not in html
    assert f'<h1 id="top">{heading}</h1>' in html
    if response.status_code == 422:
        assert '<div class="errors" role="alert">' in html  # the problems named, in the answer


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "changes", "message"),
    [
        ("en", {"threshold": ""}, "Type a whole number from 1 to 500."),
        ("nb", {"threshold": "900"}, "Skriv inn et helt tall fra 1 til 500."),
        ("en", {"variant": "seven_cards", "swap_seen": "no"}, "so this rule does not apply"),
        ("nb", {"variant": "three_in_hand", "more_players": "on"}, "husregel for femkortsspillet"),
        ("en", {"jack_value": "12"}, "Choose one of these."),
    ],
)
def test_bad_choices_are_named_in_the_readers_language_and_kept(client, language, changes, message):
    with translation.override(language):
        url = reverse("rules:rules")
    response = client.get(url, {**CHOICES, **changes})
    assert response.status_code == 422
    html = response.content.decode()
    assert message in html
    assert '<details id="choose" open>' in html
    assert 'value="stock" id="id_start_card_1" checked' in html


# ------------------------------------------------------------------ from the game


@pytest.mark.django_db
def test_a_jack_11_games_rules_link_shows_the_jack_as_11(client):
    response = client.post(
        "/en/scorepad/",
        new_game_data(jack_value="11", start_card="stock", swap_seen="no"),
    )
    game = Game.objects.get()
    assert (game.house.jack, game.house.start_card, game.house.swap_seen) == (D(11), False, False)
    html = client.get(response["Location"]).content.decode()
    link = re.search(r'class="settings".*?<a href="([^"]+)">Rules</a>', html, re.S)[1]
    assert link == "/en/rules/jack-11+stock-only+no-seen-swap/"  # the top of the rules
    rules = client.get(link).content.decode()
    assert jack_row(rules) == "11"
    assert "/en/card/jack-11+stock-only+no-seen-swap/" in html
    # The game's own sheet: its players by name, under the same choices
    sheet = f"/en/scorepad/g/{game.edit_token}/sheet/"
    assert sheet in html
    assert 'href="/en/rules/jack-11+stock-only+no-seen-swap/"' in client.get(sheet).content.decode()


@pytest.mark.django_db
def test_an_old_stock_only_game_opens_the_rules_without_a_start_card(client):
    game = Game.create_with_players(["A", "B"], variant="stock_only", threshold=21)
    assert game.house == cards.House(start_card=False)


@pytest.mark.django_db
def test_the_rematch_keeps_the_house_rules(client):
    response = client.post("/en/scorepad/", new_game_data(start_card="stock"))
    game = Game.objects.get()
    client.post(reverse("scorepad:rematch", args=[game.edit_token]))
    new = Game.objects.exclude(pk=game.pk).get()
    assert new.house.start_card is False and new.house == game.house
    assert new.table == game.table
    assert response.status_code == 302


def test_the_most_players_come_from_the_deck():
    most = cards.most_players(cards.STANDARD)
    assert most * cards.STANDARD.hand_size + 1 <= cards.DECK_SIZE
    assert (most + 1) * cards.STANDARD.hand_size + 1 > cards.DECK_SIZE
    assert cards.PLAYER_RANGE[1] == max(most, cards.VARIANTS["three_in_hand"].max_players)
    assert cards.House(more_players=True).max_players == most


def five_players(**extra):
    names = {f"name_{i}": name for i, name in enumerate(["Ada", "Bo", "Cy", "Di", "Eli"])}
    return new_game_data(player_count="5", **names, **extra)


@pytest.mark.django_db
def test_more_players_in_the_five_card_game_is_a_house_rule(client):
    # Five chosen without ticking it: the form takes the house rule and the game says so
    taken = client.post("/en/scorepad/", five_players(), follow=True)
    assert "5 players at the five-card game: the game is played by the house rule" in (
        taken.content.decode()
    )
    assert Game.objects.get().house.more_players
    Game.objects.all().delete()
    response = client.post("/en/scorepad/", five_players(more_players="on"))
    assert response.status_code == 302
    game = Game.objects.get()
    assert game.house.more_players and game.house.max_players == cards.most_players(cards.STANDARD)
    html = client.get(response["Location"]).content.decode()
    assert 'href="/en/rules/more-players/"' in html
    # the possible totals and the four-of-a-rank check work as for two
    data = {"version": game.version, "number": 1}
    for seat in range(5):
        data[f"points_{seat}"] = ""
        data[f"cards_{seat}"] = "8 8 K K K" if seat < 3 else "A A 2 2 3"
    saved = client.post(reverse("scorepad:add-round", args=[game.edit_token]), data)
    assert "A deck holds only 4 of each rank, but this round has more eights and kings." in (
        saved.content.decode()
    )


@pytest.mark.django_db
def test_eleven_players_is_never_offered(client):
    response = client.post(
        "/en/scorepad/", new_game_data(player_count=str(cards.PLAYER_RANGE[1] + 1))
    )
    assert response.status_code == 422


# ------------------------------------------------------------------ sheets


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_sheets_render_with_the_choices(client, language):
    house = cards.House(jack=cards.JACK_ELEVEN, threshold=15)
    with translation.override(language):
        card = client.get(house_url("card", house))
        sheet = client.get(house_url("sheet", house, 2))
        too_many = client.get(house_url("sheet", house, 3))
        more = client.get(house_url("sheet", cards.House(more_players=True), 7))
    assert card.status_code == sheet.status_code == more.status_code == 200
    assert too_many.status_code == 404
    assert jack_row(card.content.decode()) == "11"
    text = sheet.content.decode()
    assert {
        "en": "The first to reach 15 points loses.",
        "nb": "Den som først når 15 poeng, taper.",
    }[language] in text
    assert text.count("<td></td>") == 2 * 21  # twenty rounds and the total, two players
    assert more.content.decode().count("<td></td>") == 7 * 21


# ------------------------------------------------------------------ the loader


def test_a_patch_for_an_unknown_block_is_refused(data):
    broken = copy.deepcopy(data)
    broken["patches"][0]["replace"] = "no-such-block"
    with pytest.raises(loader.ContentError, match=r"patches\[0\]: `replace` names no block"):
        loader.check(broken)


def test_a_patch_for_an_unknown_house_rule_is_refused(data):
    broken = copy.deepcopy(data)
    broken["patches"][0]["when"] = "jack_twelve"
    with pytest.raises(loader.ContentError, match=r"unknown house rule \['jack_twelve'\]"):
        loader.check(broken)


def test_two_patches_of_equal_weight_for_one_block_are_refused(data):
    broken = copy.deepcopy(data)
    twin = copy.deepcopy(next(p for p in broken["patches"] if p["when"] == "stock_only"))
    twin["when"] = "jack_eleven"
    broken["patches"].append(twin)
    with pytest.raises(loader.ContentError, match=r"two patches replace"):
        loader.check(broken)


def test_a_patch_missing_norwegian_is_refused(data):
    broken = copy.deepcopy(data)
    del broken["patches"][0]["text"]["nb"]
    with pytest.raises(loader.ContentError, match=r"patches\[0\].*'nb' text is missing"):
        loader.check(broken)


def test_a_whole_round_that_looks_at_three_places_is_refused(data):
    broken = copy.deepcopy(data)
    broken["round"]["standard"]["peeked"][0] = [1, 2, 3]  # two may be looked at
    with pytest.raises(loader.ContentError, match=r"round.standard, with .*look at 2 places"):
        loader.check(broken)


def test_a_whole_round_with_a_card_twice_is_refused(data):
    broken = copy.deepcopy(data)
    broken["round"]["standard"]["stock"][0] = "H9"  # Ada's ghost
    with pytest.raises(loader.ContentError, match=r"a card appears twice"):
        loader.check(broken)


# ------------------------------------------------------------------ own-words issue defects


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "also", "left"),
    [("en", "reached the threshold too", "0 left"), ("nb", "har også nådd tapsgrensen", "0 igjen")],
)
def test_a_player_past_the_threshold_who_did_not_lose_is_not_told_0_to_go(
    client, language, also, left
):

    game = make_game(threshold=21)
    enter(client, game, "25", "30", lang=language)
    with translation.override(language):
        html = client.get(reverse("scorepad:game", args=[game.edit_token])).content.decode()
    assert also in html and left not in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nb"])
def test_every_section_variant_and_question_links_to_itself(client, language):
    html = page_for(client, cards.DEFAULT_HOUSE, language)
    ids = re.findall(r'<(?:section|tr|dt) id="([^"]+)"', html)
    assert len(ids) >= 15 + 5 + 8
    for anchor in ids:
        assert f'href="#{anchor}"' in html, anchor
    # each section's "Back to contents", and the contents' own heading link
    assert html.count('href="#contents"') == len(re.findall(r"<section id=", html)) + 1


@pytest.mark.django_db
def test_no_table_has_both_a_caption_and_a_figcaption(client):
    for house in (cards.DEFAULT_HOUSE, cards.House(variant="three_in_hand")):
        html = page_for(client, house, "en")
        for figure in re.findall(r"<figure.*?</figure>", html, re.S):
            assert not ("<caption" in figure and "<figcaption" in figure)
        assert not re.search(r"\shx-\w+=", html)
