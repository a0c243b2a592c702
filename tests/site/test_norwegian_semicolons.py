"""Issue 35: Norwegian prose has no semicolons. A Norwegian writer makes two sentences,
or joins with a comma or «og»; the site's Norwegian does the same. Scanned: the compiled
catalogue (locale/nb/…/django.mo, what the pages show) and every game's Norwegian texts
in its rules data (rules/games/<key>/rules.toml). A semicolon inside markup, an entity or
an address (code, CSS, a URL) is not prose and is allowed."""

from __future__ import annotations

import gettext
import re
import tomllib
from pathlib import Path

from django.conf import settings

import rules.games

NOT_PROSE = re.compile(r"<[^>]*>|&#?\w+;|https?://\S+|\{[^}]*\}|%\([^)]*\)\w")


def prose(text: str) -> str:
    return NOT_PROSE.sub(" ", text)


def catalogue() -> dict:
    [folder] = [Path(p) for p in settings.LOCALE_PATHS]
    mo = folder / "nb" / "LC_MESSAGES" / "django.mo"
    with mo.open("rb") as handle:
        return gettext.GNUTranslations(handle)._catalog


def norwegian(node, path=()):
    if isinstance(node, dict):
        for key, value in node.items():
            if key == "nb" and isinstance(value, str):
                yield ".".join(path), value
            else:
                yield from norwegian(value, (*path, str(key)))
    elif isinstance(node, list):
        for index, value in enumerate(node):
            yield from norwegian(value, (*path, str(index)))


def test_the_norwegian_catalogue_has_no_semicolon_in_prose():
    found = [
        (msgid, text)
        for msgid, text in catalogue().items()
        if msgid and ";" in prose(text)  # msgid "": the header, not prose
    ]
    assert found == []


def test_no_games_norwegian_rules_text_has_a_semicolon():
    files = sorted(Path(rules.games.__file__).parent.glob("*/rules.toml"))
    assert len(files) >= 2
    found = []
    for file in files:
        data = tomllib.loads(file.read_text(encoding="utf-8"))
        found += [
            (file.parent.name, where, text) for where, text in norwegian(data) if ";" in prose(text)
        ]
    assert found == []
