"""The rules at a glance, as a reader in the middle of a round reaches it: from the home
page, the top of the rules and the game, on a phone at 360 and 320 px, in both languages,
with JavaScript on and off; the full rules one tap away."""

import re

import pytest
from django.utils import translation

from rules.views import house_url
from tests.browser.conftest import HAVE_CHROMIUM, axe_clean, no_sideways_scroll, wait_for_worker
from tests.conftest import make_game

pytestmark = [
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]

GLANCE = {"en": "The rules at a glance", "nb": "Reglene i korte trekk"}
HEADING = {"en": "Ghost at a glance", "nb": "Spøkelse i korte trekk"}
FULL = {"en": "The full rules for these choices", "nb": "Hele reglene med disse valgene"}
TURN = {"en": "Your turn", "nb": "Din tur"}
HOME = {"en": "/en/", "nb": "/nb/"}


def in_view(page, selector):
    return page.evaluate(
        """s => { const r = document.querySelector(s).getBoundingClientRect();
                  return r.top >= 0 && r.top < window.innerHeight; }""",
        selector,
    )


def read_the_card(page, language, width):
    """On the card: it fits the phone, jumps to a part, and the full rules are a tap away."""
    assert page.get_by_role("heading", level=1).inner_text() == HEADING[language]
    no_sideways_scroll(page)
    page.get_by_role("link", name=TURN[language], exact=True).click()
    assert page.url.endswith("#card-turn") and in_view(page, "#card-turn")
    page.evaluate("window.scrollTo(0, 0)")
    full = page.get_by_role("link", name=FULL[language])
    box = full.bounding_box()
    assert box["height"] >= 44 and box["x"] + box["width"] <= width
    full.click()
    page.wait_for_url(re.compile(r"/(rules|regler)/"))
    assert page.evaluate("window.scrollY") == 0


@pytest.mark.parametrize("language", ["en", "nb"])
@pytest.mark.parametrize("width", [360, 320])
@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_from_the_home_page_to_the_card_and_on_to_the_rules(
    live_server, browser, language, width, javascript
):
    context = browser.new_context(
        viewport={"width": width, "height": 740},
        locale={"en": "en-GB", "nb": "nb-NO"}[language],
        java_script_enabled=javascript,
        has_touch=True,
        is_mobile=True,
    )
    page = context.new_page()
    page.goto(live_server.url + HOME[language])
    link = page.get_by_role("link", name=GLANCE[language])
    assert link.is_visible() and link.bounding_box()["x"] + link.bounding_box()["width"] <= width
    link.click()
    read_the_card(page, language, width)
    context.close()


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_top_of_the_rules_page_leads_to_the_card_in_one_tap(live_server, phone, language):
    page = phone(language)
    page.goto(live_server.url + {"en": "/en/rules/", "nb": "/nb/regler/"}[language])
    link = page.locator(".glance-link").get_by_role("link", name=GLANCE[language])
    assert link.bounding_box()["y"] < 740  # on the first screen, without scrolling
    link.click()
    read_the_card(page, language, 360)


@pytest.mark.django_db(transaction=True)
@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_game_leads_to_its_own_tables_card_and_rules(live_server, phone, language):
    game = make_game(jack="11", threshold=15)
    game.refresh_from_db()
    with translation.override(language):
        card, rules = house_url("card", game.house), house_url("rules", game.house)
        path = {"en": "/en/scorepad/g/{}/", "nb": "/nb/poengblokk/s/{}/"}[language]
    page = phone(language)
    page.goto(live_server.url + path.format(game.edit_token))
    settings = page.locator(".settings")
    settings.get_by_role(
        "link", name={"en": "Rules at a glance", "nb": "Reglene i korte trekk"}[language]
    ).click()
    page.wait_for_url(live_server.url + card)
    assert "11" in page.locator('.values tr[data-rank="J"] td').inner_text()
    read_the_card(page, language, 360)
    assert page.url == live_server.url + rules


def test_the_card_passes_axe_in_light_and_dark(live_server, phone):
    page = phone("nb")
    page.goto(live_server.url + "/nb/huskekort/")
    axe_clean(page)
    page.emulate_media(color_scheme="dark")
    axe_clean(page)


@pytest.mark.parametrize("language", ["en", "nb"])
def test_the_card_opens_without_signal_after_one_visit_to_the_home_page(
    live_server, phone, language
):

    page = phone(language)
    page.goto(live_server.url + HOME[language])
    wait_for_worker(page)
    card = {"en": "/en/card/", "nb": "/nb/huskekort/"}[language]
    kept = f"""() => new Promise(done => {{
        let tries = 0;  // up to 10 s
        const look = () => caches.open('pages').then(c => c.match('{card}'))
            .then(hit => hit ? done(true) : ++tries > 200 ? done(false) : setTimeout(look, 50));
        look();
    }})"""
    assert page.evaluate(kept)
    page.context.set_offline(True)
    page.goto(live_server.url + card)
    assert page.get_by_role("heading", level=1).inner_text() == HEADING[language]


@pytest.mark.parametrize("javascript", [True, False], ids=["js", "no-js"])
def test_after_choosing_house_rules_the_glance_link_follows_the_choice(
    live_server, phone, javascript
):
    page = phone("nb", java_script_enabled=javascript)
    page.goto(live_server.url + "/nb/regler/")
    page.locator("#choose summary").click()
    page.locator('input[name="jack_value"][value="11"]').check()
    page.get_by_role("button", name="Vis reglene med disse valgene").click()
    page.wait_for_url(re.compile(r"/nb/regler/knekt-11/$"))
    page.locator(".glance-link").get_by_role("link", name=GLANCE["nb"]).click()
    page.wait_for_url(re.compile(r"/nb/huskekort/knekt-11/$"))
    assert page.locator('.values tr[data-rank="J"] td').inner_text() == "11"
