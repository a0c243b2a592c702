"""The ★ for a hole's lowest score with Golf's caller penalty on (issue 36): the row of a
hole the penalty changed stars the player who wrote 0, on the server's page and in the
row kept on the phone offline, at 320 and 360, in both languages."""

import pytest

from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, PHONE
from tests.conftest import url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
NAMES = ("Anne-Marthe", "Øyvind", "Bo")


def starred(page, selector):
    """Per row: the seats whose cell carries the star."""
    return page.evaluate(
        """(sel) => [...document.querySelectorAll(sel)].map(tr =>
             [...tr.querySelectorAll('td')].map((td, i) =>
               td.querySelector('.star') && td.classList.contains('round-win') ? i : -1)
             .filter(i => i >= 0))""",
        selector,
    )


def enter(page, scores, caller):
    for seat, score in enumerate(scores):
        page.locator(f"input[name=points_{seat}]").fill(score)
    page.locator(f"input[name=caller][value='{caller}']").check()
    page.locator("form.round-form button[type=submit]").click()


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_lowest_score_is_starred_with_the_caller_penalty(live_server, phone, lang, viewport):
    game = Game.create_with_players(list(NAMES), game="golf", caller_penalty=True, holes=4)
    page = phone(lang, viewport=viewport)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + url("game", game, lang))
    # Online: Øyvind went out, Anne-Marthe lowest: she writes 0 and is starred.
    enter(page, ("2", "5", "7"), 1)
    page.wait_for_function("() => document.querySelectorAll('#rounds tr.penalty').length === 1")
    assert starred(page, "#rounds tbody tr:not(.kept):not(.penalty-note)") == [[0]]
    # Offline: Bo went out, Øyvind lowest: the kept row stars him, as the server will.
    page.context.set_offline(True)
    enter(page, ("6", "3", "8"), 2)
    page.locator("#rounds tr.kept").wait_for()
    assert starred(page, "#rounds tr.kept") == [[1]]
    # A hole the penalty leaves alone (the caller is lowest) is starred too.
    enter(page, ("4", "1", "9"), 1)
    page.wait_for_function("() => document.querySelectorAll('#rounds tr.kept').length === 2")
    assert starred(page, "#rounds tr.kept") == [[1], [1]]
    shot = f"/tmp/evshots/star-offline-{lang}-{viewport['width']}.png"
    page.screenshot(path=shot, full_page=True)
    page.context.set_offline(False)
    page.wait_for_function("() => !document.querySelector('[data-outbox] li')")
    page.reload()
    assert starred(page, "#rounds tbody tr:not(.penalty-note)") == [[0], [1], [1]]
    assert errors == []
