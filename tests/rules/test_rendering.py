"""Issue 17: every table's rules are true.

Every combination a reader can choose is rendered in both languages, and each block and
item is checked against a table of what must and must not be said, derived from that
table's facts (rules.cards.table_facts). Then the whole round in each variant, the
loader's proof of each block's assumptions, the headings' links, and one regression
test per defect the issue lists.
"""

from __future__ import annotations

import copy
import re
import tomllib
from decimal import Decimal as D

import pytest
from django.utils import translation
from django.utils.html import strip_tags

from rules import words
from rules.engine import loader, rendering, schema
from rules.games.ghost import cards
from rules.games.ghost.round import play_round

HOUSES = schema.all_houses()
LANGUAGES = ("en", "nb")


def statements(house: cards.House, language: str) -> list[str]:
    """Every text the rules page says at this table, one statement per block or item."""
    with translation.override(language):
        sections = rendering.rendered_sections(language, house)
    found = []
    for section in sections:
        for block in section["blocks"]:
            for field in ("text", "caption"):
                if block.get(field):
                    found.append(strip_tags(block[field]))
            for item in block.get("items") or []:
                if isinstance(item, dict):
                    found.append(" ".join(strip_tags(str(v)) for v in item.values()))
                else:
                    found.append(strip_tags(item))
    return found


def average(house: cards.House) -> str:
    return words.format_points(schema.facts(house)["average"], "en")


# (which tables, language, phrase, must be said?) — the phrase is a regular expression.
def expectations(known: cards.TableFacts) -> list[tuple[str, str, bool]]:
    named = known.named()
    rules = []

    def must(language, phrase):
        rules.append((language, phrase, True))

    def never(language, phrase):
        rules.append((language, phrase, False))

    if not named["unseen"]:  # Seven cards and Three in hand: every card but the ghost seen
        for phrase in (r"look at two", r"unseen place", r"may not peek", r"places again"):
            never("en", phrase)
        for phrase in (r"kikke på to", r"ukjent plass", r"ukjente plassene", r"plasser igjen"):
            never("nb", phrase)
        must("en", r"only the ghost")
        must("nb", r"[Bb]are spøkelset")
    else:
        must("en", r"look at two")
        must("nb", r"kikke på to")
    if not named["swap_seen"]:  # house rule: a card you have seen stays where it is
        never("en", r"Swap out the cards you have seen")
        never("nb", r"Bytt først ut kortene du har sett")
    if named["look_again"]:
        never("en", r"not peek|nobody looks at their face-down")
        never("nb", r"heller ikke kikke|ser ingen på sine skjulte")
    if named["lie"] == "hand":
        for phrase in (r"turns their row", r"row face up", r"face-down places", r"places? \d"):
            never("en", phrase)
        for phrase in (r"snur raden", r"skjulte plasser", r"på plass \d", r"raden din"):
            never("nb", phrase)
        must("en", r"in your hand|in the hand")
        must("nb", r"på hånden")
    else:
        must("en", r"place")
        must("nb", r"plass")
    duration_en = r"takes \d+ to \d+ minutes"
    duration_nb = r"tar fra \d+ til \d+ minutter"
    if named["threshold"] == "21" and named["players"] == "two" and named["hand"] == 5:
        must("en", duration_en)
        must("nb", duration_nb)
    else:
        never("en", duration_en)
        never("nb", duration_nb)
    # the loss threshold is reached, never crossed
    never("en", r"cross(es)? the loss threshold|over the loss threshold|past the threshold")
    never("nb", r"over tapsgrensen|Går flere over")
    if named["threshold"] != "single":
        must("en", r"reaches")
        must("nb", r"\bnår\b")
    if named["players"] == "two":
        must("en", r"Two people play|For two players")
        must("nb", r"for to|For to spillere")
    else:
        most = words.NUMBER_WORDS
        never("en", r"Two people play|For two players|your opponent")
        never("nb", r"kortspill for to|For to spillere|motspilleren")
        must("en", rf"from two to {most['en'][known.most_players]}")
        must("nb", rf"fra to til {most['nb'][known.most_players]}")
    if not named["start_card"]:
        never("en", r"face-up card and put it straight back")
    never("nb", r"ved deres bord|Ved deres bord|Her er hvordan")
    return rules


