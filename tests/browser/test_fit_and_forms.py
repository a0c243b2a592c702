"""Six long names on the narrowest phone, and every refused form putting the reader on
its first problem, with JavaScript on and off, in a real Chromium."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from scorepad.models import Game, Round, Score
from tests.browser.conftest import (
    HAVE_CHROMIUM,
    axe_clean,
    focused_in_view,
    no_sideways_scroll,
    wait_for_worker,
)
from tests.conftest import make_game

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]

NARROW = {"width": 320, "height": 640}
PHONE = {"width": 360, "height": 740}
LONG_NAMES = (
    "Anne-Marthe Kristiansen",
    "Bjørn-Erik Halvorsen",
    "Karoline Solberg-Hansen",
    "Per Olav Thorsen",
    "Ingrid Marie Lunde",
    "Sverre Johannessen",
)
ROUNDS = [
    [12.5, 0.5, 31, 7.5, 19.5, 4],
    [3, 27.5, 9, 13, 0.5, 22],
    [18, 6, 14.5, 2, 25, 11],
    [7.5, 9, 3, 28, 4.5, 16],
]


def six_long_names():
    game = make_game(names=LONG_NAMES, variant="three_in_hand", threshold=100)
    players = list(game.players.order_by("position"))
    for number, points in enumerate(ROUNDS, start=1):
        rnd = Round.objects.create(game=game, number=number)
        Score.objects.bulk_create(
            Score(round=rnd, player=p, points=Decimal(str(v)))
            for p, v in zip(players, points, strict=True)
        )
    game.version = len(ROUNDS)
    game.save()
    return game


OUTSIDE = """() => {
  const width = document.documentElement.clientWidth;
  return Array.from(document.querySelectorAll('.scores *, .scores'))
    .filter(el => !el.closest('.sr'))
    .map(el => [el, el.getBoundingClientRect()])
    .filter(([el, r]) => r.width > 0 && (r.left < -0.5 || r.right > width + 0.5))
    .map(([el, r]) => el.tagName + ' ' + el.textContent.trim().slice(0, 20) + ' ' + r.right);
}"""

BROKEN_WORDS = """() => Array.from(document.querySelectorAll(
    '.player-name, .standings .name, .scores thead th'))
  .filter(el => getComputedStyle(el).overflowWrap !== 'normal'
                || el.scrollWidth > el.clientWidth + 1)
  .map(el => el.textContent.trim())"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_six_long_names_fit_320_px_without_sideways_scrolling(live_server, phone, lang):
    game = six_long_names()
    page = phone(lang, viewport=NARROW)
    with translation.override(lang):
        paths = [
            reverse("scorepad:game", args=[game.edit_token]),
            reverse("scorepad:watch", args=[game.watch_token]),
        ]
    for path in paths:
        page.goto(live_server.url + path)
        assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
        wrap = page.locator(".table-wrap")
        assert wrap.evaluate("w => w.scrollWidth <= w.clientWidth")
        assert page.evaluate(OUTSIDE) == []
        assert page.evaluate(BROKEN_WORDS) == []
        # The latest round: its number and every player's numbers on screen side by side.
        last = page.locator(".scores tbody tr").last
        last.scroll_into_view_if_needed()
        assert last.locator("th").inner_text().startswith(str(len(ROUNDS)))
        for cell in last.locator("td").all():
            box = cell.bounding_box()
            assert box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"]
        # Short names in the header; the full name for screen readers and on a tap.
        first = page.locator(".scores thead th[data-full]").first
        assert first.locator(".sr").inner_text() == LONG_NAMES[0]
        assert first.locator("[aria-hidden=true]").inner_text() == "AMK"
        first.click()
        assert LONG_NAMES[0] in page.locator("[data-full-name]").inner_text()
        axe_clean(page)


