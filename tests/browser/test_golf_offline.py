"""Golf's holes kept on the phone without a connection (outbox.js, offline-standings.js,
golf-scoring.js): a hole counted with the layout helper and typed scores, who called, kept
with the scores as typed and the caller, and counted at once as the server counts it:
the caller penalty, the standings (the lowest total leads, the others' gap to it), the
kept row of the table, the deal, and the game decided after its last hole. A typed score
is read as the server reads it ("-2", "−2", "–2"); a score no layout can make is refused
on the phone with the nearest possible ones.

The hole form and the board are the scorepad's (another branch): here they stand in a
page of the same shape, rendered by the site's templates (the outbox's own), served from
the live server's address with its security headers.
"""

import json
import urllib.request
from decimal import Decimal

import pytest
from django.template import RequestContext, Template
from django.test import RequestFactory
from django.utils import translation

from rules.games.golf.cards import GolfHouse
from rules.games.golf.outcome import apply_caller_penalty, golf_outcome
from rules.games.golf.scoring import hole_score, possible_hole_scores
from rules.games.golf.words import signed
from scorepad.logic.golf_layout import layout_json
from scorepad.pages.board import outbox_texts
from scorepad.pages.golf_offline import golf_board, golf_outbox_texts
from tests.browser.conftest import HAVE_CHROMIUM, outbox

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
PATH = "/golf-offline-test/"
NAMES = ("Anne-Marthe", "Øyvind", "Bo")
HOUSE = GolfHouse(caller_penalty=True, holes=3)
FIRST_HOLE = [3, 5, 4]
PAGE = """{% extends "base.html" %}{% load static %}
{% block main %}<div id="board" class="board">
{% include "scorepad/_outbox.html" %}
<section class="standings"><ul>{% for seat, name, total in standings %}
  <li><span class="name">{{ name }}</span><span class="marks"></span>
    <span class="total">{{ total }}</span><span class="distance"></span></li>{% endfor %}
</ul></section>
<form id="round-form" method="post" action="{{ urls.game }}" class="round-form"
      data-game="{{ game.edit_token }}" data-json="round-data" data-golf-layout="{{ layout }}"
      novalidate>
  <input type="hidden" name="number" value="2">
  <h2 data-round-heading>Hole 2</h2>
  <p class="hint" data-deals></p>
  {% include "scorepad/golf/_layout_helper.html" %}
  <fieldset><legend>Who called?</legend>{% for seat, name, total in standings %}
    <label><input type="radio" name="caller" value="{{ seat }}"> {{ name }}</label>
  {% endfor %}</fieldset>
  {% for seat, name, total in standings %}<div class="player-entry">
    <label for="id_points_{{ seat }}" class="player-name">{{ name }}</label>
    <input type="text" name="points_{{ seat }}" id="id_points_{{ seat }}" autocomplete="off">
  </div>{% endfor %}
  <button type="submit" class="button big">Save hole 2</button>
</form>
<div class="table-wrap" id="rounds"><table class="scores"><tbody>
<tr><th scope="row">1</th>{% for seat, name, total in standings %}
  <td>{{ total }}<br><small>{{ total }}</small></td>{% endfor %}</tr>
</tbody></table></div>
</div>
<input type="hidden" name="csrfmiddlewaretoken" value="token">
{{ round_data|json_script:"round-data" }}{% endblock %}
{% block scripts %}{% for name in scripts %}
<script src="{% static name %}" defer></script>{% endfor %}{% endblock %}"""
SCRIPTS = [
    f"scorepad/{name}.js"
    for name in (
        "scoring",
        "common",
        "golf-scoring",
        "layout-helper",
        "outbox",
        "offline-standings",
    )
]


class StandIn:
    edit_token = "golf-offline-test"


def render(lang):
    request = RequestFactory().get(f"/{lang}/")
    round_data = {
        "possible": sorted(possible_hole_scores(HOUSE, len(NAMES))),
        "texts": {**outbox_texts(lang, Decimal("0.5")), **golf_outbox_texts(lang)},
    }
    context = {
        "game": StandIn(),
        "urls": {"game": PATH},
        "board_json": golf_board(NAMES, 0, [FIRST_HOLE], HOUSE),
        "layout": layout_json(HOUSE, len(NAMES)),
        "standings": [(seat, name, FIRST_HOLE[seat]) for seat, name in enumerate(NAMES)],
        "round_data": round_data,
        "scripts": SCRIPTS,
    }
    with translation.override(lang):
        return Template(PAGE).render(RequestContext(request, context))


