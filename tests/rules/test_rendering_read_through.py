"""Issue 35: the bilingual read-through of the rules pages (../shared/reports/read-through.md),
each false or imprecise sentence kept from coming back. Every test reads the page as the
client gets it; where a sentence states a number, the number is computed here from the
game's facts (the possible hole scores, the decks), never typed."""

from __future__ import annotations

import html
import re

import pytest
from django.urls import reverse
from django.utils import translation

from rules.games.ghost import cards as ghost_cards
from rules.games.golf import cards, scoring
from rules.views import house_url
from rules.words import format_points

pytestmark = pytest.mark.django_db


def text(client, path: str) -> str:
    """The words of a page's main part, tags and scripts left out, spaces made one."""
    page = client.get(path)
    assert page.status_code == 200, path
    body = page.content.decode()
    main = body[body.index('<main id="main">') : body.index("</main>")]
    main = re.sub(r"<(script|svg)\b.*?</\1>", " ", main, flags=re.S)
    words = html.unescape(re.sub(r"<[^>]+>", " ", main))
    return re.sub(r"\s+", " ", words.replace("\N{NO-BREAK SPACE}", " "))


def rules_page(client, house, language: str, name: str = "rules") -> str:
    with translation.override(language):
        return text(client, house_url(name, house))


def runs(numbers, to: str, also: str, language: str) -> str:
    """Whole numbers as a reader would say them: runs of three or more by their ends."""
    numbers = sorted(numbers)
    groups: list[list[int]] = []
    for n in numbers:
        if groups and groups[-1][-1] == n - 1:
            groups[-1].append(n)
        else:
            groups.append([n])
    said = []
    for group in groups:
        ends = [format_points(n, language) for n in group]
        said += [f"{ends[0]} {to} {ends[-1]}"] if len(group) > 2 else ends
    return said[0] if len(said) == 1 else f"{', '.join(said[:-1])} {also} {said[-1]}"


# ------------------------------------------------------------------ Golf: scores


GAPPED = [
    cards.GolfHouse("four_card", four_of_a_kind="square"),
    cards.GolfHouse("four_card", four_of_a_kind="two_columns"),
    cards.GolfHouse("four_card", jokers="minus_five"),
    cards.GolfHouse("four_card", jokers="minus_five", four_of_a_kind="square"),
    cards.GolfHouse(jokers="minus_five", four_of_a_kind="square"),
]


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize(
    "house", GAPPED, ids=lambda h: f"{h.variant}-{h.jokers}-{h.four_of_a_kind}"
)
def test_a_range_with_holes_in_it_says_which_scores_cannot_happen(client, house, language):
    possible = scoring.possible_hole_scores(house, cards.PLAYER_RANGE[0])
    low, high = min(possible), max(possible)
    missing = [s for s in range(low, high) if s not in possible]
    assert missing  # the tables the report named
    page = rules_page(client, house, language)
    low, high = format_points(low, language), format_points(high, language)
    if language == "en":
        said = runs(missing, "to", "and", language)
        assert (
            f"the lowest possible score is {low} and the highest {high}, but {said} cannot happen"
            in page
        )
        assert f"runs from {low} to {high}" not in page
    else:
        said = runs(missing, "til", "og", language)
        assert (
            f"er laveste mulige poengsum hos dere {low} og høyeste {high}, "
            f"men {said} kan ikke forekomme" in page
        )
        assert f"går det fra {low} til {high}" not in page


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_range_without_holes_says_every_whole_number(client, language):
    house = cards.GolfHouse()
    possible = scoring.possible_hole_scores(house, cards.PLAYER_RANGE[0])
    assert set(range(min(possible), max(possible) + 1)) == possible
    low, high = (format_points(s, language) for s in (min(possible), max(possible)))
    page = rules_page(client, house, language)
    wanted = {
        "en": f"every whole number from {low} to {high}",
        "nb": f"alle hele tall fra {low} til {high}",
    }
    assert wanted[language] in page


# ------------------------------------------------------------------ Golf: nine cards


