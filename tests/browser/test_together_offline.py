"""Issue 35 without signal: a round whose totals one deck cannot deal together is not
kept on the phone (scoring.js, golf-scoring.js through outbox.js), with the server's
words, naming the players; what was typed stays in the form."""

import pytest

from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, PHONE, enter_offline, game_url, outbox
from tests.conftest import make_game

NARROW = {"width": 320, "height": 640}
pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        # the phone keeps the shorter sentence for Ghost (the server's says which rank
        # runs short: its page carries no search for the reason)
        ("en", "Anna 0.5 and Bo 0.5: no deal from one deck gives all these totals at once"),
        ("nb", "Anna 0,5 og Bo 0,5: dette går ikke i samme giv (én kortstokk har bare"),
    ],
)
def test_ghost_totals_not_dealt_together_are_not_kept(live_server, phone, lang, said):
    game = make_game(threshold=500)
    page = phone(lang)
    page.goto(live_server.url + game_url(game, lang))
    page.context.set_offline(True)
    enter_offline(page, "0.5", "0.5")
    error = page.locator("form.round-form p.error[role=alert]")
    assert said in error.inner_text().replace("\N{NO-BREAK SPACE}", " ")
    assert outbox(page) == []
    assert page.locator("input[name=points_0]").input_value() == "0.5"
    enter_offline(page, "0.5", "3.5")
    assert (
        len(outbox(page)) == 1 and page.locator("form.round-form p.error[role=alert]").count() == 0
    )


def test_golf_scores_not_dealt_together_are_not_kept(live_server, phone):
    game = Game.create_with_players(["Ada", "Bo"], game="golf")
    page = phone("en")
    page.goto(live_server.url + game_url(game, "en"))
    page.context.set_offline(True)
    enter_offline(page, "-6", "-6")
    error = page.locator("form.round-form p.error[role=alert]")
    # as the server says it: the rank that runs short (editor's items 6/40)
    assert (
        "Ada −6 and Bo −6: one deal cannot give these scores – between them they need at "
        "least six twos, and the deck has only four."
    ) in error.inner_text()
    assert outbox(page) == []


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize(
    ("lang", "said", "bo"),
    [
        ("en", "Bo 0.5: no deal from one deck gives all these totals at once", "0.5"),
        ("nb", "Bo 0,5: dette går ikke i samme giv (én kortstokk har bare", "0,5"),
    ],
)
def test_ghost_cards_typed_are_taken_out_before_the_others_totals(
    live_server, phone, lang, said, bo, viewport
):
    """The server takes the cards typed out of the deck first; the phone did not check
    such a round at all. Anna's four eights leave none for Bo's 0.5."""
    game = make_game(threshold=500)
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + game_url(game, lang))
    page.context.set_offline(True)
    anna = page.locator(".player-entry").nth(0)
    anna.locator("summary").click()
    for rank in ("8", "8", "8", "8", "J"):
        anna.locator(f".rank[data-rank='{rank}']").click()
    assert page.locator("input[name=points_0]").input_value() == bo  # the cards' total
    page.locator("input[name=points_1]").fill(bo)
    page.locator("form.round-form button[type=submit]").click()
    error = page.locator("form.round-form p.error[role=alert]")
    assert said in error.inner_text().replace("\N{NO-BREAK SPACE}", " ")
    assert outbox(page) == []
    assert page.locator("input[name=cards_0]").input_value().strip()  # nothing typed lost
    page.locator("input[name=points_1]").fill("3,5" if lang == "nb" else "3.5")
    page.locator("form.round-form button[type=submit]").click()
    assert len(outbox(page)) == 1
    assert page.locator("form.round-form p.error[role=alert]").count() == 0
