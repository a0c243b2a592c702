"""The game page as the server renders it only changes with the game: kept per version,
with the per-request CSRF token punched out and put back on every answer."""

import re

from django.core.cache import cache
from django.http import HttpResponse
from django.middleware.csrf import get_token
from django.utils.translation import get_language

from .models import Game

PAGE_SECONDS = 600
CSRF_HOLE = "<!--csrf-token-->"  # no escaped content can contain "<"
CSRF_VALUE = re.compile(r'name="csrfmiddlewaretoken" value="([^"]+)"')


def page_key(game: Game, request) -> str:
    # updated_at moves with every change: a restored backup cannot repeat it.
    when = game.updated_at.timestamp()
    fragment = bool(request.htmx)
    return f"game-page:{game.edit_token}:{game.version}:{when}:{get_language()}:{fragment}"


def kept_page(key: str, request) -> HttpResponse | None:
    """The kept page with this request's CSRF token, or None."""
    html = cache.get(key)
    if html is None:
        return None
    return HttpResponse(html.replace(CSRF_HOLE, get_token(request)))


def keep_page(key: str, response: HttpResponse) -> None:
    body = response.content.decode()
    used = CSRF_VALUE.search(body)
    if used:
        cache.set(key, body.replace(used.group(1), CSRF_HOLE), PAGE_SECONDS)
