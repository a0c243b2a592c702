"""The rules as data: load rules/data/rules.toml, check it, render it in one language.

The file holds each text in English and Norwegian side by side. Loading fails loudly,
naming the entry, when a text lacks a language, a card or placeholder is unknown, or a
variant of rules/cards.py has no description, so a broken edit never reaches a page.
"""

from __future__ import annotations

import re
import tomllib
from dataclasses import dataclass
from decimal import Decimal
from functools import cache, lru_cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import translation
from django.utils.formats import get_format
from django.utils.html import escape, format_html
from django.utils.safestring import SafeString, mark_safe

from . import cards

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
DATA_FILE = Path(__file__).parent / "data" / "rules.toml"

RANK_NAMES = {
    "en": {
        "A": "ace",
        "2": "two",
        "3": "three",
        "4": "four",
        "5": "five",
        "6": "six",
        "7": "seven",
        "8": "eight",
        "9": "nine",
        "T": "ten",
        "J": "jack",
        "Q": "queen",
        "K": "king",
    },
    "nb": {
        "A": "ess",
        "2": "toer",
        "3": "treer",
        "4": "firer",
        "5": "femmer",
        "6": "sekser",
        "7": "sjuer",
        "8": "åtter",
        "9": "nier",
        "T": "tier",
        "J": "knekt",
        "Q": "dame",
        "K": "konge",
    },
}
_PLURALS = {
    "en": "aces twos threes fours fives sixes sevens eights nines tens jacks queens kings",
    "nb": "ess toere treere firere femmere seksere sjuere åttere niere tiere knekter damer konger",
}
RANK_PLURALS = {
    language: dict(zip(cards.RANKS, words.split(), strict=True))
    for language, words in _PLURALS.items()
}
# The index letters printed in the corner of the cards.
RANK_SHORT = {
    "en": {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"},
    "nb": {"T": "10", "J": "Kn", "Q": "D", "K": "K", "A": "E"},
}
SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "nb": {"S": "spar", "H": "hjerter", "D": "ruter", "C": "kløver"},
}


# "A high card" in the strategy figures: worth more than this.
HIGH_CARD = Decimal(9)


