"""What the score table shows: the board's rows and standings formatted once, the game's
URLs, the round-entry helper's data, the history of undone and replaced rounds and the
watch link's QR code. Presentation only: the rules of one game live on `Game`."""

import hashlib
import json
from decimal import Decimal
from functools import lru_cache

import segno
from django.urls import reverse
from django.utils import translation
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language
from django.utils.translation import gettext as _

from rules import cards, loader, words

from . import scoring
from .forms import example_total
from .models import MAX_ROUNDS, TOKEN_LENGTH, Game, Round, Score

HISTORY_SHOWN = 5  # undone and changed rounds on the game page; the rest on their own page


@lru_cache
def rank_buttons(jack_value, language) -> str:
    """The helper's buttons, cheapest card first for this game's jack: the same HTML for
    every game with this jack, so it is built once per language."""
    order = sorted(cards.RANKS, key=lambda rank: cards.card_value(rank, jack_value))
    return format_html_join(
        "",
        '<button type="button" class="rank" data-rank="{}" aria-label="{}">{}</button>',
        ((r, words.RANK_NAMES[language][r], words.rank_label(r, language)) for r in order),
    )


@lru_cache
def card_values_json(jack_value) -> str:
    """The card table for the helper script, read from rules.cards like everything else."""
    return json.dumps({rank: float(value) for rank, value in cards.card_table(jack_value).items()})


RANK_WORDS_JSON = json.dumps(words.RANK_WORDS)
EXAMPLE_HAND = ("8", "J", "A", "2", "K", "3", "5", "9")  # as long as the longest hand


@lru_cache
def possible_json(variant, jack_value) -> str:
    """The totals a round can have, for checking a round kept offline: from rules.cards."""
    return json.dumps(sorted(float(t) for t in cards.possible_totals(variant, jack_value)))


@lru_cache
def outbox_texts(language: str, example: Decimal) -> str:
    """What the page's script says about rounds kept on the phone, in the reader's words:
    built once per language and example total (the server's, so both say the same)."""
    return json.dumps(
        {
            "round": _("Round %(n)s"),
            "save": _("Save round %(n)s"),
            "kept": _(
                "No connection: round %(n)s is kept on this phone and will be sent as soon "
                "as there is a connection."
            ),
            "waiting": _("waiting to send"),
            "refused": _("not saved: %(reason)s"),
            "count_one": _("%(n)s round is waiting to be sent."),
            "count_other": _("%(n)s rounds are waiting to be sent."),
            "putback": _("Put back in the form"),
            "discard": _("Discard"),
            "put_back": _(
                "Your numbers are back in the form. Check the table, then save them as the "
                "next round."
            ),
            "missing": _("%(name)s: enter the round total."),
            "not_number": _("%(name)s: enter a number, such as %(example)s.")
            % {"name": "%(name)s", "example": words.format_points(example, language)},
            "impossible": _("%(name)s: %(value)s cannot happen with these rules."),
        },
        ensure_ascii=False,
    )


EDIT_URLS = ("game", "add-round", "undo", "restore", "rematch", "history", "export-csv")
EDIT_URLS += ("export-json",)
WATCH_URLS = ("watch", "watch-poll")
STAND_IN = "T" * TOKEN_LENGTH


@lru_cache
def url_patterns(language: str) -> dict[str, tuple[str, str]]:
    """Each game URL reversed once per language with a stand-in token: a page then fills
    in its tokens instead of reversing ten URLs on every request."""
    with translation.override(language):
        return {
            name.replace("-", "_"): (reverse(f"scorepad:{name}", args=[STAND_IN]), token)
            for names, token in ((EDIT_URLS, "edit_token"), (WATCH_URLS, "watch_token"))
            for name in names
        }


def game_urls(game: Game) -> dict[str, str]:
    return {
        name: pattern.replace(STAND_IN, getattr(game, token))
        for name, (pattern, token) in url_patterns(get_language()).items()
    }


