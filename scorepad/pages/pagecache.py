"""The game page and the watch board only change with the game: each is rendered once per
version and language and kept. One layer: the whole answer.

The game page (or, for htmx, its board: the partial `game.html#board`) is kept per
version, language and address (`KeptPage`): rendered once through its template, with two
random marks standing where this request's CSRF token and its messages go, and kept as
the pieces between them; an answer is those pieces joined with its own token and
messages. A refused form is drawn in a page of its own, as typed, and leaves the kept one
as it was. Pages are kept under `make run` as in production (settings.KEEP_PAGES), so
development exercises the cache; there a changed template empties it (`template_changed`),
so that it shows at once."""

import secrets
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from scorepad.models import Game
from scorepad.pages.night import series_mark

PAGE_SECONDS = 600


def game_key(kind: str, game: Game, token: str) -> str:
    # updated_at moves with every change: a restored backup cannot repeat it.
    when = game.updated_at.timestamp()
    # A rematch shows the series so far, which changes with the earlier games too.
    series = series_mark(game)
    return f"{kind}:{token}:{game.version}:{when}:{get_language()}:{series}"


def keeping() -> bool:
    """Whether answers are kept (settings.KEEP_PAGES: in development too)."""
    return settings.KEEP_PAGES


def template_changed(sender, file_path: Path, **kwargs) -> None:
    """The development server's autoreloader saw a file change: a template's empties the
    kept pages, which it may have drawn (connected in scorepad/apps.py)."""
    if file_path.suffix == ".html":
        cache.clear()


@dataclass(frozen=True)
class KeptPage:
    """A page rendered once for every reader of a version: the pieces between the places
    of one request's own messages (one place at most), each split at its CSRF token."""

    pieces: tuple[tuple[str, ...], ...]

    @classmethod
    def render(cls, render: Callable[[dict], str]) -> "KeptPage":
        """`render(slots)` draws the page with `slots` added to its context: marks where
        the token (`csrf_token`) and the messages (`messages_html`) go. The marks are
        random for each rendering, so nothing a player typed can stand for one."""
        token, notes = secrets.token_hex(16), secrets.token_hex(16)
        html = render({"csrf_token": token, "messages_html": notes})
        return cls(tuple(tuple(piece.split(token)) for piece in html.split(notes)))

    def html(self, token: str, notes: str) -> SafeString:
        return mark_safe(notes.join(token.join(piece) for piece in self.pieces))


def notes(request, conflict: str | None = None) -> str:
    """This request's own messages (and a refusal's text) for a kept page's place; none
    to show renders nothing."""
    said = messages.get_messages(request)
    if not said and not conflict:
        return ""
    return render_to_string("scorepad/_messages.html", {"messages": said, "conflict": conflict})


def kept_page(
    request, game: Game, name: str, render: Callable[[dict], str], notes: str
) -> SafeString:
    """The page `name` of this game's version, language and address (kept, or rendered
    now by `render`, see `KeptPage.render`), with this request's token and `notes`."""
    key = game_key(f"page-{name}", game, game.edit_token)
    if not settings.SITE_URL:  # development: absolute links are made from the request
        key += f":{request.scheme}://{request.get_host()}"
    page = cache.get(key) if keeping() else None
    if page is None:
        page = KeptPage.render(render)
        if keeping():
            cache.set(key, page, PAGE_SECONDS)
    return page.html(get_token(request), notes)


def kept_board(game: Game, render: Callable[[], str], part: str = "watch-board") -> str:
    """The watched board, as the watch page shows it, and the poll's whole answer
    (`part="watch-poll"`): the same for every watcher of the game, so rendered once per
    version and language."""
    key = game_key(part, game, game.watch_token)
    html = cache.get(key) if keeping() else None
    if html is None:
        html = render()
        if keeping():
            cache.set(key, html, PAGE_SECONDS)
    return html
