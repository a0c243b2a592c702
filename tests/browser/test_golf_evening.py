"""A whole evening of Golf at 320 px, in both languages: three phones (a keeper, a second
keeper and a watcher in the other language), a hole counted with the layout helper a
tap a card, a hole typed with every minus sign, two holes kept without signal that
decide the game on the phone, a reload without signal, signal back, and a rematch the
watcher follows by itself, where the helper stays open.

Playwright drives Debian's Chromium; `context.set_offline` cuts the network for a page
and its service worker alike.
"""

import re

import pytest
from django.utils import translation
from django.utils.translation import gettext

from rules.games.golf.outcome import apply_caller_penalty, golf_outcome
from rules.games.golf.pad.pages import outbox_texts
from rules.games.golf.scoring import hole_score
from rules.games.golf.words import signed
from scorepad.models import Game, Round
from tests.browser.conftest import (
    CHART,
    HAVE_CHROMIUM,
    axe_clean,
    no_sideways_scroll,
    outbox,
    wait_for_worker,
)
from tests.conftest import url

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
    pytest.mark.django_db(transaction=True),
]
NARROW = {"width": 320, "height": 640}
NAMES = ("Anne-Marthe", "Øyvind", "Bo")
# Hole 1, tapped row by row: a square of queens (−20), twos that cancel, a pair of fours.
LAYOUTS = (
    ["Q", "Q", "5", "Q", "Q", "9"],
    ["2", "K", "3", "2", "7", "3"],
    ["A", "4", "8", "6", "4", "J"],
)
# Hole 3, Øyvind's: two columns of kings side by side and a pair of fours.
KINGS = ["K", "K", "4", "K", "K", "4"]


# The chart of running totals as drawn, by the server or by the phone with kept holes.
# Each line of the standings as the reader sees it.
STANDINGS = """() => [...document.querySelectorAll('.standings li')].map(li => [
  li.className, li.querySelector('.name').textContent, li.querySelector('.total').textContent,
  [...li.querySelectorAll('.mark')].map(m => m.textContent).join(' '),
  li.querySelector('.distance') ? li.querySelector('.distance').textContent : ''])"""


def stored(game):
    rounds = Round.objects.filter(game=game, status="active").order_by("number")
    return [[int(s.points) for s in r.scores.order_by("player__position")] for r in rounds]


def copy_holds(page, path, text):
    """Until the phone's copy of `path` (the service worker's) holds `text`."""
    page.wait_for_function(
        """([path, text]) => caches.open('pages').then(c => c.match(path))
            .then(hit => hit ? hit.text() : '').then(html => html.includes(text))""",
        arg=[path, text],
        timeout=15_000,
    )


def tap(page, ranks):
    for rank in ranks:
        page.locator(f".layout-ranks .rank[data-rank='{rank}']").click()


def type_hole(page, typed, caller):
    for seat, value in enumerate(typed):
        if value is not None:
            page.locator(f"input[name=points_{seat}]").fill(value)
    page.locator(f"input[name=caller][value='{caller}']").check()
    page.locator("form.round-form button[type=submit]").click()


def totals(page):
    return [t.strip() for t in page.locator(".standings .total").all_inner_texts()]


def said(lang, text):
    with translation.override(lang):
        return gettext(text)


