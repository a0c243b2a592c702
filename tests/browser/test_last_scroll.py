"""The last scroll a hole (issue 36, item 10) and the fold after a refusal: at 320×640 a
Golf game of four with the caller penalty shows, after a save, the next hole's four
fields, "who went out first" (four-card: who knocked) and Save without scrolling, with
the script and without, in both languages; Ghost's round of four stays as it was; a
refused Ghost round of four at 360×640 shows the marked fields and Save. Measured with
bounding boxes against the viewport."""

import pytest
from django.utils import translation

from rules.games.golf.pad.forms import HoleForm
from tests.browser.conftest import (
    HAVE_CHROMIUM,
    axe_clean,
    focused_in_view,
    inside,
    no_sideways_scroll,
)
from tests.conftest import golf, make_game, url

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
    pytest.mark.django_db(transaction=True),
]
NARROW = {"width": 320, "height": 640}
SHORT = {"width": 360, "height": 640}
BOTH = pytest.mark.parametrize("lang", ["en", "nb"])
SCRIPT = pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
# The evening's table: two long names, two short.
FOUR = ("Anne-Marthe Kristiansen", "Bjørn-Erik Haugland", "Kari", "Ola Nordmann")
HOLES = ((("4", "5", "6", "7"), 0), (("5", "4", "6", "7"), 1), (("3", "\u22122", "0", "8"), 3))


def board_at_top(page):
    """Until the board opens the screen: htmx's scroll after its swap, or the address's
    #board without the script."""
    page.wait_for_function(
        "() => Math.abs(document.getElementById('board').getBoundingClientRect().top) < 2"
    )


def question(game, lang):
    """The form's own words for "who went out first" at this table."""
    with translation.override(lang):
        form = HoleForm(game=game, players=game.player_list)
        return str(form.fields["caller"].label)


def hole_in_view(page, asked):
    """The hole's four fields, its question and a circle a player (44 px a side, each
    named by the question and the player), and Save, all on the screen."""
    for seat in range(4):
        field = page.locator(f"input[name=points_{seat}]")
        assert inside(field.bounding_box(), NARROW), (seat, field.bounding_box())
        circle = page.locator(f"label.went-out:has(input[name=caller][value='{seat}'])")
        box = circle.bounding_box()
        assert inside(box, NARROW), (seat, box)
        assert box["height"] >= 44 and box["width"] >= 44, box
        radio = page.get_by_role("radio", name=f"{asked} {FOUR[seat]}", exact=True)
        assert radio.count() == 1
    head = page.locator("#field-caller .caller-question")
    assert head.inner_text() == asked
    assert inside(head.bounding_box(), NARROW), head.bounding_box()
    save = page.locator("form.round-form button[type=submit]")
    assert inside(save.bounding_box(), NARROW), save.bounding_box()


@BOTH
@SCRIPT
@pytest.mark.parametrize("variant", ["six_card", "four_card"])
def test_after_a_save_a_hole_of_four_with_the_caller_penalty_fits_320x640(
    live_server, phone, lang, script, variant
):
    game = golf(FOUR, caller_penalty=True, variant=variant)
    asked = question(game, lang)
    page = phone(lang, viewport=NARROW, java_script_enabled=script)
    page.goto(live_server.url + url("game", game, lang))
    for number, (values, caller) in enumerate(HOLES, start=1):
        for seat, value in enumerate(values):
            page.locator(f"input[name=points_{seat}]").fill(value)
        page.locator(f"label.went-out:has(input[name=caller][value='{caller}'])").click()
        assert page.locator("input[name=caller]:checked").get_attribute("value") == str(caller)
        page.locator("form.round-form button[type=submit]").click()
        page.locator(f"form.round-form input[name=number][value='{number + 1}']").wait_for(
            state="attached"
        )
        board_at_top(page)
        hole_in_view(page, asked)
        assert page.locator("input[name=caller]:checked").count() == 0  # asked anew
    assert game.rounds.count() == len(HOLES)
    # The rule, one tap away beside the question, says the whole of it.
    rule = page.locator("#field-caller details.caller-rule")
    rule.locator("summary").click()
    assert rule.locator(".hint").is_visible()
    no_sideways_scroll(page)
    if script:
        axe_clean(page)