def _tenth(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.1"))


@cache
def facts(house: cards.House = cards.DEFAULT_HOUSE) -> dict[str, Decimal | int]:
    """Every number the rules texts may name, for one table's house rules."""
    variant = house.rules_variant
    three = cards.VARIANTS["three_in_hand"]
    average = cards.average_card(house.jack)
    return {
        "players": variant.max_players,
        "min_players": cards.PLAYER_RANGE[0],
        "most_players": house.max_players,
        "five_card_most": cards.most_players(cards.STANDARD, house.face_up_start),
        "deck": cards.DECK_SIZE,
        "copies": cards.COPIES_PER_RANK,
        "peeked": cards.PEEKED_CARDS,
        "hand": variant.hand_size,
        "row": variant.row_size,
        "seven_row": cards.VARIANTS["seven_cards"].row_size,
        "three_row": three.row_size,
        "threshold": house.threshold or cards.LOSS_THRESHOLD,
        "default_threshold": cards.LOSS_THRESHOLD,
        "round_minutes": cards.ROUND_MINUTES,
        "game_min": cards.GAME_MINUTES[0],
        "game_max": cards.GAME_MINUTES[1],
        "max_players": max(v.max_players for v in cards.VARIANTS.values()),
        "lowest": cards.lowest_total(variant, house.jack),
        "highest": cards.highest_total(variant, house.jack),
        "average": _tenth(average),
        "dealt_average": _tenth(average * variant.hand_size),
        "unseen_average": _tenth(average * (variant.row_size - cards.PEEKED_CARDS + 1)),
        "high_card": HIGH_CARD,
        "share_over_nine": cards.share_worth_more_than(HIGH_CARD, house.jack),
    }


FACTS = facts()

# Small counts in running text are written out, as both languages do in prose.
NUMBER_WORDS = {
    "en": [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
    ],
    "nb": [
        "null",
        "én",
        "to",
        "tre",
        "fire",
        "fem",
        "seks",
        "sju",
        "åtte",
        "ni",
        "ti",
        "elleve",
        "tolv",
    ],
}

EXAMPLE_FIGURES = {
    "hand_example": {"total", "total11", "other"},
    "swap_example": {"place", "leaves", "arrives", "saved"},
    "ghost_example": {"row_total", "ghost_value", "total", "opponent"},
}
BLOCK_KINDS = {"p", "list", "steps", "values", "settle", "variants", "faq", "related"}
BLOCK_KINDS |= {"table_picture", "whole_round", "sources"}
BLOCK_KINDS |= set(EXAMPLE_FIGURES)


class ContentError(ValueError):
    """The rules data is broken; the message names the entry."""


PLACEHOLDER = re.compile(r"\{(\w+):([^{}]*)\}")
VALUE_KINDS = {"value": None, "value11": cards.JACK_ELEVEN, "valuehalf": cards.JACK_HALF}
TOTAL_KINDS = {"total": None, "total11": cards.JACK_ELEVEN, "totalhalf": cards.JACK_HALF}
PERCENT_FACTS = {"share_over_nine"}


def all_houses() -> list[cards.House]:
    """Every combination of the house rules with the default threshold, a single round
    and one other threshold (the text is the same for every other number)."""
    houses = []
    for variant in cards.TABLE_VARIANTS:
        for jack in cards.JACK_VALUES:
            for start in (True, False):
                for seen in (True, False) if cards.House.has_unseen_places(variant) else (True,):
                    for threshold in (cards.LOSS_THRESHOLD, None, cards.LOSS_THRESHOLD - 6):
                        more = (
                            (False, True) if cards.House.allows_more_players(variant) else (False,)
                        )
                        for more_players in more:
                            houses.append(
                                cards.House(variant, jack, start, seen, threshold, more_players)
                            )
    return houses


# ------------------------------------------------------------------ numbers and cards


@cache
def points_formatter(language: str):
    """A formatter for one language: 3.5 in English, 3,5 in Norwegian, 19 not 19.0.

    Looked up once per language; the score table calls it for every cell.
    """
    separator = get_format("DECIMAL_SEPARATOR", language, use_l10n=True)

    def fmt(value: Decimal | int) -> str:
        value = Decimal(value)
        if value == value.to_integral_value():
            return str(int(value))
        return f"{value:.1f}".replace(".", separator)

    return fmt


def format_points(value: Decimal | int, language: str | None = None) -> str:
    return points_formatter(language or translation.get_language())(value)


def card_name(code: str, language: str) -> str:
    rank, suit = cards.parse_card(code)
    rank_name = RANK_NAMES[language][rank]
    if suit is None:
        return rank_name
    suit_name = SUIT_NAMES[language][suit]
    return f"{rank_name} of {suit_name}" if language == "en" else f"{suit_name} {rank_name}"


def rank_label(rank: str, language: str) -> str:
    return RANK_SHORT[language].get(rank, rank)


def card_html(code: str, language: str) -> SafeString:
    rank, suit = cards.parse_card(code)
    colour = "red" if suit in ("H", "D") else "black"
    return format_html(
        '<span class="card card-{}" role="img" aria-label="{}">{}{}</span>',
        colour,
        card_name(code, language),
        cards.SUIT_SYMBOLS.get(suit, ""),
        rank_label(rank, language),
    )


# ------------------------------------------------------------------ loading and checking


@dataclass(frozen=True)
class Rules:
    sections: list[dict[str, Any]]
    variants: dict[str, dict[str, Any]]
    faq: list[dict[str, Any]]
    related: list[dict[str, Any]]
    sources: list[dict[str, Any]]
    patches: list[dict[str, Any]]
    round: dict[str, Any]


def _check_text(node: Any, where: str, figures: set[str] = frozenset()) -> None:
    if not isinstance(node, dict):
        raise ContentError(f"{where}: expected a text in {' and '.join(LANGUAGES)}")
    for lang in LANGUAGES:
        text = node.get(lang)
        if not isinstance(text, str) or not text.strip():
            raise ContentError(f"{where}: the {lang!r} text is missing")
        for kind, arg in PLACEHOLDER.findall(text):
            _check_placeholder(kind, arg, f"{where} ({lang})", figures)
        if PLACEHOLDER.sub("", text).count("{"):
            raise ContentError(f"{where} ({lang}): a placeholder is not closed or malformed")
    extra = set(node) - set(LANGUAGES)
    if extra:
        raise ContentError(f"{where}: unknown language {sorted(extra)}")


def _check_cards(codes: Any, where: str) -> None:
    for code in codes if isinstance(codes, list) else str(codes).split():
        try:
            cards.parse_card(str(code))
        except ValueError:
            raise ContentError(f"{where}: unknown card or rank {code!r}") from None


def _check_placeholder(kind: str, arg: str, where: str, figures: set[str]) -> None:
    if kind in VALUE_KINDS:
        if arg not in cards.RANKS:
            raise ContentError(f"{where}: unknown rank {arg!r} in {{{kind}:{arg}}}")
    elif kind == "cards" or kind in TOTAL_KINDS:
        _check_cards(arg, where)
    elif kind in ("fact", "word", "Word", "percent"):
        if arg not in FACTS:
            raise ContentError(f"{where}: unknown fact {arg!r}")
        if (kind == "percent") != (arg in PERCENT_FACTS):
            raise ContentError(f"{where}: {arg} is {'' if kind == 'percent' else 'not '}a share")
        if kind in ("word", "Word") and (
            not 0 <= FACTS[arg] < len(NUMBER_WORDS["en"]) or FACTS[arg] % 1
        ):
            raise ContentError(f"{where}: {arg} = {FACTS[arg]} is no small count; use {{fact:…}}")
    elif kind == "ex":
        if arg not in figures:
            raise ContentError(f"{where}: {{ex:{arg}}} is not a figure of this block")
    else:
        raise ContentError(f"{where}: unknown placeholder {{{kind}:…}}")


def _check_block(block: dict[str, Any], where: str) -> None:
    kind = block.get("kind")
    if kind not in BLOCK_KINDS:
        raise ContentError(f"{where}: unknown block kind {kind!r}")
    if kind == "p":
        _check_text(block.get("text"), f"{where}.text")
    elif kind in ("list", "steps"):
        if not block.get("items"):
            raise ContentError(f"{where}: a {kind} needs items")
        for i, item in enumerate(block["items"]):
            _check_text(item, f"{where}.items[{i}]")
    elif kind == "settle":
        for i, item in enumerate(block.get("items", [])):
            for field in ("question", "default", "other"):
                _check_text(item.get(field), f"{where}.items[{i}].{field}")
    elif kind == "table_picture":
        if block.get("variant", "house") not in ("house", *cards.VARIANTS):
            raise ContentError(f"{where}: unknown variant {block['variant']!r}")
    elif kind in EXAMPLE_FIGURES:
        for field in ("cards", "row", "ghost", "drawn", "replaced"):
            if field in block:
                _check_cards(block[field], f"{where}.{field}")
        _check_text(block.get("caption"), f"{where}.caption")
        _check_text(block.get("text"), f"{where}.text", EXAMPLE_FIGURES[kind])


def _conditions(patch: dict[str, Any], where: str) -> frozenset[str]:
    when = patch.get("when")
    when = [when] if isinstance(when, str) else when
    if not when or not isinstance(when, list):
        raise ContentError(f"{where}: a patch needs `when`, a house rule or a variant")
    unknown = set(when) - cards.HOUSE_CONDITIONS
    if unknown:
        raise ContentError(f"{where}: unknown house rule {sorted(unknown)}")
    return frozenset(when)


def _targets(data: dict[str, Any]) -> dict[str, tuple[str, dict[str, Any]]]:
    """Everything a patch may replace, by id: blocks of the sections, and FAQ entries."""
    found: dict[str, tuple[str, dict[str, Any]]] = {}
    for section in data.get("sections") or []:
        for block in section.get("blocks", []):
            if "id" in block:
                found[block["id"]] = ("block", block)
    for entry in data.get("faq") or []:
        found[entry["id"]] = ("faq", entry)
    return found


def check(data: dict[str, Any]) -> Rules:
    """Validate parsed rules data; raise ContentError naming the first broken entry."""
    sections = data.get("sections") or []
    if not sections:
        raise ContentError("rules: there are no sections")
    seen = set()
    for i, section in enumerate(sections):
        sid = section.get("id")
        where = f"sections[{sid or i}]"
        if not sid or sid in seen:
            raise ContentError(f"{where}: every section needs a unique id")
        seen.add(sid)
        _check_text(section.get("title"), f"{where}.title")
        for j, block in enumerate(section.get("blocks", [])):
            _check_block(block, f"{where}.blocks[{j}]")
            if "id" in block:
                if block["id"] in seen:
                    raise ContentError(f"{where}.blocks[{j}]: the id {block['id']!r} is taken")
                seen.add(block["id"])

    variants = data.get("variants") or {}
    for key in variants:
        if key not in cards.VARIANTS:
            raise ContentError(f"variants.{key}: no such variant in rules/cards.py")
    for key in cards.VARIANTS:
        entry = variants.get(key)
        if not entry:
            raise ContentError(f"variants.{key}: the variant has no entry")
        _check_text(entry.get("name"), f"variants.{key}.name")
        if "description" not in entry:
            raise ContentError(f"variants.{key}: the variant has no description")
        _check_text(entry["description"], f"variants.{key}.description")

    groups = (
        ("faq", ("question", "answer")),
        ("related", ("name", "text")),
        ("sources", ("title", "says")),
    )
    for group, fields in groups:
        for i, entry in enumerate(data.get(group) or []):
            for field in fields:
                _check_text(entry.get(field), f"{group}[{i}].{field}")
    for i, entry in enumerate(data.get("faq") or []):
        if not entry.get("id") or entry["id"] in seen:
            raise ContentError(f"faq[{i}]: every question needs a unique id")
        seen.add(entry["id"])

    targets = _targets(data)
    for i, patch in enumerate(data.get("patches") or []):
        where = f"patches[{i}]"
        patch["conditions"] = _conditions(patch, where)
        target = patch.get("replace")
        if target not in targets:
            raise ContentError(f"{where}: `replace` names no block or question: {target!r}")
        kind, original = targets[target]
        if patch.get("drop"):
            continue
        merged = {**original, **_patch_fields(patch)}
        if kind == "block":
            _check_block(merged, f"{where} ({target})")
        else:
            for field in ("question", "answer"):
                _check_text(merged.get(field), f"{where}.{field}")

    rules = Rules(
        sections,
        variants,
        data.get("faq") or [],
        data.get("related") or [],
        data.get("sources") or [],
        data.get("patches") or [],
        data.get("round") or {},
    )
    for house in all_houses():
        try:
            _choose_patches(rules, house)
        except ValueError as error:
            raise ContentError(f"patches for {sorted(house.conditions())}: {error}") from None
        if rules.round and house.rules_variant.row_size == cards.FIVE_CARD_ROW:
            try:
                cards.play_round(rules.round, house)
            except (ValueError, KeyError, TypeError) as error:
                where = f"round, with {sorted(house.conditions())}"
                raise ContentError(f"{where}: {error}") from None
    return rules


def _patch_fields(patch: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in patch.items() if k not in ("when", "replace", "conditions", "drop")}


def _choose_patches(rules: Rules, house: cards.House) -> dict[str, dict[str, Any]]:
    """For each id, the patch that applies to this table: of those whose house rules all
    hold, a variant's before a house rule's, then the one naming the most of them. Two
    such patches of equal weight are an error."""
    held = house.conditions()
    chosen: dict[str, dict[str, Any]] = {}

    def weight(patch):  # a variant's patch outweighs a house rule's
        return (bool(patch["conditions"] & set(cards.TABLE_VARIANTS)), len(patch["conditions"]))

    applying: dict[str, list[dict[str, Any]]] = {}
    for patch in rules.patches:
        if patch["conditions"] <= held:
            applying.setdefault(patch["replace"], []).append(patch)
    for target, patches in applying.items():
        patches.sort(key=weight, reverse=True)
        if len(patches) > 1 and weight(patches[0]) == weight(patches[1]):
            raise ValueError(f"two patches replace {target!r}; give one more conditions")
        chosen[target] = patches[0]
    return chosen


def load(path: Path = DATA_FILE) -> Rules:
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path.name}: {error}") from error
    return check(data)