@pytest.mark.parametrize("house", HOUSES, ids=lambda h: "+".join(sorted(h.conditions())))
def test_every_table_says_only_what_is_true_there(house):
    known = cards.table_facts(house)
    said = {language: statements(house, language) for language in LANGUAGES}
    for language, phrase, wanted in expectations(known):
        hits = [s for s in said[language] if re.search(phrase, s)]
        if wanted:
            assert hits, f"{language}: nothing says /{phrase}/ at {loader.table_name(house)}"
        else:
            assert not hits, (
                f"{language}: /{phrase}/ is false at {loader.table_name(house)}: {hits[0]}"
            )


@pytest.mark.parametrize("house", HOUSES, ids=lambda h: "+".join(sorted(h.conditions())))
def test_the_figures_for_playing_better_are_the_tables_own(house):
    said = " ".join(statements(house, "en"))
    unknown = cards.unknown_at_setup(house)
    share = (cards.average_card(house.jack) * unknown).quantize(D("0.1"))
    assert f"about {words.format_points(share, 'en')}" in said
    if not cards.table_facts(house).unseen:
        assert unknown == 1  # only the ghost
        assert f"worth {average(house)} points on average" in said


def test_seven_cards_leaves_only_the_ghost_unknown_about_5_6():
    house = cards.House(variant="seven_cards")
    said = " ".join(statements(house, "en"))
    assert "share of it, about 5.6" in said
    assert "33.5" not in said
    norwegian = " ".join(statements(house, "nb"))
    assert "rundt 5,6" in norwegian


# ------------------------------------------------------------------ the whole round


@pytest.mark.parametrize("house", HOUSES, ids=lambda h: "+".join(sorted(h.conditions())))
def test_the_whole_round_deals_the_variants_hand_with_numbers_from_cards(house):
    variant = house.rules_variant
    script = loader.rules().round[house.variant]
    played = play_round(script, house)
    shown = rendering.whole_round("en", house)
    assert shown["in_hand"] == variant.in_hand
    for i, player in enumerate(shown["players"]):
        assert len(player["dealt"]) == len(played.dealt[i]) == variant.row_size
        row = played.rows[i]
        total = cards.hand_total([*row, played.ghosts[i]], house.jack)
        assert player["total"] == words.format_points(total, "en")
    if variant.see_all:
        assert all(p == tuple(range(1, variant.row_size + 1)) for p in played.peeked)
    if variant.in_hand:
        assert len(shown["players"]) >= 3
        assert shown["starter"] == script["names"][(played.dealer + 1) % len(script["names"])]
        for turn in played.turns:
            if turn.replaced:
                assert cards.may_give_away(turn.replaced, turn.card, house.jack)
    dealt = sum(len(r) + 1 for r in played.dealt)
    assert played.stock_size == cards.DECK_SIZE - dealt - (1 if house.face_up_start else 0)


@pytest.mark.parametrize(
    ("slug", "language", "wanted", "unwanted"),
    [
        ("seven-cards", "en", ["looks at the whole row"], ["looks at places"]),
        ("sju-kort", "nb", ["ser på hele raden"], ["kikker på plass"]),
        ("three-in-hand", "en", ["picks up", "Cy", "clockwise", ">Hand<"], ["lays out the row"]),
        ("tre-pa-handen", "nb", ["tar opp", "Cy", "med klokken", ">Hånd<"], ["legger ut raden"]),
        ("more-players", "en", ["the card worth the fewest points deals"], ["lower card"]),
        ("", "nb", ["legger kortet på plass", "kaster kortet"], ["legger det på", "kaster det."]),
        ("", "nb", ["har dermed nådd"], ["og inn kommer", "over tapsgrensen"]),
    ],
)
def test_the_whole_round_reads_as_the_variant(client, slug, language, wanted, unwanted):
    path = {"en": "/en/rules/", "nb": "/nb/regler/"}[language] + (f"{slug}/" if slug else "")
    if not slug:
        path += {"en": "to-10/", "nb": "til-10/"}[language]  # the count reaches it
    html = client.get(path).content.decode()
    part = html[html.index('class="whole-round"') :]
    part = part[: part.index("</div>")]
    for text in wanted:
        assert text in part
    for text in unwanted:
        assert text not in part


