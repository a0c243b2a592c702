"""The scorepad's pages. Views parse forms and render; every change to a game's rounds is
a method of `Game` that returns a `Change`, turned here into a response and a message."""

import csv

from django.contrib import messages
from django.http import (
    Http404,
    HttpResponse,
    HttpResponsePermanentRedirect,
    HttpResponseRedirect,
    JsonResponse,
)
from django.shortcuts import get_object_or_404, redirect, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_http_methods, require_POST, require_safe
from django.views.decorators.vary import vary_on_headers

from ghost_site.context_processors import absolute_url
from rules import words
from rules.templatetags.ghost import card_url, rules_url
from scorepad.forms import RestoreForm, RoundFields, UndoForm
from scorepad.models import MAX_ROUNDS, Game, Result, Round, row_mark
from scorepad.models.ratelimit import new_game_wait, too_many_games_text
from scorepad.pages import exports, pagecache
from scorepad.pages.board import board_context, history_rows, qr_svg
from scorepad.pages.mygames import remember_game
from scorepad.views.watch_link import shared_watch_path

# ----------------------------------------------------------------- helpers


def round_form(game: Game, data=None) -> RoundFields:
    """The game's form for its next round (or hole, whatever its game plays: scorepad/pads.py)."""
    return game.pad.round_form_for(game, data, initial={"number": game.next_number})


def game_path(game: Game) -> str:
    return reverse("scorepad:game", args=[game.edit_token])


def round_path(game: Game, number: int) -> str:
    """A round's page at its game's own word in the active language (…/hull/3/)."""
    return reverse(
        "scorepad:edit-round",
        kwargs={"token": game.edit_token, "round_address": game.game, "number": number},
    )


def show_game(request, game: Game, status=200, form=None, rename_form=None, conflict=None):
    """The game page, or for htmx its board (the partial `game.html#board`), with this
    request's CSRF token and messages: kept whole for the version, language and address
    (scorepad/pages/pagecache.py). A refused form is drawn in a page of its own, as
    typed, which leaves the kept one as it was."""
    # A 4xx answer to a POST is still the game page: its language links and canonical
    # point there, not to the POST-only address.
    request.canonical_path = game_path(game)
    request.game_key = game.game  # the header and title name the game (context_processors)
    notes = pagecache.notes(request, conflict)
    board = bool(request.htmx)
    template = "scorepad/game.html#board" if board else "scorepad/game.html"

    def page(slots: dict) -> str:
        context = page_context(request, game)
        if form is not None:
            context["form"] = form
        if rename_form is not None:
            context["rename_form"] = rename_form
        return render_to_string(template, context | slots, request)

    if form is None and rename_form is None:
        html = pagecache.kept_page(request, game, "board" if board else "page", page, notes)
    else:
        html = page({"messages_html": notes})
    return HttpResponse(html, status=status)


def page_context(request, game: Game) -> dict:
    """What the game page shows: the whole board, the share section, the rename form,
    the game's words and scripts (its pad)."""
    history, more_history = history_rows(game)
    context = board_context(game, form=round_form(game), history=history, more_history=more_history)
    latest = history[0] if history else None
    # The round just undone can come back at once, from where the eye is.
    if (
        latest
        and latest.get("status") == Round.Status.UNDONE
        and latest["number"] == game.next_number
        and not context["outcome"].finished
        and not context["full"]
    ):
        context["restorable"] = latest
    watch_url = absolute_url(request, shared_watch_path(game))
    context.update(watch_url=watch_url, watch_qr=qr_svg(watch_url))
    # For the service worker: this game's own rules, card and sheet, kept offline.
    context["keep_offline"] = [
        rules_url(game),
        card_url(game),
        context["urls"]["sheet"],
    ]
    pad = game.pad  # the game's words and scripts, in rounds or holes as it counts
    context.update(pad=pad, offline_refusal=pad.texts["offline_refusal"])
    return context


def game_answer(request, game: Game):
    """The game page as it is; for htmx, its board."""
    return show_game(request, game)


def after_change(request, game: Game, anchor: str = ""):
    """Plain posts redirect (post/redirect/get); htmx swaps the fresh board in place.
    The game's version is the one the change left (Game._change keeps it). `anchor`: where
    the page opens, as htmx shows the board after a round (its message, the standings,
    the next round's fields on a phone's first screen)."""
    if request.htmx:
        return game_answer(request, game)
    return HttpResponseRedirect(game_path(game) + (f"#{anchor}" if anchor else ""))


def refused(request, game, text, form=None, status=409):
    """The change was not made: say why on the game page, keeping what was typed."""
    game.refresh_from_db()
    return show_game(request, game, status=status, form=form, conflict=text)


