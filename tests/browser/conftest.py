"""The browser: Debian's Chromium driven by Playwright at phone size, and what the
browser tests share."""

import json
import os
import re
import shutil

import pytest
from django.urls import reverse
from django.utils import translation

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
                "--disable-quic",  # this machine's network is closed: no attempts at all
                "--no-first-run",
            ],
        )
        yield browser
        browser.close()


@pytest.fixture
def phone(browser):
    contexts, closed = [], []

    def open_page(lang="en", viewport=PHONE, **options):
        context = browser.new_context(
            viewport=viewport, locale=LANGS[lang], has_touch=True, is_mobile=True, **options
        )
        context.set_default_timeout(10_000)
        context.on("close", lambda closing: closed.append(closing))
        contexts.append(context)
        return context.new_page()

    yield open_page
    for context in contexts:
        if context in closed:
            continue
        # Closing a context lifts its offline emulation first: a round kept offline would
        # go out then, and reach the server while the test's database is torn down.
        context.route("**/*", lambda route: route.abort())
        context.close()


def no_sideways_scroll(page):
    viewport = page.viewport_size["width"]
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= viewport, f"{page.url} is {width}px wide in a {viewport}px viewport"


def axe_clean(page):
    from axe_playwright_python.sync_playwright import Axe

    # WCAG 2.5.3 (a name that starts with what is shown) is among axe's experimental
    # rules: asked for by name.
    options = {
        "resultTypes": ["violations"],
        "rules": {"label-content-name-mismatch": {"enabled": True}},
    }
    # Colours are read as they are at rest, not halfway through an entrance animation
    # (the practice board's cards fade in from 40 % for 0.2 s).
    page.evaluate(
        "() => Promise.all(document.getAnimations()"
        ".filter(a => a.effect && a.effect.getComputedTiming().endTime !== Infinity)"
        ".map(a => a.finished.catch(() => null)))"
    )
    results = Axe().run(page, options=options)
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


def game_url(game, lang):
    with translation.override(lang):
        return reverse("scorepad:game", args=[game.edit_token])


def wait_for_worker(page):
    """Until the service worker controls the page (it does from the first reload on)."""
    page.evaluate("navigator.serviceWorker.ready.then(() => true)")
    page.reload()
    assert page.evaluate(
        "navigator.serviceWorker.ready.then(() => !!navigator.serviceWorker.controller)"
    )


def enter_offline(page, first, second):
    page.locator("input[name=points_0]").fill(first)
    page.locator("input[name=points_1]").fill(second)
    page.locator("form.round-form button[type=submit]").click()


def outbox(page):
    return json.loads(page.evaluate("localStorage.getItem('ghost-outbox') || '[]'"))


WAKE_LOCK_STUB = """
    window.__locks = [];
    Object.defineProperty(navigator, 'wakeLock', {value: {request(type) {
        const sentinel = {type, released: false,
                          release() { this.released = true; return Promise.resolve(); }};
        window.__locks.push(sentinel);
        return Promise.resolve(sentinel);
    }}});
"""


# A4 less the 12 mm margins of the print stylesheet, in CSS pixels (96 per inch).
A4_CONTENT = {"width": round((210 - 24) / 25.4 * 96), "height": round((297 - 24) / 25.4 * 96)}


def pdf_pages(page) -> int:
    pdf = page.pdf(format="A4")
    return int(re.search(rb"/Count (\d+)", pdf)[1])


def nothing_cut_off(page):
    """Laid out as printed: nothing wider than the page, nothing below its end, no text
    clipped inside a box."""
    page.emulate_media(media="print")
    page.set_viewport_size(A4_CONTENT)
    height = page.evaluate("document.documentElement.scrollHeight")
    width = page.evaluate("document.documentElement.scrollWidth")
    clipped = page.evaluate(
        """() => [...document.querySelectorAll('main *')].filter(e =>
             e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible'
           ).map(e => e.tagName)"""
    )
    page.emulate_media(media="screen")
    assert height <= A4_CONTENT["height"], height
    assert width <= A4_CONTENT["width"], width
    assert clipped == []


# The score chart as drawn (the server's or the phone's): its data, grid and lines.
CHART = """() => {
  const svg = document.querySelector('#course svg');
  if (!svg || svg.closest('figure').hidden) return null;
  return {
    rounds: svg.dataset.rounds, top: svg.dataset.top, bottom: svg.dataset.bottom,
    description: svg.querySelector('desc').textContent.trim(),
    grid: [...svg.querySelectorAll('.grid > *')].map(e => e.outerHTML),
    threshold: svg.querySelectorAll('.threshold').length,
    lines: [...svg.querySelectorAll('g.player')].map(g => [
      g.getAttribute('class'), g.querySelector('polyline').outerHTML,
      g.querySelector('.label-mark').getAttribute('d'), g.querySelector('text.name').outerHTML]),
  };
}"""


def apart(a, b, slack=0.5):
    """Two boxes of a drawing (x, y, r, b) that do not overlap, within `slack` pixels."""
    return (
        a["r"] <= b["x"] + slack
        or b["r"] <= a["x"] + slack
        or a["b"] <= b["y"] + slack
        or b["b"] <= a["y"] + slack
    )


def keeps_games(page, server_url, *games):
    """This phone's "My games" hold `games`, as if it had started them: a session made
    here, its cookie given to the phone."""
    from django.conf import settings
    from django.contrib.sessions.backends.db import SessionStore

    session = SessionStore()
    session["my_games"] = [game.edit_token for game in games]
    session.save()
    cookie = {"name": settings.SESSION_COOKIE_NAME, "value": session.session_key}
    page.context.add_cookies([{**cookie, "url": server_url}])


def inside(box, viewport, below=0):
    """Whether a bounding box lies wholly on the screen (its top `below` px or lower)."""
    return (
        box is not None
        and box["x"] >= 0
        and box["x"] + box["width"] <= viewport["width"] + 0.5
        and box["y"] >= below - 0.5
        and box["y"] + box["height"] <= viewport["height"] + 0.5
    )


def start_game(page, live_server, lang, game, names, check=None):
    """A game of `game` begun through its own new-game page (`pads.start_url`) with these
    names; `check(page)` runs on the form first (axe, say). Returns the stored game."""
    from scorepad import pads
    from scorepad.models import Game

    with translation.override(lang):
        address = pads.start_url(game)
    page.goto(live_server.url + address)
    if check:
        check(page)
    for seat, name in enumerate(names):
        page.locator(f"input[name=name_{seat}]").fill(name)
    page.locator("form.new-game button[type=submit]").click()
    page.locator("form.round-form").wait_for()
    return Game.objects.filter(game=game).latest("pk")
