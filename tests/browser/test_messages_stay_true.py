"""Messages last as long as they are true (issue 36): a server's "Hole 1 saved" goes once
hole 2 is kept on the phone; signal back, the holes sent are said once, not once each as
well; a watcher's "Moved on to the rematch" goes with the rematch's first news, and
without the script it is not said once the rematch has begun. At 320 and 360 px."""

import pytest
from django.utils import translation
from django.utils.translation import gettext

from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, PHONE
from tests.conftest import play, url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
NAMES = ("Anne-Marthe", "Øyvind", "Bo")


def shown_messages(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('.message')]
             .filter(m => !m.hidden && m.getBoundingClientRect().height > 0)
             .map(m => m.textContent.trim())"""
    )


def type_hole(page, scores):
    for seat, score in enumerate(scores):
        page.locator(f"input[name=points_{seat}]").fill(score)
    page.locator("form.round-form button[type=submit]").click()


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_phones_news_replaces_the_servers_and_is_said_once(live_server, phone, lang, viewport):
    game = Game.create_with_players(list(NAMES), game="golf", holes=4)
    pad = game.pad
    with translation.override(lang):
        saved_1 = pad.text("saved", game, n=1)
        saved_2 = pad.text("saved", game, n=2)
        saved_3 = pad.text("saved", game, n=3)
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + url("game", game, lang))
    type_hole(page, ("3", "5", "7"))
    page.locator("form.round-form input[name=number][value='2']").wait_for(state="attached")
    assert saved_1 in shown_messages(page)
    page.context.set_offline(True)
    type_hole(page, ("4", "6", "8"))
    page.locator("[data-outbox] li").wait_for()
    type_hole(page, ("2", "9", "5"))
    page.locator("[data-outbox] li >> nth=1").wait_for()
    said = shown_messages(page)
    assert saved_1 not in " ".join(said)  # old news gone
    assert len(said) == 1  # the phone's own: hole 3 kept
    page.context.set_offline(False)
    page.wait_for_function("() => !document.querySelector('[data-outbox] li')")
    page.locator("[data-outbox-message]:not([hidden])").wait_for()
    said = shown_messages(page)
    assert len(said) == 1, said  # one confirmation of both holes
    assert saved_2 not in said and saved_3 not in said
    assert game.rounds.count() == 3


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_moved_on_to_the_rematch_goes_with_the_rematchs_first_news(
    live_server, phone, lang, viewport
):
    first = play(Game.create_with_players(list(NAMES), game="golf", holes=1), (3, 5, 7))
    with translation.override(lang):
        moved = gettext("Moved on to the rematch: this page now follows the new game.")
    watcher = phone(lang, viewport=viewport)
    watcher.goto(live_server.url + url("watch", first, lang, token="watch_token"))
    rematch = first.rematch().game
    note = watcher.locator("[data-moved-note]")
    note.wait_for()  # the poll took the watcher along
    assert moved in note.inner_text()
    play(rematch, (4, 6, 8))
    note.wait_for(state="detached")  # the rematch's first hole arrived: old news gone
    assert moved not in " ".join(shown_messages(watcher))
    # Without the script: the address with ?moved=1 says it only before the first hole.
    still = phone(lang, viewport=viewport, java_script_enabled=False)
    still.goto(live_server.url + url("watch", rematch, lang, token="watch_token") + "?moved=1")
    assert still.locator("[data-moved-note]").count() == 0
    fresh = Game.objects.get(pk=rematch.pk).rematch().game  # its own rematch, not begun
    still.goto(live_server.url + url("watch", fresh, lang, token="watch_token") + "?moved=1")
    assert moved in still.locator("[data-moved-note]").inner_text()
