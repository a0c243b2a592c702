"""Issue 29: Golf's rules page in Debian's Chromium at 320 and 360 px, in both
languages: nothing sideways, the language switch keeps the table; the layout picture of
each variant in light and dark, its labels inside it and clear of the cards, and axe;
the card at a glance and the score sheet on one A4 page each."""

from __future__ import annotations

import pytest
from django.utils import translation

from rules.games.golf import cards
from rules.views import house_url
from tests.browser.conftest import (
    HAVE_CHROMIUM,
    LANGS,
    apart,
    axe_clean,
    no_sideways_scroll,
    nothing_cut_off,
    pdf_pages,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]

DRAWN = """svg => {
  const box = e => { const r = e.getBoundingClientRect();
                     return {x: r.left, y: r.top, r: r.right, b: r.bottom, what: e.textContent}; };
  return {
    svg: box(svg),
    labels: [...svg.querySelectorAll('text.label')].map(box),
    cards: [...svg.querySelectorAll('rect.back, rect.face')].map(box),
  };
}"""


def address(house, language):
    with translation.override(language):
        return house_url("rules", house)


@pytest.mark.parametrize("width", [320, 360])
@pytest.mark.parametrize("language", ["en", "nb"])
def test_golfs_rules_fit_a_phone_and_the_switch_keeps_the_table(
    live_server, browser, language, width
):
    house = cards.GolfHouse(variant="nine_card", jokers="pagat", extra_hole=True)
    context = browser.new_context(
        viewport={"width": width, "height": 700}, locale=LANGS[language], is_mobile=True
    )
    page = context.new_page()
    page.goto(live_server.url + address(house, language))
    no_sideways_scroll(page)
    assert page.locator("h1").inner_text() in ("The rules of Golf", "Reglene for Golf")
    other = "nb" if language == "en" else "en"
    page.locator(f"a.lang[hreflang='{other}']").click()
    page.wait_for_load_state()
    assert page.url == live_server.url + address(house, other)
    no_sideways_scroll(page)
    context.close()


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("variant", list(cards.VARIANTS))
def test_the_layout_picture_reads_at_320_px_in_light_and_dark(
    live_server, browser, variant, language, scheme
):
    context = browser.new_context(
        viewport={"width": 320, "height": 640}, locale=LANGS[language], color_scheme=scheme
    )
    page = context.new_page()
    page.goto(live_server.url + address(cards.GolfHouse(variant=variant), language))
    no_sideways_scroll(page)
    svg = page.locator(f"svg[aria-labelledby^='layout-{variant}']")
    svg.scroll_into_view_if_needed()
    drawn = svg.evaluate(DRAWN)
    frame = drawn["svg"]
    assert frame["r"] <= 320
    layout = cards.VARIANTS[variant]
    assert svg.locator("rect.empty").count() == layout.columns  # each column framed
    assert svg.locator("rect.seen").count() == (layout.turned_up or layout.peeked)
    for label in drawn["labels"]:
        inside = frame["x"] <= label["x"] and label["r"] <= frame["r"] and frame["y"] <= label["y"]
        assert inside and label["b"] <= frame["b"], label["what"]
        for card in drawn["cards"]:
            assert apart(label, card), (label["what"], card)
    for i, one in enumerate(drawn["labels"]):
        for other in drawn["labels"][i + 1 :]:
            assert apart(one, other), (one["what"], other["what"])
    felt = svg.locator(".felt").evaluate("e => getComputedStyle(e).fill")
    assert (felt == "rgb(31, 34, 31)") == (scheme == "dark")
    axe_clean(page)
    context.close()


PRINTED = [
    cards.GolfHouse(),
    cards.GolfHouse(variant="four_card", jokers="pagat", caller_penalty=True),
    cards.GolfHouse(variant="nine_card", flip=True, extra_hole=True),
    cards.GolfHouse(jokers="minus_five", four_of_a_kind="square", extra_hole=True),
]


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize(
    "house", PRINTED, ids=["defaults", "four-card", "nine-card", "six-card-house-rules"]
)
@pytest.mark.parametrize("kind", ["card", "sheet"])
def test_the_card_and_the_sheet_print_on_one_a4_page(live_server, browser, kind, house, language):
    page = browser.new_page()
    args = (cards.PLAYER_RANGE[1],) if kind == "sheet" else ()
    with translation.override(language):
        page.goto(live_server.url + house_url(kind, house, *args))
    assert pdf_pages(page) == 1
    nothing_cut_off(page)
    page.close()