@pytest.mark.parametrize(("lang", "watcher_lang"), [("en", "nb"), ("nb", "en")])
def test_a_whole_golf_evening_on_three_phones(live_server, phone, lang, watcher_lang):
    t = outbox_texts(lang)
    game = Game.create_with_players(
        list(NAMES),
        game="golf",
        caller_penalty=True,
        four_of_a_kind="square",
        holes=4,
    )
    house = game.house
    path = url("game", game, lang)
    keeper = phone(lang, viewport=NARROW)
    keeper.goto(live_server.url + path)
    wait_for_worker(keeper)
    watcher = phone(watcher_lang, viewport=NARROW)
    watcher.goto(keeper.locator("[data-share]").get_attribute("data-share"))
    assert watcher.locator("html").get_attribute("lang") == watcher_lang

    # Hole 1: every layout tapped into the helper, one tap a card and one to open it; the
    # next player's cards follow the last one's without a tap more.
    keeper.locator(".layout-helper > summary").click()
    for layout in LAYOUTS:
        tap(keeper, layout)
        if layout is LAYOUTS[0]:  # one deck for three: its four queens are all laid out
            assert keeper.locator(".rank[data-rank=Q]").is_disabled()
    first = [hole_score(layout, house) for layout in LAYOUTS]
    assert first == [-6, 7, 25]
    fields = [keeper.locator(f"input[name=points_{s}]").input_value() for s in range(3)]
    assert fields == [signed(score) for score in first]
    no_sideways_scroll(keeper)
    type_hole(keeper, [None] * 3, caller=0)  # the lowest called: nothing changes
    keeper.locator("form.round-form input[name=number][value='2']").wait_for(state="attached")
    assert totals(keeper) == [signed(score) for score in first]
    watcher.locator(".standings .total", has_text=signed(-6)).wait_for()

    # Hole 2 from the second keeper's phone, typed with an en dash and a real minus.
    second = phone(lang, viewport=NARROW)
    second.goto(live_server.url + path)
    type_hole(second, ["\u20132", "3", "\u22121"], caller=1)
    second.locator("form.round-form input[name=number][value='3']").wait_for(state="attached")
    assert stored(game) == [first, [-2, 3, -1]]

    # No signal: the keeper's phone has the page with hole 2 and keeps holes 3 and 4.
    keeper.reload()
    copy_holds(keeper, path, 'data-server-next="3"')
    keeper.context.set_offline(True)
    keeper.locator("[data-layout-step='1']").click()  # to Øyvind's grid
    tap(keeper, KINGS)
    assert keeper.locator(".place.four").count() == 4
    type_hole(keeper, ["5", None, "4"], caller=2)
    keeper.locator("[data-outbox] li.waiting").wait_for()
    third = [5, hole_score(KINGS, house), 4]
    assert third == [5, -20, 4]
    type_hole(keeper, ["2", "9", "3"], caller=1)  # the caller is not the lowest
    fourth = list(apply_caller_penalty([2, 9, 3], 1).scores)
    assert fourth == [0, 11, 3]
    holes = [first, [-2, 3, -1], third, fourth]
    final = golf_outcome(3, holes, 4, first_dealer=game.first_dealer)
    assert final.finished and final.winners == [0]
    provisional = keeper.locator("[data-provisional-result]")
    provisional.wait_for()
    assert NAMES[0] in provisional.inner_text()
    assert keeper.locator("form.round-form").is_hidden()
    assert totals(keeper) == [signed(total) for total in final.totals]
    kept = keeper.locator("table.scores tbody tr.kept")
    assert kept.count() == 2
    assert t["unsent"] in kept.first.locator("th").inner_text()

    # The chart with the kept holes, below zero where Øyvind went.
    provisional_standings = keeper.evaluate(STANDINGS)
    drawn = keeper.evaluate(CHART)
    assert drawn["rounds"] == "4" and int(drawn["bottom"]) < 0
    assert signed(-3) in drawn["description"] and drawn["threshold"] == 0

    # A reload without signal: the phone's copy, the kept holes, the same verdict.
    keeper.reload()
    assert keeper.locator("[data-offline-note]").is_visible()
    assert keeper.locator("[data-outbox] li.waiting").count() == 2
    assert NAMES[0] in keeper.locator("[data-provisional-result]").inner_text()
    assert totals(keeper) == [signed(total) for total in final.totals]
    no_sideways_scroll(keeper)
    axe_clean(keeper)

    # Signal back: both holes stored once, as the phone counted them; the watcher sees
    # the result in its own language.
    with keeper.expect_navigation():
        keeper.context.set_offline(False)
    assert outbox(keeper) == []
    assert stored(game) == holes
    assert keeper.locator("table.scores tbody tr.kept").count() == 0
    # the server's page after the reload the reconnection makes (slow on a loaded machine)
    keeper.locator(".result", has_text=NAMES[0]).wait_for(timeout=30_000)
    assert totals(keeper) == [signed(total) for total in final.totals]
    assert keeper.evaluate(CHART) == drawn  # the server draws what the phone drew
    assert keeper.evaluate(STANDINGS) == provisional_standings
    watcher.locator(".result", has_text=NAMES[0]).wait_for()
    no_sideways_scroll(keeper)
    axe_clean(keeper)

    # The rematch: the watcher moves on by itself; the helper is open at the first hole.
    with keeper.expect_navigation():
        keeper.locator(".result form button[type=submit]").click()
    rematch = Game.objects.get(rematch_of=game)
    assert rematch.game == "golf" and rematch.house == house
    assert keeper.locator(".layout-grid").is_visible()
    assert keeper.locator(".place").count() == 6
    watcher.wait_for_url(re.compile(re.escape(rematch.watch_token)), timeout=15_000)
    moved = said(watcher_lang, "Moved on to the rematch: this page now follows the new game.")
    assert moved in watcher.locator("main").inner_text()
    axe_clean(watcher)
    second.reload()
    assert second.locator(f".rematch-news a[href*='{rematch.edit_token}']").count() == 1
