"""The game night in a real Chromium at phone size: the chart at 320 px with six players in
both languages, light, dark and printed; a name put right seen on a watching phone, with
JavaScript on and off; the result picture shared (downloaded here); the new pages pass axe.
"""

import pytest
from django.urls import reverse
from django.utils import translation
from playwright.sync_api import expect

from scorepad.logic import chart
from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, axe_clean, no_sideways_scroll
from tests.conftest import make_game, play

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
SIX = ("Anna", "Bo", "Cy", "Dag", "Eve", "Frøydis Margrethe")
NARROW = {"width": 320, "height": 640}


def address(name, token, lang):
    with translation.override(lang):
        return reverse(f"scorepad:{name}", args=[token])


def six_player_game():
    game = make_game(SIX, variant="three_in_hand", jack="0.5", threshold=21)
    return play(
        game, (3, 5, 2, 4, 6, 1), (4, 1, 7, 3, 2, 5), (2.5, 4, 3, 5, 1, 6), (1, 2, 0, 4, 3, 3)
    )


READ_CHART = """svg => {
  const box = svg.getBoundingClientRect();
  const top = Number(svg.dataset.top);
  const lines = [...svg.querySelectorAll('g.player')].map(g => {
    const line = g.querySelector('polyline');
    const points = line.getAttribute('points').trim().split(/\\s+/)
      .map(p => p.split(',').map(Number));
    const label = g.querySelector('text.name').getBoundingClientRect();
    const style = getComputedStyle(line);
    return {total: Number(g.dataset.total), points, stroke: style.stroke,
            dash: style.strokeDasharray,
            marker: svg.querySelector('#mark-' + g.dataset.seat + ' path').getAttribute('d'),
            label: {left: label.left, right: label.right, top: label.top, bottom: label.bottom,
                    height: label.height}};
  });
  const threshold = svg.querySelector('.threshold line');
  return {box: {left: box.left, right: box.right, top: box.top, bottom: box.bottom}, top, lines,
          threshold: threshold && {value: Number(threshold.parentNode.dataset.threshold),
                                   y: Number(threshold.getAttribute('y1'))},
          background: getComputedStyle(document.body).backgroundColor};
}"""


def luminance(rgb):
    def channel(c):
        c = c / 255
        return c / 12.92 if c <= 0.03928 else ((c + 0.055) / 1.055) ** 2.4

    r, g, b = rgb
    return 0.2126 * channel(r) + 0.7152 * channel(g) + 0.0722 * channel(b)


def contrast(a, b):
    high, low = sorted((luminance(a), luminance(b)), reverse=True)
    return (high + 0.05) / (low + 0.05)


def rgb(css):
    return tuple(int(float(n)) for n in css[css.index("(") + 1 : css.index(")")].split(",")[:3])


@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("scheme", ["light", "dark"])
def test_the_chart_reads_at_320_px_with_six_players(live_server, phone, lang, scheme):
    game = six_player_game()
    totals = game.outcome().totals
    page = phone(lang, color_scheme=scheme)
    page.set_viewport_size(NARROW)
    page.goto(live_server.url + address("game", game.edit_token, lang))
    no_sideways_scroll(page)
    svg = page.locator("svg.course-svg")
    svg.scroll_into_view_if_needed()
    drawn = svg.evaluate(READ_CHART)
    bottom, plot_top = chart.HEIGHT - chart.BOTTOM, chart.TOP
    assert [line["total"] for line in drawn["lines"]] == [float(t) for t in totals]
    for line in drawn["lines"]:
        assert len(line["points"]) == 4  # one point per live round
        expected = bottom - line["total"] / drawn["top"] * (bottom - plot_top)
        assert line["points"][-1][1] == pytest.approx(expected, abs=0.06)
    assert drawn["threshold"]["value"] == 21
    assert drawn["threshold"]["y"] == pytest.approx(
        bottom - 21 / drawn["top"] * (bottom - plot_top), abs=0.06
    )
    # Six lines told apart by colour, by marker and by stroke; every colour stands out
    # from the page's background (3:1, as graphics must), in light and in dark mode
    assert len({line["stroke"] for line in drawn["lines"]}) == 6
    assert len({line["marker"] for line in drawn["lines"]}) == 6
    background = rgb(drawn["background"])
    for line in drawn["lines"]:
        assert contrast(rgb(line["stroke"]), background) >= 3, line["stroke"]
    # The names at the line ends: readable, inside the chart, none on top of another
    labels = sorted((line["label"] for line in drawn["lines"]), key=lambda b: b["top"])
    for label in labels:
        assert label["height"] >= 10
        assert drawn["box"]["left"] <= label["left"] and label["right"] <= drawn["box"]["right"] + 1
    for upper, lower in zip(labels, labels[1:], strict=False):
        assert upper["bottom"] <= lower["top"] + 1.5, (upper, lower)
    # The numbers along both sides, the axis's name and the threshold's label: each
    # whole inside the chart, none on another (the word "round" once sat on the 1)
    texts = svg.evaluate(
        """svg => [...svg.querySelectorAll(".grid text, .threshold text")].map(t => {
            const b = t.getBoundingClientRect();
            return {text: t.textContent, left: b.left, right: b.right, top: b.top,
                    bottom: b.bottom};
        })"""
    )
    box = drawn["box"]
    for text in texts:
        assert box["left"] - 0.5 <= text["left"] and text["right"] <= box["right"] + 0.5, text
    for i, one in enumerate(texts):
        for other in texts[i + 1 :]:
            apart = (
                one["right"] <= other["left"] + 0.5
                or other["right"] <= one["left"] + 0.5
                or one["bottom"] <= other["top"] + 0.5
                or other["bottom"] <= one["top"] + 0.5
            )
            assert apart, (one, other)
    # The accessible name in the page's language
    title = "The course of the game" if lang == "en" else "Slik gikk spillet"
    expect(page.get_by_role("img", name=title)).to_be_visible()
    axe_clean(page)
    # Printed in black and white: every line black, still told apart by marker and dash
    page.emulate_media(media="print")
    printed = svg.evaluate(READ_CHART)
    assert {line["stroke"] for line in printed["lines"]} == {"rgb(0, 0, 0)"}
    assert len({(line["marker"], line["dash"]) for line in printed["lines"]}) == 6


