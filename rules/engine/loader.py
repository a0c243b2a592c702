"""The rules as data: load a game's rules texts (the file its game object names, its
package's rules.toml) and check them.

The file holds each text in English and Norwegian side by side. Loading fails loudly,
naming the entry, when a text lacks a language, a card or placeholder is unknown, or a
variant of the game has no description, so a broken edit never reaches a page. The game
is a parameter (rules/engine/game.py); without one, the default game of rules/games.
"""

from __future__ import annotations

import tomllib
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from django.conf import settings
from django.utils import translation

from rules import cards, games
from rules.engine.address import check_words, to_slug
from rules.engine.game import Game
from rules.words import NUMBER_WORDS

from .prose import refuse_typed_numbers
from .schema import (
    FACT_KEYS,
    PLACEHOLDER,
    block_kinds,
    facts,
    holds,
    rank_list_kinds,
    total_kinds,
    value_kinds,
)

LANGUAGES = tuple(code for code, _name in settings.LANGUAGES)
DATA_FILE = games.default().texts  # the default game's texts


class ContentError(ValueError):
    """The rules data is broken; the message names the entry."""


@dataclass(frozen=True)
class Rules:
    sections: list[dict[str, Any]]
    variants: dict[str, dict[str, Any]]
    faq: list[dict[str, Any]]
    related: list[dict[str, Any]]
    sources: list[dict[str, Any]]
    patches: list[dict[str, Any]]
    round: dict[str, Any]


def _check_text(
    node: Any, where: str, figures: set[str] = frozenset(), game: Game | None = None
) -> None:
    game = game or games.default()
    if not isinstance(node, dict):
        raise ContentError(f"{where}: expected a text in {' and '.join(LANGUAGES)}")
    for lang in LANGUAGES:
        text = node.get(lang)
        if not isinstance(text, str) or not text.strip():
            raise ContentError(f"{where}: the {lang!r} text is missing")
        for kind, arg in PLACEHOLDER.findall(text):
            _check_placeholder(kind, arg, f"{where} ({lang})", figures, game)
        if PLACEHOLDER.sub("", text).count("{"):
            raise ContentError(f"{where} ({lang}): a placeholder is not closed or malformed")
        refuse_typed_numbers(text, f"{where} ({lang})", ContentError)
    for key in FACT_KEYS:
        if key in node:
            _check_facts(node[key], f"{where}.{key}", game)
    extra = set(node) - set(LANGUAGES) - set(FACT_KEYS)
    if extra:
        raise ContentError(f"{where}: unknown language {sorted(extra)}")


def _check_cards(codes: Any, where: str) -> None:
    for code in codes if isinstance(codes, list) else str(codes).split():
        try:
            cards.parse_card(str(code))
        except ValueError:
            raise ContentError(f"{where}: unknown card or rank {code!r}") from None


def _check_placeholder(kind: str, arg: str, where: str, figures: set[str], game: Game) -> None:
    known = facts(game=game)
    if kind in value_kinds(game) or kind in rank_list_kinds(game):
        if arg not in cards.RANKS:
            raise ContentError(f"{where}: unknown rank {arg!r} in {{{kind}:{arg}}}")
    elif kind == "cards" or kind in total_kinds(game):
        _check_cards(arg, where)
    elif kind in ("fact", "points", "word", "Word", "percent"):
        if arg not in known:
            raise ContentError(f"{where}: unknown fact {arg!r}")
        if (kind == "percent") != (arg in game.percent_figures):
            raise ContentError(f"{where}: {arg} is {'' if kind == 'percent' else 'not '}a share")
        if kind in ("word", "Word") and (
            not 0 <= known[arg] < len(NUMBER_WORDS["en"]) or known[arg] % 1
        ):
            raise ContentError(f"{where}: {arg} = {known[arg]} is no small count; use {{fact:…}}")
    elif kind == "scores":
        if not isinstance(known.get(arg), tuple):
            raise ContentError(f"{where}: {{scores:{arg}}} names no set of scores")
    elif kind == "ex":
        if arg not in figures:
            raise ContentError(f"{where}: {{ex:{arg}}} is not a figure of this block")
    else:
        raise ContentError(f"{where}: unknown placeholder {{{kind}:…}}")


def _check_facts(spec: Any, where: str, game: Game) -> None:
    if not isinstance(spec, dict) or not spec:
        raise ContentError(f'{where}: name facts, as in {{ lie = "row" }}')
    for name, wanted in spec.items():
        if name not in game.fact_values:
            raise ContentError(f"{where}: unknown fact {name!r}")
        for value in wanted if isinstance(wanted, list) else [wanted]:
            if value not in game.fact_values[name]:
                raise ContentError(f"{where}: {name} is never {value!r}")


