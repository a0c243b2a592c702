"""'My games': the games this browser started, kept in its session, and how the
scorepad page lists them (a series as one entry)."""

from django.conf import settings
from django.contrib.sessions.models import Session
from django.db import transaction
from django.utils.translation import get_language

from ghost_site.context_processors import icon
from rules import games, words
from scorepad.models import Game
from scorepad.pages import night

MY_GAMES = "my_games"
MY_GAMES_KEPT = 30


def remember_game(request, game: Game) -> None:
    """'My games' are the edit tokens this browser created, newest first, in its session.

    Two games started at once from one browser (two servers, two tabs) must both stay:
    the list is read again from the session's row under its lock and written inside
    that lock, so one request never writes back a list that misses the other's game."""
    session = request.session
    # new to this browser: made in this request (here, or by the rate limit)
    if session.session_key is None:
        session.save()  # the row to lock
    new = request.COOKIES.get(settings.SESSION_COOKIE_NAME) != session.session_key
    with transaction.atomic():
        row = Session.objects.select_for_update().filter(pk=session.session_key).first()
        stored = session.decode(row.session_data).get(MY_GAMES, []) if row else []
        tokens = [t for t in stored if t != game.edit_token]
        session[MY_GAMES] = [game.edit_token, *tokens][:MY_GAMES_KEPT]
        session.save()
    # Written. The middleware must not write it again after the lock is gone, except for
    # a new session, whose cookie it still has to send (no other request knows its key).
    session.modified = new


def my_games(request) -> list[dict]:
    """This device's games, newest first, a series as one entry holding its games (newest
    first): players and totals, and who lost if it is over."""
    summaries = Game.objects.summaries(request.session.get(MY_GAMES, []))
    entries = []
    for group in night.group_by_series(summaries):
        series = night.series_summary(group) if len(group) > 1 else None
        pad = group[0].game.pad
        entries.append(
            {
                **game_named(group[0].game.game),
                "games": [listed_game(item) for item in group],
                "series": series,
                "series_words": [pad.series_word(s) for s in series or ()],
            }
        )
    return entries


def game_named(key: str) -> dict:
    """The game of an entry, as the registry names and draws it (the header's picture)."""
    return {"game_name": games.get(key).names[get_language()], "icon": icon(key)}


def listed_game(item) -> dict:
    fmt = words.points_formatter(get_language())
    return {
        **game_named(item.game.game),
        "game": item.game,
        # which game it is: "My games" lists every game's games together
        "kind": games.get(item.game.game).names[get_language()],
        "players": [(p.name, fmt(item.outcome.totals[i])) for i, p in enumerate(item.players)],
        "rounds": len(item.outcome.rounds),
        "played": item.game.pad.played_text(len(item.outcome.rounds)),
        "finished": item.outcome.finished,
        "losers": [item.players[i].name for i in item.outcome.losers],
        "winners": [item.players[i].name for i in item.outcome.winners],
        "rematch": item.game.rematch_of_id is not None,
    }