def start_page(page, live_server, lang):
    page.goto(live_server.url + ("/en/scorepad/" if lang == "en" else "/nb/poengblokk/"))


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_every_refused_form_focuses_its_first_problem_in_view(live_server, phone, lang, script):
    page = phone(lang, viewport=PHONE, java_script_enabled=script)
    player = "Player {}" if lang == "en" else "Spiller {}"
    start = "Start the game" if lang == "en" else "Start spillet"

    # The same name twice.
    start_page(page, live_server, lang)
    page.get_by_label(player.format(1), exact=True).fill("Kari")
    page.get_by_label(player.format(2), exact=True).fill("kari")
    page.get_by_role("button", name=start).click()
    page.locator(".errors").wait_for()
    assert focused_in_view(page, "name_1") == ["name_1", True]
    assert page.locator(".errors a[href='#id_name_1']").count() == 1

    # Another threshold, not given.
    start_page(page, live_server, lang)
    page.locator("input[name=game_length][value=custom]").check()
    page.get_by_role("button", name=start).click()
    page.locator(".errors").wait_for()
    assert focused_in_view(page, "threshold") == ["threshold", True]

    # Four players and «Seven cards»: the choice stays as made, and the conflict is said.
    start_page(page, live_server, lang)
    page.locator("select[name=player_count]").select_option("4")
    page.locator("input[name=variant][value=seven_cards]").check()
    if script:
        # Said beside the number of players and beside the variants, in the server's words.
        notes = page.locator("[data-variant-conflict]")
        assert notes.nth(0).is_visible() and notes.nth(1).is_visible()
        assert notes.nth(0).inner_text() == notes.nth(1).inner_text()
        assert "2" in notes.nth(0).inner_text()
        assert page.locator("input[name=variant]:checked").get_attribute("value") == "seven_cards"
        page.locator("input[name=more_players]").check()
        assert page.locator("input[name=variant]:checked").get_attribute("value") == "seven_cards"
    page.get_by_role("button", name=start).click()
    if not script:
        page.locator(".errors").wait_for()
    assert focused_in_view(page, "variant")[1]

    # A round with an impossible total, and an edit with one.
    game = make_game(threshold=500)
    with translation.override(lang):
        game_url = reverse("scorepad:game", args=[game.edit_token])
        edit_url = reverse("scorepad:edit-round", args=[game.edit_token, 1])
    page.goto(live_server.url + game_url)
    page.locator("input[name=points_0]").fill("3")
    page.locator("input[name=points_1]").fill("4")
    page.locator("form.round-form button[type=submit]").click()
    page.locator("form.round-form input[name=number][value='2']").wait_for(state="attached")
    page.locator("input[name=points_0]").fill("5")
    page.locator("input[name=points_1]").fill("999")
    page.locator("form.round-form button[type=submit]").click()
    page.locator(".player-entry.invalid").wait_for()
    assert focused_in_view(page, "points_1") == ["points_1", True]
    page.goto(live_server.url + edit_url)
    page.locator("input[name=points_1]").fill("abc")
    page.locator("form.round-form button[type=submit]").click()
    page.locator(".player-entry.invalid").wait_for()
    assert focused_in_view(page, "points_1") == ["points_1", True]

    # The rules page's own choices: another threshold out of range.
    page.goto(live_server.url + ("/en/rules/" if lang == "en" else "/nb/regler/"))
    page.locator("#choose > summary").click()
    page.locator("input[name=game_length][value=custom]").check()
    page.locator("input[name=threshold]").fill("0")
    page.locator("form.house-form button[type=submit]").click()
    page.locator(".house-form .errors").wait_for()
    assert focused_in_view(page, "threshold") == ["threshold", True]


