"""The rules rendered in one language for one table: texts with their placeholders
filled, the worked examples, the value and variant tables, the whole round, the picture.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import lru_cache
from typing import Any

from django.utils import translation
from django.utils.html import escape
from django.utils.safestring import SafeString, mark_safe

from rules.games.ghost import cards

from .games.ghost.picture import table_picture
from .games.ghost.round import play_round
from .loader import Rules, choose_patches, patched, rules, shown_items
from .schema import BLOCK_KINDS, PLACEHOLDER, TOTAL_KINDS, VALUE_KINDS, facts, holds
from .words import NUMBER_WORDS, RANK_NAMES, card_html, format_percent, format_points, rank_label

# day before month in both languages, as the scorepad writes its dates
CHECKED_DATE = {"en": "j F Y", "nb": "j. F Y"}


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
        # "2 players", or the range "2–6 players", never a bare "up to 6"
        "players": (
            str(players)
            if players == cards.PLAYER_RANGE[0]
            else f"{cards.PLAYER_RANGE[0]}\u2013{players}"
        ),
        "cards": variant.hand_size,
        "lowest": format_points(min(totals), language),
        "highest": format_points(max(totals), language),
        # with the jack at 0.5 a half needs a jack, which takes a place a king would need
        "highest_half": next(
            (format_points(t, language) for t in sorted(totals, reverse=True) if t % 1), None
        ),
        "house_rule": key in ("jack_eleven", "stock_only"),
    }


def whole_round(language: str, house: cards.House) -> dict[str, Any]:
    """The variant's scripted round of the rules data, played under the table's rules."""
    script = rules().round[house.variant]
    played = play_round(script, house)
    names = [str(n) for n in script["names"]]
    jack = house.jack

    def card(code):
        return card_html(code, language)

    def pts(value):
        return format_points(value, language)

    def worth(code):
        return pts(cards.hand_total([code], jack))

    turns = [
        {
            "number": turn.number,
            "name": names[turn.player],
            "card": card(turn.card),
            "points": worth(turn.card),
            "place": turn.place,
            "replaced": turn.replaced and card(turn.replaced),
            "replaced_points": turn.replaced and worth(turn.replaced),
            "seen": turn.seen,
        }
        for turn in played.turns
    ]
    players = [
        {
            "name": name,
            "draw": card(played.draw[i]),
            "draw_points": worth(played.draw[i]),
            "dealt": [card(c) for c in played.dealt[i]],
            "peeked": [card(played.dealt[i][p - 1]) for p in played.peeked[i]],
            "peeked_places": played.peeked[i],
            "row": [{"card": card(c), "points": worth(c)} for c in played.rows[i]],
            "row_total": pts(played.row_totals[i]),
            "ghost": card(played.ghosts[i]),
            "ghost_points": worth(played.ghosts[i]),
            "total": pts(played.totals[i]),
            "wins": i in played.winners,
            # a single round at the threshold: the highest total loses the game
            "over": house.threshold is not None
            and played.totals[i] >= house.threshold
            and played.totals[i] == max(played.totals),
        }
        for i, name in enumerate(names)
    ]
    return {
        "players": players,
        "two": len(players) == cards.PLAYER_RANGE[0],
        "in_hand": played.in_hand,
        "all_seen": played.all_seen,
        "row_size": house.rules_variant.row_size,
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
        "difference": pts(sorted(played.totals)[len(played.winners)] - min(played.totals))
        if len(played.winners) < len(players)
        else pts(0),
        "threshold": house.threshold,
    }


def _render_block(
    block: dict[str, Any], language: str, house: cards.House, data: Rules, patches: dict
) -> dict[str, Any]:
    kind = BLOCK_KINDS[block["kind"]]
    item: dict[str, Any] = {
        "kind": block["kind"],
        "id": block.get("id"),
        "patched": "patched" in block,
    }
    figures = example_figures(block, house) if kind.figures else None

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
                    "points": format_points(cards.hand_total([c], house.jack), language),
                }
                for c in block.get("cards") or block.get("row") or []
            ],
            ghost=block.get("ghost") and card_html(block["ghost"], language),
            jack_half=house.jack == cards.JACK_HALF,
            in_hand=house.rules_variant.in_hand,
            players_two=cards.table_facts(house).most_players == cards.PLAYER_RANGE[0],
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


# What a kind of block shows besides its texts and items.
EXTRAS = {
    "values": lambda block, language, house, *_: {"rows": value_rows(language, house.jack)},
    "variants": lambda block, language, house, *_: {"rows": variant_rows(language, house)},
    "table_picture": lambda block, language, house, *_: {
        "picture": table_picture(language, house, block.get("variant", "house"))
    },
    "whole_round": lambda block, language, house, *_: {"round": whole_round(language, house)},
    "faq": _faq,
    "related": lambda block, language, house, data, patches, text: {
        "items": [{"name": r["name"][language], "text": text(r["text"])} for r in data.related]
    },
    "sources": lambda block, language, house, data, patches, text: {
        "items": [
            {
                "title": s["title"][language],
                "says": text(s["says"]),
                "checked": s.get("checked"),
                "date_format": CHECKED_DATE[language],
            }
            for s in data.sources
        ]
    },
}


@lru_cache(maxsize=512)
def rendered_sections(
    language: str, house: cards.House = cards.DEFAULT_HOUSE
) -> list[dict[str, Any]]:
    """Every section of the rules page in one language for one table's house rules,
    rendered once per process and table."""
    data = rules()
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
