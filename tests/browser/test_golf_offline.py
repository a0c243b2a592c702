"""Golf's holes kept on the phone without a connection (outbox.js, offline-standings.js,
golf-offline.js, golf-scoring.js) on a Golf game's page: a hole counted with the layout
helper and typed scores, who called, kept with the scores as typed and the caller, and
counted at once as the server counts it: the caller penalty, the standings (the lowest
total leads, the others' gap to it), the kept row of the table, the deal, and the game
decided after its last hole. Back online, the holes are sent and stored as the server
counts them. A typed score is read as the server reads it ("-2", "−2", "–2"); a score no
layout makes is refused on the phone in the server's words, with the nearest possible
scores. Kept holes that tie the game lead to the extra hole for the tied; a hole is
changed on its edit page with the helper.
"""

from decimal import Decimal

import pytest
from django.utils import translation

from rules.games.golf.outcome import apply_caller_penalty, golf_outcome
from rules.games.golf.pad.pages import outbox_texts
from rules.games.golf.scoring import hole_score
from rules.games.golf.words import signed
from scorepad.models import Game
from tests.browser.conftest import CHART, HAVE_CHROMIUM, outbox
from tests.conftest import live_points, url

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
NAMES = ("Anne-Marthe", "Øyvind", "Bo")
FIRST_HOLE = [3, 5, 4]


def golf_game(client, **table):
    game = Game.create_with_players(list(NAMES), game="golf", **table)
    data = {"number": "1", "caller": "0"}
    data.update({f"points_{i}": str(p) for i, p in enumerate(FIRST_HOLE)})
    assert client.post(url("add-round", game), data).status_code == 302
    return game


def open_offline(live_server, phone, game, lang):
    page = phone(lang, viewport=NARROW)
    errors = []
    page.on("pageerror", lambda e: errors.append(str(e)))
    page.goto(live_server.url + url("game", game, lang))
    page.context.set_offline(True)
    page.errors = errors
    return page


def standings(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('.standings li')].map(li => [
             li.className, li.querySelector('.total').textContent.trim(),
             li.querySelector('.distance') ? li.querySelector('.distance').textContent : '',
             [...li.querySelectorAll('.mark')].map(m => m.textContent)])"""
    )


def kept_rows(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('#rounds tr.kept')].map(tr =>
             [...tr.querySelectorAll('td')].map(td =>
               td.firstChild ? td.firstChild.textContent + td.querySelector('small').textContent
                             : ''))"""
    )


# The chart of running totals as drawn: the server's (scorepad/golf/_chart.html) and the
# phone's with kept holes (offline-standings.js) draw the same.
def save(page):
    page.locator("form.round-form button[type=submit]").click()


def type_hole(page, typed, caller):
    for seat, value in enumerate(typed):
        if value is not None:
            page.locator(f"input[name=points_{seat}]").fill(value)
    if caller is not None:
        page.locator(f"input[name=caller][value='{caller}']").check()
    save(page)