# A disclosure's marker is drawn before its text (the header's game switch: an arrow after).
MARKERS = """() => Array.from(document.querySelectorAll('summary'))
  .filter(s => getComputedStyle(s, '::before').content === 'none'
            && getComputedStyle(s, '::after').content === 'none')
  .map(s => s.textContent.trim())"""


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_my_games_the_screen_toggle_and_what_opens_are_in_sight(live_server, phone, lang):
    page = phone(lang, viewport=PHONE)
    start_page(page, live_server, lang)
    page.get_by_label("Player 1" if lang == "en" else "Spiller 1", exact=True).fill("Kari")
    page.get_by_role("button", name="Start the game" if lang == "en" else "Start spillet").click()
    page.locator("form.round-form").wait_for()
    # The screen toggle sits near the top of the game page, on the first screen.
    toggle = page.locator("p.wake")
    assert toggle.bounding_box()["y"] < PHONE["height"] / 2
    page.locator("input[name=points_0]").fill("3")
    page.locator("input[name=points_1]").fill("4")
    page.locator("form.round-form button[type=submit]").click()
    page.locator("form.round-form input[name=number][value='2']").wait_for(state="attached")
    page.reload()  # the history and the card helper: every disclosure shows its marker
    assert page.locator("summary").count() >= 3
    assert page.evaluate(MARKERS) == []
    # "My games", the way back after a closed tab, on the scorepad page's first screen.
    start_page(page, live_server, lang)
    box = page.locator("#my-games").bounding_box()
    assert box["y"] + box["height"] <= PHONE["height"]
    assert page.locator(".my-games a").first.bounding_box()["y"] < PHONE["height"]
    page.goto(live_server.url + ("/en/rules/" if lang == "en" else "/nb/regler/"))
    assert page.evaluate(MARKERS) == []


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_kept_round_of_six_long_names_fits_320_px(live_server, phone, lang):
    """Without signal the kept round is a row of the table too: six players' numbers and
    "not sent" under its number, with no sideways scrolling."""

    game = six_long_names()
    page = phone(lang, viewport=NARROW)
    with translation.override(lang):
        page.goto(live_server.url + reverse("scorepad:game", args=[game.edit_token]))
    wait_for_worker(page)
    page.context.set_offline(True)
    for seat, total in enumerate(["3", "12", "7", "0", "21", "4"]):
        page.locator(f"input[name=points_{seat}]").fill(total)
    page.locator("form.round-form button[type=submit]").click()
    kept = page.locator(".scores tbody tr.kept")
    kept.wait_for()
    kept.scroll_into_view_if_needed()
    assert kept.locator("th").inner_text().split()[0] == str(len(ROUNDS) + 1)
    assert kept.locator("td").count() == len(LONG_NAMES)
    assert page.evaluate("document.documentElement.scrollWidth") <= NARROW["width"]
    assert page.locator(".table-wrap").evaluate("w => w.scrollWidth <= w.clientWidth")
    assert page.evaluate(OUTSIDE) == []
    for cell in kept.locator("th, td").all():
        box = cell.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= NARROW["width"]


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize(("lang", "size"), [("en", NARROW), ("nb", PHONE)])
def test_an_edit_refused_under_golfs_extra_hole_says_what_to_do_first(
    live_server, phone, lang, size, script
):
    """Hole 2 changed so that all three are tied, after Anna and Bo played the extra hole:
    the edit page comes back with the scores as typed and what to undo first, in view."""
    names = ["Anna", "Bo", "Cy"]
    game = Game.create_with_players(names, game="golf", holes=2, extra_hole=True)
    for number, points in enumerate([[-2, -2, -2], [-2, -2, 0], [0, -2, None]], start=1):
        scores = [None if p is None else Decimal(p) for p in points]
        change = Game.objects.get(pk=game.pk).add_round(number, scores, [""] * 3)
        assert change.result.value == "saved"
    page = phone(lang, viewport=size, java_script_enabled=script)
    with translation.override(lang):
        edit = reverse("scorepad:edit-round", args=[game.edit_token, 2])
    page.goto(live_server.url + edit)
    page.locator("input[name=points_2]").fill("\u22122")
    page.locator("form button[type=submit]").first.click()
    refusal = page.locator(".messages .message.warning")
    refusal.wait_for()
    said = " ".join(refusal.inner_text().split())
    assert said.startswith({"en": "Hole 2 was not changed", "nb": "Hull 2 ble ikke endret"}[lang])
    assert page.locator("input[name=points_2]").input_value() == "\u22122"  # as typed
    box = refusal.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= size["height"]
    no_sideways_scroll(page)
    assert Game.objects.get(pk=game.pk).live_rounds[1].points == (-2, -2, 0)
