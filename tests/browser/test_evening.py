"""A whole evening at the table, where the scorepad's features meet: a keeper and a
watcher in different languages, a second keeper, a conflict, no signal, kept rounds that
decide the game, a reload without signal, signal back, a refused round, a rematch the
watcher follows by itself, the game's own rules offline, and a deploy in between.

Playwright drives Debian's Chromium; `context.set_offline` cuts the network for a page
and its service worker alike.
"""

import json
import re

import pytest
from django.urls import reverse
from django.utils import translation

from scorepad.models import Game, Round
from tests.browser.conftest import (
    HAVE_CHROMIUM,
    axe_clean,
    no_sideways_scroll,
    outbox,
    wait_for_worker,
)
from tests.conftest import make_game

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
    pytest.mark.django_db(transaction=True),
]

TEXT = {
    "en": {
        "conflict": "was just entered from another phone",
        "provisional": "the game is lost by Bo",
        "lost": "Bo has lost the game",
        "moved": "Moved on to the rematch",
        "rules": "Ghost",
        "sent": "Sent from this phone and saved",
        "unsent": "not sent",
    },
    "nb": {
        "conflict": "ble nettopp ført fra en annen",
        "provisional": "taper Bo spillet",
        "lost": "Bo har tapt spillet",
        "moved": "Gått videre til omkampen",
        "rules": "Spøkelse",
        "sent": "Sendt fra telefonen og lagret",
        "unsent": "ikke sendt",
    },
}


def game_path(game, lang):
    with translation.override(lang):
        return reverse("scorepad:game", args=[game.edit_token])


def enter(page, first, second):
    page.locator("input[name=points_0]").fill(first)
    page.locator("input[name=points_1]").fill(second)
    page.locator("form.round-form button[type=submit]").click()


def kept_in_pages(page, path):
    """Until the service worker holds a copy of `path` (it fetches it by itself)."""
    page.wait_for_function(
        "path => caches.open('pages').then(c => c.match(path)).then(hit => !!hit)",
        arg=path,
        timeout=15_000,
    )


def copy_holds(page, path, text):
    """Until the phone's copy of `path` holds `text`: a board changed in place is copied
    again by the worker."""
    page.wait_for_function(
        """([path, text]) => caches.open('pages').then(c => c.match(path))
            .then(hit => hit ? hit.text() : '').then(html => html.includes(text))""",
        arg=[path, text],
        timeout=15_000,
    )


def stored(game):
    rounds = Round.objects.filter(game=game, status="active").order_by("number")
    return [[int(s.points) for s in r.scores.order_by("player__position")] for r in rounds]


def new_deploy(monkeypatch):
    """What a deploy does to the worker: new hashed names for every static file, so a new
    worker whose cache holds none of the names that pages kept before it still name."""
    from ghost_site import views

    source = views.service_worker_source(False)
    version = re.search(r'const VERSION = "([^"]+)"', source).group(1)
    precache = re.search(r"const PRECACHE = (\[.*?\]);", source).group(1)
    renamed = json.dumps([url + "?deploy=2" for url in json.loads(precache)])
    source = source.replace(precache, renamed).replace(version, "deploy2")
    monkeypatch.setattr(views, "service_worker_source", lambda debug: source)