def test_a_three_in_hand_player_never_gives_away_a_cheaper_card():
    from rules.games.ghost.round import good_move

    house = cards.House(variant="three_in_hand")
    hand = ["S5", "H8", "DJ"]
    for drawn in ("C6", "CK", "C5"):  # nothing in the hand is worth more
        assert good_move(hand, {1, 2, 3}, drawn, house) is None
    assert good_move(hand, {1, 2, 3}, "CA", house) == 1  # the five goes for an ace


def test_a_seven_cards_script_with_a_row_of_four_is_refused():
    data = tomllib.loads(loader.DATA_FILE.read_text(encoding="utf-8"))
    broken = copy.deepcopy(data)
    broken["round"]["seven_cards"]["hands"][0] = broken["round"]["seven_cards"]["hands"][0][:5]
    with pytest.raises(loader.ContentError, match=r"round.seven_cards.*this variant deals 7"):
        loader.check(broken)


# ------------------------------------------------------------------ the loader's proof


def test_a_block_whose_assumption_fails_somewhere_stops_start_up(data):
    planted = {
        "kind": "p",
        "id": "planted",
        "assumes": {"lie": "row"},
        "text": {"en": "Turn your row face up.", "nb": "Snu raden."},
    }
    data["sections"][2]["blocks"].append(planted)
    with pytest.raises(loader.ContentError) as error:
        loader.check(data)
    message = str(error.value)
    assert "(planted) assumes {'lie': 'row'}" in message
    assert "three-in-hand" in message  # the table where it is false


def test_a_patch_for_the_failing_table_lets_the_same_block_load(data):
    data["sections"][2]["blocks"].append(
        {
            "kind": "p",
            "id": "planted",
            "assumes": {"lie": "row"},
            "text": {"en": "Turn your row face up.", "nb": "Snu raden."},
        }
    )
    data["patches"].append(
        {
            "when": "three_in_hand",
            "replace": "planted",
            "assumes": {"lie": "hand"},
            "text": {"en": "Show your hand.", "nb": "Vis hånden."},
        }
    )
    loader.check(data)


def test_an_item_shown_only_where_it_holds_needs_no_patch_but_its_twin_must_exist(data):
    better = next(b for s in data["sections"] for b in s["blocks"] if b.get("id") == "better-list")
    better["items"].append({"assumes": {"unseen": True}, "en": "Peek.", "nb": "Kikk."})
    with pytest.raises(loader.ContentError, match=r"better-list\)\.items\[\d+\] assumes"):
        loader.check(data)


def test_an_unknown_fact_is_refused(data):
    data["sections"][0]["blocks"][0]["assumes"] = {"colour": "red"}
    with pytest.raises(loader.ContentError, match=r"unknown fact 'colour'"):
        loader.check(data)


FIVE_CARD_WORDS = re.compile(
    r"\brow\b|\bplaces?\b|look at \{word:peeked\}|opponent|Two people|face-down"
)


