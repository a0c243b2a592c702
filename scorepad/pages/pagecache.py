"""The game page and the watch board only change with the game: each is rendered once per
version and language and kept.

Two layers. The page's parts (partials of scorepad/game_parts.html, rendered without a
request, so nothing of one reader can end up in them) are kept for every answer of the
version: a form in a part gets its token from `{% csrf_token_for %}`
(scorepad/templatetags/kept.py), which notes the form's id, and game.html writes the token
input for each noted form around the parts. A refused form redraws only its own part.

Around them, the whole page (or, for htmx, its board) is kept as well (`KeptPage`): it is
rendered once through the same templates, with two random marks standing where this
request's CSRF token and its messages go, and kept as the pieces between them; an answer
is those pieces joined with its own token and messages. The same code runs with DEBUG on
(where nothing is kept, so a changed template shows at once) and off."""

import secrets
from collections.abc import Callable
from dataclasses import dataclass, field, replace

from django.conf import settings
from django.contrib import messages
from django.core.cache import cache
from django.middleware.csrf import get_token
from django.template.loader import render_to_string
from django.utils.safestring import SafeString, mark_safe
from django.utils.translation import get_language

from scorepad.models import Game
from scorepad.pages.night import series_mark
from scorepad.templatetags.kept import KEPT_FORMS

PAGE_SECONDS = 600
PARTS_TEMPLATE = "scorepad/game_parts.html"
BOARD_PARTS = ("board_head", "rename", "round_form", "board_tail")
PAGE_PARTS = ("top", "after_board")


def game_key(kind: str, game: Game, token: str) -> str:
    # updated_at moves with every change: a restored backup cannot repeat it.
    when = game.updated_at.timestamp()
    # A rematch shows the series so far, which changes with the earlier games too.
    series = series_mark(game)
    return f"{kind}:{token}:{game.version}:{when}:{get_language()}:{series}"


@dataclass(frozen=True)
class Parts:
    """The game page's parts as rendered HTML, and the forms each one holds."""

    html: dict[str, str] = field(default_factory=dict)
    forms: dict[str, list[str]] = field(default_factory=dict)

    def redrawn(self, name: str, context: dict) -> "Parts":
        """These parts with one drawn again for this request (a refused form as typed)."""
        html, forms = render_part(name, context)
        return replace(self, html={**self.html, name: html}, forms={**self.forms, name: forms})

    def context(self) -> dict:
        """What game.html renders around the parts."""
        return {
            "parts": self.html,
            "board_forms": [f for name in BOARD_PARTS for f in self.forms[name]],
            "page_forms": [f for name in PAGE_PARTS for f in self.forms[name]],
        }


def render_part(name: str, context: dict) -> tuple[str, list[str]]:
    """One part of the game's parts template (every game's: its own words and templates
    come from its pad)."""
    forms: list[str] = []
    partial = f"{PARTS_TEMPLATE}#{name.replace('_', '-')}"
    html = render_to_string(partial, context | {KEPT_FORMS: forms})
    return html, forms


def kept_parts(game: Game, context: Callable[[], dict]) -> Parts:
    """The game page's parts for this version and language; `context` gives what they
    show when they are not kept yet."""
    key = game_key("game-parts", game, game.edit_token)
    parts = None if settings.DEBUG else cache.get(key)
    if parts is None:
        shown = context()
        rendered = {name: render_part(name, shown) for name in (*BOARD_PARTS, *PAGE_PARTS)}
        parts = Parts(
            html={name: html for name, (html, _forms) in rendered.items()},
            forms={name: forms for name, (_html, forms) in rendered.items()},
        )
        if not settings.DEBUG:
            cache.set(key, parts, PAGE_SECONDS)
    return parts


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
    page = None if settings.DEBUG else cache.get(key)
    if page is None:
        page = KeptPage.render(render)
        if not settings.DEBUG:
            cache.set(key, page, PAGE_SECONDS)
    return page.html(get_token(request), notes)


def kept_board(game: Game, render: Callable[[], str], part: str = "watch-board") -> str:
    """The watched board, as the watch page shows it and its poll answers (and the poll's
    title and heading, `part="watch-head"`): the same for every watcher of the game, so
    rendered once per version and language."""
    key = game_key(part, game, game.watch_token)
    html = None if settings.DEBUG else cache.get(key)
    if html is None:
        html = render()
        if not settings.DEBUG:
            cache.set(key, html, PAGE_SECONDS)
    return html
