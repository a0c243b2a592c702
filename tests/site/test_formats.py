"""Dates go through Django's format modules (ghost_site/formats/<language>/formats.py):
the site's own format names, day before month in both languages, on every page that
shows a date."""

import datetime
import importlib
import re

import pytest
from django.conf import settings
from django.urls import reverse
from django.utils import formats, timezone, translation

from scorepad.pages.mygames import MY_GAMES
from tests.conftest import make_game

WHEN = datetime.datetime(2026, 12, 1, 20, 5)
EXPECTED = {
    ("en", "DAY_FORMAT"): "1 December 2026",
    ("nb", "DAY_FORMAT"): "1. desember 2026",
    ("en", "DAY_TIME_FORMAT"): "1 December 2026, 20:05",
    ("nb", "DAY_TIME_FORMAT"): "1. desember 2026, 20:05",
}


@pytest.mark.parametrize(("language", "name"), EXPECTED)
def test_the_sites_own_format_names_per_language(language, name):
    with translation.override(language):
        assert formats.date_format(WHEN, name) == EXPECTED[language, name]


@pytest.mark.parametrize("language", [code for code, _name in settings.LANGUAGES])
def test_every_language_module_names_every_format(language):
    """A name missing from one language's module would not fail: Django takes an unknown
    name for the format itself and prints its letters."""
    module = importlib.import_module(f"ghost_site.formats.{language}.formats")
    for name in ("DAY_FORMAT", "DAY_TIME_FORMAT"):
        assert isinstance(getattr(module, name, None), str), (language, name)


@pytest.mark.parametrize(
    ("language", "pattern"),
    [
        ("en", r"\d{1,2} [A-Z][a-z]+ \d{4}, \d\d:\d\d"),
        ("nb", r"\d{1,2}\. [a-zø]+ \d{4}, \d\d:\d\d"),
    ],
)
def test_my_games_dates_day_first(client, db, language, pattern):
    game = make_game()
    session = client.session
    session[MY_GAMES] = [game.edit_token]
    session.save()
    with translation.override(language):
        page = client.get(reverse("scorepad:start")).content.decode()
        expected = formats.date_format(timezone.localtime(game.created_at), "DAY_TIME_FORMAT")
    assert re.search(pattern, expected), expected
    assert expected in page


@pytest.mark.parametrize(
    ("language", "said"),
    [("en", "Last checked 1 December 2026."), ("nb", "Sist sjekket 1. desember 2026.")],
)
def test_sources_last_checked(client, db, language, said):
    with translation.override(language):
        page = client.get(reverse("rules:rules")).content.decode()
    assert said in page


def test_result_picture_subtitle_names_the_day(db, monkeypatch):
    from scorepad.pages import night

    game = make_game(threshold=None)
    seen = {}

    def keep(headline, subtitle, *args):
        seen["subtitle"] = subtitle
        return b""

    monkeypatch.setattr(night.picture, "result_png", keep)
    game.add_round(1, [1, 2], ["", ""])
    for language in ("en", "nb"):
        with translation.override(language):
            night.draw_result(game, language)
            day = formats.date_format(timezone.localtime(game.created_at), "DAY_FORMAT")
        assert seen["subtitle"].startswith(day + " · ")
        assert re.fullmatch(DAY[language], day), day


DAY = {"en": r"\d{1,2} [A-Z][a-z]+ \d{4}", "nb": r"\d{1,2}\. [a-zø]+ \d{4}"}
