"""Your table's rules and the sheets to print, in Debian's Chromium at phone size, in
both languages, with JavaScript on and off."""

import re

import pytest
from django.utils import translation

from rules.games.ghost import cards
from rules.views import house_url
from tests.browser.conftest import (
    HAVE_CHROMIUM,
    axe_clean,
    no_sideways_scroll,
    nothing_cut_off,
    pdf_pages,
    wait_for_worker,
)

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]

CHOOSE = {"en": "Choose your table’s house rules", "nb": "Velg husreglene deres"}
SHOW = {"en": "Show the rules for these choices", "nb": "Vis reglene med disse valgene"}
JACK = {"en": "A jack is worth", "nb": "A jack is worth"}


def url_for(live_server, language, name, house, *args):
    with translation.override(language):
        return live_server.url + house_url(name, house, *args)


def jack_points(page):
    return page.locator('#value-table tr[data-rank="J"] td').inner_text()


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_choose_then_read(live_server, phone, language, javascript):
    page = phone(language, java_script_enabled=javascript)
    page.goto(url_for(live_server, language, "rules", cards.DEFAULT_HOUSE))
    page.evaluate("window.sameDocument = true") if javascript else None
    assert jack_points(page) == {"en": "0.5", "nb": "0,5"}[language]
    page.locator("#choose summary").click()
    page.locator('input[name="jack_value"][value="11"]').check()
    page.locator('input[name="start_card"][value="stock"]').check()
    page.locator('input[name="game_length"][value="single"]').check()
    page.get_by_role("button", name=SHOW[language]).click()
    chosen = {"en": r"jack-11\+stock-only\+one-round", "nb": r"knekt-11\+bare-trekkbunke\+en-runde"}
    page.wait_for_url(re.compile(rf"/{chosen[language]}/$"))
    page.locator(".house-diff").wait_for()
    assert jack_points(page) == "11"
    if javascript:  # swapped in place by htmx, the address pushed
        assert page.evaluate("window.sameDocument") is True
    # one main part, the page's frame kept, and the header's language link follows the table
    assert page.locator("main").count() == 1 and page.locator("footer.site-footer").count() == 1
    other = {
        "en": r"/nb/regler/knekt-11\+bare-trekkbunke\+en-runde/$",
        "nb": r"/en/rules/jack-11\+stock-only\+one-round/$",
    }[language]
    assert re.search(other, page.locator("#site-nav a.lang").get_attribute("href"))
    title = {"en": "Rules for your table", "nb": "Reglene ved bordet deres"}[language]
    assert page.title().startswith(title)
    html = page.content()
    assert "3.5" not in html and "3,5" not in html
    assert page.locator(".at-table").count() >= 3
    no_sideways_scroll(page)


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("width", [320, 360])
def test_the_rules_page_fits_a_phone_with_its_new_parts(live_server, browser, language, width):
    context = browser.new_context(
        viewport={"width": width, "height": 740}, locale={"en": "en-GB", "nb": "nb-NO"}[language]
    )
    page = context.new_page()
    page.goto(url_for(live_server, language, "rules", cards.DEFAULT_HOUSE))
    for section in ("whole-round", "mistakes", "better", "sources", "conventions"):
        assert page.locator(f"#{section}").is_visible()
    svg = page.locator("svg.table-svg").first
    box = svg.bounding_box()
    assert box["width"] <= width and box["height"] > 100
    no_sideways_scroll(page)
    # every section links to itself and back to the contents
    page.locator("#values a.self").click()
    assert page.url.endswith("#values")
    page.locator("#values .to-contents a").click()
    assert page.url.endswith("#contents")
    context.close()


def test_the_rules_page_passes_axe_with_the_choices_open(live_server, phone):
    page = phone("nb")
    page.goto(url_for(live_server, "nb", "rules", cards.House(jack=cards.JACK_ELEVEN)))
    page.locator("#choose summary").click()
    axe_clean(page)


def test_dark_mode_draws_the_picture_in_dark_colours(live_server, browser):
    context = browser.new_context(viewport={"width": 360, "height": 740}, color_scheme="dark")
    page = context.new_page()
    page.goto(live_server.url + "/en/rules/")
    felt = page.locator("svg.table-svg .felt").first.evaluate("e => getComputedStyle(e).fill")
    label = page.locator("svg.table-svg .label").first.evaluate("e => getComputedStyle(e).fill")
    assert felt == "rgb(31, 34, 31)" and label == "rgb(236, 235, 230)"
    context.close()