@BOTH
@SCRIPT
def test_after_a_save_ghosts_round_of_four_fits_320x640_as_before(live_server, phone, lang, script):
    game = make_game(("Anna", "Bo", "Cy", "Dag"), threshold=100)
    page = phone(lang, viewport=NARROW, java_script_enabled=script)
    page.goto(live_server.url + url("game", game, lang))
    for number, values in ((1, ("8", "7", "9", "6")), (2, ("6", "5", "7", "8"))):
        for seat, value in enumerate(values):
            page.locator(f"input[name=points_{seat}]").fill(value)
        page.locator("form.round-form button[type=submit]").click()
        page.locator(f"form.round-form input[name=number][value='{number + 1}']").wait_for(
            state="attached"
        )
        board_at_top(page)
        for seat in range(4):
            field = page.locator(f"input[name=points_{seat}]")
            assert inside(field.bounding_box(), NARROW), (seat, field.bounding_box())
        save = page.locator("form.round-form button[type=submit]")
        # 609 px before issue 36's fold; no lower now
        assert save.bounding_box()["y"] + save.bounding_box()["height"] <= 609.5
    no_sideways_scroll(page)


@BOTH
@SCRIPT
@pytest.mark.parametrize(
    "typed", [("1", "2", "5", "6"), ("5", "6", "2", "1")], ids=["first", "third"]
)
def test_a_refused_ghost_round_of_four_shows_its_marked_fields_and_save_at_360x640(
    live_server, phone, lang, script, typed
):
    """Totals 1 and 2 together cannot be dealt from one deck (issue 35): the round is
    refused, the summary, the marked fields with their reason and Save are on the screen,
    and the focus is on the first marked field."""
    game = make_game(("Anna", "Bo", "Cy", "Dag"), threshold=100)
    page = phone(lang, viewport=SHORT, java_script_enabled=script)
    page.goto(live_server.url + url("game", game, lang))
    for seat, value in enumerate(typed):
        page.locator(f"input[name=points_{seat}]").fill(value)
    page.locator("form.round-form button[type=submit]").click()
    page.locator(".player-entry.invalid").first.wait_for()
    first = "points_0" if typed[0] == "1" else "points_2"
    assert focused_in_view(page, first) == [first, True]
    assert game.rounds.count() == 0
    page.wait_for_function("() => !document.querySelector('.htmx-request')")
    for part in ("form.round-form .errors", ".player-entry.invalid .error"):
        box = page.locator(part).first.bounding_box()
        assert inside(box, SHORT), (part, box)
    for seat in range(4):
        field = page.locator(f"input[name=points_{seat}]")
        assert inside(field.bounding_box(), SHORT), (seat, field.bounding_box())
    save = page.locator("form.round-form button[type=submit]")
    assert inside(save.bounding_box(), SHORT), save.bounding_box()
    # what was typed is still there
    assert [page.locator(f"input[name=points_{s}]").input_value() for s in range(4)] == list(typed)
    no_sideways_scroll(page)


@BOTH
@pytest.mark.parametrize("kind", ["golf", "ghost"])
def test_a_round_kept_offline_shows_the_note_the_next_form_and_save_at_320x640(
    live_server, phone, lang, kind
):
    """Reported (issue 36): without a connection, the "waiting on this phone" list and the
    note pushed the next hole's Save below the fold. The note now opens the screen, the
    list above it; below it the standings, the next round's fields and Save."""
    if kind == "golf":
        game = golf(FOUR, caller_penalty=True)
    else:
        game = make_game(("Anna", "Bo", "Cy", "Dag"), threshold=100)
    page = phone(lang, viewport=NARROW)
    page.goto(live_server.url + url("game", game, lang))
    page.context.set_offline(True)
    typed = ("4", "5", "6", "7") if kind == "golf" else ("8", "7", "9", "6")  # one deal's
    for seat, value in enumerate(typed):
        page.locator(f"input[name=points_{seat}]").fill(value)
    if kind == "golf":
        page.locator("label.went-out:has(input[name=caller][value='0'])").click()
    page.locator("form.round-form button[type=submit]").click()
    note = page.locator("[data-outbox-message]")
    note.wait_for()
    page.locator("[data-outbox] li.waiting").wait_for(state="attached")
    page.wait_for_function(
        "() => Math.abs(document.querySelector('[data-outbox-message]')"
        ".getBoundingClientRect().top) < 2"
    )
    assert inside(note.bounding_box(), NARROW), note.bounding_box()
    assert page.locator("form.round-form input[name=number]").input_value() == "2"
    if kind == "golf":
        hole_in_view(page, question(game, lang))
    else:
        for seat in range(4):
            field = page.locator(f"input[name=points_{seat}]")
            assert inside(field.bounding_box(), NARROW), (seat, field.bounding_box())
        save = page.locator("form.round-form button[type=submit]")
        assert inside(save.bounding_box(), NARROW), save.bounding_box()
    assert game.rounds.count() == 0  # kept on the phone, not sent
