"""What the score table shows: the board's rows and standings formatted once, the game's
URLs, the round-entry helper's data, the history of undone and replaced rounds and the
watch link's QR code. Presentation only: the rules of one game live on `Game`."""

import json
import re
from decimal import Decimal
from functools import lru_cache

import segno
from django.urls import reverse
from django.utils import translation
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext, pgettext
from django.utils.translation import gettext as _

from rules import words
from rules.engine import loader
from scorepad import pads
from scorepad.forms.fields import (
    below_lowest_text,
    not_a_number_text,
)
from scorepad.models import MAX_ROUNDS, Game, Round, Score, row_mark
from scorepad.pages import night

HISTORY_SHOWN = 5  # undone and changed rounds on the game page; the rest on their own page


def outbox_texts(language: str, example: Decimal) -> dict:
    """The example total is the server's for this table, so both checks say the same."""
    with translation.override(language):
        return {
            "round": _("Round %(n)s"),
            # the rounds sent, in the sentence "Sent from this phone and saved: …."
            "sent_one": _("round %(n)s"),
            "sent_other": _("rounds %(list)s"),
            "save": _("Save round %(n)s"),
            "together": _(
                "%(players)s: no deal from one deck gives all these totals at once "
                "(it holds %(n)s of each rank)."
            ),
            "kept": _(
                "No connection: round %(n)s is kept on this phone and will be sent as soon "
                "as there is a connection."
            ),
            "waiting": _("waiting to send"),
            # Under a kept round's number in the table of rounds: two short words.
            "unsent": pgettext("a round kept on the phone", "not sent"),
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
            "not_number": not_a_number_text(example),
            "below": below_lowest_text(),
            "impossible": _("%(name)s: %(value)s cannot happen with these rules."),
            # The standings and the chart worked out again with the kept rounds: the
            # server's own words for them (scorepad/_standings.html, pages/night.py).
            "lost": _("lost"),
            "won": _("won"),
            "deals": _("deals"),
            "leads": _("leads"),
            "closest": _("closest to losing"),
            "reached": _("reached the threshold"),
            "reached_too": _("reached the threshold too"),
            "left": _("%(d)s left"),
            "course_one": ngettext(
                "Running totals after %(n)s round: %(totals)s.",
                "Running totals after %(n)s rounds: %(totals)s.",
                1,
            ),
            "course_other": ngettext(
                "Running totals after %(n)s round: %(totals)s.",
                "Running totals after %(n)s rounds: %(totals)s.",
                2,
            ),
            "course_threshold": _("The loss threshold is %(t)s."),
        }


EDIT_URLS = ("game", "undo", "restore", "rematch", "history", "export-csv")
EDIT_URLS += ("export-json", "result-png", "rename", "sheet")
WATCH_URLS = ("watch", "watch-poll", "watch-result-png")


def game_urls(game: Game) -> dict[str, str]:
    urls = {name: reverse(f"scorepad:{name}", args=[game.edit_token]) for name in EDIT_URLS}
    urls.update((name, reverse(f"scorepad:{name}", args=[game.watch_token])) for name in WATCH_URLS)
    # a round's address says the game's own word for a round ("hole", «hull», say)
    address = {"token": game.edit_token, "round_address": game.game}
    urls["add-round"] = reverse("scorepad:add-round", kwargs=address)
    urls["new-game"] = pads.start_url(game.game)  # a new game of this game
    return {name.replace("-", "_"): url for name, url in urls.items()}


# How many letters a name may keep in the round table's header, by the number of players:
# at 320 px six columns of numbers leave about four letters each.
HEADER_LETTERS = {4: 6, 5: 5, 6: 4}


def short_names(names: list[str]) -> list[str]:
    """Names for a narrow table header, each different from the others: a name that fits
    as it is, else its first word if that fits, else its initials ("Anne-Marthe
    Kristiansen": "AMK"). The page keeps the full name for screen readers and a tap."""
    longest = HEADER_LETTERS.get(len(names), 6) if len(names) > 3 else None
    if longest is None:
        return list(names)
    shorts = []
    for name in names:
        first = name.split()[0] if name.split() else name
        if len(name) <= longest:
            short = name
        elif len(first) <= longest:
            short = first
        else:
            parts = [p for p in re.split(r"[\s\-]+", name) if p]
            if len(parts) > 1:
                short = "".join(p[0] for p in parts)[:3].upper()
            else:
                short = name[: longest - 1] + "."
        shorts.append(short)
    taken = list(shorts)
    for seat, short in enumerate(taken):
        if taken.count(short) > 1:
            shorts[seat] = f"{short[: longest - 1]}{seat + 1}"
    return shorts


