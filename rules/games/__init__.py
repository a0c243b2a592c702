"""The registry of games: every game the site knows, by its key (the protocol a game
follows: rules/engine/game.py). The first is the default: the rules pages at /rules/ and a
scorepad game saved before games had a column are that game's.

A game is added by its own package under rules/games/ and one entry in `_GAMES` below;
a test may `register` a game of its own for as long as it runs.
"""

from __future__ import annotations

from rules.engine.game import Game

from .ghost import GAME as GHOST
from .golf import GAME as GOLF

_GAMES: dict[str, Game] = {game.key: game for game in (GHOST, GOLF)}
DEFAULT_KEY = next(iter(_GAMES))


def get(key: str | None = None) -> Game:
    """The game of that key (the default game for None); KeyError for an unknown key."""
    return _GAMES[key or DEFAULT_KEY]


def default() -> Game:
    return _GAMES[DEFAULT_KEY]


def known_keys() -> tuple[str, ...]:
    return tuple(_GAMES)


def register(game: Game) -> None:
    """Add a game (a test's own, say); a key already taken is an error."""
    if game.key in _GAMES:
        raise ValueError(f"a game {game.key!r} is registered already")
    _GAMES[game.key] = game


def unregister(key: str) -> None:
    if key == DEFAULT_KEY:
        raise ValueError("the default game stays")
    del _GAMES[key]


def of(house: object) -> Game:
    """The game a table (a value of some game's `House`) is a table of."""
    for game in _GAMES.values():
        if isinstance(house, game.House):
            return game
    raise LookupError(f"no game has tables like {house!r}")
