"""The interface in the reader's words (issue 17): the rules at a glance linked where a
reader needs them, and every wording defect of the read-through, each with its test."""

import gettext
import re
from decimal import Decimal
from pathlib import Path

import pytest
from django.conf import settings
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from rules import words
from rules.games.ghost import cards
from rules.views import house_url
from scorepad.models import Game
from tests.conftest import enter, make_game, new_game_data, url

GLANCE = {"en": "The rules at a glance", "nb": "Reglene i korte trekk"}
HOME_DESCRIPTION = {
    "en": "Rules and scorepad for Ghost, the Norwegian card game where the lowest score wins.",
    "nb": "Regler og poengblokk for Spøkelse, det norske kortspillet der lavest poengsum vinner.",
}


def get(client, path):
    response = client.get(path)
    assert response.status_code == 200, path
    return response.content.decode()


def links(html, text):
    """The addresses of the links whose text is exactly `text`."""
    return re.findall(rf'<a href="([^"]+)"[^>]*>{re.escape(text)}</a>', html)


def description(html):
    return re.search(r'<meta name="description" content="([^"]*)">', html)[1]


# ------------------------------------------------------------------ the rules at a glance


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_home_page_links_the_rules_at_a_glance(client, language):
    with translation.override(language):
        home, card = reverse("rules:home"), reverse("rules:card")
    assert links(get(client, home), GLANCE[language]) == [card]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_top_of_the_rules_links_the_card_for_the_same_table(client, language):
    house = cards.House(jack=cards.JACK_ELEVEN, threshold=15)
    with translation.override(language):
        rules, card = house_url("rules", house), house_url("card", house)
    html = get(client, rules)
    top = html[html.index('<h1 id="top">') : html.index('id="house"')]
    assert links(top, GLANCE[language]) == [card]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_card_has_the_full_rules_one_tap_away_and_jumps_to_its_parts(client, language):
    house = cards.House(variant="three_in_hand", threshold=None)
    with translation.override(language):
        card, rules = house_url("card", house), house_url("rules", house)
    html = get(client, card)
    assert f'<a href="{rules}">' in html
    for part in ("values", "setup", "turn", "round-end", "game"):
        assert f'href="#card-{part}"' in html and f'id="card-{part}"' in html
    assert f"<title>{GLANCE[language]} ·" in html


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_game_links_its_own_tables_card_and_rules_from_the_top(client, language):
    game = make_game(jack="11", threshold=15)
    Game.objects.filter(pk=game.pk).update(table=game.table | {"swap_seen": False})
    game = Game.objects.get(pk=game.pk)
    with translation.override(language):
        card, rules = house_url("card", game.house), house_url("rules", game.house)
    html = get(client, url("game", game, language))
    settings_line = re.search(r'<p class="settings">.*?</p>', html, re.S)[0]
    assert links(
        settings_line, {"en": "Rules at a glance", "nb": "Reglene i korte trekk"}[language]
    ) == [card]
    # the Rules link opens the rules at their top: no fragment into the variant table
    assert links(settings_line, {"en": "Rules", "nb": "Regler"}[language]) == [rules]
    assert "#" not in rules


# ------------------------------------------------------------------ descriptions of their own


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nb"])
def test_card_sheet_scorepad_and_error_pages_describe_themselves(client, language):
    game = make_game()
    enter(client, game, "3", "4", lang=language)
    with translation.override(language):
        paths = [
            reverse("rules:card"),
            reverse("rules:sheet", args=[2]),
            reverse("scorepad:start"),
            reverse("scorepad:game", args=[game.edit_token]),
            reverse("scorepad:watch", args=[game.watch_token]),
            reverse("scorepad:history", args=[game.edit_token]),
            reverse("scorepad:edit-round", args=[game.edit_token, 1]),
        ]
    seen = set()
    for path in paths:
        text = description(get(client, path))
        assert text and text != HOME_DESCRIPTION[language], path
        seen.add(text)
    with translation.override(language):
        missing = client.get(f"/{language}/no-such-page/")
        assert missing.status_code == 404
        seen.add(description(missing.content.decode()))
        for template in ("400.html", "413.html", "500.html", "403_csrf.html"):
            text = description(render_to_string(template, {"LANGUAGE_CODE": language}))
            assert text and text != HOME_DESCRIPTION[language], template
            seen.add(text)
    assert len(seen) == len(paths) + 5  # each its own


# ------------------------------------------------------------------ the words