def test_a_jack_11_games_rules_link_opens_the_rules_with_the_jack_at_11(live_server, phone):
    page = phone("nb")
    page.goto(live_server.url + "/nb/poengblokk/")
    page.get_by_label("Spiller 1", exact=True).fill("Kari")
    page.locator('input[name="jack_value"][value="11"]').check()
    page.locator('input[name="start_card"][value="stock"]').check()
    page.get_by_role("button", name="Start spillet").click()
    page.locator(".settings").get_by_role("link", name="Regler", exact=True).click()
    page.wait_for_url(re.compile(r"/nb/regler/knekt-11\+bare-trekkbunke/$"))
    assert jack_points(page) == "11"
    # it lands at the top of the rules, not some 15,000 px down in the variant table
    assert page.evaluate("window.scrollY") == 0
    assert page.locator("h1#top").is_visible()


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize(
    "house",
    [
        cards.DEFAULT_HOUSE,
        cards.House(jack=cards.JACK_ELEVEN, start_card=False, swap_seen=False, threshold=15),
        cards.House(variant="three_in_hand", threshold=None),
        cards.House(variant="seven_cards"),
    ],
    ids=["default", "house-rules", "three-in-hand", "seven-cards"],
)
def test_the_quick_reference_card_prints_on_one_a4_page(live_server, browser, language, house):
    page = browser.new_page()
    page.goto(url_for(live_server, language, "card", house))
    assert page.locator("#value-table, .values").first.is_visible()
    assert pdf_pages(page) == 1
    nothing_cut_off(page)
    page.close()


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize(
    ("players", "house"),
    [(2, cards.DEFAULT_HOUSE), (6, cards.House(variant="three_in_hand", threshold=15))]
    + [(cards.most_players(cards.STANDARD), cards.House(more_players=True, threshold=None))],
    ids=["two", "six", "most"],
)
def test_the_score_sheet_prints_on_one_a4_page(live_server, browser, language, players, house):
    page = browser.new_page()
    page.goto(url_for(live_server, language, "sheet", house, players))
    assert page.locator("table.paper thead th").count() == players + 1
    assert pdf_pages(page) == 1
    nothing_cut_off(page)
    page.close()


def test_the_print_button_shows_only_with_javascript(live_server, phone):
    page = phone("en")
    page.goto(live_server.url + "/en/card/")
    assert page.get_by_role("button", name="Print").is_visible()
    page = phone("en", java_script_enabled=False)
    page.goto(live_server.url + "/en/card/")
    assert page.get_by_role("button", name="Print").count() == 0


def test_change_opens_the_choices_and_the_threshold_box_follows_the_choice(live_server, phone):
    page = phone("en")
    page.goto(live_server.url + "/en/rules/")
    assert not page.locator("#choose").evaluate("d => d.open")
    page.locator(".house-line").get_by_role("link", name="Change").click()
    assert page.locator("#choose").evaluate("d => d.open")
    box = page.locator("#field-threshold")
    assert box.is_hidden()
    page.locator('input[name="game_length"][value="custom"]').check()
    assert box.is_visible()
    box.locator("input").fill("15")
    page.get_by_role("button", name="Show the rules for these choices").click()
    page.wait_for_url(re.compile(r"/en/rules/to-15/$"))
    assert "to 15 points" in page.locator(".house-line").inner_text()


def test_a_combination_chosen_with_a_connection_opens_offline(live_server, phone):

    page = phone("nb")
    page.goto(live_server.url + "/nb/regler/")
    wait_for_worker(page)
    page.locator("#choose summary").click()
    page.locator('input[name="jack_value"][value="11"]').check()
    page.get_by_role("button", name=SHOW["nb"]).click()
    page.wait_for_url(re.compile(r"/nb/regler/knekt-11/$"))
    kept = """() => new Promise(done => {
        const look = () => caches.open('pages').then(c => c.match('/nb/regler/knekt-11/'))
            .then(hit => hit ? done(true) : setTimeout(look, 50));
        look();
    })"""
    assert page.evaluate(kept)
    page.context.set_offline(True)
    page.reload()
    assert page.locator("[data-offline-note]").is_visible()
    assert jack_points(page) == "11"


@pytest.mark.parametrize(
    ("language", "house"),
    [("en", cards.House(variant="three_in_hand")), ("nb", cards.House(variant="seven_cards"))],
    ids=["three-in-hand", "seven-cards"],
)
def test_a_variants_rules_pass_axe_and_the_whole_round_links_its_steps(
    live_server, phone, language, house
):
    page = phone(language)
    page.goto(url_for(live_server, language, "rules", house))
    no_sideways_scroll(page)
    axe_clean(page)
    page.locator("#round-turns a.self").click()
    assert page.url.endswith("#round-turns")
    assert page.locator("#round-turns").is_visible()
    # a row of seven in the count, three hands of three: still no sideways scroll at 320
    page.set_viewport_size({"width": 320, "height": 640})
    no_sideways_scroll(page)