def _check_block(block: dict[str, Any], where: str, game: Game) -> None:
    kind = block_kinds(game).get(block.get("kind"))
    if kind is None:
        raise ContentError(f"{where}: unknown block kind {block.get('kind')!r}")
    for key in FACT_KEYS:
        if key in block:
            _check_facts(block[key], f"{where}.{key}", game)
    for field in kind.texts:
        _check_text(block.get(field), f"{where}.{field}", kind.figures, game)
    if kind.items is not None:
        if not block.get("items"):
            raise ContentError(f"{where}: a {block['kind']} needs items")
        for i, item in enumerate(block["items"]):
            if not kind.items:
                _check_text(item, f"{where}.items[{i}]", game=game)
            for field in kind.items:
                _check_text(item.get(field), f"{where}.items[{i}].{field}", game=game)
            for key in FACT_KEYS if kind.items else ():
                if key in item:
                    _check_facts(item[key], f"{where}.items[{i}].{key}", game)
    for field in kind.cards:
        if field in block:
            _check_cards(block[field], f"{where}.{field}")
    if block["kind"] == "table_picture" and block.get("variant", "house") not in (
        "house",
        *game.variants,
    ):
        raise ContentError(f"{where}: unknown variant {block['variant']!r}")


def _conditions(patch: dict[str, Any], where: str, game: Game) -> frozenset[str]:
    when = patch.get("when")
    when = [when] if isinstance(when, str) else when
    if not when or not isinstance(when, list):
        raise ContentError(f"{where}: a patch needs `when`, a house rule or a variant")
    unknown = set(when) - game.conditions
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


def check(data: dict[str, Any], game: Game | None = None) -> Rules:
    """Validate parsed rules data of a game (the default game when none is given);
    raise ContentError naming the first broken entry."""
    game = game or games.default()
    try:
        check_words(game)
    except ValueError as error:
        raise ContentError(f"{game.key}'s words in an address: {error}") from None
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
        _check_text(section.get("title"), f"{where}.title", game=game)
        for j, block in enumerate(section.get("blocks", [])):
            _check_block(block, f"{where}.blocks[{j}]", game)
            if "id" in block:
                if block["id"] in seen:
                    raise ContentError(f"{where}.blocks[{j}]: the id {block['id']!r} is taken")
                seen.add(block["id"])

    variants = data.get("variants") or {}
    for key in variants:
        if key not in game.variants:
            raise ContentError(f"variants.{key}: no such variant of {game.key}")
    for key in game.variants:
        entry = variants.get(key)
        if not entry:
            raise ContentError(f"variants.{key}: the variant has no entry")
        _check_text(entry.get("name"), f"variants.{key}.name", game=game)
        if "description" not in entry:
            raise ContentError(f"variants.{key}: the variant has no description")
        _check_text(entry["description"], f"variants.{key}.description", game=game)

    groups = (
        ("faq", ("question", "answer")),
        ("related", ("name", "text")),
        ("sources", ("title", "says")),
    )
    for group, fields in groups:
        for i, entry in enumerate(data.get(group) or []):
            for field in fields:
                _check_text(entry.get(field), f"{group}[{i}].{field}", game=game)
    for i, entry in enumerate(data.get("related") or []):
        if "game" in entry and entry["game"] not in games.known_keys():  # noqa: SIM118 (a module)
            raise ContentError(f"related[{i}]: no game {entry['game']!r} on this site")
    for i, entry in enumerate(data.get("faq") or []):
        if not entry.get("id") or entry["id"] in seen:
            raise ContentError(f"faq[{i}]: every question needs a unique id")
        seen.add(entry["id"])

    targets = _targets(data)
    for i, patch in enumerate(data.get("patches") or []):
        where = f"patches[{i}]"
        patch["conditions"] = _conditions(patch, where, game)
        target = patch.get("replace")
        if target not in targets:
            raise ContentError(f"{where}: `replace` names no block or question: {target!r}")
        kind, original = targets[target]
        if patch.get("drop"):
            continue
        merged = patched(original, {target: patch})
        if kind == "block":
            _check_block(merged, f"{where} ({target})", game)
        else:
            for field in ("question", "answer"):
                _check_text(merged.get(field), f"{where}.{field}", game=game)

    rules = Rules(
        sections,
        variants,
        data.get("faq") or [],
        data.get("related") or [],
        data.get("sources") or [],
        data.get("patches") or [],
        data.get("round") or {},
    )
    scripts = rules.round
    for key in game.table_variants:
        if key not in scripts:
            raise ContentError(f"round.{key}: every variant a table can choose needs its round")
    for house in game.all_houses():
        try:
            patches = choose_patches(rules, house)
        except ValueError as error:
            raise ContentError(f"patches for {sorted(house.conditions())}: {error}") from None
        prove(rules, house, patches)
        try:
            game.play_round(scripts[house.variant], house)
        except (ValueError, KeyError, TypeError) as error:
            where = f"round.{house.variant}, with {sorted(house.conditions())}"
            raise ContentError(f"{where}: {error}") from None
    return rules


