"""The rules are written in the project's own words: no run of eight words in a row, in
either language, is taken from the source documents in ../shared/seeds/ (beside the
repository's root; for a git worktree, beside the main checkout's root too).

Without the seeds the tests skip and say where they looked, except under CI=true: CI
places a copy of shared/ beside its clone, so there a missing seeds folder is an error."""

import os
import re
import subprocess
import tomllib
from pathlib import Path

import pytest

from rules import games
from tests.conftest import ROOT


def seed_folders() -> list[Path]:
    """Where ../shared/seeds may be: beside the root as the working directory names it
    (a symlink kept), as the file system resolves it, and beside the main checkout when
    this is a git worktree."""
    roots = [ROOT]
    pwd = os.environ.get("PWD")
    if pwd and Path(pwd).resolve() == ROOT:
        roots.insert(0, Path(os.path.abspath(pwd)))
    try:
        common = subprocess.run(
            ["git", "rev-parse", "--path-format=absolute", "--git-common-dir"],
            cwd=ROOT,
            capture_output=True,
            text=True,
            timeout=10,
        ).stdout.strip()
    except (OSError, subprocess.SubprocessError):
        common = ""
    if common:
        roots.append(Path(common).parent)
    return list(dict.fromkeys(root.parent / "shared" / "seeds" for root in roots))


@pytest.fixture(scope="module")
def seeds() -> set[str]:
    """Every run of eight words in the seeds."""
    looked = seed_folders()
    folder = next((f for f in looked if f.is_dir()), None)
    files = sorted(folder.glob("*.txt")) if folder else []
    if not files:
        where = ", ".join(str(f) for f in looked)
        if os.environ.get("CI") == "true":
            pytest.fail(f"CI=true but no seeds (*.txt) in any of: {where}")
        pytest.skip(f"the seeds (../shared/seeds/) are not beside this checkout: {where}")
    found = set().union(*(runs(f.read_text(encoding="utf-8")) for f in files))
    assert found, f"the seeds in {folder} hold no run of {RUN} words"
    return found


RUN = 8


def words(text: str) -> list[str]:
    without_placeholders = re.sub(r"\{[^{}]*\}", " ", text)
    return re.sub(r"[^\wæøåé½]+", " ", without_placeholders.lower()).split()


def runs(text: str) -> set[str]:
    ws = words(text)
    return {" ".join(ws[i : i + RUN]) for i in range(len(ws) - RUN + 1)}


def texts(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from texts(value)


@pytest.mark.parametrize("key", games.known_keys())
def test_no_run_of_eight_words_is_taken_from_the_seeds(seeds, key):
    """Every game's rules texts (Ghost's rules/games/ghost/rules.toml, Golf's …)."""
    data = tomllib.loads(games.get(key).texts.read_text(encoding="utf-8"))
    shared = sorted(set().union(*(runs(t) for t in texts(data))) & seeds)
    assert shared == [], f"{len(shared)} runs taken from the seeds, e.g. {shared[:3]}"


def test_no_run_of_eight_words_in_the_templates_or_messages_is_taken_from_the_seeds(seeds):
    """Every message of the site: the English msgids and their Norwegian translations,
    read from the compiled catalogue that `make setup` builds."""
    import gettext

    from django.conf import settings

    catalogue = Path(settings.LOCALE_PATHS[0]) / "nb" / "LC_MESSAGES" / "django.mo"
    with catalogue.open("rb") as file:
        messages = gettext.GNUTranslations(file)._catalog
    strings = [str(k[0] if isinstance(k, tuple) else k) for k in messages]
    strings += [str(v) for v in messages.values()]
    shared = sorted(set().union(*(runs(t) for t in strings)) & seeds)
    assert len(strings) > 200
    assert shared == [], f"{len(shared)} runs taken from the seeds, e.g. {shared[:3]}"