@cache
def rules() -> Rules:
    return load()


# ------------------------------------------------------------------ rendering


def _patched(entry: dict[str, Any], patches: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The entry as this table plays it: None when dropped; `patched` marks a change."""
    patch = patches.get(entry.get("id", ""))
    if patch is None:
        return entry
    if patch.get("drop"):
        return None
    return {**entry, **_patch_fields(patch), "patched": True}


def format_percent(share: Decimal, language: str) -> str:
    number = int((share * 100).quantize(Decimal(1)))
    return f"{number}%" if language == "en" else f"{number}\N{NO-BREAK SPACE}%"


def render_text(
    node: dict[str, str],
    language: str,
    figures: dict | None = None,
    house: cards.House = cards.DEFAULT_HOUSE,
) -> SafeString:
    """One text in one language, escaped, with its placeholders filled in for the
    table's house rules."""
    figures = figures or {}
    known = facts(house)

    def fill(match: re.Match) -> str:
        kind, arg = match.groups()
        if kind in VALUE_KINDS:
            return format_points(cards.card_value(arg, VALUE_KINDS[kind] or house.jack), language)
        if kind == "cards":
            return " ".join(card_html(code, language) for code in arg.split())
        if kind in TOTAL_KINDS:
            return format_points(
                cards.hand_total(arg.split(), TOTAL_KINDS[kind] or house.jack), language
            )
        if kind == "fact":
            return format_points(known[arg], language)
        if kind == "percent":
            return format_percent(known[arg], language)
        if kind in ("word", "Word"):
            word = NUMBER_WORDS[language][int(known[arg])]
            return word.capitalize() if kind == "Word" else word
        return format_points(figures[arg], language)

    return mark_safe(PLACEHOLDER.sub(fill, escape(node[language])))


def example_figures(block: dict[str, Any], house: cards.House = cards.DEFAULT_HOUSE) -> dict:
    """The numbers a worked example shows, all computed from the card table."""
    kind = block["kind"]
    jack = house.jack
    if kind == "hand_example":
        other = cards.JACK_ELEVEN if jack == cards.JACK_HALF else cards.JACK_HALF
        return {
            "total": cards.hand_total(block["cards"], jack),
            "total11": cards.hand_total(block["cards"], cards.JACK_ELEVEN),
            "other": cards.hand_total(block["cards"], other),
        }
    if kind == "swap_example":
        leaves = cards.hand_total([block["replaced"]], jack)
        arrives = cards.hand_total([block["drawn"]], jack)
        return {
            "place": block["place"],
            "leaves": leaves,
            "arrives": arrives,
            "saved": leaves - arrives,
        }
    row_total = cards.hand_total(block["row"], jack)
    ghost_value = cards.hand_total([block["ghost"]], jack)
    return {
        "row_total": row_total,
        "ghost_value": ghost_value,
        "total": row_total + ghost_value,
        "opponent": block["opponent"],
    }


def value_rows(language: str, jack_value: Decimal = cards.JACK_HALF) -> list[dict[str, str]]:
    """The card-value table from the card table: cards that count their face value share
    one row; every other rank gets its own, cheapest first."""
    table = cards.card_table(jack_value)
    face = [r for r in cards.RANKS if r.isdigit() and table[r] == int(r)]
    special = sorted((r for r in cards.RANKS if r not in face and r != "T"), key=table.get)

    def row(rank):
        return {
            "key": rank,
            "rank": RANK_NAMES[language][rank].capitalize(),
            "short": "" if rank.isdigit() else rank_label(rank, language),
            "points": format_points(table[rank], language),
        }

    with translation.override(language):
        face_row = {
            "key": "face",
            "rank": translation.gettext("%(low)s–%(seven)s, %(nine)s and %(ten)s")
            % {"low": face[0], "seven": "7", "nine": "9", "ten": "10"},
            "short": "",
            "points": translation.gettext("face value"),
        }
    low = [row(r) for r in special if table[r] < int(face[0])]
    high = [row(r) for r in special if table[r] > table["T"]]
    return [*low, face_row, *high]


def variant_rows(language: str, house: cards.House = cards.DEFAULT_HOUSE) -> list[dict[str, Any]]:
    """Every variant, the standard game first, with its players, cards and the round
    totals it can give (with the table's jack unless the variant settles it)."""
    return [variant_row(key, language, house) for key in cards.VARIANTS]


def variant_row(
    key: str, language: str, house: cards.House = cards.DEFAULT_HOUSE
) -> dict[str, Any]:
    data = rules().variants
    variant = cards.VARIANTS[key]
    jack = variant.fixed_jack or house.jack
    totals = cards.possible_totals(variant, jack)
    players = variant.max_players
    if key == house.variant:
        players = house.max_players
    return {
        "key": key,
        "name": data[key]["name"][language],
        # counts in a variant's description are that variant's, whatever the table plays
        "description": render_text(
            data[key]["description"],
            language,
            house=cards.House(
                variant=key if key in cards.TABLE_VARIANTS else cards.STANDARD.key,
                jack=house.jack,
            ),
        ),
        "players": players,
        "exactly": players == cards.PLAYER_RANGE[0],
        "cards": variant.hand_size,
        "lowest": format_points(min(totals), language),
        "highest": format_points(max(totals), language),
        "house_rule": key in ("jack_eleven", "stock_only"),
    }


def variant_name(key: str, language: str | None = None) -> str:
    return rules().variants[key]["name"][language or translation.get_language()]


def whole_round(language: str, house: cards.House) -> dict[str, Any]:
    """The scripted round of the rules data, played under the table's rules (the
    five-card game for two whatever the variant)."""
    script = rules().round
    five = cards.House(jack=house.jack, start_card=house.start_card, swap_seen=house.swap_seen)
    played = cards.play_round(script, five)
    names = [str(n) for n in script["names"]]

    def card(code):
        return card_html(code, language)

    def pts(value):
        return format_points(value, language)

    turns = []
    for turn in played.turns:
        turns.append(
            {
                "number": turn.number,
                "name": names[turn.player],
                "card": card(turn.card),
                "points": pts(cards.hand_total([turn.card], house.jack)),
                "place": turn.place,
                "replaced": turn.replaced and card(turn.replaced),
                "replaced_points": turn.replaced
                and pts(cards.hand_total([turn.replaced], house.jack)),
                "seen": turn.seen,
            }
        )
    players = []
    for i, name in enumerate(names):
        players.append(
            {
                "name": name,
                "draw": card(played.draw[i]),
                "draw_points": pts(cards.hand_total([played.draw[i]], house.jack)),
                "dealt": [card(c) for c in played.dealt[i]],
                "peeked": [card(played.dealt[i][p - 1]) for p in played.peeked[i]],
                "peeked_places": played.peeked[i],
                "row": [
                    {"card": card(c), "points": pts(cards.hand_total([c], house.jack))}
                    for c in played.rows[i]
                ],
                "row_total": pts(played.row_totals[i]),
                "ghost": card(played.ghosts[i]),
                "ghost_points": pts(cards.hand_total([played.ghosts[i]], house.jack)),
                "total": pts(played.totals[i]),
                "wins": i in played.winners,
                # a single round past the threshold: the highest total loses the game
                "over": house.threshold is not None
                and played.totals[i] >= house.threshold
                and played.totals[i] == max(played.totals),
            }
        )
    return {
        "players": players,
        "turns": turns,
        "dealer": names[played.dealer],
        "starter": names[played.starter],
        "start_card": played.start_card and card(played.start_card),
        "stock": played.stock_size,
        "first_quiet": len(played.turns) + 1,
        "last_turn": played.stock_size,
        "quiet_turns": played.quiet_turns,
        "last_player": names[played.last_player],
        "winners": [names[i] for i in played.winners],
        "difference": pts(max(played.totals) - min(played.totals)),
        "threshold": house.threshold,
    }


def _render_block(
    block: dict[str, Any], language: str, house: cards.House, data: Rules, patches: dict
) -> dict[str, Any]:
    kind = block["kind"]
    item: dict[str, Any] = {"kind": kind, "id": block.get("id"), "patched": "patched" in block}

    def text(node, figures=None):
        return render_text(node, language, figures, house)

    if kind == "p":
        item["text"] = text(block["text"])
    elif kind in ("list", "steps"):
        item["items"] = [text(i) for i in block["items"]]
    elif kind == "settle":
        item["items"] = [
            {f: text(i[f]) for f in ("question", "default", "other")} for i in block["items"]
        ]
    elif kind in EXAMPLE_FIGURES:
        figures = example_figures(block, house)
        item.update(
            caption=block["caption"][language],
            text=text(block["text"], figures),
            figures={k: format_points(v, language) for k, v in figures.items()},
            cards=[
                {
                    "html": card_html(c, language),
                    "points": format_points(cards.hand_total([c], house.jack), language),
                }
                for c in block.get("cards") or block.get("row") or []
            ],
            ghost=block.get("ghost") and card_html(block["ghost"], language),
            jack_half=house.jack == cards.JACK_HALF,
        )
    elif kind == "values":
        item["rows"] = value_rows(language, house.jack)
    elif kind == "variants":
        item["rows"] = variant_rows(language, house)
    elif kind == "table_picture":
        key = block.get("variant", "house")
        item["picture"] = table_picture(language, house, key)
    elif kind == "whole_round":
        item["round"] = whole_round(language, house)
    elif kind == "faq":
        item["items"] = []
        for entry in data.faq:
            entry = _patched(entry, patches)
            if entry is None:
                continue
            item["items"].append(
                {
                    "id": entry["id"],
                    "question": text(entry["question"]),
                    "answer": text(entry["answer"]),
                    "patched": "patched" in entry,
                }
            )
    elif kind == "related":
        item["items"] = [
            {"name": r["name"][language], "text": text(r["text"])} for r in data.related
        ]
    elif kind == "sources":
        item["items"] = [
            {
                "title": s["title"][language],
                "says": text(s["says"]),
                "checked": s.get("checked"),
            }
            for s in data.sources
        ]
    return item


CARD_W, CARD_H, GAP = 28, 40, 6
PICTURE_W = 320


def table_picture(language: str, house: cards.House | None, key: str) -> dict[str, Any]:
    """Where the table picture puts each card: the rows of places (or the hands of
    three), the ghosts set aside, the stock and the discard pile, in a 320-wide box."""
    if house is None:
        house = cards.House(variant=key if key in cards.TABLE_VARIANTS else "standard")
    elif key != "house":  # another variant's picture, with the table's start card
        house = cards.House(variant=key, start_card=house.start_card)
    variant = house.rules_variant
    in_hand = variant.key == "three_in_hand"
    seats = []
    if in_hand:
        # three players: you at the bottom, two across the table; each holds three
        # cards fanned in the hand and has a ghost lying on the table in front.
        for label, x, y in (("left", 20, 24), ("right", 200, 24), ("you", 110, 196)):
            hand = [{"x": x + i * 14, "y": y} for i in range(variant.row_size)]
            ghost = {"x": x + 64, "y": y + (44 if label != "you" else -50)}
            seats.append({"who": label, "hand": hand, "ghost": ghost, "places": []})
        height = 250
    else:
        row = variant.row_size
        width = row * CARD_W + (row - 1) * GAP + 12 + CARD_W
        left = (PICTURE_W - width) // 2
        for who, y in (("opponent", 24), ("you", 182)):
            places = [{"x": left + i * (CARD_W + GAP), "y": y, "number": i + 1} for i in range(row)]
            ghost = {"x": left + row * (CARD_W + GAP) + 12 - GAP, "y": y}
            seats.append({"who": who, "places": places, "ghost": ghost, "hand": []})
        height = 250
    middle = 112 if not in_hand else 110
    return {
        "variant": variant.key,
        "in_hand": in_hand,
        "rows": variant.row_size,
        "seats": seats,
        "stock": {"x": 112, "y": middle},
        "discard": {"x": 176, "y": middle},
        "start_card": house.face_up_start,
        "width": PICTURE_W,
        "height": height,
        "card_w": CARD_W,
        "card_h": CARD_H,
        "id": f"picture-{key}",  # one picture of the table's, one of a variant's
    }


@lru_cache(maxsize=512)
def rendered_sections(
    language: str, house: cards.House = cards.DEFAULT_HOUSE
) -> list[dict[str, Any]]:
    """Every section of the rules page in one language for one table's house rules,
    rendered once per process and table."""
    data = rules()
    patches = _choose_patches(data, house)
    out = []
    for section in data.sections:
        blocks = []
        for block in section.get("blocks", []):
            block = _patched(block, patches)
            if block is None:
                continue
            blocks.append(_render_block(block, language, house, data, patches))
        out.append({"id": section["id"], "title": section["title"][language], "blocks": blocks})
    return out
