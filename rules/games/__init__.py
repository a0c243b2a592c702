"""The registry of games: every game the site knows, by its key, found by its folder.

Every package in this folder is a game (what a game package holds, in the order a newcomer
writes it: docs/new-game.md; the protocol its game object follows: rules/engine/game.py).
Nothing shared names a game: the rules pages, the URLs, the header's game switch, the home
page, the sitemap, the offline page list and the scorepad all ask this registry.

The default game is the one whose object says `default = True` (exactly one): its rules
pages have no prefix in the address (/rules/), and a scorepad game saved before games
had a column is that game's. The others follow in the order of their `order` (then key).

A game's package holds its pure game object (`GAME` in its `__init__.py`, no Django) and
its Django parts, each a module found by its name (`part(key, "house")`). `check()`
(run at start-up, rules/apps.py) fails loudly when a package lacks a part, never
falling back to another game. A test may `discover` a folder of its own games, or
`register` a game object, for as long as it runs.
"""

from __future__ import annotations

import importlib
import pkgutil
import sys
from functools import cache
from pathlib import Path
from types import ModuleType

from rules.engine.game import Game

# What a game package must hold besides its game object: {module: names it defines}.
PARTS = {
    "house": ("HouseFields", "summary", "differences"),
    "pad": ("PAD",),  # its part of the scorepad (scorepad/pads.py `Pad`)
}
# What its game object must carry besides the engine's protocol (rules/engine/game.py).
SITE_ATTRIBUTES = ("key", "names", "address", "title", "about", "blurb")

_GAMES: dict[str, Game] = {}
_PACKAGES: dict[str, str] = {}  # key: the package's import name


def _load(package: str) -> Game:
    module = importlib.import_module(package)
    game = getattr(module, "GAME", None)
    if game is None:
        raise ImportError(f"the game package {package} has no GAME")
    return game


def _add(game: Game, package: str) -> None:
    if game.key in _GAMES:
        raise ValueError(f"a game {game.key!r} is registered already")
    _GAMES[game.key] = game
    _PACKAGES[game.key] = package


def _discover_here() -> None:
    found = {
        f"{__name__}.{info.name}": _load(f"{__name__}.{info.name}")
        for info in pkgutil.iter_modules(__path__)
        if info.ispkg and not info.name.startswith("_")
    }
    defaults = [game for game in found.values() if getattr(game, "default", False)]
    if len(defaults) != 1:
        raise ImportError(f"exactly one game is the default; found {len(defaults)}")

    def order(item):
        game = item[1]
        return (not getattr(game, "default", False), getattr(game, "order", 0), game.key)

    for package_name, game in sorted(found.items(), key=order):
        _add(game, package_name)


def discover(folder: Path) -> list[str]:
    """Register every game package in another folder (a test's games): their keys."""
    folder = Path(folder)
    if str(folder.parent) not in sys.path:
        sys.path.insert(0, str(folder.parent))
    keys = []
    for info in pkgutil.iter_modules([str(folder)]):
        if info.ispkg:
            package = f"{folder.name}.{info.name}"
            game = _load(package)
            _add(game, package)
            keys.append(game.key)
    _changed()
    return keys


_discover_here()
DEFAULT_KEY = next(iter(_GAMES))


def get(key: str | None = None) -> Game:
    """The game of that key (the default game for None); KeyError for an unknown key."""
    return _GAMES[key or DEFAULT_KEY]


def default() -> Game:
    return _GAMES[DEFAULT_KEY]


def known_keys() -> tuple[str, ...]:
    return tuple(_GAMES)


def all() -> tuple[Game, ...]:  # noqa: A001 (the registry's own word)
    return tuple(_GAMES.values())


def is_default(key: str) -> bool:
    return key == DEFAULT_KEY


def package(key: str) -> str:
    """The import name of a game's package."""
    return _PACKAGES[key]


def folder(key: str) -> Path:
    """A game's own folder: its texts, templates and static files."""
    return Path(importlib.import_module(package(key)).__file__).parent


def part(key: str, name: str) -> ModuleType:
    """A Django part of a game's package (its house-rules form, its scorepad part): the
    module itself once imported (a request asks for a few; the import machinery's path
    is dearer than the lookup)."""
    module = f"{package(key)}.{name}"
    return sys.modules.get(module) or importlib.import_module(module)


def by_word(word: str) -> str | None:
    """The key of the game (not the default one) that a word in an address names, in
    any language (the first word of its addresses); None for none. A game's words are
    its own: `check` refuses a word two games share."""
    return _words().get(word)


@cache
def _words() -> dict[str, str]:
    return {
        word: game.key
        for game in _GAMES.values()
        if game.key != DEFAULT_KEY
        for word in game.address.values()
    }


def register(game: Game, package: str | None = None) -> None:
    """Add a game (a test's own, say); a key already taken is an error."""
    _add(game, package or type(game).__module__.rpartition(".")[0] or type(game).__module__)
    _changed()


def unregister(key: str) -> None:
    if key == DEFAULT_KEY:
        raise ValueError("the default game stays")
    del _GAMES[key]
    _PACKAGES.pop(key, None)
    _changed()


def _changed() -> None:
    """What is made once from the list of games is made again (a test's game)."""
    _words.cache_clear()
    for hook in _ON_CHANGE:
        hook()


_ON_CHANGE: list = []


def on_change(hook) -> None:
    """Call `hook()` whenever a game comes or goes (caches made from the list of games)."""
    _ON_CHANGE.append(hook)


def of(house: object) -> Game:
    """The game a table (a value of some game's `House`) is a table of."""
    for game in _GAMES.values():
        if isinstance(house, game.House):
            return game
    raise LookupError(f"no game has tables like {house!r}")


def check(key: str) -> list[str]:
    """What a game's package lacks: an empty list when it is whole."""
    game, missing = _GAMES[key], []
    missing += [f"GAME.{name}" for name in SITE_ATTRIBUTES if not hasattr(game, name)]
    others = {w for k, g in _GAMES.items() if k != key for w in getattr(g, "address", {}).values()}
    missing += [
        f"GAME.address: {word!r} is another game's word"
        for word in sorted(set(getattr(game, "address", {}).values()) & others)
    ]
    for name, members in PARTS.items():
        try:
            module = part(key, name)
        except ModuleNotFoundError as error:
            if error.name != f"{package(key)}.{name}":
                raise
            missing.append(f"its {name} part")
            continue
        missing += [f"{name}.{member}" for member in members if not hasattr(module, member)]
        for member in members:  # a part may say what else it lacks (`Pad.missing`)
            said = getattr(getattr(module, member, None), "missing", None)
            missing += [f"{name}.{member}: {lack}" for lack in (said() if said else [])]
    return missing