def texts(lang):
    with translation.override(lang):
        return outbox_texts(lang)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_two_holes_kept_offline_count_as_the_server_counts_them_and_are_sent_later(
    live_server, client, phone, lang
):
    game = golf_game(client, caller_penalty=True, holes=3)
    page = open_offline(live_server, phone, game, lang)
    t = texts(lang)
    # Hole 2: two layouts tapped, one score typed; Anne-Marthe called.
    page.locator(".layout-helper > summary").click()
    anne, oyvind = ["K", "K", "5", "K", "K", "2"], ["A", "3", "4", "A", "9", "4"]
    for rank in anne + oyvind:
        page.locator(f".layout-ranks .rank[data-rank='{rank}']").click()
    page.locator("input[name=points_2]").fill("2")
    page.locator("input[name=caller][value='0']").check()
    save(page)
    raw = [hole_score(anne, game.house), hole_score(oyvind, game.house), 2]
    assert raw == [3, 12, 2]
    [entry] = outbox(page)
    assert entry["points"] == raw and entry["caller"] == 0
    assert entry["fields"]["caller"] == "0" and entry["fields"]["points_1"] == "12"
    # The caller was not the lowest: Bo writes 0, Anne-Marthe adds Bo's 2.
    second = list(apply_caller_penalty(raw, 0).scores)
    assert second == [5, 12, 0]
    course = golf_outcome(3, [FIRST_HOLE, second], 3, first_dealer=game.first_dealer)
    shown = standings(page)
    assert [row[1] for row in shown] == [signed(total) for total in course.totals]
    assert shown[course.leaders[0]][2] == ""
    assert shown[0][2] == t["behind"] % {"d": course.gap(0)}
    assert t["leads"] in shown[course.leaders[0]][3]
    assert t["deals"] in shown[course.next_dealer][3]
    assert kept_rows(page) == [[f"{s}{r}" for s, r in zip(second, course.totals, strict=True)]]
    assert page.locator("[data-round-heading]").inner_text() == t["round"] % {"n": 3}
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
    final = golf_outcome(3, [FIRST_HOLE, second, third], 3, first_dealer=game.first_dealer)
    assert final.finished and final.winners == [0]
    shown = standings(page)
    assert [row[1] for row in shown] == [signed(total) for total in final.totals]
    assert shown[0][0] == "won"
    assert kept_rows(page)[1][0] == f"{signed(-2)}{signed(final.totals[0])}"
    result = page.locator("[data-provisional-result]")
    assert result.is_visible() and NAMES[0] in result.inner_text()
    assert not page.locator("form.round-form").is_visible()
    assert page.errors == []
    # The chart: no threshold, the kept holes drawn.
    drawn = page.evaluate(CHART)
    assert drawn["rounds"] == "3" and drawn["threshold"] == 0
    assert drawn["bottom"] == "0" and signed(final.totals[0]) in drawn["description"]
    # Back online: both holes are sent, in order, and the server counts them the same.
    with page.expect_navigation():
        page.context.set_offline(False)
    assert outbox(page) == []
    assert page.evaluate(CHART) == drawn
    assert live_points(game) == [[Decimal(p) for p in hole] for hole in (FIRST_HOLE, second, third)]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_score_no_layout_makes_is_refused_on_the_phone_in_the_servers_words(
    live_server, client, phone, lang
):
    game = golf_game(client)
    page = open_offline(live_server, phone, game, lang)
    t = texts(lang)
    page.locator("input[name=points_0]").fill("61")
    page.locator("input[name=points_1]").fill("x")
    save(page)
    errors = page.locator(".error[data-offline]").all_inner_texts()
    assert errors[0] == t["nearest_one"] % {"name": NAMES[0], "value": "61", "nearest": "60"}
    assert errors[1] == t["not_number"] % {"name": NAMES[1]}
    assert errors[2] == t["missing"] % {"name": NAMES[2]}
    assert outbox(page) == []
    # Online, the server says the same of the same score.
    page.context.set_offline(False)
    for seat, typed in enumerate(["61", "3", "4"]):
        page.locator(f"input[name=points_{seat}]").fill(typed)
    save(page)
    said = page.locator("#id_points_0_error").inner_text()  # the server's, swapped in
    assert said == errors[0]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_kept_holes_that_tie_the_game_lead_to_the_extra_hole_for_the_tied_only(
    live_server, client, phone, lang
):
    game = Game.create_with_players(
        list(NAMES), game="golf", caller_penalty=True, extra_hole=True, holes=1
    )
    page = open_offline(live_server, phone, game, lang)
    t = texts(lang)
    # The only hole: Bo called and was not the lowest; the two lowest write 0 and tie.
    type_hole(page, ["2", "2", "5"], caller=2)
    assert apply_caller_penalty([2, 2, 5], 2).scores == (0, 0, 7)
    heading = page.locator("[data-round-heading]")
    assert heading.inner_text() == t["extra_hole"]
    # Only the tied players are asked, and who called among them (issue 35).
    assert page.locator(".player-entry:visible").count() == 2
    assert not page.locator("input[name=points_2]").is_visible()
    callers = page.locator("input[name=caller]")
    assert [callers.nth(i).is_visible() for i in range(3)] == [True, True, False]
    marks = [row[3] for row in standings(page)]
    assert [t["plays_extra"] in m for m in marks] == [True, True, False]
    # The layout helper counts only the tied players' cards.
    page.locator(".layout-helper > summary").click()
    page.locator("[data-layout-step='1']").click()
    page.locator("[data-layout-step='1']").click()
    assert NAMES[0] in page.locator(".layout-whose").inner_text()
    # Anne-Marthe called with 3; Bo's 1 is the lowest: he writes 0, she adds 1.
    type_hole(page, ["3", "1", None], caller=0)
    # the extra hole kept on the phone is named, never "hole 2" (editor's item 7)
    assert page.locator("[data-outbox-message]").inner_text() == t["kept_extra"]
    waiting = page.locator("[data-outbox-round='2']").inner_text()
    assert waiting.startswith(t["extra_row"] + ":") and t["round"] % {"n": 2} not in waiting
    [first, extra] = outbox(page)
    assert extra["points"] == [3, 1, None] and "points_2" not in extra["fields"]
    assert extra["fields"]["caller"] == "0"
    assert apply_caller_penalty([3, 1, None], 0).scores == (4, 0, None)
    result = page.locator("[data-provisional-result]")
    result.wait_for()
    assert NAMES[1] in result.inner_text() and NAMES[0] not in result.inner_text()
    assert kept_rows(page)[1] == ["4", "0", ""]
    assert page.errors == []
    with page.expect_navigation():
        page.context.set_offline(False)
    assert outbox(page) == []
    sent = page.locator("[data-outbox-message]")
    sent.wait_for()
    said = sent.inner_text()  # "hole 1 and the extra hole", never "hole 2"
    assert t["sent_extra"] in said and t["sent_one"] % {"n": 2} not in said
    decided = Game.objects.get(pk=game.pk).outcome()
    assert decided.finished and decided.winners == [1]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_hole_changed_on_its_edit_page_with_the_layout_helper(live_server, client, phone, lang):
    game = golf_game(client, caller_penalty=True)
    page = phone(lang, viewport=NARROW)
    page.goto(live_server.url + url("edit-round", game, lang, number=1))
    assert page.locator("input[name=points_2]").input_value() == str(FIRST_HOLE[2])
    page.locator(".layout-helper > summary").click()
    page.locator("[data-layout-step='-1']").click()  # back round to Bo
    assert NAMES[2] in page.locator(".layout-whose").inner_text()
    bo = ["2", "2", "K", "2", "2", "K"]  # two columns of twos and a pair of kings
    for rank in bo:
        page.locator(f".layout-ranks .rank[data-rank='{rank}']").click()
    assert page.locator("input[name=points_2]").input_value() == "0"
    assert page.locator(".place.cancelled").count() == 6
    page.locator("form.round-form button[type=submit]").click()
    page.wait_for_url(f"**{url('game', game, lang)}#board")  # at its board
    assert live_points(game) == [[Decimal(3), Decimal(5), Decimal(hole_score(bo, game.house))]]


