"""The registry of games (rules/games/__init__.py): every folder under rules/games/ is a
game, found without a line of shared code naming it; a game that lacks a part stops
start-up; a copy of Golf's folder under a new key is a third game served everywhere."""

from __future__ import annotations

import re
import shutil

import pytest
from django.apps import apps
from django.core.exceptions import ImproperlyConfigured
from django.urls import reverse
from django.utils import translation

from rules import games
from tests.conftest import ROOT, copy_game


def test_the_registry_finds_every_game_folder_with_the_default_first():
    folders = sorted(
        p.name
        for p in games.folder(games.DEFAULT_KEY).parent.iterdir()
        if (p / "__init__.py").is_file() and not p.name.startswith("_")
    )
    assert sorted(games.known_keys()) == folders == ["ghost", "golf"]
    assert games.known_keys()[0] == games.DEFAULT_KEY == "ghost"
    assert all(games.check(key) == [] for key in games.known_keys())


def test_a_game_that_lacks_a_part_stops_start_up(tmp_path):
    target = tmp_path / "games_broken" / "bare"
    shutil.copytree(games.folder("golf"), target, ignore=shutil.ignore_patterns("__pycache__"))
    shutil.rmtree(target / "pad")
    init = target / "__init__.py"
    init.write_text(
        init.read_text()
        .replace('key = "golf"', 'key = "bare"')
        .replace('address = {"en": "golf", "nb": "golf"}', 'address = {"en": "bare", "nb": "bare"}')
    )
    (tmp_path / "games_broken" / "__init__.py").write_text("")
    games.discover(tmp_path / "games_broken")
    try:
        assert games.check("bare") == ["its pad part"]
        with pytest.raises(ImproperlyConfigured, match="'bare'.*lacks: its pad part"):
            apps.get_app_config("rules").ready()
    finally:
        games.unregister("bare")


def test_a_word_two_games_share_is_refused(tmp_path):
    key = copy_game("golf", "putt", "Putt", tmp_path)
    try:
        games.get(key).address = {"en": "golf", "nb": "putt"}
        games._changed()
        assert games.check(key) == ["GAME.address: 'golf' is another game's word"]
    finally:
        games.unregister(key)


def text(html: str) -> str:
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", html))


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_copy_of_golf_is_a_third_game_on_every_rules_page(client, copied_golf, language):
    with translation.override(language):
        home = client.get(reverse("rules:home")).content.decode()
        rules = reverse("rules:rules", kwargs={"game": "putt"})
        assert rules == f"/{language}/putt/{'rules' if language == 'en' else 'regler'}/"
        # the home page and the header name it and lead to it
        assert f'href="{rules}"' in home and "Putt" in text(home)
        for kind in ("rules", "variants", "card"):
            url = reverse(f"rules:{kind}", kwargs={"game": "putt"})
            page = client.get(url)
            assert page.status_code == 200, url
            html = page.content.decode()
            # its own title, name and header: never Golf's or Ghost's
            title = re.search(r"<title>(.*?)</title>", html, re.S)[1]
            assert "Putt" in title.split(" · ")[-1] and "Golf" not in title, title
            assert '<span class="brand-name">Putt</span>' in html
            main = html.split("<main", 1)[1].split("</main>", 1)[0]
            assert "Golf" not in text(main), re.findall(r".{60}Golf.{60}", text(main))
        table = copied_golf.House(variant="four_card", extra_hole=True)
        from rules.views import house_url

        own = house_url("rules", table)
        assert own.startswith(f"/{language}/putt/") and client.get(own).status_code == 200
        sheet = reverse("rules:sheet", kwargs={"game": "putt", "players": 4})
        assert client.get(sheet).status_code == 200
        sitemap = client.get("/sitemap.xml").content.decode()
        assert f"/{language}/putt/" in sitemap


