"""The rules rendered in one language for one table: texts with their placeholders
filled, the worked examples, the value and variant tables, the whole round, the picture.
The game is the table's (`games.of(house)`): its texts, figures and examples.
"""

from __future__ import annotations

import re
from dataclasses import replace
from functools import lru_cache
from typing import Any

from django.urls import reverse
from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rules import cards, games
from rules.words import (
    NUMBER_WORDS,
    RANK_NAMES,
    a_rank,
    and_list,
    card_html,
    format_percent,
    format_points,
    number_runs,
    or_list,
    points_phrase,
    rank_label,
)

from .loader import Rules, choose_patches, patched, rules, shown_items
from .schema import (
    PLACEHOLDER,
    block_kinds,
    facts,
    holds,
    rank_list_kinds,
    total_kinds,
    value_kinds,
)


def render_text(
    node: dict[str, str],
    language: str,
    figures: dict | None = None,
    house: Any = None,
) -> SafeString:
    """One text in one language, escaped, with its placeholders filled in for the
    table's house rules (the default game's default table when none is given)."""
    figures = figures or {}
    house = games.default().House() if house is None else house
    game = games.of(house)
    known = facts(house)
    values, totals, rank_lists = value_kinds(game), total_kinds(game), rank_list_kinds(game)

    def fill(match: re.Match) -> str:
        kind, arg = match.groups()
        if kind in values:
            at = replace(house, **values[kind])
            return format_points(game.card_table(at)[arg], language)
        if kind == "cards":
            return " ".join(card_html(code, language) for code in arg.split())
        if kind in totals:
            return format_points(
                game.hand_total(arg.split(), replace(house, **totals[kind])), language
            )
        if kind == "fact":
            return format_points(known[arg], language)
        if kind == "points":
            return points_phrase(known[arg], language)
        if kind in rank_lists:
            ranks = rank_lists[kind](arg, house)
            return or_list([a_rank(r, language) for r in ranks], language)
        if kind == "percent":
            return format_percent(known[arg], language)
        if kind == "scores":
            return number_runs(known[arg], language)
        if kind in ("word", "Word"):
            word = NUMBER_WORDS[language][int(known[arg])]
            return word.capitalize() if kind == "Word" else word
        return format_points(figures[arg], language)

    return mark_safe(PLACEHOLDER.sub(fill, escape(node[language])))


def _face_number(rank: str) -> int | None:
    return 10 if rank == "T" else int(rank) if rank.isdigit() else None


def value_rows(language: str, house: Any) -> list[dict[str, str]]:
    """The card-value table from the game's card table at this table: cards that count
    their face value share one row ("2–7, 9 and 10"); every other rank, a joker in play
    too, gets its own, cheapest first, around it."""
    table = games.of(house).card_table(house)
    face = [r for r in cards.RANKS if table[r] == _face_number(r)]
    special = sorted((r for r in table if r not in face), key=table.get)

    def row(rank):
        return {
            "key": rank,
            "rank": RANK_NAMES[language][rank].capitalize(),
            "short": "" if rank.isdigit() else rank_label(rank, language),
            "points": format_points(table[rank], language),
        }

    runs: list[list[int]] = []  # the face values in runs of consecutive numbers
    for number in map(_face_number, face):
        if runs and runs[-1][-1] == number - 1:
            runs[-1].append(number)
        else:
            runs.append([number])
    said = []  # a run of three or more as a range, shorter ones number by number
    for run in runs:
        said += [f"{run[0]}\u2013{run[-1]}"] if len(run) > 2 else [str(n) for n in run]
    with translation.override(language):
        face_row = {
            "key": "face",
            "rank": and_list(said),
            "short": "",
            "points": translation.gettext("face value"),
        }
    least = table[face[0]]
    low = [row(r) for r in special if table[r] < least]
    high = [row(r) for r in special if table[r] >= least]
    return [*low, face_row, *high]


def variant_rows(language: str, house: Any = None) -> list[dict[str, Any]]:
    """Every variant, in the game's order (its default variant first), with its players,
    cards and the round totals it can give (the default game's default table when none
    is given)."""
    house = games.default().House() if house is None else house
    return [variant_row(key, language, house) for key in games.of(house).variants]


def variant_row(key: str, language: str, house: Any) -> dict[str, Any]:
    game = games.of(house)
    data = rules(game.key).variants
    row = game.variant_facts(key, house)
    totals, players, least = row["totals"], row["players"], game.least_players
    halves = sorted((t for t in totals if t % 1), reverse=True)
    wholes = {t for t in totals if not t % 1}
    return {
        "key": key,
        "name": data[key]["name"][language],
        # counts in a variant's description are that variant's, whatever the table plays
        "description": render_text(
            data[key]["description"],
            language,
            house=row["described_at"],
        ),
        # "2 players", or the range "2–6 players", never a bare "up to 6"
        "players": str(players) if players == least else f"{least}\u2013{players}",
        "more_players": row.get("more_players"),
        "cards": row["cards"],
        "lowest": format_points(min(totals), language),
        "highest": format_points(max(totals), language),
        # whole totals the range leaves out (a total no hand at this table makes: 99, say)
        "missing": and_list(
            format_points(t, language)
            for t in range(int(min(wholes or [0])), int(max(totals)) + 1)
            if wholes and t not in wholes
        ),
        "highest_half": halves and format_points(halves[0], language),
        # a half needs the card worth a half: in the dearest hand with one, it sits where
        # this rank would
        "half_displaces": row.get("half_displaces") and a_rank(row["half_displaces"], language),
        "house_rule": row["house_rule"],
    }


