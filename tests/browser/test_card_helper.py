"""The round form's card helper on a phone (card-helper.js, scorepad/ghost/_fields.html):
an edit page opens with every helper closed and the saved cards as text, so that one
number changes with no extra tap; the last players' helper opens in view, and a full
hand hands the focus back to its "Cards" button, not to a field that raises the keyboard.
"""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from scorepad.models import Round
from tests.browser.conftest import HAVE_CHROMIUM, PHONE
from tests.conftest import enter, make_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
SAVED = {"en": "8 J A 2 K", "nb": "8 Kn E 2 K"}
SIX = ("Anne-Marthe", "Øyvind", "Ingrid", "Bo", "Kari", "Håkon")


def page_url(name, game, lang, *args):
    with translation.override(lang):
        return reverse(f"scorepad:{name}", args=[game.edit_token, *args])


def in_view(locator):
    return locator.evaluate(
        "el => { const r = el.getBoundingClientRect();"
        " return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }"
    )


def live_points(game):
    rnd = Round.objects.get(game=game, status="active", number=1)
    return [s.points for s in rnd.scores.order_by("player__position")]


@pytest.mark.parametrize(
    "viewport,script",
    [(NARROW, True), (PHONE, True), (NARROW, False)],
    ids=["320-js", "360-js", "320-no-js"],
)
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_an_edit_opens_with_the_helpers_closed_and_one_number_changes_in_two_steps(
    live_server, client, phone, lang, viewport, script
):
    game = make_game(threshold=500)
    assert enter(client, game, "", 4, cards_0="8 J A 2 K").status_code == 302
    page = phone(lang, viewport=viewport, java_script_enabled=script)
    page.goto(live_server.url + page_url("edit-round", game, lang, 1))
    assert page.locator("details.helper[open]").count() == 0
    shown = page.locator(".player-entry").nth(0).locator("[data-cards-shown]")
    assert shown.is_visible() and SAVED[lang] in shown.inner_text()
    assert not page.locator(".player-entry").nth(1).locator("[data-cards-shown]").is_visible()
    # Bo's 4 becomes 6: the field and Save, nothing else.
    page.locator("input[name=points_1]").fill("6")
    page.locator("form.round-form button[type=submit]").click()
    page.wait_for_url(f"**{page_url('game', game, lang)}#board")  # an edit lands at the board
    assert live_points(game) == [Decimal("16.5"), Decimal("6")]


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_typed_total_stays_when_another_players_cards_are_counted(
    live_server, client, phone, lang, viewport
):
    game = make_game(threshold=500)
    assert enter(client, game, "", 4, cards_0="8 J A 2 K").status_code == 302
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + page_url("edit-round", game, lang, 1))
    page.locator("input[name=points_0]").fill("6,5" if lang == "nb" else "6.5")
    # The typed total replaces the cards: they are no longer shown as this round's.
    assert not page.locator(".player-entry").nth(0).locator("[data-cards-shown]").is_visible()
    bo = page.locator(".player-entry").nth(1)
    bo.locator("summary").click()
    for rank in ("3", "5", "K", "A", "2"):
        bo.locator(f".rank[data-rank='{rank}']").click()
        assert page.locator("input[name=points_0]").input_value() in ("6.5", "6,5")
    assert page.locator("input[name=points_1]").input_value() == "24"
    page.locator("form.round-form button[type=submit]").click()
    page.wait_for_url(f"**{page_url('game', game, lang)}#board")  # an edit lands at the board
    assert live_points(game) == [Decimal("6.5"), Decimal("24")]


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_last_players_helper_opens_in_view_and_a_full_hand_raises_no_keyboard(
    live_server, phone, lang, viewport
):
    game = make_game(SIX, variant="three_in_hand", threshold=21)
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + page_url("game", game, lang))
    for seat in (4, 5):
        entry = page.locator(".player-entry").nth(seat)
        entry.locator("summary").click()  # scrolled just into view, at the bottom edge
        ranks = entry.locator(".ranks")
        page.wait_for_function(
            """el => { const r = el.getBoundingClientRect();
                       return r.height > 0 && r.top >= 0 && r.bottom <= innerHeight; }""",
            arg=ranks.element_handle(),
        )
        for rank in ("3", "5", "K", "A"):  # the row of three and the ghost
            entry.locator(f".rank[data-rank='{rank}']").click()
        assert entry.locator("details.helper[open]").count() == 0
        focused = page.evaluate(
            "seat => [document.activeElement.tagName, document.activeElement.closest"
            "('.player-entry') === document.querySelectorAll('.player-entry')[seat]]",
            seat,
        )
        assert focused == ["SUMMARY", True]  # its own "Cards" button: no keyboard
        assert in_view(entry.locator("summary"))
        assert entry.locator("input[inputmode=decimal]").input_value() == "22"


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
def test_the_rank_pad_lies_inside_the_helpers_panel_at_320(live_server, phone, lang, script):
    """Reported: the right column of rank buttons stood 6 px past the panel's border."""
    game = make_game(("Anna", "Bo", "Cy"))
    page = phone(lang, viewport=NARROW, java_script_enabled=script)
    page.goto(live_server.url + page_url("game", game, lang))
    page.locator("details.helper summary").first.click()
    panel, right, wide = page.evaluate(
        """() => {
        const open = document.querySelector('details.helper[open]');
        const parts = [...open.querySelectorAll('.rank, input, .done')].filter(e => e.offsetParent);
        return [open.querySelector('.helper-body').getBoundingClientRect().right,
                Math.max(...parts.map(e => e.getBoundingClientRect().right)),
                document.documentElement.scrollWidth];
        }"""
    )
    assert right <= panel and wide <= NARROW["width"], (right, panel, wide)
    if script:  # the buttons as large as every control on the site
        sizes = page.locator("details.helper[open] .rank").evaluate_all(
            "els => els.map(e => [e.offsetWidth, e.offsetHeight])"
        )
        assert all(w >= 44 and h >= 48 for w, h in sizes), sizes