def full_text(game: Game) -> str:
    return game.pad.text("full", n=MAX_ROUNDS)


# ----------------------------------------------------------------- pages


@require_safe
@never_cache
@vary_on_headers("HX-Request")
def game_page(request, token):
    return game_answer(request, get_object_or_404(Game, edit_token=token).seen())


@require_POST
@never_cache
def add_round(request, token, round_address):
    # Any round's word is taken: a form kept on a phone may post to an older address.
    try:
        # The change proves it current before writing; a game gone since it was seen
        # (a restore) is found gone then.
        return enter_round(request, Game.last_seen(token))
    except Game.DoesNotExist:
        raise Http404 from None


def enter_round(request, game: Game):
    pad = game.pad
    form = pad.round_form_for(game, request.POST)
    if not form.is_valid():
        game.refresh_from_db()
        return show_game(request, game, form=typed_form(request, game), status=422)
    number = form.cleaned_data["number"]
    change = game.add_round(
        number,
        form.points(),
        form.hands(),
        client_id=form.cleaned_data["client_id"] or None,
        caller=form.caller(),
        written=form.written(),
    )
    match change.result:
        case Result.SAVED:
            messages.success(request, pad.text("saved", game, n=number))
            return after_change(request, game, "board")
        case Result.ALREADY_SAVED:
            messages.info(request, pad.text("already_saved", game, n=change.number))
            return after_change(request, game, "board")
        case Result.CONFLICT:
            return conflict(request, game, number)
        case Result.NOT_NEXT:
            text = pad.text("not_next", n=number, next=change.expected)
            return refused(request, game, text, form=typed_form(request, game))
        case Result.GAME_OVER:
            text = pad.text("game_over")
            return refused(request, game, text, form=typed_form(request, game))
        case Result.FULL:
            return refused(request, game, full_text(game), form=typed_form(request, game))
        case Result.OTHER_PLAYERS:  # the extra hole's players moved since the form was made
            text = pad.text("other_players", n=number)
            return refused(request, game, text, form=typed_form(request, game))
    raise AssertionError(change)


def typed_form(request, game: Game) -> RoundFields:
    """The round form as typed, for the game as read now: the form first made may name
    the players as this process last saw them, before a rename elsewhere."""
    return game.pad.round_form_for(game, request.POST)


def conflict(request, game, number):
    """Another phone got this round in first: show its numbers, keep ours in the form."""
    game.refresh_from_db()
    data = request.POST.copy()
    data["number"] = str(game.next_number)
    data["client_id"] = ""
    return show_game(
        request,
        game,
        status=409,
        conflict=game.pad.text("conflict", n=number, next=data["number"]),
        form=round_form(game, data),
    )


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
def edit_round(request, token, number, round_address):
    game = get_object_or_404(Game, edit_token=token)
    rnd = game.live_round(number)
    request.canonical_path = round_path(game, number)
    if request.method != "POST" and request.path != request.canonical_path:
        # an old link (…/runde/3/ for a hole) or another language's word: its own address;
        # a form posted to an old address is taken where it lands
        return HttpResponsePermanentRedirect(request.canonical_path)
    if request.method != "POST":
        if rnd is None:
            raise Http404
        return show_edit(request, game, rnd, edit_form(game, rnd))
    form = game.pad.edit_form_for(
        game, request.POST, number=number, stored_cards=rnd.cards if rnd else None
    )
    if not form.is_valid():
        if rnd is None:
            return round_gone(request, game, number)
        return show_edit(request, game, rnd, form, status=422)
    data = form.cleaned_data
    change = game.edit_round(
        number,
        data["round_id"],
        form.points(),
        form.hands(),
        made=data["made"],
        caller=form.caller(),
        written=form.written(),
    )
    pad = game.pad
    match change.result:
        case Result.SAVED:
            messages.success(request, pad.text("changed", game, n=number))
            return HttpResponseRedirect(game_path(game) + "#board")
        case Result.ALREADY_SAVED:
            messages.info(request, pad.text("same", game, n=number))
            return HttpResponseRedirect(game_path(game) + "#board")
        case Result.CONFLICT:
            game.refresh_from_db()
            rnd = game.live_round(number)
            text = pad.text("edit_conflict", n=number)
            return show_edit(request, game, rnd, edit_form(game, rnd), status=409, conflict=text)
        case Result.GONE:
            return round_gone(request, game, number)
        case Result.FULL:
            messages.error(request, full_text(game))
            return redirect("scorepad:game", token=token)
        case Result.OTHER_PLAYERS:  # as typed, with what to do first
            text = pad.text("edit_other_players", n=number)
            return show_edit(request, game, rnd, form, status=409, conflict=text)
    raise AssertionError(change)


