"""The practice game: a round or hole played against the computer at a rules page's
table. Each game brings its own pure model (rules/games/<key>/play.py) and its own
sentences (rules/games/<key>/play_words.py); this package keeps the state in the
session (store.py), answers the pages (views.py) and never names a game."""

from __future__ import annotations

import importlib
from types import ModuleType
from typing import Any


def play_module(game: Any) -> ModuleType:
    """A game's practice model: the module `play` of the game's own package."""
    return importlib.import_module(f"{type(game).__module__}.play")


def words_module(game: Any) -> ModuleType:
    """A game's practice sentences: the module `play_words` of its own package."""
    return importlib.import_module(f"{type(game).__module__}.play_words")


def has_practice(game: Any) -> bool:
    try:
        play_module(game)
    except ModuleNotFoundError:
        return False
    return True