def test_the_watch_page_draws_the_chart_and_it_follows_the_game(live_server, phone):
    game = play(make_game(("Anna", "Bo")), (3, 5))
    watcher = phone("nb")
    watcher.set_viewport_size(NARROW)
    watcher.goto(live_server.url + address("watch", game.watch_token, "nb"))
    expect(watcher.locator("svg.course-svg polyline").first).to_have_attribute(
        "points",
        "135.0,158.3",  # round 1 in the middle, 3 of 25 up
    )
    play(Game.objects.get(pk=game.pk), (4, 2))
    expect(watcher.locator("svg.course-svg g.player").first).to_have_attribute(
        "data-total", "7.0", timeout=10_000
    )
    assert (
        watcher.locator("svg.course-svg g.player").first.evaluate(
            "g => g.querySelector('polyline').getAttribute('points').split(' ').length"
        )
        == 2
    )
    no_sideways_scroll(watcher)
    axe_clean(watcher)


@pytest.mark.parametrize("javascript", [True, False])
def test_a_name_put_right_shows_on_a_watching_phone(live_server, phone, javascript):
    game = play(make_game(("Anna", "Bo")), (3, 5))
    watcher = phone("en")
    watcher.goto(live_server.url + address("watch", game.watch_token, "en"))
    expect(watcher.locator(".standings")).to_contain_text("Bo")
    keeper = phone("en", java_script_enabled=javascript)
    keeper.goto(live_server.url + address("game", game.edit_token, "en"))
    keeper.get_by_text("Correct a name").click()

    keeper.get_by_label("Player", exact=True).select_option(label="Bo")
    keeper.get_by_label("New name").fill("Bodil")
    keeper.get_by_role("button", name="Change the name").click()
    expect(keeper.locator("#board")).to_contain_text("Bo is now called Bodil.")
    expect(keeper.locator(".standings")).to_contain_text("Bodil")
    # the watching phone follows by itself (its page polls; without JavaScript it reloads)
    expect(watcher.locator(".standings")).to_contain_text("Bodil", timeout=20_000)
    expect(watcher.locator("svg.course-svg")).to_contain_text("Bodil")
    # the same name twice is refused, in the form, with the error beside the field
    keeper.get_by_text("Correct a name").click()
    keeper.get_by_label("Player", exact=True).select_option(label="Anna")
    keeper.get_by_label("New name").fill("bodil")
    keeper.get_by_role("button", name="Change the name").click()
    expect(keeper.locator("#rename-name-error")).to_contain_text(
        "Another player is already called Bodil."
    )
    expect(keeper.get_by_label("New name")).to_have_value("bodil")
    if javascript:  # axe runs as a script in the page
        axe_clean(keeper)


@pytest.mark.parametrize("javascript", [True, False])
def test_the_result_is_shared_or_downloaded_as_a_picture(live_server, phone, javascript):
    game = play(make_game(("Anna", "Bo")), (3, 5), (19, 2))
    page = phone("nb", java_script_enabled=javascript)
    page.goto(live_server.url + address("game", game.edit_token, "nb"))
    share = page.get_by_role("link", name="Del resultatet")
    expect(share).to_be_visible()
    # Headless Chromium on Linux cannot share files, so the link downloads the picture
    with page.expect_download() as download:
        share.click()
    assert download.value.suggested_filename.endswith(".png")
    with open(download.value.path(), "rb") as picture:
        assert picture.read(8) == b"\x89PNG\r\n\x1a\n"
    if javascript:
        axe_clean(page)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_statistics_and_a_series_in_my_games_pass_axe(live_server, phone, lang):
    page = phone(lang)
    page.set_viewport_size(NARROW)
    start = live_server.url + ("/en/scorepad/" if lang == "en" else "/nb/poengblokk/")
    page.goto(start)
    # two games of one evening through the forms, as a player would
    page.locator("#id_name_0").fill("Anna")
    page.locator("#id_name_1").fill("Bo")
    page.locator("form.new-game button[type=submit]").click()
    page.locator("form.round-form").wait_for()  # on the new game's page, not on its way
    game = Game.objects.get()
    play(game, (3, 5))
    game.refresh_from_db()
    game.rename_player(1, "Bodil")
    page.reload()
    page.locator(".result, form[action$='/']").first.wait_for(state="attached")
    page.goto(start)
    no_sideways_scroll(page)
    axe_clean(page)
    link = "Statistics of my games" if lang == "en" else "Statistikk for spillene mine"
    page.get_by_role("link", name=link).click()
    expect(page.get_by_role("heading", level=1)).to_have_text(link)
    expect(page.locator("table.statistics")).to_contain_text("Bodil")
    no_sideways_scroll(page)
    axe_clean(page)
    page.emulate_media(color_scheme="dark")
    axe_clean(page)
