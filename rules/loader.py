"""The rules as data: load rules/data/rules.toml and check it.

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

from . import cards
from .words import NUMBER_WORDS

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
DATA_FILE = Path(__file__).parent / "data" / "rules.toml"

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
        merged = {**original, **patch_fields(patch)}
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
            choose_patches(rules, house)
        except ValueError as error:
            raise ContentError(f"patches for {sorted(house.conditions())}: {error}") from None
        if rules.round and house.rules_variant.row_size == cards.FIVE_CARD_ROW:
            try:
                cards.play_round(rules.round, house)
            except (ValueError, KeyError, TypeError) as error:
                where = f"round, with {sorted(house.conditions())}"
                raise ContentError(f"{where}: {error}") from None
    return rules


def patch_fields(patch: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in patch.items() if k not in ("when", "replace", "conditions", "drop")}


def choose_patches(rules: Rules, house: cards.House) -> dict[str, dict[str, Any]]:
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


def variant_name(key: str, language: str | None = None) -> str:
    return rules().variants[key]["name"][language or translation.get_language()]
