"""Issue 29: Golf's rules at every table a reader can choose, in both languages, against
statements derived from the table's facts (rules/games/golf/__init__.py `named_facts`),
and the worked hole of each variant counted again here, column by column."""

from __future__ import annotations

import html
import re
from functools import cache

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from rules import games
from rules.engine import rendering
from rules.engine.loader import rules
from rules.games.golf import GAME, cards
from rules.games.golf.hole import play_hole
from rules.words import format_points

HOUSES = GAME.all_houses()
LANGUAGES = ("en", "nb")


def house_id(house):
    from rules.engine.address import to_slug

    return to_slug(house) or "defaults"


@cache
def page_text(house, language) -> dict[str, str]:
    """Each section's text as a reader sees it (tags stripped), by section id."""
    out = {}
    with translation.override(language):
        for section in rendering.rendered_sections(language, house):
            body = "".join(
                render_to_string("rules/_block.html", {"block": b}) for b in section["blocks"]
            )
            text = html.unescape(re.sub(r"<[^>]+>", " ", body))
            out[section["id"]] = re.sub(r"\s+", " ", f"{section['title']} {text}")
    return out


def text_of(house, language, leave_out=("variants", "related", "sources")) -> str:
    """The page without the sections that speak of every variant, of other games, or of
    other documents (by their titles)."""
    return " ".join(t for k, t in page_text(house, language).items() if k not in leave_out)


# What a page must say and must never say, by the facts of its table: (fact, value) ->
# (must, must not), each a {language: [phrases]}.
SAYS = {
    ("layout", "four_card"): (
        {"en": ["two columns", "knock"], "nb": ["to kolonner", "banker i bordet"]},
        {"en": ["six cards", "three columns", "Six cards"], "nb": ["seks kort", "tre kolonner"]},
    ),
    ("layout", "six_card"): (
        {"en": ["two rows of three", "three columns"], "nb": ["to rader med tre"]},
        {"en": ["knock"], "nb": ["banker i bordet"]},
    ),
    ("cancel", "three"): (
        {"en": ["all three of its cards share a rank"], "nb": ["alle tre kortene i den"]},
        {"en": ["both cards of a column"], "nb": ["begge kortene i en kolonne"]},
    ),
    ("cancel", "pair"): (
        {"en": ["both cards of a column"], "nb": ["begge kortene i en kolonne"]},
        {"en": ["all three of its cards"], "nb": ["alle tre kortene i den"]},
    ),
    ("two", "plus"): (
        {"en": ["the two becomes an ordinary card"], "nb": ["toeren blir et vanlig kort"]},
        {"en": ["The two is the one card"], "nb": ["Toeren er det eneste kortet"]},
    ),
    ("flip", True): (
        {
            "en": ["spend the whole turn turning one of your hidden cards"],
            "nb": ["hele turen på å snu et av dine skjulte kort"],
        },
        {"en": [], "nb": []},
    ),
    ("flip", False): (
        {"en": [], "nb": []},
        {"en": ["spend the whole turn turning"], "nb": ["hele turen på å snu et av dine"]},
    ),
    ("caller_penalty", True): (
        {"en": ["Your table plays the caller penalty"], "nb": ["Dere spiller med straff"]},
        {"en": ["no bonus and no penalty"], "nb": ["verken bonus eller straff"]},
    ),
    ("caller_penalty", False): (
        {"en": ["no bonus and no penalty"], "nb": ["verken bonus eller straff"]},
        {"en": ["Your table plays the caller penalty"], "nb": ["Dere spiller med straff"]},
    ),
    ("tie", "extra_hole"): (
        {"en": ["only they play one extra hole"], "nb": ["spiller bare de ett hull til"]},
        {"en": ["share the win, unless"], "nb": ["seieren her, med mindre"]},
    ),
    ("tie", "shared"): (
        {"en": ["share the win, unless"], "nb": ["seieren her, med mindre"]},
        {"en": ["only they play one extra hole"], "nb": ["spiller bare de ett hull til"]},
    ),
}
# Never on a Golf page (Ghost's words), its related games aside.
NEVER = {"en": ["ghost", "threshold"], "nb": ["spøkelset", "tapsgrense"]}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("house", HOUSES, ids=house_id)
def test_every_golf_table_says_what_its_facts_say(house, language):
    said = text_of(house, language)
    facts = GAME.named_facts(house)
    for (fact, value), (must, must_not) in SAYS.items():
        if facts[fact] != value:
            continue
        for phrase in must[language]:
            assert phrase in said, (fact, value, phrase)
        for phrase in must_not[language]:
            assert phrase not in said, (fact, value, phrase)
    for word in NEVER[language]:
        assert word not in said.lower(), word
    # negative numbers with a real minus sign, never a hyphen before a digit
    assert not re.search(r"(?<![\w–])-\d", " ".join(page_text(house, language).values()))


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("house", HOUSES, ids=house_id)
def test_the_numbers_follow_the_table(house, language):
    """The value table is the table's card table; the bonus, the joker and the number of
    holes are the table's, in the sections that state them."""
    sections = page_text(house, language)
    table = GAME.card_table(house)
    with translation.override(language):
        rows = rendering.value_rows(language, house)
    shown = {row["key"]: row["points"] for row in rows}
    for rank, points in table.items():
        if rank in shown:
            assert shown[rank] == format_points(points, language)
        else:  # in the face-value row
            number = 10 if rank == "T" else int(rank)
            assert points == number, rank
    if house.jokers:
        assert shown["X"] == format_points(table["X"], language)
        assert format_points(table["X"], language) in sections["values"]
    if house.four_of_a_kind:
        assert format_points(house.four_bonus, language) in sections["scoring"]
    holes = {"en": f"{house.holes} holes", "nb": f"{house.holes} hull"}[language]
    if house.holes == 1:  # issue 35: never "1 holes"
        holes = {"en": "single hole", "nb": "Ett hull"}[language]
    assert holes in sections["faq"]
    if house.holes != cards.HOLES:
        assert holes.lower() in sections["overview"].lower()


