import csv
import json
import time
from functools import lru_cache

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.http import Http404, HttpResponse, JsonResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.translation import get_language
from django.utils.translation import gettext as _
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

from rules import cards, content

from .forms import RANK_WORDS, EditRoundForm, NewGameForm, RestoreForm, RoundForm, UndoForm
from .models import Game, Player, Round, Score

MY_GAMES = "my_games"
MY_GAMES_KEPT = 30


# ----------------------------------------------------------------- helpers


def game_for_edit(token: str) -> Game:
    return get_object_or_404(Game, edit_token=token).load_board()


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
            return forwarded.split(",")[-1].strip()
    return request.META.get("REMOTE_ADDR", "unknown")


def allow_new_game(request) -> bool:
    """At most GAMES_PER_HOUR_PER_CLIENT new games an hour per address, in the shared cache."""
    key = f"new-games:{client_address(request)}:{int(time.time() // 3600)}"
    cache.add(key, 0, timeout=3600)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr
        cache.set(key, 1, timeout=3600)
        count = 1
    return count <= settings.GAMES_PER_HOUR_PER_CLIENT


@lru_cache
def rank_buttons(jack_value, language):
    """The helper's buttons, cheapest card first for this game's jack."""
    order = sorted(cards.RANKS, key=lambda rank: cards.card_value(rank, jack_value))
    return [
        {
            "code": r,
            "label": content.rank_label(r, language),
            "name": content.RANK_NAMES[language][r],
        }
        for r in order
    ]


@lru_cache
def card_values_json(jack_value) -> str:
    """The card table for the helper script, read from rules.cards like everything else."""
    return json.dumps({rank: float(value) for rank, value in cards.card_table(jack_value).items()})


RANK_WORDS_JSON = json.dumps(RANK_WORDS)


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
    standings = [
        {
            "name": name,
            "total": fmt(result.totals[i]),
            "value": str(result.totals[i]),
            "distance": fmt(result.distance(i)),
            "lost": i in result.losers,
            "won": i in result.winners and result.finished,
        }
        for i, name in enumerate(names)
    ]
    context = {
        "game": game,
        "players": players,
        "watching": watching,
        "outcome": result,
        "rows": rows,
        "standings": standings,
        "loser_names": [names[i] for i in result.losers],
        "winner_names": [names[i] for i in result.winners],
        "next_dealer": names[result.next_dealer],
        "next_starter": names[result.next_starter],
        "next_number": len(game.live_rounds) + 1,
        "variant_name": content.rules().variants[game.variant]["name"],
        "jack": fmt(game.jack_value),
    }
    if not watching:
        context.update(
            rank_buttons=rank_buttons(game.jack_value, get_language()),
            helper_example=" ".join(
                content.rank_label(r, get_language()) for r in ("8", "J", "A", "2", "K")
            ),
            rank_words_json=RANK_WORDS_JSON,
            card_values_json=card_values_json(game.jack_value),
        )
    context.update(extra)
    return context


def round_form(game: Game, data=None) -> RoundForm:
    return RoundForm(
        data, game=game, players=game.player_list, initial={"number": len(game.live_rounds) + 1}
    )


def history_rows(game: Game) -> list[dict]:
    """Undone and replaced rounds, newest last, with each player's points."""
    fmt = content.points_formatter(get_language())
    names = {p.pk: p.name for p in game.player_list}
    rows = {}
    for pk, number, status, player_id, points in (
        Score.objects.filter(round__game=game)
        .exclude(round__status=Round.Status.ACTIVE)
        .order_by("round__created_at", "round_id", "player__position")
        .values_list("round_id", "round__number", "round__status", "player_id", "points")
    ):
        row = rows.setdefault(
            pk,
            {
                "pk": pk,
                "number": number,
                "status": status,
                "scores": [],
                "status_label": Round.Status(status).label,
            },
        )
        row["scores"].append((names[player_id], fmt(points)))
    return list(rows.values())


def show_game(request, game: Game, form=None, status=200, **extra):
    form = form or round_form(game)
    context = board_context(game, form=form, history=history_rows(game), **extra)
    template = "scorepad/game.html#board" if request.htmx else "scorepad/game.html"
    return render(request, template, context, status=status)


def after_change(request, game: Game):
    """Plain posts redirect (post/redirect/get); htmx swaps the fresh board in place."""
    if request.htmx:
        return show_game(request, game_for_edit(game.edit_token))
    return redirect("scorepad:game", token=game.edit_token)