@pytest.mark.parametrize("jokers", ["pagat", "minus_five"])
@pytest.mark.parametrize("language", ["en", "nb"])
def test_nine_card_jokers_cancel_only_as_three_of_a_kind(client, jokers, language):
    house = cards.GolfHouse("nine_card", jokers=jokers)
    # the page's own facts: three equal cards cancel a column, one deck has two jokers
    assert house.rules_variant.rows == 3 and cards.JOKERS_PER_DECK == 2
    page = rules_page(client, house, language)
    never = {"en": "two jokers in a column cancel", "nb": "to jokere i samme kolonne nuller"}
    always = {
        "en": "jokers cancel a column only when all three of its cards are jokers",
        "nb": "nuller jokere en kolonne bare når alle tre kortene i den er jokere",
    }
    assert never[language] not in page
    assert always[language] in page


@pytest.mark.parametrize("language", ["en", "nb"])
def test_nine_card_values_are_not_told_with_six_card_logic(client, language):
    page = rules_page(client, cards.GolfHouse("nine_card"), language)
    never = {
        "en": ["A card with no equal card in its column", "the match for a queen"],
        "nb": ["Et kort uten et likt kort i samme kolonne", "passer til damen du har"],
    }
    always = {
        "en": "unless all three cards of its column share a rank",
        "nb": "med mindre alle tre kortene i kolonnen har samme valør",
    }
    for phrase in never[language]:
        assert phrase not in page
    assert always[language] in page
    six = rules_page(client, cards.GolfHouse(), language)
    assert {
        "en": "unless an equal card shares its column",
        "nb": "med mindre et likt kort ligger i samme kolonne",
    }[language] in six


# ------------------------------------------------------------------ Golf: other sentences


def test_one_hole_is_never_1_holes(client):
    for variant in cards.VARIANTS:
        house = cards.GolfHouse(variant, extra_hole=True, holes=1)
        for name in ("rules", "card"):
            page = rules_page(client, house, "en", name)
            assert "1 holes" not in page, (variant, name)
        assert "a single hole instead of the usual 9" in rules_page(client, house, "en")
    nine = rules_page(client, cards.GolfHouse(holes=5), "en")
    assert "Your table plays 5 holes instead of the usual 9" in nine


@pytest.mark.parametrize("language", ["en", "nb"])
def test_going_out_is_not_advised_against_for_a_hidden_card_you_no_longer_have(client, language):
    hidden = {
        "en": "a hidden card of yours may be expensive",
        "nb": "et skjult kort hos deg kan bli dyrt",
    }
    for variant in ("six_card", "nine_card"):
        assert hidden[language] not in rules_page(client, cards.GolfHouse(variant), language)
    # in four-card golf you knock with cards still face down: there it is the reason
    assert hidden[language] in rules_page(client, cards.GolfHouse("four_card"), language)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_place_may_hold_a_card_you_can_see(client, language):
    never = {
        "en": "You choose a place, not a card you have looked at",
        "nb": "Du velger en plass, ikke et kort du har sett på",
    }
    always = {
        "en": "You may replace a card you can see or a hidden one",
        "nb": "Du kan bytte ut et kort du ser, eller et skjult",
    }
    for name in ("rules", "card"):
        page = rules_page(client, cards.GolfHouse(), language, name)
        assert never[language] not in page
    assert always[language] in rules_page(client, cards.GolfHouse(), language)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_four_card_words(client, language):
    page = rules_page(client, cards.GolfHouse("four_card", four_of_a_kind="square"), language)
    never = {
        "en": [
            "the others saw it arrive",
            "nothing is ever all face up",
            "all hole long",
            "Two such columns",
        ],
        "nb": ["de andre så det komme", "Her ligger ingenting åpent", "To slike kolonner"],
    }
    always = {
        "en": [
            "if it came from the discard pile, so does everyone else",
            "they always form a square",
        ],
        "nb": ["tok du det fra kastebunken, vet de andre det også", "blir de alltid en firkant"],
    }
    for phrase in never[language]:
        assert phrase not in page
    for phrase in always[language]:
        assert phrase in page


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_caller_penalty_names_every_player_with_the_lowest_score(client, language):
    house = cards.GolfHouse(caller_penalty=True, extra_hole=True)
    page = rules_page(client, house, language)
    never = {"en": "the lowest player", "nb": "den med lavest poeng "}
    # the editor's read: no "best hole never punished", no calque of "after a tie"
    for old in ("best hole is never punished", "straffes aldri", "etter likt resultat"):
        assert old not in page
    always = {
        "en": [
            "every player with the lowest score writes 0",
            "On the extra hole the penalty works the same way, among the players who play it",
        ],
        "nb": [
            "den eller de med lavest poengsum 0",
            "Straffen gjelder også på det ekstra hullet, blant dem som spiller det",
        ],
    }
    assert never[language] not in page
    for phrase in always[language]:
        assert phrase in page


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_last_turn_is_named_before_the_turn_not_after_the_full_stop(client, language):
    page = rules_page(client, cards.GolfHouse(), language)
    assert not re.search(r"\. \((a last turn|en siste tur)\)", page)
    assert {"en": "Last turn: Bo", "nb": "Siste tur: Bo"}[language] in page