def catalogue():
    path = Path(settings.LOCALE_PATHS[0]) / "nb" / "LC_MESSAGES" / "django.mo"
    with path.open("rb") as file:
        return gettext.GNUTranslations(file)._catalog


# Calques and slips of the read-through, and the pattern each stands for.
NORWEGIAN_SLIPS = [
    "deres bord",  # «ved deres bord» → «ved bordet deres», «husreglene deres»
    "Her er hvordan",  # → «Slik …»
    "spillet vårt i Spøkelse",  # → «Spøkelse-spillet vårt»
    "Lim den inn",  # a link is sent, not pasted to people
    "følger spillet av seg selv",  # → «oppdateres av seg selv»
    "summen sier",  # → «summen er ført som»
    "tok vare på",  # the phone's copy is «lagret»
    "Lagret på telefonen",  # over rounds not yet saved: «Venter på å bli sendt»
    "Raske oppslag",  # → «Slå opp»
    "poengliste",  # the paper is a «poengark»
    "nærmest tap",  # → «nærmest å tape»
    "over tapsgrensen",  # the loss is reaching it
    "over grensen",
    "Spillet er slutt",  # → «Spillet slutter når noen har 21»
    "Skjermen holdes på",  # a status, not what the button does
]


def test_no_norwegian_interface_string_has_a_known_slip():
    found = [
        (slip, text)
        for text in catalogue().values()
        for slip in NORWEGIAN_SLIPS
        if slip.lower() in text.lower()
    ]
    assert found == []


def test_english_interface_strings_use_curly_apostrophes_and_no_line_jargon():
    msgids = [(key[0] if isinstance(key, tuple) else key).split("\x04")[-1] for key in catalogue()]
    assert [m for m in msgids if re.search(r"\w'\w", m)] == []
    # "line" for a choice is jargon; the chart's drawn line is a line
    literal = re.compile(r"dashed red line")
    jargon = [m for m in msgids if re.search(r"\bline\b|\blines\b|Paste it", literal.sub("", m))]
    assert jargon == []


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "words"),
    [
        (
            "en",
            [
                "Link copied. Send it to whoever should follow the game.",
                "Screen on – tap to turn off",
                "Waiting on this phone",
                "Follow our game of Ghost",
            ],
        ),
        (
            "nb",
            [
                "Lenken er kopiert. Send den til dem som skal følge spillet.",
                "Skjermen er på – trykk for å slå av",
                "Venter på å bli sendt",
                "Følg partiet vårt i Spøkelse",
            ],
        ),
    ],
)
def test_the_game_page_says_send_and_what_the_screen_button_does(client, language, words):
    html = get(client, url("game", make_game(), language))
    for text in words:
        assert text in html, text


@pytest.mark.django_db
def test_the_watch_page_updates_by_itself(client):
    game = make_game()
    with translation.override("nb"):
        html = get(client, reverse("scorepad:watch", args=[game.watch_token]))
    assert "Denne siden holder seg oppdatert." in html


def test_norwegian_pages_say_look_it_up_and_the_phone_saved_its_copy(client):
    html = get(client, "/nb/")
    assert "<h2>Slå opp</h2>" in html
    assert "Dette er kopien telefonen lagret" in html
    with translation.override("nb"):
        assert "poengark" in render_to_string("413.html", {"LANGUAGE_CODE": "nb"})


def test_the_threshold_choice_says_the_game_ends_when_someone_reaches_21(client):
    html = get(client, "/nb/regler/")
    assert "Spillet slutter" in html and "når noen når 21 poeng" in html


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "jack"), [("en", "jack 0.5"), ("nb", "knekt 0,5")])
def test_the_jack_is_written_alike_on_the_game_and_the_rules(client, language, jack):
    game_line = re.search(
        r'<p class="settings">.*?</p>', get(client, url("game", make_game(), language)), re.S
    )[0]
    with translation.override(language):
        rules = get(client, reverse("rules:rules"))
    assert jack in game_line and jack in rules


@pytest.mark.parametrize(
    ("language", "date"),
    [("en", r"\d{1,2} [A-Z][a-z]+ 20\d\d"), ("nb", r"\d{1,2}\. [a-z]+ 20\d\d")],
)
def test_dates_are_day_month_year_in_each_language(client, language, date):
    with translation.override(language):
        html = get(client, reverse("rules:rules"))
    checked = re.findall(r"(?:Last checked|Sist sjekket) ([^<]+)\.</span>", html)
    assert checked, "the sources name the day they were checked"
    assert all(re.fullmatch(date, day) for day in checked), checked