# ----------------------------------------------------------------- pages


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
def start(request):
    if request.method == "POST":
        form = NewGameForm(request.POST)
        if form.is_valid():
            if not allow_new_game(request):
                messages.error(
                    request,
                    _(
                        "That is a lot of new games from one place. Wait a while, or keep "
                        "playing one of the games below."
                    ),
                )
                return render(
                    request,
                    "scorepad/start.html",
                    {"form": form, "my_games": my_games(request)},
                    status=429,
                )
            data = form.cleaned_data
            game = create_game(
                data["names"],
                variant=data["variant"],
                jack_value=data["jack_value"],
                threshold=form.threshold_value,
                first_dealer=data["first_dealer"],
            )
            remember_game(request, game)
            return redirect("scorepad:game", token=game.edit_token)
        status = 400
    else:
        form, status = NewGameForm(), 200
    return render(
        request, "scorepad/start.html", {"form": form, "my_games": my_games(request)}, status=status
    )


def my_games(request):
    tokens = request.session.get(MY_GAMES, [])
    if not tokens:
        return []
    games = {
        g.edit_token: g
        for g in Game.objects.filter(edit_token__in=tokens).prefetch_related("players")
    }
    return [games[t] for t in tokens if t in games]


@transaction.atomic
def create_game(names: list[str], **fields) -> Game:
    game = Game.objects.create(**fields)
    Player.objects.bulk_create(
        Player(game=game, position=seat, name=name) for seat, name in enumerate(names)
    )
    return game


@require_GET
@never_cache
@vary_on_headers("HX-Request")
def game_page(request, token):
    return show_game(request, game_for_edit(token))


@require_POST
@never_cache
def add_round(request, token):
    game = game_for_edit(token)
    players = game.player_list
    form = RoundForm(request.POST, game=game, players=players)
    if not form.is_valid():
        return show_game(request, game, form=form, status=422)
    number = form.cleaned_data["number"]
    expected = len(game.live_rounds) + 1
    if number < expected:
        return already_entered(request, game, form)
    if number > expected or game.outcome().finished:
        return refuse(request, game, form, number, expected)
    try:
        with transaction.atomic():
            rnd = Round.objects.create(game=game, number=number)
            Score.objects.bulk_create(
                Score(round=rnd, player=player, points=points, cards=hand)
                for player, points, hand in zip(players, form.points(), form.hands(), strict=True)
            )
            game.touch()
    except IntegrityError:
        # The same round number went in a moment ago, from this phone or another.
        return already_entered(request, game_for_edit(token), form)
    messages.success(request, _("Round %(n)s saved.") % {"n": number})
    return after_change(request, game)


def already_entered(request, game, form):
    """The round is in already: the same numbers are a double tap, others a second phone."""
    number = form.cleaned_data["number"]
    stored = next(r for r in game.live_rounds if r.number == number)
    if stored.points == form.points():
        messages.info(request, _("Round %(n)s was already saved.") % {"n": number})
        return after_change(request, game)
    return conflict(request, game, number)


def conflict(request, game, number):
    """Another phone got this round in first: show its numbers, keep ours in the form."""
    data = request.POST.copy()
    data["number"] = str(len(game.live_rounds) + 1)
    return show_game(
        request,
        game,
        form=round_form(game, data),
        status=409,
        conflict=_(
            "Round %(n)s was just entered from another phone: check the table. Your numbers "
            "are still in the form; save them only if they belong to round %(next)s."
        )
        % {"n": number, "next": data["number"]},
    )


def refuse(request, game, form, number, expected):
    if game.outcome().finished:
        text = _("The game is over. Undo or edit a round to reopen it.")
    else:
        text = _("Round %(n)s is not the next round; the next one is %(next)s.") % {
            "n": number,
            "next": expected,
        }
    return show_game(request, game, form=form, status=409, conflict=text)


def live_round(game: Game, number: int):
    return next((r for r in game.live_rounds if r.number == number), None)


@require_http_methods(["GET", "HEAD", "POST"])
@never_cache
def edit_round(request, token, number):
    game = game_for_edit(token)
    players = game.player_list
    rnd = live_round(game, number)
    if rnd is None and request.method == "POST":
        return undone_meanwhile(request, token, number)
    if rnd is None:
        raise Http404
    status, conflict_text = 200, None
    if request.method == "POST":
        form = EditRoundForm(request.POST, game=game, players=players)
        if not form.is_valid():
            status = 422
        else:
            with transaction.atomic():
                # Only the row this form was opened on may be replaced: a version check.
                replaced = Round.objects.filter(
                    pk=form.cleaned_data["round_id"],
                    game=game,
                    number=number,
                    status=Round.Status.ACTIVE,
                ).update(status=Round.Status.REPLACED)
                if replaced:
                    new = Round.objects.create(game=game, number=number)
                    Score.objects.bulk_create(
                        Score(round=new, player=p, points=pts, cards=hand)
                        for p, pts, hand in zip(players, form.points(), form.hands(), strict=True)
                    )
                    game.touch()
            if replaced:
                messages.success(request, _("Round %(n)s changed.") % {"n": number})
                return redirect("scorepad:game", token=token)
            game = game_for_edit(token)
            rnd = live_round(game, number)
            if rnd is None:
                return undone_meanwhile(request, token, number)
            status = 409
            conflict_text = _(
                "Someone changed round %(n)s meanwhile. Here it is as it is "
                "now; your numbers were not saved."
            ) % {"n": number}
            form = edit_form(game, players, rnd)
    else:
        form = edit_form(game, players, rnd)
    return render(
        request,
        "scorepad/edit_round.html",
        board_context(game, form=form, editing=rnd, conflict=conflict_text),
        status=status,
    )