def table_name(house: Any) -> str:
    """A table in a message for the texts' editor: its address words in the site's
    default language, and its conditions."""
    slug = to_slug(house, settings.LANGUAGE_CODE)
    return f"“{slug or 'the defaults'}” {sorted(house.conditions())}"


def prove(rules: Rules, house: Any, patches: dict[str, dict[str, Any]]) -> None:
    """Every block, item and question shown at this table is true there: the facts it
    assumes hold. Otherwise ContentError naming the block and the table."""

    def need(entry: dict[str, Any], where: str) -> None:
        spec = entry.get("assumes") or {}
        failing = {
            name: wanted for name, wanted in spec.items() if not holds({name: wanted}, house)
        }
        if failing:
            raise ContentError(
                f"{where} assumes {failing}, false at {table_name(house)}, and no text is "
                "written for that table: add a patch, or show the block `only` where it holds"
            )

    for section in rules.sections:
        for j, original in enumerate(section.get("blocks", [])):
            where = f"sections[{section['id']}].blocks[{j}]"
            if "id" in original:
                where += f" ({original['id']})"
            block = patched(original, patches)
            if block is None or not holds(block.get("only"), house):
                continue
            need(block, where)
            for i, item in enumerate(block.get("items") or []):
                if isinstance(item, dict) and holds(item.get("only"), house):
                    need(item, f"{where}.items[{i}]")
    for i, original in enumerate(rules.faq):
        entry = patched(original, patches)
        if entry is not None and holds(entry.get("only"), house):
            need(entry, f"faq[{i}] ({original['id']})")


def patched(entry: dict[str, Any], patches: dict[str, dict[str, Any]]) -> dict[str, Any] | None:
    """The entry as this table plays it: None when dropped; `patched` marks a change."""
    patch = patches.get(entry.get("id", ""))
    if patch is None:
        return entry
    if patch.get("drop"):
        return None
    kept = {k: v for k, v in entry.items() if k not in FACT_KEYS}  # a patch states its own
    return {**kept, **patch_fields(patch), "patched": True}


def shown_items(block: dict[str, Any], house: Any) -> list[Any]:
    """A block's items that are shown at this table (an item may be `only` for some)."""
    return [
        item
        for item in block.get("items") or []
        if not isinstance(item, dict) or holds(item.get("only"), house)
    ]


def patch_fields(patch: dict[str, Any]) -> dict[str, Any]:
    return {k: v for k, v in patch.items() if k not in ("when", "replace", "conditions", "drop")}


def choose_patches(rules: Rules, house: Any) -> dict[str, dict[str, Any]]:
    """For each id, the patch that applies to this table: of those whose house rules all
    hold, a variant's before a house rule's, then the one naming the most of them. Two
    such patches of equal weight are an error."""
    held = house.conditions()
    variants = set(games.of(house).table_variants)
    chosen: dict[str, dict[str, Any]] = {}

    def weight(patch):  # a variant's patch outweighs a house rule's
        return (bool(patch["conditions"] & variants), len(patch["conditions"]))

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


def load(path: Path | None = None, game: Game | None = None) -> Rules:
    """A game's texts checked (its own file, or the one at `path`)."""
    game = game or games.default()
    path = path or game.texts
    try:
        data = tomllib.loads(path.read_text(encoding="utf-8"))
    except tomllib.TOMLDecodeError as error:
        raise ContentError(f"{path.name}: {error}") from error
    return check(data, game)


def rules(key: str | None = None) -> Rules:
    """A game's texts, loaded and checked once per process (the default game's for
    None)."""
    return _rules(games.get(key).key)


@cache
def _rules(key: str) -> Rules:
    return load(game=games.get(key))


def variant_name(key: str, language: str | None = None, game: str | None = None) -> str:
    return rules(game).variants[key]["name"][language or translation.get_language()]
