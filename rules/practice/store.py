"""Where a practice game is kept: in the reader's session (the database session), never
in the page, the address or a cookie of its own. A session keeps a few games at most,
and a game not touched for a day is removed; Django's `clearsessions` removes the
sessions themselves. Starting a game counts against the same kind of limit as a new
scorepad game (scorepad/models/ratelimit.py), in a count of its own."""

from __future__ import annotations

import secrets
import time

from django.conf import settings

from scorepad.models.ratelimit import RateMark, client_address

KEY = "practice"
MOST_GAMES = 3  # per session: a fourth pushes out the one touched longest ago
STALE_SECONDS = 24 * 60 * 60


def _games(session) -> dict:
    kept = session.get(KEY)
    if not isinstance(kept, dict):
        return {}
    now = time.time()
    return {
        token: entry
        for token, entry in kept.items()
        if isinstance(entry, dict)
        and isinstance(entry.get("state"), dict)
        and isinstance(entry.get("at"), int | float)
        and now - entry["at"] < STALE_SECONDS
    }


def load(session, token: str) -> dict | None:
    entry = _games(session).get(token)
    return entry["state"] if entry else None


def save(session, token: str, state: dict) -> None:
    kept = _games(session)
    kept[token] = {"state": state, "at": time.time()}
    while len(kept) > MOST_GAMES:
        del kept[min(kept, key=lambda t: kept[t]["at"])]
    session[KEY] = kept


def new_token() -> str:
    return secrets.token_urlsafe(12)


def start_wait(request):
    """None when this client may start a practice game now; otherwise how long until
    it may (the new-game limit, counted apart from the scorepad's games)."""
    client = client_address(request)
    if client is None:
        if request.session.session_key is None:
            request.session.save()
        client = f"session:{request.session.session_key}"
    return RateMark.take(f"practice:{client}"[:64], settings.GAMES_PER_HOUR_PER_CLIENT)
