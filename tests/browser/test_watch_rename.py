"""A name put right seen on a watching phone without reloading: its heading and its tab's
title follow at the next poll, the page itself stays (no navigation)."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from tests.browser.conftest import HAVE_CHROMIUM
from tests.conftest import fresh, make_game, play

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]


def test_a_rename_reaches_a_watchers_heading_and_title_without_a_reload(live_server, phone):
    game = play(make_game(("Anna", "Bo")), (3, 5))
    watcher = phone("en", viewport={"width": 320, "height": 640})
    watcher.goto(live_server.url + reverse("scorepad:watch", args=[game.watch_token]))
    expect(watcher.locator("h1")).to_have_text("Anna · Bo")
    watcher.evaluate("window.stillThisPage = true")  # gone if the page were reloaded
    fresh(game).rename_player(1, "Bodil")
    expect(watcher.locator("h1")).to_have_text("Anna · Bodil", timeout=15_000)
    expect(watcher).to_have_title("Watching: Anna, Bodil · Ghost, the card game")
    expect(watcher.locator(".standings")).to_contain_text("Bodil")
    assert watcher.evaluate("window.stillThisPage") is True
    assert watcher.locator("h1").count() == 1