@pytest.mark.parametrize("viewport", [NARROW, {"width": 360, "height": 740}], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_phones_chart_leaves_the_extra_hole_apart_as_the_servers_does(
    live_server, client, phone, lang, viewport
):
    """Issue 35: the extra hole adds to nobody's total; the chart draws the holes that
    count and its words say the extra hole was played, on the phone as on the server."""
    game = golf_game(client, extra_hole=True, holes=2)
    page = phone(lang, viewport=viewport)
    page.goto(live_server.url + url("game", game, lang))
    page.context.set_offline(True)
    t = texts(lang)
    second = [4, 2, 5]  # 7, 7 and 9: the first two tie
    type_hole(page, [str(s) for s in second], caller=None)
    type_hole(page, ["3", "1", None], caller=None)  # the extra hole, for the tied
    assert len(outbox(page)) == 2
    counted = golf_outcome(3, [FIRST_HOLE, second], 2)
    drawn = page.evaluate(CHART)
    assert drawn["rounds"] == str(len(counted.running))  # not the extra hole
    totals = ", ".join(f"{n} {signed(s)}" for n, s in zip(NAMES, counted.totals, strict=True))
    assert drawn["description"] == t["course_extra_other"] % {"n": 2, "totals": totals}
    labels = """() => [...document.querySelectorAll('#rounds tbody th')]
                  .map(th => th.firstChild.textContent.trim())"""
    assert page.evaluate(labels)[1:] == ["2", t["extra_row"]]  # the kept rows: one named
    with page.expect_navigation():
        page.context.set_offline(False)
    assert outbox(page) == []
    assert Game.objects.get(pk=game.pk).outcome().winners == [1]
    assert page.evaluate(CHART) == drawn
    assert page.evaluate(labels)[-1].startswith(t["extra_row"])  # the server's row too
