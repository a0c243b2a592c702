"""The toy game is one folder and nothing else: the registry finds it whole, the site
needs no migration for it, and no file outside its folder names it (issue 34: a game is
a package)."""

from __future__ import annotations

import subprocess

import pytest
from django.core.management import call_command

from rules import games
from scorepad import pads
from tests.conftest import ROOT

from .conftest import GAMES


def test_the_registry_finds_it_whole_after_the_sites_own_games(toy):
    assert games.check(toy.key) == []
    assert games.known_keys()[-1] == toy.key and games.known_keys()[0] == games.DEFAULT_KEY
    assert games.folder(toy.key) == GAMES / "twocards"
    assert pads.get(toy.key).key == toy.key
    assert games.by_word("to-kort") == games.by_word("two-cards") == toy.key


@pytest.mark.django_db
def test_it_needs_no_migration(toy):
    call_command("makemigrations", "--check", "--dry-run", verbosity=0)


def test_no_file_outside_its_folder_names_it():
    """Its key stands in no code, template, script, style, text or catalogue outside
    tests/toy/ (its folder, and the tests that play it); the docs may point to it."""
    here = GAMES.parent.relative_to(ROOT).as_posix()
    kinds = ["*.py", "*.html", "*.js", "*.css", "*.svg", "*.toml", "*.json", "*.po", "*.cfg"]
    found = subprocess.run(
        ["git", "grep", "-l", "-i", "twocards", "--", *kinds],
        cwd=ROOT,
        capture_output=True,
        text=True,
    )
    if found.returncode not in (0, 1):
        pytest.skip(f"no git checkout here: {found.stderr.strip()}")
    named = found.stdout.split()
    assert f"{here}/toy_games/twocards/__init__.py" in named  # the search sees the game
    assert [path for path in named if not path.startswith(f"{here}/")] == []
