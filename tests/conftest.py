import http.cookiejar
import os
import re
import shutil
import threading
import tomllib
import urllib.error
import urllib.parse
import urllib.request
from decimal import Decimal

import pytest
from django.conf import settings
from django.core.cache import caches
from django.db import connection
from django.test import override_settings
from django.urls import reverse
from django.utils import translation

from rules import loader
from scorepad.models import Game, Result, Round, Score


@pytest.fixture(autouse=True)
def _fresh_state():
    """Each test starts in English with empty caches: a request leaves its language active
    in the thread, and rate-limit counts or cached pages must not carry over."""
    for alias in ("default", "pages", "boards"):
        caches[alias].clear()
    translation.activate("en")
    yield
    translation.deactivate()


def make_game(names=("Anna", "Bo"), variant="standard", jack="0.5", threshold=21, first_dealer=0):
    return Game.create_with_players(
        list(names),
        variant=variant,
        jack_value=jack,
        threshold=threshold,
        first_dealer=first_dealer,
    )


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


def url(name, game, lang="en", **kwargs):
    with translation.override(lang):
        return reverse(f"scorepad:{name}", kwargs={"token": game.edit_token, **kwargs})


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


def enter(client, game, *points, number=None, lang="en", **extra):
    number = number or game.rounds.filter(status="active").count() + 1
    data = {"number": str(number)}
    data.update({f"points_{i}": str(p) for i, p in enumerate(points)})
    data.update(extra)
    return client.post(url("add-round", game, lang), data)


# ------------------------------------------------------------------ the rules data


@pytest.fixture
def data():
    return tomllib.loads(loader.DATA_FILE.read_text(encoding="utf-8"))


# ------------------------------------------------------------------ the browser

CHROMIUM = shutil.which("chromium") or "/usr/bin/chromium"
HAVE_CHROMIUM = os.path.exists(CHROMIUM)
if not HAVE_CHROMIUM and os.environ.get("CI") == "true":
    raise RuntimeError("CI=true but /usr/bin/chromium is missing: install Debian's chromium")

# Playwright's sync API keeps an event loop in this thread; the test's own ORM calls are
# still plain synchronous code.
os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")

PHONE = {"width": 360, "height": 740}
LANGS = {"en": "en-GB", "nb": "nb-NO"}


@pytest.fixture(scope="session")
def browser():
    from playwright.sync_api import sync_playwright

    with sync_playwright() as playwright:
        browser = playwright.chromium.launch(
            executable_path=CHROMIUM,
            args=[
                "--no-sandbox",
                "--disable-gpu",
                "--disable-background-networking",
                "--disable-component-update",
                "--disable-sync",
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    contexts = []

    def open_page(lang="en", viewport=PHONE, **options):
        context = browser.new_context(
            viewport=viewport, locale=LANGS[lang], has_touch=True, is_mobile=True, **options
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        context.close()


def no_sideways_scroll(page):
    viewport = page.viewport_size["width"]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport, f"{page.url} is {width}px wide in a {viewport}px viewport"


def axe_clean(page):
    from axe_playwright_python.sync_playwright import Axe

    results = Axe().run(page)
    assert results.violations_count == 0, results.generate_report()


def focused_in_view(page, name=None):
    """The focused element's name (or id) and whether it is on screen; with `name`, once
    the page has put the focus there (autofocus and scripts run after the load)."""
    if name:
        # Focus may come first (htmx's autofocus) and the scroll a frame later: wait for
        # both, so a problem that never comes into view fails here by timing out.
        page.wait_for_function(
            """name => {
              const el = document.activeElement;
              if (!el || el.name !== name) return false;
              const r = el.getBoundingClientRect();
              return r.top >= 0 && r.bottom <= innerHeight && r.height > 0;
            }""",
            arg=name,
        )
    return page.evaluate(
        """() => {
          const el = document.activeElement, r = el.getBoundingClientRect();
          return [el.name || el.id, r.top >= 0 && r.bottom <= innerHeight && r.height > 0];
        }"""
    )


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
