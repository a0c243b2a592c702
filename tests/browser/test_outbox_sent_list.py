"""Issue 35: the rounds sent from the phone, named as a sentence names them (outbox.js
`sentList`): "holes 2 and 3" («hull 2 og 3»), "rounds 1, 2 and 3" («runde 1, 2 og 3»),
"hole 1 and the extra hole", never "Hole 2, Hole 3"."""

import pytest

from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM
from tests.conftest import url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NAMES = ("Ada", "Bo", "Cy")
SENT = {"en": "Sent from this phone and saved: {}.", "nb": "Sendt fra telefonen og lagret: {}."}


def keep_and_send(live_server, phone, game, lang, rounds):
    page = phone(lang, viewport={"width": 360, "height": 740})
    page.goto(live_server.url + url("game", game, lang))
    page.context.set_offline(True)
    first = game.rounds.count() + 1
    for number, points in enumerate(rounds, start=first):
        for seat, value in enumerate(points):
            if value is not None:
                page.locator(f"input[name=points_{seat}]").fill(value)
        page.locator("form.round-form button[type=submit]").click()
        page.locator(f"[data-outbox-round='{number}']").wait_for()
    with page.expect_navigation():
        page.context.set_offline(False)
    message = page.locator("[data-outbox-message]")
    message.wait_for()
    return message.inner_text()


@pytest.mark.parametrize(("lang", "said"), [("en", "holes 2 and 3"), ("nb", "hull 2 og 3")])
def test_two_holes_sent_are_joined_as_a_sentence_joins_them(live_server, client, phone, lang, said):
    game = Game.create_with_players(list(NAMES), game="golf", holes=4)
    data = {"number": "1", "points_0": "3", "points_1": "5", "points_2": "4"}
    assert client.post(url("add-round", game), data).status_code == 302
    text = keep_and_send(live_server, phone, game, lang, [["1", "2", "3"], ["4", "5", "6"]])
    assert text == SENT[lang].format(said)


@pytest.mark.parametrize(("lang", "said"), [("en", "rounds 1, 2 and 3"), ("nb", "runde 1, 2 og 3")])
def test_three_rounds_sent_name_the_noun_once(live_server, phone, lang, said):
    game = Game.create_with_players(list(NAMES[:2]))
    rounds = [["3", "5"], ["4", "6"], ["7", "2"]]
    assert keep_and_send(live_server, phone, game, lang, rounds) == SENT[lang].format(said)


@pytest.mark.parametrize(
    ("lang", "said"), [("en", "hole 1 and the extra hole"), ("nb", "hull 1 og det ekstra hullet")]
)
def test_the_extra_hole_is_named_in_the_list(live_server, phone, lang, said):
    game = Game.create_with_players(list(NAMES), game="golf", holes=1, extra_hole=True)
    rounds = [["2", "2", "5"], ["3", "1", None]]
    assert keep_and_send(live_server, phone, game, lang, rounds) == SENT[lang].format(said)
