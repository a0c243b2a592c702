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
from functools import cache
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
# The index letters printed in the corner of the cards.
RANK_SHORT = {
    "en": {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"},
    "nb": {"T": "10", "J": "Kn", "Q": "D", "K": "K", "A": "E"},
}
SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "nb": {"S": "spar", "H": "hjerter", "D": "ruter", "C": "kløver"},
}


def _smallest_impossible_total() -> Decimal:
    possible = cards.possible_totals(cards.STANDARD, cards.JACK_HALF)
    value = Decimal(0)
    while value in possible:
        value += cards.JACK_HALF
    return value


FACTS = {
    "players": cards.STANDARD.max_players,
    "deck": cards.DECK_SIZE,
    "copies": cards.COPIES_PER_RANK,
    "peeked": cards.PEEKED_CARDS,
    "hand": cards.STANDARD.hand_size,
    "row": cards.STANDARD.row_size,
    "threshold": cards.LOSS_THRESHOLD,
    "round_minutes": cards.ROUND_MINUTES,
    "game_min": cards.GAME_MINUTES[0],
    "game_max": cards.GAME_MINUTES[1],
    "max_players": max(v.max_players for v in cards.VARIANTS.values()),
    "impossible_low": _smallest_impossible_total(),
}

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
    "hand_example": {"total", "total11"},
    "swap_example": {"place", "leaves", "arrives", "saved"},
    "ghost_example": {"row_total", "ghost_value", "total", "opponent"},
}
BLOCK_KINDS = {"p", "list", "steps", "values", "settle", "variants", "faq", "related"}
BLOCK_KINDS |= set(EXAMPLE_FIGURES)
PLACEHOLDER = re.compile(r"\{(\w+):([^{}]*)\}")


class ContentError(ValueError):
    """The rules data is broken; the message names the entry."""


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
    if kind in ("value", "value11"):
        if arg not in cards.RANKS:
            raise ContentError(f"{where}: unknown rank {arg!r} in {{{kind}:{arg}}}")
    elif kind in ("cards", "total", "total11"):
        _check_cards(arg, where)
    elif kind in ("fact", "word", "Word"):
        if arg not in FACTS:
            raise ContentError(f"{where}: unknown fact {arg!r}")
        if kind != "fact" and not 0 <= FACTS[arg] < len(NUMBER_WORDS["en"]) or FACTS[arg] % 1:
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
    elif kind in EXAMPLE_FIGURES:
        for field in ("cards", "row", "ghost", "drawn", "replaced"):
            if field in block:
                _check_cards(block[field], f"{where}.{field}")
        _check_text(block.get("caption"), f"{where}.caption")
        _check_text(block.get("text"), f"{where}.text", EXAMPLE_FIGURES[kind])


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

    for group, fields in (("faq", ("question", "answer")), ("related", ("name", "text"))):
        for i, entry in enumerate(data.get(group) or []):
            for field in fields:
                _check_text(entry.get(field), f"{group}[{i}].{field}")

    return Rules(sections, variants, data.get("faq") or [], data.get("related") or [])


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


def render_text(node: dict[str, str], language: str, figures: dict | None = None) -> SafeString:
    """One text in one language, escaped, with its placeholders filled in."""
    figures = figures or {}

    def fill(match: re.Match) -> str:
        kind, arg = match.groups()
        if kind == "value":
            return format_points(cards.card_value(arg), language)
        if kind == "value11":
            return format_points(cards.card_value(arg, cards.JACK_ELEVEN), language)
        if kind == "cards":
            return " ".join(card_html(code, language) for code in arg.split())
        if kind == "total":
            return format_points(cards.hand_total(arg.split()), language)
        if kind == "total11":
            return format_points(cards.hand_total(arg.split(), cards.JACK_ELEVEN), language)
        if kind == "fact":
            return format_points(FACTS[arg], language)
        if kind in ("word", "Word"):
            word = NUMBER_WORDS[language][int(FACTS[arg])]
            return word.capitalize() if kind == "Word" else word
        return format_points(figures[arg], language)

    return mark_safe(PLACEHOLDER.sub(fill, escape(node[language])))


