"""The watch page: a game as the table follows it on other phones, and its poll. Both
show one board, kept per version and language for every watcher."""

from django.http import HttpResponse
from django.shortcuts import get_object_or_404, render
from django.template.loader import render_to_string
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_safe

from scorepad.models import Game
from scorepad.pages import pagecache
from scorepad.pages.board import board_context, settings_context


@require_safe
@never_cache
def watch(request, token):
    game = get_object_or_404(Game, watch_token=token)
    request.game_key = game.game  # the header and title name the game
    context = settings_context(game) | {
        "players": game.player_list,
        # Arrived here from the last game's watch page, and nothing entered here yet:
        # once the rematch is under way, the news is old (issue 36).
        "moved": "moved" in request.GET and game.version == 0,
        "watched": watched_board(game),
    }
    return render(request, "scorepad/watch.html", context)


def watched_board(game: Game) -> str:
    """The board a watcher sees, kept per version and language: the watch page and its
    poll show the same one."""
    return pagecache.kept_board(
        game,
        lambda: render_to_string("scorepad/watch.html#watched", board_context(game, watching=True)),
    )


@require_safe
@never_cache
def watch_poll(request, token):
    """204 with no body while nothing changed: one indexed query per poll. The poll
    names `Game.poll_mark`, which a restored backup cannot repeat. A change is rendered
    once per version and language for all the game's watchers."""
    game = Game.objects.filter(watch_token=token).first()
    if game is None:
        return HttpResponse(status=404)
    game.seen()  # a round entered next, in this process, need not read it again
    if request.GET.get("v") == game.poll_mark:
        return HttpResponse(status=204)
    if game.rematch_game is not None:  # the table moved on: so does this page, by itself
        response = HttpResponse(status=204)
        next_url = reverse("scorepad:watch", args=[game.rematch_game.watch_token])
        response["HX-Redirect"] = next_url + "?moved=1"
        return response
    # The poll's partial (the tab's title, the heading, the board), kept whole per
    # version and language like the board it holds.
    poll = pagecache.kept_board(
        game,
        lambda: render_to_string(
            "scorepad/watch.html#poll",
            {"players": game.player_list, "pad": game.pad, "watched": watched_board(game)},
        ),
        part="watch-poll",
    )
    return HttpResponse(poll)