def undone_meanwhile(request, token, number):
    messages.error(
        request,
        _("Round %(n)s was undone meanwhile; your numbers were not saved.") % {"n": number},
    )
    return redirect("scorepad:game", token=token)


def edit_form(game, players, rnd):
    initial = {"number": rnd.number, "round_id": rnd.pk}
    for seat in range(len(players)):
        initial[f"points_{seat}"] = content.format_points(rnd.points[seat])
        initial[f"cards_{seat}"] = rnd.cards[seat]
    return EditRoundForm(game=game, players=players, initial=initial)


@require_POST
@never_cache
def undo_round(request, token):
    game = game_for_edit(token)
    form = UndoForm(request.POST)
    last = len(game.live_rounds)
    undone = 0
    if form.is_valid() and form.cleaned_data["number"] == last:
        with transaction.atomic():
            undone = Round.objects.filter(
                game=game, number=last, status=Round.Status.ACTIVE
            ).update(status=Round.Status.UNDONE)
            if undone:
                game.touch()
    if undone:
        messages.success(
            request,
            _("Round %(n)s undone. You can bring it back until the next round is entered.")
            % {"n": last},
        )
    else:
        messages.info(request, _("Nothing to undo: that round was already undone."))
    return after_change(request, game)


@require_POST
@never_cache
def restore_round(request, token):
    game = game_for_edit(token)
    form = RestoreForm(request.POST)
    next_number = len(game.live_rounds) + 1
    restored = 0
    if form.is_valid():
        try:
            with transaction.atomic():
                restored = Round.objects.filter(
                    game=game,
                    pk=form.cleaned_data["round_id"],
                    status=Round.Status.UNDONE,
                    number=next_number,
                ).update(status=Round.Status.ACTIVE)
                if restored:
                    game.touch()
        except IntegrityError:
            restored = 0
    if restored:
        messages.success(request, _("Round %(n)s is back.") % {"n": next_number})
    else:
        messages.error(request, _("That round cannot come back: a new round has taken its place."))
    return after_change(request, game)


@require_POST
@never_cache
def rematch(request, token):
    old = game_for_edit(token)
    if not allow_new_game(request):
        messages.error(request, _("That is a lot of new games from one place. Wait a while."))
        return redirect("scorepad:game", token=token)
    game = create_game(
        [p.name for p in old.player_list],
        variant=old.variant,
        jack_value=old.jack_value,
        threshold=old.threshold,
        first_dealer=old.first_dealer,
        rematch_of=old,
    )
    remember_game(request, game)
    messages.success(request, _("A new game with the same players and rules."))
    return redirect("scorepad:game", token=game.edit_token)


# ----------------------------------------------------------------- watching


@require_GET
@never_cache
def watch(request, token):
    game = get_object_or_404(Game, watch_token=token).load_board()
    return render(request, "scorepad/watch.html", board_context(game, watching=True))


@require_GET
@never_cache
def watch_poll(request, token):
    """204 with no body while nothing changed: one indexed query per poll."""
    version = Game.objects.filter(watch_token=token).values_list("version", flat=True).first()
    if version is None:
        return HttpResponse(status=404)
    if request.GET.get("v") == str(version):
        return HttpResponse(status=204)
    game = get_object_or_404(Game, watch_token=token).load_board()
    return render(request, "scorepad/watch.html#watched", board_context(game, watching=True))


# ----------------------------------------------------------------- export


def export_rows(game: Game):
    players = game.player_list
    result = game.outcome()
    header = [_("Round")] + [p.name for p in players]
    body = [
        [str(r.number)] + [content.format_points(p) for p in pts]
        for r, pts in zip(game.live_rounds, result.rounds, strict=True)
    ]
    total = [_("Total")] + [content.format_points(t) for t in result.totals]
    return header, body, total


@require_GET
def export_csv(request, token):
    game = game_for_edit(token)
    header, body, total = export_rows(game)
    response = HttpResponse(content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="ghost-{game.pk}.csv"'
    response.write("\ufeff")  # spreadsheet programs read UTF-8 names correctly with a BOM
    writer = csv.writer(response, delimiter=";" if request.LANGUAGE_CODE == "nb" else ",")
    writer.writerows([header, *body, total])
    return response


@require_GET
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
        "game": game.pk,
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
        "watch_url": request.build_absolute_uri(reverse("scorepad:watch", args=[game.watch_token])),
    }
    response = JsonResponse(data, json_dumps_params={"ensure_ascii": False, "indent": 1})
    response["Content-Disposition"] = f'attachment; filename="ghost-{game.pk}.json"'
    return response