@pytest.mark.django_db
def test_my_games_show_the_day_as_the_rules_do(client):
    client.post("/en/scorepad/", new_game_data())
    html = get(client, "/en/scorepad/")
    # written in the server's zone, and in the phone's by site.js (issue 36)
    day = r"\d{1,2} [A-Z][a-z]+ 20\d\d, \d\d:\d\d"
    assert re.search(r'<span class="hint">[^<]* · <time [^>]*data-local>' + day, html)


# ------------------------------------------------------------------ the standings after the end


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "decided"), [("en", "Decided in round"), ("nb", "Avgjort i runde")]
)
def test_a_single_round_game_is_not_decided_in_round_1(client, language, decided):
    game = make_game(threshold=None)
    enter(client, game, "3", "4", lang=language)
    html = get(client, url("game", game, language))
    assert 'class="result"' in html and decided not in html
    several = make_game(threshold=21)
    enter(client, several, "25", "3", lang=language)
    assert decided in get(client, url("game", several, language))


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "left"), [("en", " left<"), ("nb", " igjen<")])
def test_nobody_has_points_left_once_the_game_is_over(client, language, left):
    game = make_game(threshold=21)
    enter(client, game, "10.5", "3", lang=language)
    assert left in get(client, url("game", game, language))  # while it is played
    enter(client, game, "13", "3", lang=language)
    html = get(client, url("game", game, language))
    assert 'class="result"' in html and left not in html


@pytest.mark.django_db
def test_the_other_player_who_reached_the_threshold_reached_it_too(client):
    game = make_game(threshold=21)
    enter(client, game, "25", "30")
    html = get(client, url("game", game))
    # Bo (30) lost; Anna (25) reached the threshold in the same round and did not
    assert html.count("reached the threshold<") == 1
    assert html.count("reached the threshold too<") == 1
    assert "past the threshold" not in html


# ------------------------------------------------------------------ errors in the site's words

THRESHOLD_TEXT = {
    "en": "Type a whole number from 1 to 500.",
    "nb": "Skriv inn et helt tall fra 1 til 500.",
}
DJANGO_WORDS = ["Ensure this value", "Enter a whole number", "Oppgi et heltall", "Verdien må"]
DJANGO_WORDS += ["Select a valid choice", "Velg et gyldig", "This field is required", "påkrevd"]


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("threshold", ["0", "abc", "9999", "2.5", "-3"])
def test_a_threshold_out_of_range_is_told_in_the_sites_words(client, language, threshold):
    chosen = {"variant": "standard", "jack_value": "0.5", "start_card": "card"}
    chosen |= {"swap_seen": "yes", "game_length": "custom", "threshold": threshold}
    with translation.override(language):
        rules, start = reverse("rules:rules"), reverse("scorepad:start")
    for response in (
        client.get(rules, chosen),
        client.post(start, new_game_data(game_length="custom", threshold=threshold)),
    ):
        html = response.content.decode()
        assert response.status_code in (400, 422)
        assert THRESHOLD_TEXT[language] in html
        assert not [words for words in DJANGO_WORDS if words in html]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_choice_that_is_not_offered_is_told_in_the_sites_words(client, language):
    with translation.override(language):
        response = client.get(
            reverse("rules:rules"),
            {"variant": "bogus", "jack_value": "7", "game_length": "threshold"},
        )
    html = response.content.decode()
    assert response.status_code == 422
    assert {"en": "Choose one of these.", "nb": "Velg et av alternativene."}[language] in html
    assert not [words for words in DJANGO_WORDS if words in html]


