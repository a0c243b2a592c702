"""Issue 17: the table picture of a table where more than two play, read in Debian's
Chromium on the narrowest phone (320 px), in both languages, light and dark: nothing
sideways, every label inside the picture, clear of the cards and of the other labels."""

import pytest
from django.utils import translation

from rules.games.ghost import cards
from rules.views import house_url
from tests.browser.conftest import HAVE_CHROMIUM, LANGS, apart, axe_clean, no_sideways_scroll

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]

NARROW = {"width": 320, "height": 640}

# Every label's box, and every card's, in the page's pixels.
DRAWN = """svg => {
  const box = e => { const r = e.getBoundingClientRect();
                     return {x: r.left, y: r.top, r: r.right, b: r.bottom, what: e.textContent}; };
  return {
    svg: box(svg),
    labels: [...svg.querySelectorAll('text.label')].map(box),
    cards: [...svg.querySelectorAll('rect:not(.felt)')].map(box),
  };
}"""


@pytest.mark.parametrize("scheme", ["light", "dark"])
@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize(
    "house",
    [cards.House(more_players=True), cards.House(variant="three_in_hand", start_card=False)],
    ids=["more-players", "three-in-hand"],
)
def test_the_picture_of_a_table_of_three_reads_at_320_px(
    live_server, browser, house, language, scheme
):
    context = browser.new_context(viewport=NARROW, locale=LANGS[language], color_scheme=scheme)
    page = context.new_page()
    with translation.override(language):
        page.goto(live_server.url + house_url("rules", house))
    no_sideways_scroll(page)
    svg = page.locator("svg[aria-labelledby^='picture-house-']")
    svg.scroll_into_view_if_needed()
    drawn = svg.evaluate(DRAWN)
    frame = drawn["svg"]
    assert frame["r"] <= NARROW["width"]
    assert svg.locator("g.seat").count() == 3
    for label in drawn["labels"]:
        inside = frame["x"] <= label["x"] and label["r"] <= frame["r"] and frame["y"] <= label["y"]
        assert inside and label["b"] <= frame["b"], label["what"]
        for card in drawn["cards"]:
            assert apart(label, card), (label["what"], card)
    for i, one in enumerate(drawn["labels"]):
        for other in drawn["labels"][i + 1 :]:
            assert apart(one, other), (one["what"], other["what"])
    # the colours come from the stylesheet: the felt and the labels follow the scheme,
    # and the border of a seen place is the text colour, visible on either background
    felt = svg.locator(".felt").evaluate("e => getComputedStyle(e).fill")
    label = svg.locator(".label").first.evaluate("e => getComputedStyle(e).fill")
    assert (felt == "rgb(31, 34, 31)") == (scheme == "dark")
    if house.variant == "standard":
        seen = svg.locator(".seen").first.evaluate("e => getComputedStyle(e).stroke")
        assert seen == label
    axe_clean(page)
    context.close()