@pytest.mark.parametrize("variant", list(cards.VARIANTS))
def test_the_four_card_and_nine_card_pages_are_their_own(variant):
    """The layout the picture draws and the text's count of cards are the variant's."""
    house = cards.GolfHouse(variant=variant)
    layout = cards.VARIANTS[variant]
    picture = GAME.table_picture("en", house, "house")
    assert len(picture["places"]) == layout.cards
    assert len(picture["columns"]) == layout.columns
    up = [p["number"] for p in picture["places"] if p["up"]]
    seen = [p["number"] for p in picture["places"] if p["seen"]]
    assert len(up) == layout.turned_up
    assert len(seen) == (layout.turned_up or layout.peeked)
    # the places turned up (or looked at) lie in different columns
    assert len({layout.column_of(p) for p in seen}) == len(seen)


# ------------------------------------------------------------------ the worked holes


def counted_here(layout, house) -> int:
    """A layout's hole score counted again, without the scorer: each column either all
    of one rank (0) or its cards added; four of a kind as two equal cancelled columns
    (neighbours for the square), each column in one four at most."""
    width = house.rules_variant.columns
    ranks = [cards.rank_of(c) for c in layout]
    columns = [ranks[c::width] for c in range(width)]
    total, cancelled = 0, []
    for column in columns:
        if len(set(column)) == 1:
            cancelled.append(column[0])
        else:
            total += sum(house.values[r] for r in column)
            cancelled.append(None)
    if house.four_of_a_kind:
        used = set()
        for a in range(width):
            for b in range(a + 1, width):
                if house.four_of_a_kind == "square" and b != a + 1:
                    continue
                if cancelled[a] and cancelled[a] == cancelled[b] and not {a, b} & used:
                    used |= {a, b}
                    total += house.four_bonus
    return total


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("house", HOUSES, ids=house_id)
def test_the_worked_hole_is_counted_at_the_table(house, language):
    script = rules("golf").round[house.variant]
    played = play_hole(script, house)
    told = GAME.whole_round(script, language, house)
    raw = [counted_here(layout, house) for layout in played.layouts]
    assert list(played.raw) == raw
    scores = list(raw)
    best = min(raw)
    if house.caller_penalty and raw[played.caller] != best and best > 0:
        scores = [0 if s == best else s for s in raw]
        scores[played.caller] += best
    assert [p["score"] for p in told["players"]] == [format_points(s, language) for s in scores]
    assert told["penalty"] == (scores != raw)
    winners = [script["names"][i] for i, s in enumerate(scores) if s == min(scores)]
    assert told["winners"] == winners
    # the page tells it: every turn, and the winner's score
    text = page_text(house, language)["worked-hole"]
    assert len(told["turns"]) == len(script["turns"])
    assert format_points(min(scores), language) in text
    assert all(name in text for name in winners)


def test_every_golf_table_is_proved_at_start_up_and_the_unplayable_are_refused():
    """The texts load (every block proved at every table); an unplayable combination is
    no table, and a block that assumes what a table does not hold is refused."""
    from rules.engine.address import from_slug
    from rules.engine.loader import ContentError, check

    assert games.get("golf") is GAME
    with pytest.raises(ValueError):
        from_slug("nine-card+square-minus-20", GAME)
    with pytest.raises(ValueError):
        from_slug("four-card+flip", GAME)
    assert not any(h.variant == "nine_card" and h.four_of_a_kind for h in HOUSES)
    import tomllib

    data = tomllib.loads(GAME.texts.read_text(encoding="utf-8"))
    block = next(b for s in data["sections"] for b in s["blocks"] if b.get("id") == "game-tie")
    block["assumes"] = {"tie": "extra_hole"}  # false at the default table: no text for it
    with pytest.raises(ContentError, match="game-tie"):
        check(data, GAME)