# ------------------------------------------------------------------ the scorepad's messages


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Anna: write the total in whole or half points, such as 3.5."),
        ("nb", "Anna: skriv summen i hele eller halve poeng, for eksempel 3,5."),
    ],
)
def test_a_total_that_is_not_a_number_names_the_player(client, language, said):
    response = enter(client, make_game(), "tre", "4", lang=language)
    assert response.status_code == 422
    html = response.content.decode()
    assert said in html
    assert "Enter a number" not in html and "Skriv et tall" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "template"),
    [
        ("en", "{v} cannot happen with these rules. Possible totals run from {lo} to {hi}; "),
        ("nb", "{v} er ikke mulig med disse reglene. Mulige summer går fra {lo} til {hi}, "),
    ],
)
def test_an_impossible_total_names_both_nearest_totals_in_the_pages_numbers(
    client, language, template
):
    game = Game.objects.get(pk=make_game(jack="11").pk)
    whole = sorted(game.possible_totals())
    # with the jack at 11 every total is whole: a half lies between two possible totals
    value = next(t + Decimal("0.5") for t in whole if t + 1 in whole)
    typed = str(value) if language == "nb" else str(value).replace(".", ",")  # either way in
    html = enter(client, game, typed, whole[0], lang=language).content.decode()

    def fmt(number):
        return words.format_points(number, language)

    said = template.format(v=fmt(value), lo=fmt(whole[0]), hi=fmt(whole[-1]))
    low, high = fmt(value - Decimal("0.5")), fmt(value + Decimal("0.5"))
    said += {
        "en": f"the nearest are {low} and {high}.",
        "nb": f"og de nærmeste er {low} og {high}.",
    }[language]
    assert f"Anna: {said}" in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said", "wrong"),
    [
        ("en", "“Seven cards” is for 2 players. For more, choose “Three in hand”.", "up to 2"),
        ("nb", "«Sju kort» er for 2 spillere. Er dere flere, velg «Tre på hånden».", "opptil 2"),
    ],
)
def test_seven_cards_is_for_two_players_not_up_to_two(client, language, said, wrong):
    with translation.override(language):
        start = reverse("scorepad:start")
    data = new_game_data(player_count="3", variant="seven_cards", name_2="Cy")
    html = client.post(start, data).content.decode()
    assert said.replace("2", str(cards.VARIANTS["seven_cards"].max_players)) in html
    assert wrong not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Anna: the cards make 3.5, but the total entered is 12."),
        ("nb", "Anna: kortene gir 3,5, men summen er ført som 12."),
    ],
)
def test_cards_and_a_total_that_disagree_say_what_was_entered(client, language, said):
    response = enter(client, make_game(), "12", "4", lang=language, cards_0="8 J A 2 8")
    assert said in response.content.decode()


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("language", "said"),
    [
        ("en", "Anna: enter 4 cards, the hand and the ghost; you gave 5."),
        ("nb", "Anna: skriv inn 4 kort, hånden og spøkelset. Du skrev 5."),
    ],
)
def test_three_in_hand_asks_for_the_hand_not_a_row(client, language, said):
    game = make_game(variant="three_in_hand")
    response = enter(client, game, "", "4", lang=language, cards_0="8 J A 2 K")
    assert said in response.content.decode()


@pytest.mark.django_db
def test_long_names_and_long_card_text_are_told_in_the_sites_words(client):
    name = "A" * 30
    html = client.post("/nb/poengblokk/", new_game_data(name_0=name)).content.decode()
    assert "Et navn kan ha høyst 24 tegn." in html
    game = make_game(names=("50%", "Bo"))
    response = enter(client, game, "", "4", lang="nb", cards_0="8 " * 31)
    assert response.status_code == 422
    html = response.content.decode()
    assert "50%: det er flere tegn enn en hånd med kort trenger." in html
    assert not [words for words in DJANGO_WORDS + ["Sørg for", "Ensure"] if words in html]


@pytest.mark.django_db
@pytest.mark.parametrize(("language", "stem"), [("en", "ghost-"), ("nb", "sp%C3%B8kelse-")])
@pytest.mark.parametrize("name", ["export-csv", "export-json"])
def test_the_downloads_are_named_in_the_readers_language(client, language, stem, name):
    response = client.get(url(name, make_game(), language))
    disposition = response["Content-Disposition"]
    assert disposition.startswith("attachment;")
    assert stem in disposition and ("ghost-" not in disposition) == (language == "nb")


@pytest.mark.django_db
def test_the_phones_own_check_gives_the_same_example_as_the_server(client):
    game = make_game(jack="11")
    html = get(client, url("game", game))
    assert "such as 14." in html and "such as 3.5." not in html


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_variants_page_opens_with_its_introduction_and_one_colon(client, language):
    """Issue 35 (GH-EN-05): no lead repeating the table's first row before it."""
    with translation.override(language):
        html = get(client, reverse("rules:variants"))
    lead = re.search(r"<h1>.*?</h1>\s*<p>(.*?)</p>", html, re.S)[1]
    sentence = re.sub(r"<[^>]+>", "", lead)
    assert sentence.startswith({"en": "Families play Ghost", "nb": "Spøkelse spilles"}[language])
    assert sentence.count(":") <= 1, sentence
