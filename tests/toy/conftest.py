"""The toy game, Two Cards (tests/toy/toy_games/twocards/): a game package of its own,
found by the registry's `discover` as the site's own are found, for as long as a test
runs; nothing outside its folder names it."""

import re
from pathlib import Path

import pytest
from django.core.cache import caches

from rules import games

GAMES = Path(__file__).parent / "toy_games"


def _clear():
    for alias in ("default", "pages", "boards"):
        caches[alias].clear()


@pytest.fixture
def toy():
    """Two Cards registered: its game object."""
    (key,) = games.discover(GAMES)
    _clear()
    yield games.get(key)
    games.unregister(key)
    _clear()


# ------------------------------------------------------------------ its pages read


def text(html: str) -> str:
    """A page's (or a part's) words, tags left out, spaces made one."""
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


def main(html: str) -> str:
    """The words of a page's <main>."""
    return text(html.split("<main", 1)[1].split("</main>", 1)[0])


def said(language: str, en: str, nb: str) -> str:
    """The words a test expects in the page's language."""
    return nb if language == "nb" else en