def open_page(live_server, phone, lang):
    with urllib.request.urlopen(live_server.url + f"/{lang}/") as answer:
        policy = answer.headers["Content-Security-Policy"]
    html = render(lang)
    page = phone(lang, viewport=NARROW, service_workers="block")
    errors = []
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
    page.context.set_offline(True)
    page.errors = errors
    return page


def standings(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('.standings li')].map(li => [
             li.className, li.querySelector('.total').textContent,
             li.querySelector('.distance').textContent,
             [...li.querySelectorAll('.mark')].map(m => m.textContent)])"""
    )


def kept_rows(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('#rounds tr.kept')].map(tr =>
             [...tr.querySelectorAll('td')].map(td => td.textContent))"""
    )


def save(page):
    page.locator("form.round-form button[type=submit]").click()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_two_holes_kept_offline_count_as_the_server_counts_them(live_server, phone, lang):
    page = open_page(live_server, phone, lang)
    texts = {**outbox_texts(lang, Decimal("0.5")), **golf_outbox_texts(lang)}
    # Hole 2: two layouts tapped, one score typed; Anne-Marthe called.
    page.locator(".layout-helper > summary").click()
    anne, oyvind = ["K", "K", "5", "K", "K", "2"], ["A", "3", "4", "A", "9", "4"]
    for rank in anne + oyvind:
        page.locator(f".layout-ranks .rank[data-rank='{rank}']").click()
    page.locator("input[name=points_2]").fill("2")
    page.locator("input[name=caller][value='0']").check()
    save(page)
    raw = [hole_score(anne, HOUSE), hole_score(oyvind, HOUSE), 2]
    assert raw == [3, 12, 2]
    [entry] = outbox(page)
    assert entry["points"] == raw and entry["caller"] == 0
    assert entry["fields"]["caller"] == "0" and entry["fields"]["points_1"] == "12"
    # The caller was not the lowest: Bo writes 0, Anne-Marthe adds Bo's 2.
    second = list(apply_caller_penalty(raw, 0).scores)
    assert second == [5, 12, 0]
    server = golf_outcome(3, [FIRST_HOLE, second], HOUSE.holes, first_dealer=0)
    assert [row[1] for row in standings(page)] == [signed(t) for t in server.totals]
    gaps = [row[2] for row in standings(page)]
    assert gaps[server.leaders[0]] == ""
    assert gaps[0] == texts["behind"] % {"d": server.gap(0)}
    assert standings(page)[server.leaders[0]][3][-1] == texts["leads"]
    assert texts["deals"] in standings(page)[server.next_dealer][3]
    assert kept_rows(page) == [[f"{s}{r}" for s, r in zip(second, server.totals, strict=True)]]
    assert page.locator("[data-round-heading]").inner_text() == texts["round"] % {"n": 3}
    # The fields, the caller and the helper's grids are empty for hole 3.
    assert page.locator("input[name=points_0]").input_value() == ""
    assert page.locator("input[name=caller]:checked").count() == 0
    assert page.locator(".place:not(:empty)").count() == 0
    # Hole 3, typed three ways; the lowest is below zero, so the penalty adds nothing.
    for seat, typed in enumerate(["-2", "\u20131", "10"]):
        page.locator(f"input[name=points_{seat}]").fill(typed)
    page.locator("input[name=caller][value='1']").check()
    save(page)
    third = [-2, -1, 10]
    assert outbox(page)[1]["points"] == third
    final = golf_outcome(3, [FIRST_HOLE, second, third], HOUSE.holes)
    assert final.finished and final.winners == [0]
    assert [row[1] for row in standings(page)] == [signed(t) for t in final.totals]
    assert standings(page)[0][0] == "won"
    assert kept_rows(page)[1][0] == f"{signed(-2)}{signed(final.totals[0])}"
    result = page.locator("[data-provisional-result]")
    assert result.is_visible() and NAMES[0] in result.inner_text()
    assert not page.locator("form.round-form").is_visible()
    assert page.errors == []


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_score_no_layout_makes_is_refused_on_the_phone(live_server, phone, lang):
    page = open_page(live_server, phone, lang)
    texts = golf_outbox_texts(lang)
    page.locator("input[name=points_0]").fill("61")
    page.locator("input[name=points_1]").fill("x")
    save(page)
    errors = page.locator(".error[data-offline]").all_inner_texts()
    assert errors[0] == texts["impossible_nearest"] % {
        "name": NAMES[0],
        "value": "61",
        "nearest": "60",
    }
    assert errors[1] == texts["not_number"] % {"name": NAMES[1]}
    assert errors[2] == texts["missing"] % {"name": NAMES[2]}
    assert outbox(page) == []
    assert json.loads(page.evaluate("localStorage.getItem('ghost-outbox') || '[]'")) == []