def whole_round(language: str, house: Any) -> dict[str, Any]:
    """The variant's scripted round of the game's texts, played under the table's rules
    and told in one language (the game words each step: `whole_round`)."""
    game = games.of(house)
    script = rules(game.key).round[house.variant]
    return game.whole_round(script, language, house)


def _render_block(
    block: dict[str, Any], language: str, house: Any, data: Rules, patches: dict
) -> dict[str, Any]:
    game = games.of(house)
    kind = block_kinds(game)[block["kind"]]
    item: dict[str, Any] = {
        "kind": block["kind"],
        "id": block.get("id"),
        "patched": "patched" in block,
    }
    if block["kind"] in game.block_kinds:  # a game's own kind: its own template
        item["template"] = f"rules/{game.key}/_{block['kind']}.html"
    figures = game.example_figures(block, house) if kind.figures else None

    def text(node):
        return render_text(node, language, figures, house)

    for field in kind.texts:
        item[field] = text(block[field])
    if kind.items is not None:
        item["items"] = [
            {f: text(i[f]) for f in kind.items} if kind.items else text(i)
            for i in shown_items(block, house)
        ]
    if figures is not None:
        item.update(
            figures={k: format_points(v, language) for k, v in figures.items()},
            cards=[
                {
                    "html": card_html(c, language),
                    "points": format_points(game.hand_total([c], house), language),
                }
                for c in block.get("cards") or block.get("row") or []
            ],
            # a field that holds one card (a game's card set apart): that card, drawn
            **{
                field: card_html(block[field], language)
                for field in kind.cards
                if isinstance(block.get(field), str)
            },
            **game.example_context(house),
        )
    extra = EXTRAS.get(block["kind"])
    if extra:
        item.update(extra(block, language, house, data, patches, text))
    return item


def _faq(block, language, house, data, patches, text):
    entries = (patched(entry, patches) for entry in data.faq)
    return {
        "items": [
            {
                "id": entry["id"],
                "question": text(entry["question"]),
                "answer": text(entry["answer"]),
                "patched": "patched" in entry,
            }
            for entry in entries
            if entry is not None and holds(entry.get("only"), house)
        ]
    }


def _rules_url(related: dict[str, Any]) -> str | None:
    """A related game that has rules on this site (`game = "<key>"`): their address."""
    key = related.get("game")
    if key is None:
        return None
    games.get(key)  # KeyError for a game the site does not know
    return reverse("rules:rules", kwargs={"game": key})


def variants_url(key: str, language: str) -> str:
    """A game's variants page in that language."""
    with translation.override(language):
        return reverse("rules:variants", kwargs={"game": key})


# What a kind of block shows besides its texts and items.
EXTRAS = {
    "values": lambda block, language, house, *_: {"rows": value_rows(language, house)},
    "variants": lambda block, language, house, *_: {
        "rows": variant_rows(language, house),
        "game": games.of(house).names[language],
        "variants_url": variants_url(games.of(house).key, language),
    },
    "table_picture": lambda block, language, house, *_: {
        "picture": games.of(house).table_picture(language, house, block.get("variant", "house"))
    },
    "whole_round": lambda block, language, house, *_: {"round": whole_round(language, house)},
    "faq": _faq,
    "related": lambda block, language, house, data, patches, text: {
        "items": [
            {"name": r["name"][language], "text": text(r["text"]), "url": _rules_url(r)}
            for r in data.related
        ]
    },
    "sources": lambda block, language, house, data, patches, text: {
        "items": [
            {
                "title": s["title"][language],
                "says": text(s["says"]),
                "checked": s.get("checked"),
                # a source that was itself checked: the day its author did so (as it says)
                "reviewed": s.get("reviewed"),
                "date_format": "DAY_FORMAT",  # ghost_site/formats/<language>/formats.py
            }
            for s in data.sources
        ]
    },
}


@lru_cache(maxsize=512)
def rendered_sections(language: str, house: Any = None) -> list[dict[str, Any]]:
    """Every section of the rules page in one language for one table's house rules,
    rendered once per process and table (the default game's default table for None)."""
    house = games.default().House() if house is None else house
    data = rules(games.of(house).key)
    patches = choose_patches(data, house)
    out = []
    for section in data.sections:
        blocks = []
        for block in section.get("blocks", []):
            block = patched(block, patches)
            if block is None or not holds(block.get("only"), house):
                continue
            blocks.append(_render_block(block, language, house, data, patches))
        out.append({"id": section["id"], "title": section["title"][language], "blocks": blocks})
    return out


QUOTES = {"en": "\u201c{}\u201d", "nb": "\u00ab{}\u00bb"}  # a name within a sentence


def settle_only_in(language: str, house: Any) -> list[str | None]:
    """For each question of the table's "settle" block, in order: where it asks of some
    of the game's variants only (an item's `only`, such as a bonus for four of a kind
    in the two-row grids), those variants' names; None where it asks of every one. The
    variants page, which speaks for every variant at once, says so beside the question."""
    game = games.of(house)
    data = rules(game.key)
    patches = choose_patches(data, house)
    tables = {key: game.variant_facts(key, house)["described_at"] for key in game.table_variants}
    said = []
    for section in data.sections:
        for block in section.get("blocks", []):
            block = patched(block, patches)
            if block is None or block["kind"] != "settle" or not holds(block.get("only"), house):
                continue
            for item in shown_items(block, house):
                spec = item.get("only") if isinstance(item, dict) else None
                where = [key for key, table in tables.items() if holds(spec, table)]
                said.append(
                    None
                    if len(where) == len(tables)
                    else and_list(
                        QUOTES[language].format(data.variants[key]["name"][language])
                        for key in where
                    )
                )
    return said
