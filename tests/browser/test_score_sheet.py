"""The scorepad as a score sheet at the table: in a real Chromium at 360×740 and 320×640,
in both languages, with 2 and 6 players."""

import shutil
import subprocess

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from tests.browser.conftest import HAVE_CHROMIUM, LANGS, WAKE_LOCK_STUB, focused_in_view
from tests.conftest import make_game

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
    pytest.mark.django_db(transaction=True),
]
SIZES = {"360": {"width": 360, "height": 740}, "320": {"width": 320, "height": 640}}
NAMES = {
    2: ("Kristoffer", "Anna"),
    6: ("Kristoffer", "Anna", "Bo", "Cleo", "Sigrid", "Eva"),
}
TEXT = {
    "en": {"round2": "Round 2", "lost": "has lost the game", "failed": "Not saved – try again"},
    "nb": {"round2": "Runde 2", "lost": "har tapt spillet", "failed": "Ikke lagret – prøv igjen"},
}


@pytest.fixture
def sheet(browser, live_server):
    contexts = []

    def open_game(lang="en", players=2, size="360", threshold=21, **options):
        game = make_game(
            names=NAMES[players],
            variant="standard" if players == 2 else "three_in_hand",
            threshold=threshold,
        )
        context = browser.new_context(
            viewport=SIZES[size], locale=LANGS[lang], has_touch=True, is_mobile=True, **options
        )
        context.set_default_timeout(10_000)
        contexts.append(context)
        page = context.new_page()
        with translation.override(lang):
            page.goto(live_server.url + reverse("scorepad:game", args=[game.edit_token]))
        return game, page

    yield open_game
    for context in contexts:
        context.close()


def in_view(page, locator, timeout=5000):
    """Whether the element is, or within `timeout` ms comes, wholly on screen: the page
    scrolls a frame after htmx settles, so a check made at once can race it. The element
    is found again on every look (Playwright's own retry): the offline standings putting
    the server's figures back can replace it in the meantime."""
    try:
        expect(locator).to_be_in_viewport(ratio=1, timeout=timeout)
    except AssertionError:
        return False
    return True


def fill_round(page, totals):
    inputs = page.locator("form.round-form input[inputmode=decimal]")
    for i, total in enumerate(totals):
        inputs.nth(i).fill(total)
    page.locator("form.round-form button[type=submit]").click()


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_after_a_save_every_total_is_in_view(sheet, lang, players, size):
    _game, page = sheet(lang, players, size)
    fill_round(page, ["20"] * players)  # totals one deck deals together (issue 35)
    page.locator("[data-round-heading]", has_text=TEXT[lang]["round2"]).wait_for()
    totals = page.locator(".standings .total")
    assert totals.count() == players
    for i in range(players):
        assert in_view(page, totals.nth(i)), f"total {i + 1} is out of view"
    no_sideways_scroll(page)


@pytest.mark.parametrize("players", [2, 6])
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_after_the_deciding_save_the_loser_is_named_in_view(sheet, lang, players):
    _game, page = sheet(lang, players, threshold=10)
    fill_round(page, ["12"] + ["9"] * (players - 1))
    sentence = page.locator(".result p.big")
    sentence.wait_for()
    assert TEXT[lang]["lost"] in sentence.inner_text()
    assert NAMES[players][0] in sentence.inner_text()
    assert NAMES[players][1] in sentence.inner_text()  # the winner, lowest total
    assert in_view(page, sentence)
    assert in_view(page, page.locator(".result button[type=submit]"))  # Rematch under it


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_after_an_impossible_total_the_field_has_focus_and_is_in_view(sheet, lang, size):
    _game, page = sheet(lang, 6, size)
    fill_round(page, ["3", "4", "5", "6", "7", "200"])
    page.locator(".player-entry.invalid").wait_for()
    assert focused_in_view(page, "points_5") == ["points_5", True]
    assert in_view(page, page.locator(".player-entry.invalid .error"))


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_a_failed_save_says_so_on_the_button_and_keeps_the_numbers(sheet, lang):
    _game, page = sheet(lang)
    page.route("**/round/", lambda route: route.fulfill(status=503, body="down"))
    page.route("**/runde/", lambda route: route.fulfill(status=503, body="nede"))
    fill_round(page, ["3,5", "12"])
    button = page.locator("form.round-form button[type=submit]")
    button.filter(has_text=TEXT[lang]["failed"]).wait_for()
    assert button.is_enabled()
    assert page.locator("input[name=points_0]").input_value() == "3,5"


