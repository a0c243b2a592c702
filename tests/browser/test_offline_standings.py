"""The standings with rounds kept on the phone (offline-standings.js): every number and
mark the server shows for the same rounds once they are sent, the chart included; and
the note that a round is kept stays in view after the offline save.

Playwright drives Debian's Chromium at 320 and 360 px; `context.set_offline` cuts the
network, and the outbox sends the kept rounds by itself when it returns.
"""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext

from scorepad.models import Game, Result
from tests.browser.conftest import HAVE_CHROMIUM, PHONE
from tests.conftest import make_game

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
NAMES = ("Anne-Marthe Kristiansen", "Øyvind", "Ingrid", "Bo")

# Everything the standings, the chart and the table of rounds show, as text and numbers.
SHOWN = """() => {
  const text = el => el ? el.textContent.trim() : null;
  const svg = document.querySelector('#course svg');
  return {
    standings: [...document.querySelectorAll('.standings li')].map(li => ({
      mark: li.className,
      name: text(li.querySelector('.name')),
      badges: [...li.querySelectorAll('.mark')].map(m => m.className + ': ' + text(m)),
      total: text(li.querySelector('.total')),
      meter: li.querySelector('meter') && li.querySelector('meter').value,
      left: text(li.querySelector('.distance')),
    })),
    chart: svg && !svg.closest('figure').hidden ? {
      rounds: svg.dataset.rounds,
      top: svg.dataset.top,
      description: text(svg.querySelector('desc')),
      markers: [...svg.querySelectorAll('marker')].map(m => m.outerHTML),
      grid: [...svg.querySelectorAll('.grid > *')].map(e => e.outerHTML),
      threshold: svg.querySelector('.threshold') && svg.querySelector('.threshold').outerHTML,
      lines: [...svg.querySelectorAll('g.player')].map(g => [
        g.getAttribute('class'),
        g.querySelector('polyline').outerHTML,
        g.querySelector('.label-mark').getAttribute('d'),
        g.querySelector('text.name').outerHTML,
      ]),
    } : null,
    // a round's totals and running sums (the server's rows also star the round's winner)
    rounds: [...document.querySelectorAll('#rounds tbody tr')].map(tr =>
      [...tr.querySelectorAll('td')].map(td =>
        td.firstChild.textContent.trim() + ' ' + text(td.querySelector('small')))),
  };
}"""


def game_url(game, lang):
    with translation.override(lang):
        return reverse("scorepad:game", args=[game.edit_token])


def keep_round(page, points):
    for seat, value in enumerate(points):
        page.locator(f"input[name=points_{seat}]").fill(value)
    page.locator("form.round-form button[type=submit]").click()
    note = page.locator("[data-outbox-message]")
    note.wait_for()
    # The note that the round is kept here is on screen after the save, not scrolled past:
    # it opens the screen (scrolled to its top, which may fall a fraction of a pixel above
    # the screen's edge).
    assert note.evaluate(
        "n => { const r = n.getBoundingClientRect();"
        " return r.top > -1 && r.bottom <= innerHeight; }"
    ), "the note that the round is kept on the phone is out of view"


def same(shown, provisional):
    """Part by part, so that a failure names what differs."""
    assert shown["standings"] == provisional["standings"]
    assert shown["rounds"] == provisional["rounds"]
    assert (shown["chart"] is None) == (provisional["chart"] is None)
    for part in shown["chart"] or {}:
        assert shown["chart"][part] == provisional["chart"][part], part


def send_kept(page):
    """Back online: the outbox sends the kept rounds and reloads with the server's table."""
    with page.expect_navigation():
        page.context.set_offline(False)
    page.wait_for_load_state()
    assert page.evaluate("JSON.parse(localStorage.getItem('ghost-outbox') || '[]').length") == 0


@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_offline_standings_are_what_the_server_shows_once_sent(live_server, phone, lang, viewport):
    game = make_game(NAMES, variant="three_in_hand", threshold=40, first_dealer=1)
    change = Game.objects.get(pk=game.pk).add_round(
        1, [Decimal(v) for v in ("10", "3.5", "12", "8")], [""] * 4
    )
    assert change.result is Result.SAVED
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + game_url(game, lang))
    server_before = page.evaluate(SHOWN)

    # Two rounds kept, the game still open: the leader, the dealer, two closest to losing.
    page.context.set_offline(True)
    keep_round(page, ["12", "5", "9,5", "14"])
    keep_round(page, ["11.5", "2", "8", "6"])
    assert page.locator(".standings.provisional").count() == 1
    provisional = page.evaluate(SHOWN)
    assert provisional != server_before  # the kept rounds count, in the chart too
    assert provisional["chart"]["rounds"] == "3"
    send_kept(page)
    assert page.locator(".standings.provisional").count() == 0
    same(page.evaluate(SHOWN), provisional)

    # The deciding round kept: the loser, the others over the threshold, the winner.
    page.context.set_offline(True)
    keep_round(page, ["13", "4", "12", "20"])
    page.locator("[data-provisional-result]").wait_for()
    provisional = page.evaluate(SHOWN)
    lost = [s for s in provisional["standings"] if s["mark"] == "lost"]
    assert [s["name"] for s in lost] == ["Bo"]
    # once over, a row marks the loser and the winner, nothing else (issue 36)
    with translation.override(lang):
        lost_word, won_word = gettext("lost"), gettext("won")
    badges = {s["name"]: s["badges"] for s in provisional["standings"]}
    assert badges.pop("Bo") == [f"mark bad: {lost_word}"]
    assert all(b in ([], [f"mark good: {won_word}"]) for b in badges.values())
    assert [f"mark good: {won_word}"] in badges.values()
    send_kept(page)
    same(page.evaluate(SHOWN), provisional)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_first_round_kept_offline_draws_the_chart_the_server_draws(live_server, phone, lang):
    """No round on the server yet, so no chart came with the page: the phone draws it."""
    game = make_game(("Kari", "Ola"), threshold=21)
    page = phone(lang, viewport=NARROW)
    page.goto(live_server.url + game_url(game, lang))
    assert page.evaluate(SHOWN)["chart"] is None
    page.context.set_offline(True)
    keep_round(page, ["7", "3,5"])
    provisional = page.evaluate(SHOWN)
    assert provisional["chart"] is not None
    send_kept(page)
    same(page.evaluate(SHOWN), provisional)