def test_twos_and_sources_in_english(client):
    page = rules_page(client, cards.GolfHouse(), "en")
    assert "on their own they are worth" not in page
    assert "Keep twos apart: in two columns they are worth −4, stacked in one column 0" in page
    assert "Known to us only" not in page and "Known only through" not in page


def test_norwegian_golf_has_no_calques(client):
    pages = [
        rules_page(client, house, "nb")
        for house in (cards.GolfHouse(), cards.GolfHouse("nine_card", extra_hole=True))
    ]
    with translation.override("nb"):
        variants = reverse("rules:variants", kwargs={"game": "golf"})
        pages += [text(client, variants), text(client, reverse("rules:home"))]
    for page in pages:
        for calque in ("rutenett", "uavgjort avgjøres", "hvordan uavgjort avgjøres"):
            assert calque not in page


def test_the_form_writes_a_plus_beside_a_minus(client):
    page = client.get(
        house_url("rules", cards.GolfHouse()), HTTP_ACCEPT_LANGUAGE="en"
    ).content.decode()
    assert "a joker −2, a two +2" in html.unescape(page)
    assert "A turn may turn a card over instead" not in page


# ------------------------------------------------------------------ Ghost


@pytest.mark.parametrize("language", ["en", "nb"])
def test_ghost_draws_no_conclusion_its_figure_does_not_carry(client, language):
    page = rules_page(client, ghost_cards.House(), language)
    assert {"en": "seldom a mistake", "nb": "sjelden feil"}[language] not in page


@pytest.mark.parametrize("language", ["en", "nb"])
def test_ghost_turns_that_follow_each_other_are_named_with_and(client, language):
    page = rules_page(client, ghost_cards.House(), language)
    word = {"en": ("Turns", "to"), "nb": ("Tur", "til")}[language]
    for first, last in re.findall(rf"{word[0]} (\d+) {word[1]} (\d+)", page):
        assert int(last) > int(first) + 1, (first, last)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_five_card_rows_of_the_variant_table_agree_on_players(client, language):
    with translation.override(language):
        page = text(client, reverse("rules:variants"))
    most = ghost_cards.House(more_players=True).max_players
    least = ghost_cards.STANDARD.max_players
    said = {
        "en": f"{least} players (up to {most} with the house rule for more players)",
        "nb": f"{least} spillere (opptil {most} med husregelen for flere spillere)",
    }[language]
    # the standard game, jack as 11 and stock only: the same five-card game
    assert page.count(said) == 3
    assert f"{least}–{most}" not in page


# ------------------------------------------------------------------ the variants pages


def variants_page(client, game: str, language: str) -> str:
    with translation.override(language):
        return text(client, reverse("rules:variants", kwargs={"game": game}))


@pytest.mark.parametrize("language", ["en", "nb"])
def test_ghosts_variants_page_has_no_lead_repeating_the_tables_first_row(client, language):
    """GH-EN-05 and -06: a stray lead repeated the standard game before the introduction,
    and the introduction named only the variant and the jack's value of the choices."""
    from rules.engine import rendering

    page = variants_page(client, "ghost", language)
    standard = re.sub(r"<[^>]+>", "", rendering.variant_rows(language)[0]["description"])
    assert page.count(html.unescape(standard)) == 1  # in the table, not before it too
    every = {
        "en": "the scorepad lets you pick the variant and every house rule.",
        "nb": "I poengblokken velger dere variant og alle husregler.",
    }
    assert every[language] in page
    assert "The standard game." not in page and "Vanlig spill." not in page


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_question_for_the_two_row_grids_says_so_on_the_variants_page(client, language):
    """Four of a kind is no question in nine-card golf (three equal cards cancel there):
    the page speaking for every variant names those it is asked in, from the facts."""
    page = variants_page(client, "golf", language)
    names = {key: golf_variant_name(key, language) for key in cards.VARIANTS}
    two_rows = [k for k, v in cards.VARIANTS.items() if v.rows == 2]
    assert 0 < len(two_rows) < len(cards.VARIANTS)
    quote = {"en": "“{}”", "nb": "«{}»"}[language]
    listed = {"en": " and ", "nb": " og "}[language].join(quote.format(names[k]) for k in two_rows)
    question = {"en": "A bonus for four of a kind?", "nb": "Bonus for fire like?"}[language]
    only = {"en": "Only in {}.", "nb": "Bare i {}."}[language].format(listed)
    assert f"{question} {only}" in page
    jokers = {"en": "Jokers?", "nb": "Jokere?"}[language]  # asked in every variant
    assert f"{jokers} {only[:4]}" not in page