def words_split_across_lines(page, selector):
    return page.evaluate(
        """(selector) => {
            const split = [];
            for (const cell of document.querySelectorAll(selector)) {
                const walker = document.createTreeWalker(cell, NodeFilter.SHOW_TEXT);
                for (let node = walker.nextNode(); node; node = walker.nextNode()) {
                    const re = /\\S+/g;
                    let m;
                    while ((m = re.exec(node.data))) {
                        const range = document.createRange();
                        range.setStart(node, m.index);
                        range.setEnd(node, m.index + m[0].length);
                        const tops = Array.from(range.getClientRects()).map(r => Math.round(r.top));
                        const lines = new Set(tops);
                        if (lines.size > 1) split.push(m[0]);
                    }
                }
            }
            return split;
        }""",
        selector,
    )


def no_sideways_scroll(page):
    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= page.viewport_size["width"]


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_no_word_is_split_in_any_table_cell(sheet, live_server, lang, size):
    _game, page = sheet(lang, 6, size)
    fill_round(page, ["13", "12", "15", "7", "12", "9"])
    page.locator("table.scores").wait_for()
    assert words_split_across_lines(page, "main td, main th, main caption") == []
    for path in {"en": ("/en/rules/", "/en/variants/"), "nb": ("/nb/regler/", "/nb/varianter/")}[
        lang
    ]:
        page.goto(live_server.url + path)
        assert words_split_across_lines(page, "main td, main th, main caption") == [], path
        no_sideways_scroll(page)


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_every_control_is_at_least_44_by_44(sheet, lang, size):
    _game, page = sheet(lang, 6, size)
    fill_round(page, ["13", "12", "15", "7", "12", "9"])
    page.locator("table.scores").wait_for()
    page.locator(".helper summary").first.click()  # the rank buttons show
    small = page.evaluate(
        """() => Array.from(document.querySelectorAll(
                'main button, main input:not([type=hidden]), main select, main summary, '
                + 'main .links a, main .scores th a, .site-header a'))
            .filter(e => e.offsetParent !== null)
            .map(e => [e.outerHTML.slice(0, 60), e.getBoundingClientRect()])
            .filter(([_, r]) => r.width < 44 || r.height < 44)
            .map(([html, r]) => html + ' ' + Math.round(r.width) + 'x' + Math.round(r.height))"""
    )
    assert small == []
    header = page.locator(".site-header").bounding_box()
    assert header["height"] < 60, "the header wraps to a second line"


@pytest.mark.skipif(not shutil.which("zbarimg"), reason="zbarimg (zbar-tools) is not installed")
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_qr_code_decodes_to_the_watch_link(sheet, live_server, tmp_path, lang):
    game, page = sheet(lang)
    shot = tmp_path / "qr.png"
    page.locator(".qr svg").screenshot(path=str(shot))
    decoded = subprocess.run(
        ["zbarimg", "--quiet", "--raw", str(shot)], capture_output=True, text=True, check=True
    ).stdout.strip()
    # The shared link names no language: each phone that scans it gets its own.
    assert decoded == live_server.url + reverse("watch-link", args=[game.watch_token])


def test_the_qr_code_is_required_in_ci():
    import os

    if os.environ.get("CI") == "true":
        assert shutil.which("zbarimg"), ".ci/run must install zbar-tools"