@pytest.mark.parametrize(
    ("keeper_lang", "watcher_lang", "size"),
    [
        ("en", "nb", {"width": 360, "height": 740}),
        ("nb", "en", {"width": 360, "height": 740}),
        ("en", "nb", {"width": 320, "height": 640}),
        ("nb", "en", {"width": 320, "height": 640}),
    ],
    ids=["en-keeper-360", "nb-keeper-360", "en-keeper-320", "nb-keeper-320"],
)
def test_a_whole_evening(live_server, phone, monkeypatch, keeper_lang, watcher_lang, size):
    t, tw = TEXT[keeper_lang], TEXT[watcher_lang]
    # Jack 11: a table of its own, whose rules page is not one of the defaults.
    game = make_game(names=("Anna", "Bo"), jack="11", threshold=21)
    keeper = phone(keeper_lang, viewport=size)
    keeper.goto(live_server.url + game_path(game, keeper_lang))
    wait_for_worker(keeper)
    named = keeper.locator("#keep-offline").text_content()
    table_pages = [url.split("#")[0] for url in json.loads(named)]
    assert {"en": "jack-11", "nb": "knekt-11"}[keeper_lang] in table_pages[0]

    # The watcher scans the shared link, which names no language: the watch page opens in
    # the watcher's phone's language, and the switch still goes to the other one.
    shared = keeper.locator("[data-share]").get_attribute("data-share")
    assert f"/{keeper_lang}/" not in shared
    watcher = phone(watcher_lang, viewport=size)
    watcher.goto(shared)
    assert f"/{watcher_lang}/" in watcher.url
    assert watcher.locator("html").get_attribute("lang") == watcher_lang
    assert watcher.locator(f"a.lang[hreflang={keeper_lang}]").count() == 1
    assert watcher.locator("[data-wake-lock]").count() == 1  # its own screen toggle

    # Round 1 online; the watcher follows.
    enter(keeper, "3", "12")
    keeper.locator("form.round-form input[name=number][value='2']").wait_for(state="attached")
    watcher.locator(".standings .total", has_text="12").wait_for()

    # A second keeper enters round 2; the first, not yet aware, is told and keeps its numbers.
    second = phone(keeper_lang, viewport=size)
    second.goto(live_server.url + game_path(game, keeper_lang))
    wait_for_worker(second)
    enter(second, "3", "5")  # jack 11: 2 and 3 together need more eights than a deck
    second.locator("form.round-form input[name=number][value='3']").wait_for(state="attached")
    enter(keeper, "9", "9")
    keeper.locator(".messages", has_text=t["conflict"]).wait_for()
    assert keeper.locator("input[name=points_0]").input_value() == "9"
    assert stored(game) == [[3, 12], [3, 5]]

    # No signal in the cabin, for both keepers.
    copy_holds(keeper, game_path(game, keeper_lang), 'data-server-next="3"')
    copy_holds(second, game_path(game, keeper_lang), 'data-server-next="3"')
    keeper.context.set_offline(True)
    second.context.set_offline(True)
    enter(keeper, "6", "2")  # round 3: Anna 12, Bo 19
    keeper.locator("[data-outbox] li.waiting").wait_for()
    assert keeper.locator("[data-outbox-included]").is_visible()
    # A row of the table of rounds too, after the server's, marked as waiting.
    kept = keeper.locator("table.scores tbody tr.kept")
    assert kept.count() == 1
    assert kept.locator("th").inner_text().split()[0] == "3"
    assert t["unsent"] in " ".join(kept.locator("th").inner_text().split())
    cells, winner = kept.locator("td"), keeper.locator("table.scores").get_attribute("data-winner")
    assert winner and [c.split() for c in cells.all_inner_texts()] == [
        ["6", "12"],
        ["2", "★", *winner.split(), "19"],
    ]
    assert cells.nth(1).get_attribute("class") == "round-win"  # shaded as the server's rows
    enter(keeper, "5", "6")  # round 4 takes Bo to 25: the game is decided on this phone
    provisional = keeper.locator("[data-provisional-result]")
    provisional.wait_for()
    assert t["provisional"] in provisional.inner_text()
    assert keeper.locator("form.round-form").is_hidden()  # no round 5 offered
    totals = keeper.locator(".standings .total").all_inner_texts()
    assert totals == ["17", "25"]
    assert keeper.locator("table.scores tbody tr.kept").count() == 2
    last = keeper.locator("table.scores tbody tr").last.locator("td").all_inner_texts()
    assert [c.split() for c in last] == [["5", "★", *winner.split(), "17"], ["6", "25"]]
    assert keeper.locator(".standings li.lost .name").inner_text() == "Bo"

    # A reload without signal: the phone's copy, the kept rounds, the same verdict.
    keeper.reload()
    assert keeper.locator("[data-offline-note]").is_visible()
    assert keeper.locator("[data-outbox] li.waiting").count() == 2
    assert t["provisional"] in keeper.locator("[data-provisional-result]").inner_text()
    assert keeper.locator("form.round-form").is_hidden()
    no_sideways_scroll(keeper)
    axe_clean(keeper)

    # The second keeper, also without signal, keeps its own round 3.
    enter(second, "7", "7")
    second.locator("[data-outbox] li.waiting").wait_for()

    # Signal back: each kept round is stored once, and the phone says they left it.
    ids = [entry["id"] for entry in outbox(keeper)]
    with keeper.expect_navigation():
        keeper.context.set_offline(False)
    keeper.locator("[data-outbox-message]", has_text=t["sent"]).wait_for()
    assert outbox(keeper) == []
    assert stored(game) == [[3, 12], [3, 5], [6, 2], [5, 6]]
    # The server's rows now, none kept.
    assert keeper.locator("table.scores tbody tr.kept").count() == 0
    assert keeper.locator("table.scores tbody tr").count() == 4
    assert (
        list(
            Round.objects.filter(game=game, number__gte=3)
            .order_by("number")
            .values_list("client_id", flat=True)
        )
        == ids
    )
    assert t["lost"] in keeper.locator(".result").inner_text()
    watcher.locator(".result", has_text=tw["lost"]).wait_for()

    # The second keeper's round 3 is refused: it stays in view with the server's reason on
    # the finished game's page, after a reload too, until the player decides.
    second.context.set_offline(False)
    refused = second.locator("[data-outbox] li.refused")
    refused.wait_for()
    assert t["conflict"] in refused.inner_text()
    second.reload()
    refused = second.locator("[data-outbox] li.refused")
    refused.wait_for()
    assert second.locator(".result").is_visible()
    assert t["conflict"] in refused.inner_text()
    assert refused.locator("button[data-putback]").count() == 1
    assert outbox(second)[0]["status"] == "refused"
    no_sideways_scroll(second)
    axe_clean(second)
    refused.locator("button[data-discard]").click()
    assert outbox(second) == []
    assert stored(game) == [[3, 12], [3, 5], [6, 2], [5, 6]]

    # The rematch: the watcher's page moves on by itself and says so, in its language.
    with keeper.expect_navigation():
        keeper.locator(".result form button[type=submit]").click()
    rematch = Game.objects.get(rematch_of=game)
    assert rematch.edit_token in keeper.url
    watcher.wait_for_url(re.compile(re.escape(rematch.watch_token)), timeout=15_000)
    assert tw["moved"] in watcher.locator("main").inner_text()
    assert watcher.locator("html").get_attribute("lang") == watcher_lang
    axe_clean(watcher)
    second.reload()
    assert second.locator(f".rematch-news a[href*='{rematch.edit_token}']").count() == 1

    # The game's own rules, card and sheet, kept while there was signal, open without it.
    wait_for_worker(keeper)
    kept_in_pages(keeper, game_path(rematch, keeper_lang))
    for path in table_pages:
        kept_in_pages(keeper, path)
    keeper.context.set_offline(True)
    for path in table_pages:
        response = keeper.goto(live_server.url + path)
        assert response.ok, path  # not the browser's error page
        assert t["rules"] in keeper.title(), path
        assert keeper.locator("h1").count() == 1, path
    keeper.context.set_offline(False)

    # A deploy: the new worker comes while the reader is on the card page, and takes over.
    keeper.goto(live_server.url + table_pages[1])
    new_deploy(monkeypatch)
    keeper.evaluate("navigator.serviceWorker.getRegistration().then(r => r.update())")
    update = keeper.locator("[data-update-ready]")
    update.wait_for()
    with keeper.expect_navigation():
        update.get_by_role("button").click()
    keeper.wait_for_function(
        "navigator.serviceWorker.controller && "
        "navigator.serviceWorker.controller.scriptURL.endsWith('/sw.js')"
    )
    keeper.wait_for_function("caches.keys().then(k => k.includes('static-deploy2'))")

    # Then no signal again: the rematch's page, kept before the deploy, still keeps rounds.
    keeper.context.set_offline(True)
    keeper.goto(live_server.url + game_path(rematch, keeper_lang))
    keeper.reload()
    assert keeper.locator("[data-offline-note]").is_visible()
    enter(keeper, "5", "6")
    keeper.locator("[data-outbox] li.waiting").wait_for()
    assert len(outbox(keeper)) == 1
    assert Round.objects.filter(game=rematch).count() == 0