def board_context(game: Game, watching=False, **extra) -> dict:
    """Everything the score table shows, formatted here once rather than cell by cell."""
    language = get_language()
    players = game.player_list
    result = game.outcome()
    names = [p.name for p in players]
    fmt = words.points_formatter(language)
    edit_label = game.pad.text("edit_label", n="%(n)s")
    rows = []
    note = game.pad.round_note
    counts = getattr(game.ending(), "counts", lambda number: True)
    for index, rnd in enumerate(game.live_rounds):
        winners = result.round_winners[index]
        # a round that adds nothing to the totals is its game's own (a tie's extra hole)
        named = not counts(rnd.number)
        rows.append(
            {
                "number": rnd.number,
                "edit_url": ""
                if watching
                else reverse(
                    "scorepad:edit-round",
                    kwargs={
                        "token": game.edit_token,
                        "round_address": game.game,
                        "number": rnd.number,
                    },
                ),
                "label": game.pad.words["playing_row"] if named else rnd.number,
                "edit_label": game.pad.words["playing_edit"]
                if named
                else edit_label % {"n": rnd.number},
                "cells": [
                    {"points": "–" if p is None else fmt(p), "running": fmt(t), "won": i in winners}
                    for i, (p, t) in enumerate(zip(rnd.points, result.running[index], strict=True))
                ],
                "note": note(game, rnd, fmt),
                "after_end": result.finished_after is not None
                and rnd.number > result.finished_after,
            }
        )
    standings = game.pad.standings(game, result, fmt)
    context = {
        "game": game,
        "players": players,
        "watching": watching,
        "outcome": result,
        "rows": rows,
        "headers": list(zip(names, short_names(names), strict=True)),
        "standings": standings,
        "loser_names": [names[i] for i in result.losers],
        "winner_names": [names[i] for i in result.winners],
        "playing_names": [names[i] for i in result.playing or ()],
        "winner_total": fmt(result.totals[result.winners[0]]) if result.winners else "",
        "next_dealer": names[result.next_dealer],
        "next_starter": names[result.next_starter],
        # a round only some play (a tie's extra round): its dealer may deal and sit out
        "dealer_sits_out": result.playing is not None and result.next_dealer not in result.playing,
        "next_number": game.next_number,
        "full": len(game.live_rounds) >= MAX_ROUNDS,
        "max_rounds": MAX_ROUNDS,
        **settings_context(game),
        "urls": game_urls(game),
        **night.course_context(game, result, fmt),
        **night.series_context(game),
    }
    if not watching:
        pad = game.pad
        context.update(
            pad.form_extras(game),
            round_data=pad.round_data(game, get_language()),
            # For the page's script to count the rounds kept on the phone by the same
            # rules (the module the game's script registers under its key): the players,
            # the rules and the live rounds.
            board_json=json.dumps(
                {
                    "game": pad.key,
                    "names": names,
                    "labels": context["chart_labels"],
                    "threshold": game.threshold,
                    "first_dealer": game.first_dealer,
                    "rounds": [
                        [None if v is None else float(v) for v in r.points]
                        for r in game.live_rounds
                    ],
                    **pad.board_extra(game),
                },
                ensure_ascii=False,
            ),
        )
    context.update(extra)
    return context


def settings_context(game: Game) -> dict:
    """The line of the game's rules above a board (_settings.html)."""
    return {
        "game": game,
        "variant_name": loader.rules(game.game).variants[game.variant]["name"],
        **game.pad.settings(game),
    }


def history_rows(game: Game, limit: int | None = HISTORY_SHOWN) -> tuple[list[dict], bool]:
    """Undone and replaced rounds and corrected names, latest change first, with each
    player's points; and whether there are more than `limit`. One query, and one more
    for a game with a rename (a rename moves the version on too)."""
    if not game.has_history():
        return [], False
    renamed = (
        [  # names_version counts the renames: no query for a game without one
            {"renamed": True, "old": c.old, "new": c.new, "at": c.at}
            for c in game.name_changes.order_by("-at", "-pk")[: limit + 1 if limit else None]
        ]
        if game.names_version
        else []
    )
    fmt = words.points_formatter(get_language())
    names = {p.pk: p.name for p in game.player_list}
    chosen = (
        game.rounds.exclude(status=Round.Status.ACTIVE)
        .order_by("-changed_at", "-pk")
        .values_list("pk", flat=True)
    )
    chosen = list(chosen[: limit + 1] if limit else chosen)
    rows = {}
    for pk, number, status, created, at, caller, player_id, points in (
        Score.objects.filter(round_id__in=chosen)
        .order_by("-round__changed_at", "-round_id", "player__position")
        .values_list(
            "round_id",
            "round__number",
            "round__status",
            "round__created_at",
            "round__changed_at",
            "round__caller",
            "player_id",
            "points",
        )
    ):
        if pk not in rows:
            rows[pk] = {
                "pk": pk,
                "made": row_mark(created),  # with pk, names the row for bring back
                "number": number,
                "status": status,
                "at": at,
                "scores": [],
                "status_label": Round.Status(status).label,
                # the seat a rule asked of the round: an edit may change only that
                "caller": game.pad.caller_note(game, caller),
            }
        rows[pk]["scores"].append((names[player_id], fmt(points)))
    shown = sorted([*rows.values(), *renamed], key=lambda row: row["at"], reverse=True)
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
