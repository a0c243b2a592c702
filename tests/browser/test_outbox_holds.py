"""While a round waits in the phone's outbox (issue 36, the evening's new findings): the
saved rounds are not undone, changed or brought back (the undo button hides, the edit
links are disabled, a line says why) until the outbox has sent it; and its row in the
table shades the lowest score as the server's rows do, the game's module saying whose.
Both games, both languages, at 320 px."""

import pytest
from django.utils import translation
from django.utils.translation import gettext

from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, axe_clean, outbox
from tests.conftest import golf, make_game, play, url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
NAMES = ("Anne-Marthe", "Bjørn-Erik", "Kari")
# Two rounds saved, then one kept offline whose lowest is the second player's.
GAMES = {
    "ghost": (lambda: make_game(NAMES, threshold=100), [(3, 5, 2), (4, 6, 9)], ("8", "7", "9")),
    "golf": (lambda: golf(NAMES), [(4, -2, 7), (1, 1, 1)], ("5", "3", "6")),
}
HELD = "Undoing and changing wait until everything waiting on this phone is sent."


def said(lang, text):
    with translation.override(lang):
        return gettext(text)


def undo_words(game, lang, n):
    with translation.override(lang):
        return str(game.pad.words["undo"]) % {"n": n}


def cells(row):
    """A row's cells: the score, whether shaded, whether starred."""
    return row.evaluate(
        """tr => [...tr.querySelectorAll('td')].map(td => [
             td.firstChild.textContent.trim(), td.classList.contains('round-win'),
             !!td.querySelector('.star[aria-hidden=true]') && !!td.querySelector('.sr')])"""
    )


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("key", list(GAMES))
def test_a_kept_round_holds_undo_and_edits_and_is_shaded_as_saved_rows(
    live_server, phone, lang, key
):
    new, rounds, offline = GAMES[key]
    game = play(new(), *rounds)
    game = Game.objects.get(pk=game.pk)
    page = phone(lang, viewport=NARROW)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + url("game", game, lang))
    undo = page.locator("#undo-form button")
    assert undo.inner_text() == undo_words(game, lang, 2)
    note = page.locator("[data-held-note]")
    assert note.is_hidden()
    # The server's rows: the lowest score shaded and starred.
    saved = page.locator("table.scores tbody tr:not(.kept)")
    assert [c[1:] for c in cells(saved.nth(0)) if c[1]] == [[True, True]]

    page.context.set_offline(True)
    for seat, value in enumerate(offline):
        page.locator(f"input[name=points_{seat}]").fill(value)
    page.locator("form.round-form button[type=submit]").click()
    page.locator("[data-outbox] li.waiting").wait_for()
    assert len(outbox(page)) == 1
    # Round 3 waits: round 2 cannot be undone, nor any round changed; a line says why.
    assert undo.is_hidden()
    assert note.is_visible() and note.inner_text() == said(lang, HELD)
    edits = page.locator("table.scores tbody th a[data-held-while-kept]")
    assert edits.count() == 2
    for index in range(2):
        assert edits.nth(index).get_attribute("aria-disabled") == "true"
    address = page.url
    edits.first.click(force=True)  # a thumb that taps it anyway
    assert page.url == address  # not followed
    # The kept row: its lowest shaded and starred, as a saved row's is.
    kept = page.locator("table.scores tbody tr.kept")
    assert cells(kept) == [
        [offline[0], False, False],
        [offline[1], True, True],
        [offline[2], False, False],
    ]
    axe_clean(page)

    # Sent: the page reloads with the server's table, and undo is back for round 3.
    with page.expect_navigation():
        page.context.set_offline(False)
    page.locator("#undo-form button").wait_for()
    assert outbox(page) == []
    assert page.locator("#undo-form button").inner_text() == undo_words(game, lang, 3)
    assert page.locator("[data-held-note]").is_hidden()
    assert page.locator("table.scores tbody th a[aria-disabled]").count() == 0
    third = page.locator("table.scores tbody tr").nth(2)
    assert [c[1] for c in cells(third)] == [False, True, False]  # the server's shading
    assert errors == []
