"""The game page and the watch poll's answer as the server renders them only change with
the game: each is rendered once per version and language and kept, with holes punched for
what belongs to one request (the CSRF token, the messages) and filled on every answer."""

import re
from collections.abc import Callable

from django.contrib import messages
from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.translation import get_language

from scorepad.models import Game
from scorepad.pages.night import series_mark

PAGE_SECONDS = 600
# No escaped content can contain "<", so no name typed at the table can make a hole.
CSRF_HOLE = "<!--csrf-token-->"
MESSAGES_HOLE = "<!--messages-->"
CSRF_VALUE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')
BOARD_START = '<div id="board"'  # the board as htmx swaps it, cut from the whole page
BOARD_END = "<!--/board-->"


def game_key(kind: str, game: Game, token: str) -> str:
    # updated_at moves with every change: a restored backup cannot repeat it.
    when = game.updated_at.timestamp()
    # A rematch shows the series so far, which changes with the earlier games too.
    series = series_mark(game)
    return f"{kind}:{token}:{game.version}:{when}:{get_language()}:{series}"


def kept_page(game: Game, render: Callable[[], HttpResponse]) -> str:
    """The game page as kept for this version and language; `render` draws it (with
    the messages hole) when it is not kept yet."""
    key = game_key("game-page", game, game.edit_token)
    html = cache.get(key)
    if html is None:
        html = render().content.decode()
        used = CSRF_VALUE.search(html)
        if used:
            html = html.replace(used.group(1), CSRF_HOLE)
        cache.set(key, html, PAGE_SECONDS)
    return html


def answer(request, html: str, board_only: bool = False) -> HttpResponse:
    """A kept page for this request: its own CSRF token and messages; for htmx, only
    the board."""
    if board_only:
        html = html[html.index(BOARD_START) : html.index(BOARD_END)]
    shown = list(messages.get_messages(request))  # shown now, so gone from the cookie
    text = render_to_string("scorepad/_messages.html", {"messages": shown}) if shown else ""
    return HttpResponse(html.replace(CSRF_HOLE, get_token(request)).replace(MESSAGES_HOLE, text))


def kept_poll(game: Game, render: Callable[[], str]) -> str:
    """A watcher's poll answer for this version and language: the same for every watcher
    of the game, so rendered once."""
    key = game_key("watch-poll", game, game.watch_token)
    html = cache.get(key)
    if html is None:
        html = render()
        cache.set(key, html, PAGE_SECONDS)
    return html