@pytest.mark.django_db
@pytest.mark.parametrize("language", ["en", "nb"])
def test_a_copy_of_golf_keeps_score_with_no_migration(client, copied_golf, language):
    from django.core.management import call_command

    from scorepad.models import Game
    from tests.conftest import enter, url

    call_command("makemigrations", "--check", "--dry-run", verbosity=0)  # none needed
    with translation.override(language):
        start = reverse("scorepad:start-game", kwargs={"game": "putt"})
    page = client.get(start)
    assert page.status_code == 200 and "Putt" in page.content.decode()
    data = {
        "player_count": "3",
        "name_0": "Anna",
        "name_1": "Bo",
        "name_2": "Cy",
        "first_dealer": "0",
        "variant": "six_card",
        "jokers": "none",
        "four_of_a_kind": "none",
        "holes": "2",
    }
    response = client.post(start, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    game = Game.objects.get()
    assert game.game == "putt" and game.pad.key == "putt"
    assert game.house == copied_golf.House(holes=2)
    html = client.get(response["Location"]).content.decode()
    assert '<span class="brand-name">Putt</span>' in html
    main = html.split("<main", 1)[1].split("</main>", 1)[0]
    assert "scorepad/putt-offline" in html and "golf" not in main.lower()
    assert enter(client, game, -2, 5, 0, lang=language).status_code == 302
    assert enter(client, game, 3, 3, 3, lang=language).status_code == 302
    game = Game.objects.get()
    assert game.outcome().finished and game.outcome().winners == [0]
    html = client.get(url("game", game, language)).content.decode()
    assert "−2" in text(html) or "-2" in text(html)  # the totals: 1, 8, 3
    export = client.get(url("export-json", game, language)).json()
    assert export["game"] == "putt"


# Shared files: every file of the site's code, templates, scripts and styles outside a
# game's package (issue 34: a game's own version of a shared file is a block or a hook).
SHARED_FOLDERS = ("ghost_site", "rules", "scorepad")
SHARED_SUFFIXES = {".py", ".html", ".js", ".css"}
# The site's own names that share a word with its first game, each kept on purpose: the
# project package and its settings (ghost_site, GHOST_FONT_DIR: \b never cuts inside
# them), the template tag library `ghost` (rules/templatetags/ghost.py), what a phone
# already keeps under the site's name (storage keys, a copy's header) or a server's log
# shows (a thread's name), the site's name itself and its example address.
SITE_NAMES = re.compile(
    r"\{% load [\w ]+%\}"
    r"|rules\.templatetags\.ghost\b"
    r"|[\"']ghost[-:][\w:-]*[\"']"
    r"|X-Ghost-Copy|\bghost\.body_busy\b"
    r"|Ghost / Spøkelse|\bghost\.example\b",
)


def shared_files():
    root = ROOT
    for folder in SHARED_FOLDERS:
        for path in sorted((root / folder).rglob("*")):
            parts = path.relative_to(root).parts
            if (
                path.suffix in SHARED_SUFFIXES
                and path.is_file()
                and "migrations" not in parts
                and "__pycache__" not in parts
                and parts[:2] != ("rules", "games")
            ):
                yield path


def game_words(game) -> set[str]:
    """What names a game: its key, names, titles and address words, and its variants'
    keys (also as words: three_in_hand, "three in hand", three-in-hand), names (its
    rules texts' `variants.<key>.name`) and address words."""
    from rules.engine.rendering import rules

    words = {game.key, *game.names.values(), *game.title.values(), *game.address.values()}
    for key in game.variants:
        words |= {key, key.replace("_", " "), key.replace("_", "-")}
    words |= {name for text in rules(game.key).variants.values() for name in text["name"].values()}
    return words | {w for said in game.variant_words.values() for w in said.values()}


def test_no_shared_file_names_a_game():
    words = sorted({w for game in games.all() for w in game_words(game)}, key=len, reverse=True)
    naming = re.compile(r"\b(" + "|".join(re.escape(w) for w in words) + r")\b", re.I)
    found = []
    for path in shared_files():
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            for match in naming.finditer(SITE_NAMES.sub("", line)):
                found.append(f"{path.relative_to(ROOT)}:{number}: {match[0]}")
    assert found == [], "\n".join(found)