def test_every_text_that_speaks_of_a_row_places_or_two_players_states_its_facts():
    """A block, item or answer that speaks of a row, of places, of looking at two or of
    one opponent names the facts it takes for granted (`assumes`) or is shown `only`
    where they hold, so a table where they are false cannot inherit it unproved."""
    data = loader.rules()
    unstated = []
    for section in data.sections:
        for block in section["blocks"]:
            if "assumes" in block or "only" in block:
                continue
            for node in [block.get("text"), *(block.get("items") or [])]:
                if not isinstance(node, dict) or "assumes" in node or "only" in node:
                    continue
                if FIVE_CARD_WORDS.search(node.get("en", "")):
                    unstated.append((section["id"], block.get("id"), node["en"][:60]))
    for entry in data.faq:
        if not ({"assumes", "only"} & set(entry)) and FIVE_CARD_WORDS.search(entry["answer"]["en"]):
            unstated.append(("faq", entry["id"], entry["answer"]["en"][:60]))
    assert unstated == []


# ------------------------------------------------------------------ headings


@pytest.mark.parametrize("path", ["/en/rules/", "/nb/regler/sju-kort/", "/en/rules/three-in-hand/"])
def test_every_heading_has_an_id_and_a_link_to_it(client, path):
    html = client.get(path).content.decode()
    main = html[html.index("<main") :]
    headings = re.findall(r"<h([23])([^>]*)>(.*?)</h\1>", main, flags=re.S)
    assert len([h for h in headings if h[0] == "3"]) >= 4  # the whole round's four
    ids = set(re.findall(r'\bid="([^"]+)"', html))
    for level, attrs, inner in headings:
        own = re.search(r'\bid="([^"]+)"', attrs)
        assert own, f"h{level} without an id: {inner[:60]}"
        link = re.search(r'<a class="self" href="#([^"]+)"', inner)
        assert link, f"h{level} #{own[1]} has no # link"
        assert link[1] in ids


# ------------------------------------------------------------------ the issue's defects


def page(client, path):
    return strip_tags(client.get(path).content.decode())


@pytest.mark.parametrize(
    ("path", "absent"),
    [
        ("/en/rules/seven-cards/", "at the start you may look at two of them"),
        ("/en/rules/seven-cards/", "after setup you may not peek at your face-down places"),
        ("/en/rules/seven-cards/", "Your unseen places and the ghost together hold about"),
        ("/en/rules/three-in-hand/", "Everyone turns their row face up"),
        ("/en/rules/three-in-hand/", "11.2"),
        ("/en/rules/three-in-hand/", "only for another eight"),
        ("/en/rules/three-in-hand+jack-11/", "a jack at 0.5"),
        ("/en/rules/more-players/", "Two people play"),
        ("/nb/regler/flere-spillere/", "et norsk kortspill for to"),
        ("/en/rules/more-players/", "The lower card deals"),
        ("/en/rules/to-15/", "between 15 and 30 minutes"),
        ("/nb/regler/til-15/", "fra 15 til 30 minutter"),
        ("/nb/regler/en-runde/", "er allerede over tapsgrensen"),
        ("/en/rules/", "crosses the loss threshold"),
        ("/nb/regler/", "Går flere over tapsgrensen"),
        ("/nb/regler/", "Her er hvordan"),
        ("/nb/regler/", "Trekning om given: kortet som er verdt minst"),
        ("/en/rules/", "the card worth fewer points deals"),
        ("/nb/regler/", "og inn kommer"),
        ("/nb/regler/", "det minste en hånd på fem kort kan gi"),
        ("/en/rules/", "Use the places you looked at first"),
        ("/en/rules/", "in a line"),
        ("/en/rules/three-in-hand/", "back up"),
        ("/en/rules/", "Can a round come to nothing?"),
        ("/en/rules/", "the line these pages follow"),
        ("/en/rules/", "your table's lines"),
        ("/nb/regler/", "de to linjene"),
        ("/nb/varianter/", "Fem kort hver:"),
        ("/en/card/three-in-hand/", "Everyone turns their row face up"),
        ("/en/card/three-in-hand/", "choose one of your three places"),
        ("/en/card/seven-cards/", "Choose any two of your places"),
        ("/nb/huskekort/sju-kort/", "heller ikke kikke på plassene dine igjen"),
    ],
)
def test_a_defect_of_the_issue_is_gone(client, path, absent):
    assert client.get(path).status_code == 200
    assert absent not in page(client, path)


