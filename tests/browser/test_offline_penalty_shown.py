"""Offline, one hole shows one set of numbers (issue 36): a Golf hole kept on the phone
that the caller penalty changes is listed in "Waiting on this phone" as it will count,
with the note its row carries, and the table's row "not sent" carries the same note; once
sent, the server's row says the same, at 320 and 360, in both languages."""

import pytest

from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, PHONE, outbox
from tests.conftest import url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
NAMES = ("Anne-Marthe", "Øyvind", "Bo")


def note_rows(page, kept):
    selector = "#rounds tr.penalty-note" + (".kept-note" if kept else ":not(.kept-note)")
    return page.locator(selector).all_inner_texts()


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_kept_hole_shows_the_numbers_it_will_count_with_its_note(
    live_server, phone, lang, viewport
):
    game = Game.create_with_players(list(NAMES), game="golf", caller_penalty=True, holes=3)
    page = phone(lang, viewport=viewport)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + url("game", game, lang))
    page.context.set_offline(True)
    # Øyvind went out first, Anne-Marthe has the lowest score: she writes 0, he adds 2.
    for seat, score in enumerate(("2", "5", "7")):
        page.locator(f"input[name=points_{seat}]").fill(score)
    page.locator("input[name=caller][value='1']").check()
    page.locator("form.round-form button[type=submit]").click()
    waiting = page.locator("[data-outbox] li")
    waiting.wait_for()
    [entry] = outbox(page)
    assert entry["points"] == [2, 5, 7]  # sent as written: the server counts again
    listed = waiting.inner_text()
    assert "Anne-Marthe 0 · Øyvind 7 · Bo 7" in listed
    assert "2" not in listed.split("(")[0].split(":", 1)[1]  # nothing as typed
    kept_cells = page.evaluate(
        """() => [...document.querySelectorAll('#rounds tr.kept td')]
             .map(td => td.firstChild.textContent)"""
    )
    assert kept_cells == ["0", "7", "7"]  # the table: the same numbers
    [note] = note_rows(page, kept=True)
    assert waiting.locator(".kept-note").inner_text() == note
    # Sent: the server's row carries the note the phone showed.
    page.context.set_offline(False)
    page.wait_for_function("() => !document.querySelector('[data-outbox] li')")
    page.reload()
    assert note_rows(page, kept=False) == [note]
    assert errors == []