@pytest.mark.parametrize(("lang", "done"), [("en", "Link copied"), ("nb", "Lenken er kopiert")])
def test_share_copies_the_watch_link_where_there_is_no_share_sheet(sheet, live_server, lang, done):
    game, page = sheet(lang, permissions=["clipboard-read", "clipboard-write"])
    page.add_init_script("delete Navigator.prototype.share")
    page.reload()
    page.locator("[data-share]").click()
    page.locator("[data-share-done]", has_text=done).wait_for()
    watch = live_server.url + reverse("watch-link", args=[game.watch_token])
    assert page.evaluate("navigator.clipboard.readText()") == watch


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_keep_the_screen_on_asks_for_a_lock_and_again_when_back_in_view(sheet, lang):
    _game, page = sheet(lang)
    page.add_init_script(WAKE_LOCK_STUB)
    page.reload()
    toggle = page.locator("[data-wake-lock]")
    assert toggle.get_attribute("aria-pressed") == "false"
    toggle.click()
    assert toggle.get_attribute("aria-pressed") == "true"
    assert page.evaluate("window.__locks.length") == 1
    # Hidden, the browser drops the lock; back in view, the page asks again.
    page.evaluate("window.__locks[0].released = true")
    page.evaluate("document.dispatchEvent(new Event('visibilitychange'))")
    assert page.evaluate("window.__locks.length") == 2


def test_keep_the_screen_on_is_hidden_where_the_api_is_missing(sheet):
    _game, page = sheet("en")
    page.add_init_script("delete Navigator.prototype.wakeLock")
    page.reload()
    assert page.locator("[data-wake-lock]").is_hidden()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_with_javascript_off_the_strip_comes_first_after_a_save(sheet, lang):
    _game, page = sheet(lang, 2, java_script_enabled=False)
    fill_round(page, ["3", "4"])
    page.locator("form.round-form h2", has_text=TEXT[lang]["round2"]).wait_for()
    for i in range(2):
        assert in_view(page, page.locator(".standings .total").nth(i))
    strip = page.locator(".standings").bounding_box()["y"]
    assert strip < page.locator("form.round-form").bounding_box()["y"]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_enter_moves_on_and_never_saves_half_a_round(sheet, lang):
    game, page = sheet(lang, 6)
    assert page.locator("input[name=points_5]").get_attribute("enterkeyhint") == "done"
    assert page.locator("input[name=points_0]").get_attribute("enterkeyhint") == "next"
    page.locator("input[name=points_0]").fill("13")
    page.locator("input[name=points_0]").press("Enter")
    assert page.evaluate("document.activeElement.name") == "points_1"
    for i in range(1, 6):  # totals one deck deals together (issue 35)
        page.locator(f"input[name=points_{i}]").fill("14")
    page.locator("input[name=points_5]").press("Enter")
    page.locator("[data-round-heading]", has_text=TEXT[lang]["round2"]).wait_for()
    assert game.rounds.count() == 1


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_more_players_than_a_variant_allows_keeps_the_choice_and_says_why(
    browser, live_server, lang
):
    context = browser.new_context(viewport=SIZES["360"], locale=LANGS[lang], is_mobile=True)
    page = context.new_page()
    page.goto(live_server.url + {"en": "/en/scorepad/", "nb": "/nb/poengblokk/"}[lang])
    conflict = page.locator("[data-variant-conflict]").first
    page.locator("select[name=player_count]").select_option("4")
    standard = page.locator("input[name=variant][value=standard]")
    assert standard.is_checked() and standard.is_enabled()  # nothing changed behind the back
    # Four at the five-card game take its house rule, as the hint says: nothing red
    assert conflict.is_hidden()
    page.locator("input[name=variant][value=seven_cards]").check()
    assert conflict.is_visible()  # «Seven cards» is for two: said before sending
    page.locator("select[name=player_count]").select_option("2")
    assert conflict.is_hidden()
    context.close()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_six_players_strip_and_save_fit_in_two_screens_and_the_strip_in_one(sheet, lang):
    _game, page = sheet(lang, 6)
    fill_round(page, ["13", "12", "15", "7", "12", "9"])
    page.locator("[data-round-heading]", has_text=TEXT[lang]["round2"]).wait_for()
    screen = page.viewport_size["height"]
    bottom_of_save = page.evaluate(
        "document.querySelector('form.round-form button[type=submit]')"
        ".getBoundingClientRect().bottom + window.scrollY"
    )
    assert bottom_of_save <= 2 * screen
    assert page.locator(".standings").bounding_box()["height"] <= screen
