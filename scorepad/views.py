"""The scorepad's pages. Views parse forms and render; every change to a game's rounds is
a method of `Game` that returns a `Change`, turned here into a response and a message."""

import csv
import hashlib
import json
import re
from decimal import Decimal
from functools import lru_cache

import segno
from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.http import Http404, HttpResponse, JsonResponse
from django.middleware.csrf import get_token
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils import timezone, translation
from django.utils.html import format_html_join
from django.utils.safestring import mark_safe
from django.utils.translation import get_language, ngettext
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from ghost_site.context_processors import absolute_url
from rules import cards, content

from . import scoring
from .forms import (
    MORE_PLAYERS_MAX,
    RANK_WORDS,
    VARIANT_MAX_PLAYERS,
    EditRoundForm,
    NewGameForm,
    RestoreForm,
    RoundForm,
    UndoForm,
)
from .models import MAX_ROUNDS, TOKEN_LENGTH, Game, RateMark, Result, Round, Score
from .watch_link import shared_watch_path

MY_GAMES = "my_games"
MY_GAMES_KEPT = 30
HISTORY_SHOWN = 5  # undone and changed rounds on the game page; the rest on their own page


# ----------------------------------------------------------------- helpers


def game_with_players(**lookup) -> Game:
    return get_object_or_404(Game, **lookup).load_players()


def game_for_edit(token: str) -> Game:
    return game_with_players(edit_token=token).load_board()


def game_to_change(token: str) -> Game:
    """The game and its players: enough to check a form. The change itself reads the
    rounds under the game's lock."""
    return game_with_players(edit_token=token)


def remember_game(request, game: Game) -> None:
    """'My games' are the edit tokens this browser created, newest first, in its session."""
    tokens = [t for t in request.session.get(MY_GAMES, []) if t != game.edit_token]
    request.session[MY_GAMES] = [game.edit_token, *tokens][:MY_GAMES_KEPT]


def client_address(request) -> str:
    """Behind our TLS proxy every request comes from the proxy: the client is the address
    the proxy appended last to X-Forwarded-For (earlier entries are the client's to forge)."""
    if settings.BEHIND_TLS_PROXY:
        forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
        if forwarded.strip():
            return forwarded.split(",")[-1].strip()[:64]
    return request.META.get("REMOTE_ADDR", "unknown")[:64]


def new_game_wait(request):
    """None when this client may start a game now; otherwise how long until it may."""
    return RateMark.take(client_address(request), settings.GAMES_PER_HOUR_PER_CLIENT)


