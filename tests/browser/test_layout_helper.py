"""Golf's layout helper on a phone (scorepad/golf/_layout_helper.html, layout-helper.js,
golf-scoring.js): a player's cards tapped into the grid of each variant, one tap a card,
the cancelled columns and a four of a kind marked, the hole score written with a real
minus sign into that player's field; the next player's cards follow without a tap more;
a card changed, taken back or cleared; 44 px targets, Save never covered, axe clean, in
both languages at 320 px. Without the script the scores are typed.

The hole form itself is the scorepad's (another branch): here the helper stands in a form
of the same shape (`data-golf-layout`, `points_<seat>` fields with their labels, Save),
rendered by the site's own templates and served from the live server's address with the
site's security headers, its scripts and stylesheet loaded from the live server.
"""

import json
import urllib.request
from types import SimpleNamespace

import pytest
from django.template import RequestContext, Template
from django.test import RequestFactory
from django.utils import translation

from rules.games.golf.cards import GolfHouse, copies_in, decks_for
from rules.games.golf.pad.forms import layout_json
from rules.games.golf.scoring import hole_score
from rules.games.golf.words import signed
from scorepad import pads
from tests.browser.conftest import HAVE_CHROMIUM, axe_clean, no_sideways_scroll

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
MINUS = "\u2212"
PATH = "/golf-layout-helper-test/"
PAGE = """{% extends "base.html" %}{% load static %}
{% block main %}<h1>Golf</h1>
<form method="post" action="." class="round-form" data-golf-layout="{{ layout }}" novalidate>
  <h2>Hole 1</h2>
  {% include "scorepad/golf/_layout_helper.html" %}
  {% for seat, name in names %}<div class="player-entry">
    <label for="id_points_{{ seat }}" class="player-name">{{ name }}</label>
    <input type="text" name="points_{{ seat }}" id="id_points_{{ seat }}" autocomplete="off">
  </div>{% endfor %}
  <button type="submit" class="button big">Save hole 1</button>
</form>{% endblock %}
{% block scripts %}<script src="{% static 'scorepad/common.js' %}" defer></script>
<script src="{% static 'scorepad/golf-scoring.js' %}" defer></script>
<script src="{% static 'scorepad/layout-helper.js' %}" defer></script>{% endblock %}"""
NAMES = ("Anne-Marthe", "Øyvind", "Bo")
SHORT = {"en": {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A", "X": "Jkr"},
         "nb": {"T": "10", "J": "Kn", "Q": "D", "K": "K", "A": "E", "X": "Jkr"}}  # fmt: skip


def layout_with_decks(house, players):
    """The hole form's data-golf-layout (rules/games/golf/pad/forms.py), with the cards of each
    rank in the decks these players use, which the helper reads when it is there."""
    return json.dumps(
        {**json.loads(layout_json(house)), "copies": copies_in(decks_for(players), house.jokers)}
    )


def render(house, lang, names=NAMES):
    request = RequestFactory().get(f"/{lang}/")
    context = {
        "layout": layout_with_decks(house, len(names)),
        "names": list(enumerate(names)),
        "game": SimpleNamespace(pad=pads.get("golf")),  # the helper asks the pad for its ranks
    }
    with translation.override(lang):
        return Template(PAGE).render(RequestContext(request, context))


def open_helper(live_server, phone, house, lang, viewport=NARROW, script=True, names=NAMES):
    """The page at the live server's address, with the headers the site sends."""
    with urllib.request.urlopen(live_server.url + f"/{lang}/") as answer:
        policy = answer.headers["Content-Security-Policy"]
    html = render(house, lang, names)
    page = phone(lang, viewport=viewport, java_script_enabled=script, service_workers="block")
    errors = []
    page.on("console", lambda m: errors.append(m.text) if m.type == "error" else None)
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.route(
        live_server.url + PATH,
        lambda route: route.fulfill(
            body=html,
            content_type="text/html; charset=utf-8",
            headers={"Content-Security-Policy": policy},
        ),
    )
    page.goto(live_server.url + PATH)
    page.errors = errors
    return page


def tap(page, *ranks):
    for rank in ranks:
        page.locator(f".layout-ranks .rank[data-rank='{rank}']").click()


def field(page, seat):
    return page.locator(f"input[name=points_{seat}]").input_value()


def start(page):
    page.locator(".layout-helper > summary").click()
    assert page.locator(".layout-grid").is_visible()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_six_cards_a_tap_each_a_square_of_queens_and_the_next_player_without_a_tap_more(
    live_server, phone, lang
):
    house = GolfHouse(four_of_a_kind="square")
    page = open_helper(live_server, phone, house, lang)
    start(page)
    assert page.locator(".place").count() == 6
    assert page.locator(".layout-whose").inner_text().count(NAMES[0]) == 1
    # No jokers at this table: no joker on the pad.
    assert not page.locator(".rank[data-rank=X]").is_visible()
    assert page.locator(".rank[data-rank=Q]").inner_text() == SHORT[lang]["Q"]
    anne = ["Q", "Q", "5", "Q", "Q", "9"]
    tap(page, *anne[:5])
    assert field(page, 0) == ""  # not before the last card
    assert page.locator(".place.cancelled").count() == 4  # both columns of queens, at once
    tap(page, anne[5])
    expected = hole_score(anne, house)
    assert expected == -6
    assert field(page, 0) == f"{MINUS}6"
    assert page.locator(".place.four").count() == 4
    result = page.locator(".layout-result").inner_text()
    assert f"{MINUS}6" in result and f"{MINUS}20" in result and NAMES[1] in result
    feet = page.locator(".column-points").all_inner_texts()
    assert feet[2] == "14" and all(f.startswith("0") for f in feet[:2])
    # Six taps more are Øyvind's six cards: twos in a column cancel too.
    oyvind = ["2", "K", "3", "2", "7", "3"]
    tap(page, *oyvind)
    assert NAMES[1] in page.locator(".layout-whose").inner_text()
    assert field(page, 1) == str(hole_score(oyvind, house)) == "7"
    assert field(page, 0) == f"{MINUS}6"  # Anne-Marthe's stays
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_nine_cards_only_three_of_a_kind_cancel_and_jokers_count_minus_five(
    live_server, phone, lang
):
    house = GolfHouse("nine_card", jokers="minus_five")
    page = open_helper(live_server, phone, house, lang)
    start(page)
    assert page.locator(".place").count() == 9
    # Row by row: the first column three fours, the second two fives and a three.
    cards = ["4", "5", "X", "4", "5", "K", "4", "3", "X"]
    tap(page, *cards)
    assert hole_score(cards, house) == -10 + 13
    assert field(page, 0) == "3"
    cancelled = page.locator(".place.cancelled")
    assert cancelled.count() == 3
    assert [cancelled.nth(i).get_attribute("data-place") for i in range(3)] == ["0", "3", "6"]
    assert page.locator(".column-points").all_inner_texts()[1:] == ["13", f"{MINUS}10"]
    assert page.locator(".rank[data-rank=X]").is_visible()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_card_changed_taken_back_and_cleared(live_server, phone, lang):
    house = GolfHouse("four_card", jokers="pagat", four_of_a_kind="two_columns")
    # Five players: two decks, four jokers.
    page = open_helper(live_server, phone, house, lang, names=(*NAMES, "Kari", "Håkon"))
    start(page)
    assert page.locator(".place").count() == 4
    tap(page, "X", "X", "X", "8")
    assert field(page, 0) == str(hole_score(["X", "X", "X", "8"], house)) == "6"
    # The eight was a joker: tap its place, then the joker. Four jokers: two columns, −10.
    page.locator(".place[data-place='3']").click()
    assert page.locator(".place[data-place='3']").get_attribute("aria-pressed") == "true"
    tap(page, "X")
    assert field(page, 0) == f"{MINUS}10"
    # Taken back: the grid is not full, the score it wrote goes with it.
    page.locator("[data-layout-back]").click()
    assert field(page, 0) == ""
    assert "3" in page.locator(".layout-result").inner_text()
    tap(page, "2")  # a two is +2 with pagat's jokers
    assert field(page, 0) == str(hole_score(["X", "X", "X", "2"], house)) == "0"
    # A score typed by hand stays when the cards are cleared.
    page.locator("input[name=points_0]").fill("-1")
    page.locator("[data-layout-clear]").click()
    assert page.locator(".place:not(:empty)").count() == 0
    assert field(page, 0) == "-1"
    # The other players are reached with the arrows, their grids their own.
    page.locator("[data-layout-step='1']").click()
    assert NAMES[1] in page.locator(".layout-whose").inner_text()
    assert page.locator(".place:not(:empty)").count() == 0


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_at_320_px_targets_are_44_px_save_stays_uncovered_and_axe_is_clean(
    live_server, phone, lang
):
    house = GolfHouse(jokers="pagat", four_of_a_kind="two_columns")
    page = open_helper(live_server, phone, house, lang)
    start(page)
    tap(page, "7", "7", "X", "7", "7", "2")
    assert field(page, 0) == signed(hole_score(["7", "7", "X", "7", "7", "2"], house))
    # One deck for three: its four sevens and two jokers are all there is.
    assert page.locator(".rank[data-rank='7']").is_disabled()
    assert not page.locator(".rank[data-rank=X]").is_disabled()
    tap(page, "X")
    assert page.locator(".rank[data-rank=X]").is_disabled()
    no_sideways_scroll(page)
    small = page.evaluate(
        """() => [...document.querySelectorAll('.layout-helper button, .layout-helper summary')]
             .filter(b => b.offsetParent !== null)
             .map(b => [b.getAttribute('aria-label') || b.textContent,
                        b.getBoundingClientRect().width, b.getBoundingClientRect().height])
             .filter(([, w, h]) => w < 44 || h < 44)"""
    )
    assert small == []
    save = page.locator("form button[type=submit]")
    save.scroll_into_view_if_needed()
    assert page.evaluate(
        """() => { const b = document.querySelector('form button[type=submit]');
                   const r = b.getBoundingClientRect(), x = r.left + r.width / 2;
                   return document.elementFromPoint(x, r.top + r.height / 2) === b; }"""
    )
    axe_clean(page)
    page.emulate_media(color_scheme="dark")
    axe_clean(page)
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_without_the_script_the_helper_is_not_there_and_the_scores_are_typed(
    live_server, phone, lang
):
    page = open_helper(live_server, phone, GolfHouse(), lang, script=False)
    assert not page.locator(".layout-helper").is_visible()
    page.locator("input[name=points_0]").fill("\u22123")
    assert field(page, 0) == "\u22123"
    assert page.locator("form button[type=submit]").is_visible()


def test_enter_in_a_score_moves_on_to_the_next_empty_one_and_never_saves(live_server, phone):
    page = open_helper(live_server, phone, GolfHouse(), "en")
    posts = []
    page.on("request", lambda request: posts.append(request) if request.method == "POST" else None)
    page.locator("input[name=points_0]").fill("4")
    page.locator("input[name=points_2]").fill("\u22121")
    page.locator("input[name=points_0]").press("Enter")
    assert page.evaluate("document.activeElement.name") == "points_1"
    page.locator("input[name=points_1]").press("Enter")  # the only empty one: stays
    assert page.evaluate("document.activeElement.name") == "points_1"
    page.locator("input[name=points_1]").fill("7")
    page.locator("input[name=points_1]").press("Enter")  # a whole hole: Enter saves it
    page.wait_for_load_state()
    assert len(posts) == 1