def board_context(game: Game, watching=False, **extra) -> dict:
    """Everything the score table shows, formatted here once rather than cell by cell."""
    language = get_language()
    players = game.player_list
    result = game.outcome()
    names = [p.name for p in players]
    fmt = words.points_formatter(language)
    # One reverse for the whole table: the edit links differ only in the round number.
    edit_url = "" if watching else reverse("scorepad:edit-round", args=[game.edit_token, 0])
    edit_label = _("Edit round %(n)s")
    rows = []
    for index, rnd in enumerate(game.live_rounds):
        winners = result.round_winners[index]
        rows.append(
            {
                "number": rnd.number,
                "edit_url": edit_url[:-2] + f"{rnd.number}/" if edit_url else "",
                "edit_label": edit_label % {"n": rnd.number},
                "cells": [
                    {"points": fmt(p), "running": fmt(t), "won": i in winners}
                    for i, (p, t) in enumerate(zip(rnd.points, result.running[index], strict=True))
                ],
                "after_end": result.finished_after is not None
                and rnd.number > result.finished_after,
            }
        )
    played = bool(game.live_rounds) and not result.finished
    leaders = scoring.lowest(result.totals) if played else []
    open_seats = [i for i in range(len(names)) if i not in leaders]
    closest = scoring.highest(result.totals, open_seats) if played and open_seats else []
    threshold = game.threshold or 0
    standings = [
        {
            "name": name,
            "total": fmt(result.totals[i]),
            "value": str(result.totals[i]),
            "distance": fmt(result.distance(i)),
            "low": threshold * 2 // 3,
            "high": threshold * 5 // 6,
            "lost": i in result.losers,
            # crossed in the same round as the loser, who had more: no "0 left"
            "over": bool(threshold) and result.totals[i] >= threshold,
            "won": i in result.winners and result.finished,
            "deals": i == result.next_dealer and not result.finished,
            "leads": i in leaders and len(leaders) < len(names),
            "closest": i in closest and not game.single_round and len(closest) < len(names),
        }
        for i, name in enumerate(names)
    ]
    # The score table is cached by what it shows: the game's own token and every row, so
    # no other game (nor this game after a restore from a backup) can produce the key.
    table_key = hashlib.blake2b(
        repr((game.watch_token, names, rows, language, watching)).encode(), digest_size=16
    ).hexdigest()
    context = {
        "game": game,
        "players": players,
        "watching": watching,
        "outcome": result,
        "rows": rows,
        "table_key": table_key,
        "standings": standings,
        "loser_names": [names[i] for i in result.losers],
        "winner_names": [names[i] for i in result.winners],
        "winner_total": fmt(result.totals[result.winners[0]]) if result.winners else "",
        "next_dealer": names[result.next_dealer],
        "next_starter": names[result.next_starter],
        "next_number": game.next_number,
        "full": len(game.live_rounds) >= MAX_ROUNDS,
        "max_rounds": MAX_ROUNDS,
        "variant_name": loader.rules().variants[game.variant]["name"],
        "jack": fmt(game.jack_value),
        "urls": game_urls(game),
    }
    if not watching:
        context.update(
            rank_buttons=rank_buttons(game.jack_value, get_language()),
            helper_example=" ".join(
                words.rank_label(r, get_language())
                for r in EXAMPLE_HAND[: game.rules_variant.hand_size]
            ),
            rank_words_json=RANK_WORDS_JSON,
            card_values_json=card_values_json(game.jack_value),
            possible_json=possible_json(game.rules_variant, game.jack_value),
            outbox_texts=outbox_texts(get_language(), example_total(game)),
        )
    context.update(extra)
    return context


def history_rows(game: Game, limit: int | None = HISTORY_SHOWN) -> tuple[list[dict], bool]:
    """Undone and replaced rounds, latest change first, with each player's points; and
    whether there are more than `limit`. One query."""
    if game.version == len(game.live_rounds):
        # Every change bumps the version once: a game whose only changes were its live
        # rounds has never undone or edited anything.
        return [], False
    fmt = words.points_formatter(get_language())
    names = {p.pk: p.name for p in game.player_list}
    chosen = (
        game.rounds.exclude(status=Round.Status.ACTIVE)
        .order_by("-changed_at", "-pk")
        .values_list("pk", flat=True)
    )
    chosen = list(chosen[: limit + 1] if limit else chosen)
    if not chosen:
        return [], False
    rows = {}
    for pk, number, status, player_id, points in (
        Score.objects.filter(round_id__in=chosen)
        .order_by("-round__changed_at", "-round_id", "player__position")
        .values_list("round_id", "round__number", "round__status", "player_id", "points")
    ):
        if pk not in rows:
            rows[pk] = {
                "pk": pk,
                "number": number,
                "status": status,
                "scores": [],
                "status_label": Round.Status(status).label,
            }
        rows[pk]["scores"].append((names[player_id], fmt(points)))
    shown = list(rows.values())
    more = bool(limit) and len(shown) > limit
    return shown[:limit] if limit else shown, more


@lru_cache(maxsize=512)
def qr_svg(url: str) -> str:
    """The watch link as a QR code, drawn on the server as inline SVG: no script, nothing
    from another host, dark modules on their own light square so it scans in dark mode."""
    code = segno.make(url, error="m")
    return mark_safe(
        code.svg_inline(
            scale=4, dark="#000", light="#fff", omitsize=True, svgclass="qr-code", lineclass=None
        )
    )