def golf_variant_name(key: str, language: str) -> str:
    from rules.engine.loader import rules

    return rules("golf").variants[key]["name"][language]


@pytest.mark.parametrize("language", ["en", "nb"])
def test_golfs_hole_ranges_on_the_variants_page_say_they_are_without_house_rules(client, language):
    """GO-EN-26: a range true only at the plain table read as the variant's."""
    page = variants_page(client, "golf", language)
    for key in cards.VARIANTS:
        possible = scoring.possible_hole_scores(cards.GolfHouse(key), cards.PLAYER_RANGE[0])
        low, high = (format_points(s, language) for s in (min(possible), max(possible)))
        said = {
            "en": f"with one deck and no house rules, a hole scores from {low} to {high}.",
            "nb": f"med én kortstokk og uten husregler går et hull fra {low} til {high} poeng.",
        }[language]
        assert f"{golf_variant_name(key, language)}: {said}" in page


@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_checked_summary_tells_its_own_check_from_our_reading(client, language):
    """GO-EN-25: the day we read the summary stood where the day it was checked belongs."""
    from rules.engine.loader import rules

    source = next(s for s in rules("golf").sources if s.get("reviewed"))
    assert source["reviewed"] < source["checked"]
    with translation.override(language):
        from django.utils.formats import date_format

        reviewed = date_format(source["reviewed"], "DAY_FORMAT")
        checked = date_format(source["checked"], "DAY_FORMAT")
    page = rules_page(client, cards.GolfHouse(), language)
    said = {
        "en": f"Checked by its author on {reviewed}. We last read it on {checked}.",
        "nb": f"Kontrollert av forfatteren {reviewed}. Vi leste det sist {checked}.",
    }[language]
    assert said in page
    assert {"en": f"Last checked {checked}", "nb": f"Sist sjekket {checked}"}[language] not in page


# ------------------------------------------------------------------ the home page


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_home_pages_link_is_named_as_the_heading_it_leads_to(client, language):
    """SI-NB-02: «Fire ting å avtale» led to «Fire ting å bli enige om»."""
    with translation.override(language):
        home = client.get(reverse("rules:home")).content.decode()
        rules = client.get(reverse("rules:rules")).content.decode()
    link = re.search(r'<a href="[^"]*#settle">([^<]+)</a>', home)[1]
    heading = re.search(r'<h2 id="settle[^"]*"[^>]*>(.*?)</h2>', rules, re.S)[1]
    heading = html.unescape(re.sub(r"<[^>]+>", "", heading)).strip().removesuffix("#")
    assert html.unescape(link).strip() == heading.strip()


# ------------------------------------------------------------------ the worked holes


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("variant", [k for k, v in cards.VARIANTS.items() if v.turned_up])
def test_a_worked_hole_follows_the_pages_advice_on_the_first_cards(client, variant, language):
    """GO-NB-26: the nine-card hole turned up places 1 and 4, one column, beside the
    advice to turn them up in different columns."""
    house = cards.GolfHouse(variant)
    page = rules_page(client, house, language)
    said = {
        "en": r"(\w+) turns up places (\d+) and (\d+)",
        "nb": r"(\w+) snur plass (\d+) og (\d+)",
    }
    found = re.findall(said[language], page)
    assert len(found) == 2  # both players
    columns = house.rules_variant.columns
    for _name, first, second in found:
        assert (int(first) - 1) % columns != (int(second) - 1) % columns, (first, second)