def too_many_games_text(wait) -> str:
    minutes = max(1, -(-int(wait.total_seconds()) // 60))
    return ngettext(
        "That is a lot of new games from one place. You can start another in %(n)s minute; "
        "until then, keep playing one of your games.",
        "That is a lot of new games from one place. You can start another in %(n)s minutes; "
        "until then, keep playing one of your games.",
        minutes,
    ) % {"n": minutes}


@lru_cache
def rank_buttons(jack_value, language) -> str:
    """The helper's buttons, cheapest card first for this game's jack: the same HTML for
    every game with this jack, so it is built once per language."""
    order = sorted(cards.RANKS, key=lambda rank: cards.card_value(rank, jack_value))
    return format_html_join(
        "",
        '<button type="button" class="rank" data-rank="{}" aria-label="{}">{}</button>',
        ((r, content.RANK_NAMES[language][r], content.rank_label(r, language)) for r in order),
    )


@lru_cache
def card_values_json(jack_value) -> str:
    """The card table for the helper script, read from rules.cards like everything else."""
    return json.dumps({rank: float(value) for rank, value in cards.card_table(jack_value).items()})


RANK_WORDS_JSON = json.dumps(RANK_WORDS)
EXAMPLE_HAND = ("8", "J", "A", "2", "K", "3", "5", "9")  # as long as the longest hand


@lru_cache
def possible_json(variant, jack_value) -> str:
    """The totals a round can have, for checking a round kept offline: from rules.cards."""
    return json.dumps(sorted(float(t) for t in cards.possible_totals(variant, jack_value)))


@lru_cache
def outbox_texts(language: str) -> str:
    """What the page's script says about rounds kept on the phone, in the reader's words:
    built once per language."""
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
            % {"name": "%(name)s", "example": content.format_points(Decimal("3.5"))},
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
    fmt = content.points_formatter(language)
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
        "variant_name": content.rules().variants[game.variant]["name"],
        "jack": fmt(game.jack_value),
        "urls": game_urls(game),
    }
    if not watching:
        context.update(
            rank_buttons=rank_buttons(game.jack_value, get_language()),
            helper_example=" ".join(
                content.rank_label(r, get_language())
                for r in EXAMPLE_HAND[: game.rules_variant.hand_size]
            ),
            rank_words_json=RANK_WORDS_JSON,
            card_values_json=card_values_json(game.jack_value),
            possible_json=possible_json(game.rules_variant, game.jack_value),
            outbox_texts=outbox_texts(get_language()),
        )
    context.update(extra)
    return context


def round_form(game: Game, data=None) -> RoundForm:
    return RoundForm(
        data, game=game, players=game.player_list, initial={"number": game.next_number}
    )


def history_rows(game: Game, limit: int | None = HISTORY_SHOWN) -> tuple[list[dict], bool]:
    """Undone and replaced rounds, latest change first, with each player's points; and
    whether there are more than `limit`. One query."""
    if game.version == len(game.live_rounds):
        # Every change bumps the version once: a game whose only changes were its live
        # rounds has never undone or edited anything.
        return [], False
    fmt = content.points_formatter(get_language())
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


def game_path(game: Game) -> str:
    return reverse("scorepad:game", args=[game.edit_token])


def show_game(request, game: Game, form=None, status=200, **extra):
    # A 4xx answer to a POST is still the game page: its language links and canonical
    # point there, not to the POST-only address.
    request.canonical_path = game_path(game)
    form = form or round_form(game)
    first_bad = next((name for name in form.errors if name.startswith("points_")), None)
    if first_bad:  # with JavaScript off too, the reader lands on what needs fixing
        form.fields[first_bad].widget.attrs["autofocus"] = True
    history, more_history = history_rows(game)
    context = board_context(game, form=form, history=history, more_history=more_history, **extra)
    latest = history[0] if history else None
    # The round just undone can come back at once, from where the eye is.
    if (
        latest
        and latest["status"] == Round.Status.UNDONE
        and latest["number"] == game.next_number
        and not context["outcome"].finished
        and not context["full"]
    ):
        context["restorable"] = latest
    if not request.htmx:
        watch_url = absolute_url(request, shared_watch_path(game))
        context.update(watch_url=watch_url, watch_qr=qr_svg(watch_url))
    template = "scorepad/game.html#board" if request.htmx else "scorepad/game.html"
    return render(request, template, context, status=status)


def after_change(request, game: Game):
    """Plain posts redirect (post/redirect/get); htmx swaps the fresh board in place."""
    if request.htmx:
        return show_game(request, game_for_edit(game.edit_token))
    return redirect("scorepad:game", token=game.edit_token)


def refused(request, game, text, form=None, status=409):
    """The change was not made: say why on the game page, keeping what was typed."""
    game = game_for_edit(game.edit_token)
    return show_game(request, game, form=form, status=status, conflict=text)


def full_text() -> str:
    return _(
        "This game holds %(n)s rounds, the most one game can keep. Start a rematch to "
        "play on; this game stays as it is."
    ) % {"n": MAX_ROUNDS}


# ----------------------------------------------------------------- pages


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
def start(request):
    status = 200
    form = NewGameForm(request.POST if request.method == "POST" else None)
    if request.method == "POST":
        status = 400
        if form.is_valid():
            wait = new_game_wait(request)
            if wait is None:
                data = form.cleaned_data
                game = Game.create_with_players(
                    data["names"],
                    variant=data["variant"],
                    jack_value=data["jack_value"],
                    start_card=data["start_card"],
                    swap_seen=data["swap_seen"],
                    threshold=form.threshold_value,
                    first_dealer=data["first_dealer"],
                )
                remember_game(request, game)
                return redirect("scorepad:game", token=game.edit_token)
            messages.error(request, too_many_games_text(wait))
            status = 429
    return render_start(request, form, status)


MY_GAMES_DATE = {"en": "j F Y, H:i", "nb": "j. F Y, H:i"}  # day before month in both


def my_games(request) -> list[dict]:
    """This device's games, newest first: players and totals, and who lost if it is over."""
    fmt = content.points_formatter(get_language())
    return [
        {
            "game": item.game,
            "players": [(p.name, fmt(item.outcome.totals[i])) for i, p in enumerate(item.players)],
            "rounds": len(item.outcome.rounds),
            "finished": item.outcome.finished,
            "losers": [item.players[i].name for i in item.outcome.losers],
            "winners": [item.players[i].name for i in item.outcome.winners],
            "rematch": item.game.rematch_of_id is not None,
        }
        for item in Game.objects.summaries(request.session.get(MY_GAMES, []))
    ]


def render_start(request, form, status=200):
    context = {
        "form": form,
        "my_games": my_games(request),
        "date_format": MY_GAMES_DATE[get_language()],
        "variant_max_json": json.dumps(VARIANT_MAX_PLAYERS),
        "more_max_json": json.dumps(MORE_PLAYERS_MAX),
    }
    return render(request, "scorepad/start.html", context, status=status)


# The game page as the server renders it only changes with the game: kept per version,
# with the per-request CSRF token punched out and put back on every answer.
PAGE_SECONDS = 600
CSRF_HOLE = "<!--csrf-token-->"  # no escaped content can contain "<"
CSRF_VALUE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def page_key(game: Game, request) -> str:
    # updated_at moves with every change: a restored backup cannot repeat it.
    when = game.updated_at.timestamp()
    fragment = bool(request.htmx)
    return f"game-page:{game.edit_token}:{game.version}:{when}:{get_language()}:{fragment}"


@require_safe
@never_cache
@vary_on_headers("HX-Request")
def game_page(request, token):
    game = get_object_or_404(Game, edit_token=token)
    # A message shows once, so that page is rendered; and in development templates change.
    if len(messages.get_messages(request)) or settings.DEBUG:
        return show_game(request, game.load_board())
    key = page_key(game, request)
    html = cache.get(key)
    if html is None:
        response = show_game(request, game.load_board())
        body = response.content.decode()
        used = CSRF_VALUE.search(body)
        if used:
            cache.set(key, body.replace(used.group(1), CSRF_HOLE), PAGE_SECONDS)
        return response
    request.canonical_path = game_path(game)
    return HttpResponse(html.replace(CSRF_HOLE, get_token(request)))


@require_POST
@never_cache
def add_round(request, token):
    game = game_to_change(token)
    form = RoundForm(request.POST, game=game, players=game.player_list)
    if not form.is_valid():
        return show_game(request, game.load_board(), form=form, status=422)
    number = form.cleaned_data["number"]
    change = game.add_round(
        number, form.points(), form.hands(), client_id=form.cleaned_data["client_id"] or None
    )
    match change.result:
        case Result.SAVED:
            messages.success(request, _("Round %(n)s saved.") % {"n": number})
            return after_change(request, game)
        case Result.ALREADY_SAVED:
            messages.info(request, _("Round %(n)s was already saved.") % {"n": change.number})
            return after_change(request, game)
        case Result.CONFLICT:
            return conflict(request, game, number)
        case Result.NOT_NEXT:
            text = _("Round %(n)s is not the next round; the next one is %(next)s.") % {
                "n": number,
                "next": change.expected,
            }
            return refused(request, game, text, form=form)
        case Result.GAME_OVER:
            return refused(
                request, game, _("The game is over. Undo or edit a round to reopen it."), form
            )
        case Result.FULL:
            return refused(request, game, full_text(), form=form)
    raise AssertionError(change)


def conflict(request, game, number):
    """Another phone got this round in first: show its numbers, keep ours in the form."""
    game = game_for_edit(game.edit_token)
    data = request.POST.copy()
    data["number"] = str(game.next_number)
    data["client_id"] = ""
    return show_game(
        request,
        game,
        status=409,
        conflict=_(
            "Round %(n)s was just entered from another phone: check the table. Your numbers "
            "are still in the form; save them only if they belong to round %(next)s."
        )
        % {"n": number, "next": data["number"]},
        form=round_form(game, data),
    )


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
def edit_round(request, token, number):
    game = game_for_edit(token)
    players = game.player_list
    rnd = game.live_round(number)
    request.canonical_path = reverse("scorepad:edit-round", args=[token, number])
    if request.method != "POST":
        if rnd is None:
            raise Http404
        return show_edit(request, game, rnd, edit_form(game, rnd))
    form = EditRoundForm(
        request.POST, game=game, players=players, stored_cards=rnd.cards if rnd else None
    )
    if not form.is_valid():
        if rnd is None:
            return round_gone(request, game, number)
        return show_edit(request, game, rnd, form, status=422)
    change = game.edit_round(number, form.cleaned_data["round_id"], form.points(), form.hands())
    match change.result:
        case Result.SAVED:
            messages.success(request, _("Round %(n)s changed.") % {"n": number})
            return redirect("scorepad:game", token=token)
        case Result.ALREADY_SAVED:
            messages.info(request, _("Round %(n)s already holds these numbers.") % {"n": number})
            return redirect("scorepad:game", token=token)
        case Result.CONFLICT:
            game = game_for_edit(token)
            rnd = game.live_round(number)
            text = _(
                "Someone changed round %(n)s meanwhile. Here it is as it is "
                "now; your numbers were not saved."
            ) % {"n": number}
            return show_edit(request, game, rnd, edit_form(game, rnd), status=409, conflict=text)
        case Result.GONE:
            return round_gone(request, game, number)
        case Result.FULL:
            messages.error(request, full_text())
            return redirect("scorepad:game", token=token)
    raise AssertionError(change)


def show_edit(request, game, rnd, form, status=200, conflict=None):
    return render(
        request,
        "scorepad/edit_round.html",
        board_context(game, form=form, editing=rnd, conflict=conflict),
        status=status,
    )


def round_gone(request, game, number):
    if game.rounds.filter(number=number).exists():
        text = _("Round %(n)s was undone meanwhile; your numbers were not saved.")
    else:
        text = _("This game has no round %(n)s; nothing was saved.")
    messages.error(request, text % {"n": number})
    return redirect("scorepad:game", token=game.edit_token)


def edit_form(game, rnd):
    initial = {"number": rnd.number, "round_id": rnd.pk}
    for seat in range(len(game.player_list)):
        initial[f"points_{seat}"] = content.format_points(rnd.points[seat])
        # Stored as rank codes; shown in the reader's letters (8 Kn E 2 K in Norwegian).
        initial[f"cards_{seat}"] = " ".join(
            content.rank_label(r, get_language()) for r in rnd.cards[seat].split()
        )
    return EditRoundForm(game=game, players=game.player_list, initial=initial)


@require_POST
@never_cache
def undo_round(request, token):
    game = game_to_change(token)
    form = UndoForm(request.POST)
    if not form.is_valid():
        messages.error(request, _("The form did not say which round to undo; nothing changed."))
        return after_change(request, game)
    number = form.cleaned_data["number"]
    change = game.undo_round(number)
    match change.result:
        case Result.SAVED:
            messages.success(
                request,
                _("Round %(n)s undone. You can bring it back until the next round is entered.")
                % {"n": number},
            )
        case Result.ALREADY_SAVED:
            messages.info(request, _("Round %(n)s was already undone.") % {"n": number})
        case Result.NOT_NEXT:
            messages.error(
                request,
                _("Only the last round, round %(last)s, can be undone; nothing changed.")
                % {"last": change.expected},
            )
        case Result.GONE:
            messages.error(request, _("This game has no round %(n)s to undo.") % {"n": number})
    return after_change(request, game)


@require_POST
@never_cache
def restore_round(request, token):
    game = game_to_change(token)
    form = RestoreForm(request.POST)
    change = game.restore_round(form.cleaned_data["round_id"]) if form.is_valid() else None
    match change and change.result:
        case Result.SAVED:
            messages.success(request, _("Round %(n)s is back.") % {"n": change.number})
        case Result.ALREADY_SAVED:
            messages.info(request, _("Round %(n)s is already back.") % {"n": change.number})
        case Result.GAME_OVER:
            messages.error(
                request, _("The game is decided, so no round can come back. Undo a round first.")
            )
        case Result.FULL:
            messages.error(request, full_text())
        case _:
            messages.error(
                request, _("That round cannot come back: a new round has taken its place.")
            )
    return after_change(request, game)


@require_POST
@never_cache
def rematch(request, token):
    game = game_to_change(token)
    change = game.rematch(may_start=lambda: new_game_wait(request))
    if change.result is Result.LIMITED:
        messages.error(request, too_many_games_text(change.wait))
        return redirect("scorepad:game", token=token)
    remember_game(request, change.game)
    if change.result is Result.SAVED:
        messages.success(request, _("A new game with the same players and rules."))
    return redirect("scorepad:game", token=change.game.edit_token)


@require_safe
@never_cache
def history(request, token):
    game = game_for_edit(token)
    rows, _more = history_rows(game, limit=None)
    return render(request, "scorepad/history.html", board_context(game, history=rows))


# ----------------------------------------------------------------- watching


@require_safe
@never_cache
def watch(request, token):
    game = game_with_players(watch_token=token).load_board()
    moved = "moved" in request.GET  # arrived here from the last game's watch page
    return render(request, "scorepad/watch.html", board_context(game, watching=True, moved=moved))


@require_safe
@never_cache
def watch_poll(request, token):
    """204 with no body while nothing changed: one indexed query per poll."""
    version = Game.objects.filter(watch_token=token).values_list("version", flat=True).first()
    if version is None:
        return HttpResponse(status=404)
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    game = game_with_players(watch_token=token).load_board()
    if game.rematch_game is not None:  # the table moved on: so does this page, by itself
        response = HttpResponse(status=204)
        next_url = reverse("scorepad:watch", args=[game.rematch_game.watch_token])
        response["HX-Redirect"] = next_url + "?moved=1"
        return response
    return render(request, "scorepad/watch.html#watched", board_context(game, watching=True))


# ----------------------------------------------------------------- export

# A spreadsheet runs a cell that begins with one of these as a formula (OWASP, "CSV
# injection"); a leading apostrophe makes it text.
FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")


def spreadsheet_text(cell: str) -> str:
    return "'" + cell if cell.startswith(FORMULA_STARTS) else cell


def export_rows(game: Game):
    players = game.player_list
    result = game.outcome()
    header = [_("Round")] + [spreadsheet_text(p.name) for p in players]
    body = [
        [str(r.number)] + [content.format_points(p) for p in pts]
        for r, pts in zip(game.live_rounds, result.rounds, strict=True)
    ]
    total = [_("Total")] + [content.format_points(t) for t in result.totals]
    return header, body, total


def export_name(game: Game, extension: str) -> str:
    """Named by the game's day and a tag from its token: nothing counts the site's games."""
    tag = hashlib.blake2b(game.watch_token.encode(), digest_size=4).hexdigest()
    day = timezone.localdate(game.created_at).isoformat()
    return f'attachment; filename="ghost-{day}-{tag}.{extension}"'


def private_download(response, game: Game, extension: str):
    response["Content-Disposition"] = export_name(game, extension)
    response["Cache-Control"] = "private, no-store"
    return response


@require_safe
def export_csv(request, token):
    game = game_for_edit(token)
    header, body, total = export_rows(game)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response.write("\ufeff")  # spreadsheet programs read UTF-8 names correctly with a BOM
    writer = csv.writer(response, delimiter=";" if request.LANGUAGE_CODE == "nb" else ",")
    writer.writerows([header, *body, total])
    return private_download(response, game, "csv")


@require_safe
def export_json(request, token):
    game = game_for_edit(token)
    players = game.player_list
    result = game.outcome()
    history = game.rounds.order_by("number", "created_at").prefetch_related("scores")
    order = {p.pk: i for i, p in enumerate(players)}

    def points_of(rnd):
        pts = [None] * len(players)
        for s in rnd.scores.all():
            pts[order[s.player_id]] = {"points": str(s.points), "cards": s.cards}
        return pts

    data = {
        "started": game.created_at.isoformat(),
        "variant": game.variant,
        "jack_value": str(game.jack_value),
        "threshold": game.threshold,
        "first_dealer": game.first_dealer,
        "players": [p.name for p in players],
        "rounds": [
            {
                "number": r.number,
                "status": r.status,
                "entered": r.created_at.isoformat(),
                "scores": points_of(r),
            }
            for r in history
        ],
        "totals": [str(t) for t in result.totals],
        "finished_after_round": result.finished_after,
        "losers": [players[i].name for i in result.losers],
        "winners": [players[i].name for i in result.winners],
        "watch_url": absolute_url(request, reverse("scorepad:watch", args=[game.watch_token])),
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})
    return private_download(response, game, "json")