def example_figures(block: dict[str, Any]) -> dict[str, Decimal]:
    """The numbers a worked example shows, all computed from the card table."""
    kind = block["kind"]
    if kind == "hand_example":
        return {
            "total": cards.hand_total(block["cards"]),
            "total11": cards.hand_total(block["cards"], cards.JACK_ELEVEN),
        }
    if kind == "swap_example":
        leaves = cards.hand_total([block["replaced"]])
        arrives = cards.hand_total([block["drawn"]])
        return {
            "place": block["place"],
            "leaves": leaves,
            "arrives": arrives,
            "saved": leaves - arrives,
        }
    row_total = cards.hand_total(block["row"])
    ghost_value = cards.hand_total([block["ghost"]])
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
            "rank": RANK_NAMES[language][rank].capitalize(),
            "short": "" if rank.isdigit() else rank_label(rank, language),
            "points": format_points(table[rank], language),
        }

    with translation.override(language):
        face_row = {
            "rank": translation.gettext("%(low)s–%(seven)s, %(nine)s and %(ten)s")
            % {"low": face[0], "seven": "7", "nine": "9", "ten": "10"},
            "short": "",
            "points": translation.gettext("face value"),
        }
    low = [row(r) for r in special if table[r] < int(face[0])]
    high = [row(r) for r in special if table[r] > table["T"]]
    return [*low, face_row, *high]


def variant_rows(language: str) -> list[dict[str, Any]]:
    data = rules().variants
    rows = []
    for key, variant in cards.VARIANTS.items():
        if key == "standard":
            continue
        jack = variant.fixed_jack or cards.JACK_HALF
        totals = cards.possible_totals(variant, jack)
        rows.append(
            {
                "key": key,
                "name": data[key]["name"][language],
                "description": render_text(data[key]["description"], language),
                "players": variant.max_players,
                "exactly": variant.max_players == cards.PLAYER_RANGE[0],
                "cards": variant.hand_size,
                "lowest": format_points(min(totals), language),
                "highest": format_points(max(totals), language),
            }
        )
    return rows


@cache
def rendered_sections(language: str) -> list[dict[str, Any]]:
    """Every section of the rules page in one language, rendered once per process."""
    data = rules()
    out = []
    for section in data.sections:
        blocks = []
        for block in section.get("blocks", []):
            kind = block["kind"]
            item: dict[str, Any] = {"kind": kind}
            if kind == "p":
                item["text"] = render_text(block["text"], language)
            elif kind in ("list", "steps"):
                item["items"] = [render_text(i, language) for i in block["items"]]
            elif kind == "settle":
                item["items"] = [
                    {f: render_text(i[f], language) for f in ("question", "default", "other")}
                    for i in block["items"]
                ]
            elif kind in EXAMPLE_FIGURES:
                figures = example_figures(block)
                item.update(
                    caption=block["caption"][language],
                    text=render_text(block["text"], language, figures),
                    figures={k: format_points(v, language) for k, v in figures.items()},
                    cards=[
                        {
                            "html": card_html(c, language),
                            "points": format_points(cards.hand_total([c]), language),
                        }
                        for c in block.get("cards") or block.get("row") or []
                    ],
                    ghost=block.get("ghost") and card_html(block["ghost"], language),
                )
            elif kind == "values":
                item["rows"] = value_rows(language)
            elif kind == "variants":
                item["rows"] = variant_rows(language)
            elif kind == "faq":
                item["items"] = [
                    {
                        "question": render_text(q["question"], language),
                        "answer": render_text(q["answer"], language),
                    }
                    for q in data.faq
                ]
            elif kind == "related":
                item["items"] = [
                    {"name": r["name"][language], "text": render_text(r["text"], language)}
                    for r in data.related
                ]
            blocks.append(item)
        out.append({"id": section["id"], "title": section["title"][language], "blocks": blocks})
    return out