def show_edit(request, game, rnd, form, status=200, conflict=None):
    request.game_key = game.game
    return render(
        request,
        "scorepad/edit_round.html",
        board_context(game, form=form, editing=rnd, conflict=conflict),
        status=status,
    )


def round_gone(request, game, number):
    if game.rounds.filter(number=number).exists():
        text = game.pad.text("undone_meanwhile", n=number)
    else:
        text = game.pad.text("no_such", n=number)
    messages.error(request, text)
    return redirect("scorepad:game", token=game.edit_token)


def edit_form(game, rnd):
    created = Round.objects.values_list("created_at", flat=True).get(pk=rnd.pk)
    initial = {"number": rnd.number, "round_id": rnd.pk, "made": row_mark(created)}
    if rnd.caller is not None:
        initial["caller"] = rnd.caller
    for seat in range(len(game.player_list)):
        # as written, where a rule changed it (the caller's penalty): the form counts again
        points = (rnd.written or rnd.points)[seat]
        if points is None:  # did not play this round (a tie's extra hole)
            continue
        initial[f"points_{seat}"] = words.format_points(points)
        # Stored as rank codes; shown in the reader's letters (8 Kn E 2 K in Norwegian).
        initial[f"cards_{seat}"] = " ".join(
            words.rank_label(r, get_language()) for r in rnd.cards[seat].split()
        )
    return game.pad.edit_form_for(game, number=rnd.number, initial=initial)


@require_POST
@never_cache
def undo_round(request, token):
    game = get_object_or_404(Game, edit_token=token)
    form = UndoForm(request.POST)
    pad = game.pad
    if not form.is_valid():
        messages.error(request, pad.text("undo_unnamed"))
        return after_change(request, game, "board")
    number = form.cleaned_data["number"]
    change = game.undo_round(number)
    match change.result:
        case Result.SAVED:
            messages.success(request, pad.text("undone", game, n=number))
        case Result.ALREADY_SAVED:
            messages.info(request, pad.text("already_undone", game, n=number))
        case Result.NOT_NEXT:
            messages.error(request, pad.text("undo_not_last", last=change.expected))
        case Result.GONE:
            messages.error(request, pad.text("undo_none", n=number))
    return after_change(request, game, "board")


@require_POST
@never_cache
def restore_round(request, token):
    game = get_object_or_404(Game, edit_token=token)
    form = RestoreForm(request.POST)
    change = (
        game.restore_round(form.cleaned_data["round_id"], made=form.cleaned_data["made"])
        if form.is_valid()
        else None
    )
    pad = game.pad
    match change and change.result:
        case Result.SAVED:
            messages.success(request, pad.text("back", game, n=change.number))
        case Result.ALREADY_SAVED:
            messages.info(request, pad.text("already_back", game, n=change.number))
        case Result.GAME_OVER:
            messages.error(request, pad.text("back_decided"))
        case Result.FULL:
            messages.error(request, full_text(game))
        case Result.OTHER_PLAYERS:
            messages.error(request, pad.text("back_other_players", n=change.number))
        case _:
            messages.error(request, pad.text("back_taken"))
    return after_change(request, game, "board")


@require_POST
@never_cache
def rematch(request, token):
    game = get_object_or_404(Game, edit_token=token)
    change = game.rematch(may_start=lambda: new_game_wait(request))
    if change.result is Result.LIMITED:
        messages.error(request, too_many_games_text(change.wait))
        return redirect("scorepad:game", token=token)
    remember_game(request, change.game)
    if change.result is Result.SAVED:
        messages.success(request, _("A new game with the same players and rules."))
    # opened at its board, as after a round: the message, the standings, round 1's fields
    return HttpResponseRedirect(game_path(change.game) + "#board")


@require_safe
@never_cache
def history(request, token):
    game = get_object_or_404(Game, edit_token=token)
    rows, _more = history_rows(game, limit=None)
    request.game_key = game.game
    return render(request, "scorepad/history.html", board_context(game, history=rows))


# ----------------------------------------------------------------- watching


@require_safe
def export_csv(request, token):
    game = get_object_or_404(Game, edit_token=token)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response.write("\ufeff")  # spreadsheet programs read UTF-8 names correctly with a BOM
    writer = csv.writer(response, delimiter=";" if request.LANGUAGE_CODE == "nb" else ",")
    writer.writerows(exports.export_rows(game))
    return exports.private_download(response, game, "csv")


@require_safe
def export_json(request, token):
    game = get_object_or_404(Game, edit_token=token)
    watch_url = absolute_url(request, reverse("scorepad:watch", args=[game.watch_token]))
    data = exports.json_data(game, watch_url)
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})
    return exports.private_download(response, game, "json")