@pytest.mark.parametrize(
    ("path", "present"),
    [
        ("/nb/regler/", "den som trekker kortet som er verdt minst, gir"),
        ("/en/rules/", "the player who draws the card worth the fewest points deals"),
        ("/nb/regler/", "minst 0,5 og høyst 64 poeng"),
        ("/en/rules/", "Swap out the cards you have seen first"),
        ("/en/rules/", "Can a round score zero?"),
        ("/nb/regler/", "Slik løser nettstedet"),
        ("/nb/regler/", "de to synene"),
        ("/en/rules/three-in-hand/", "only a card worth more than the one you draw may go"),
        ("/en/rules/three-in-hand/", "The card you give up must be worth more points"),
        ("/en/rules/three-in-hand/", "you always end your turn with three cards in hand"),
        ("/en/rules/three-in-hand/", "lays the cards in their hand face up"),
        ("/en/rules/to-15/", "the first player whose running sum reaches it loses"),
    ],
)
def test_the_issue_asks_for_these_words(client, path, present):
    assert present in page(client, path)


def test_every_norwegian_table_says_hos_dere_not_ved_deres_bord():
    for house in HOUSES:
        said = " ".join(statements(house, "nb"))
        assert "ved deres bord" not in said.lower()


def test_the_golf_sentence_is_split():
    related = loader.rules().related[0]
    for language in LANGUAGES:
        sentences = re.split(r"(?<=[.:])\s+", related["text"][language])
        assert max(len(s.split()) for s in sentences) <= 30, language


def test_the_variants_page_says_where_halves_stop(client):
    totals = cards.possible_totals(cards.STANDARD, cards.JACK_HALF)
    half = max(t for t in totals if t % 1)
    assert half == D("52.5")
    assert "Totals with a half stop at 52.5" in page(client, "/en/variants/")
    assert "går ikke over 52,5" in page(client, "/nb/varianter/")


def test_each_house_rule_is_said_once_at_the_top_and_among_the_differences():
    from rules.games.ghost.house import differences, summary

    house = cards.House(
        jack=cards.JACK_ELEVEN, start_card=False, swap_seen=False, threshold=15, more_players=True
    )
    with translation.override("en"):
        assert summary(house) == [
            "Standard",
            "jack 11",
            "stock only",
            "seen cards stay",
            "to 15 points",
            "up to 10 players",
        ]
        assert differences(house) == [
            "A jack counts 11, not 0.5.",
            "No card is turned up to start the discard pile.",
            "A card you have seen may not be swapped away.",
            "The game ends at 15 points, not 21.",
            "Up to 10 can play the five-card game.",
        ]
        seven = cards.House(variant="seven_cards", threshold=None)
        assert summary(seven) == ["Seven cards", "jack 0.5", "a face-up start card", "one round"]
        assert differences(seven) == [
            "You play the variant “Seven cards”.",
            "You play a single round.",
        ]
        assert differences(cards.DEFAULT_HOUSE) == []
    with translation.override("nb"):
        assert summary(house)[1] == "knekt 11"


def test_sources_date_day_before_month_as_the_scorepad_does(client):
    """Not "Dec. 1, 2026" beside the scorepad's "1 December 2026"."""
    en = page(client, "/en/rules/")
    nb = page(client, "/nb/regler/")
    assert re.search(r"Last checked \d{1,2} [A-Z][a-z]+ \d{4}\.", en)
    assert not re.search(r"Last checked [A-Z][a-z]{2}\.", en)
    assert re.search(r"Sist sjekket \d{1,2}\. [a-zæøå]+ \d{4}\.", nb)


def test_the_variant_table_gives_a_range_of_players(client):
    en = page(client, "/en/variants/")
    nb = page(client, "/nb/varianter/")
    most = cards.VARIANTS["three_in_hand"].max_players
    assert f"2\u2013{most} players" in en and f"up to {most} players" not in en
    assert f"2\u2013{most} spillere" in nb and f"opptil {most} spillere" not in nb
