"""Long names on the new-game form at 320 px (issue 36, the evening's new findings): each
name field is the page's width and shows the whole name typed, and "Who deals first"
shows the whole name chosen, not clipped; every game, both languages, with the script
and without."""

import pytest
from django.utils import translation

from scorepad import pads
from tests.browser.conftest import HAVE_CHROMIUM, axe_clean, no_sideways_scroll

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
# As typed at the evening's table; a name keeps its first 24 characters (NAME_MAX).
NAMES = ("Anne-Marthe Kristiansen-Løvold", "Bjørn-Erik Østby-Hansen", "Kari", "Ola")

# A field's text against the room inside it: an input's own scroll width, a select's
# chosen option measured in the select's font, less its padding and its arrow (20 px).
FITS = """el => {
  const style = getComputedStyle(el);
  const room = el.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
  if (el.tagName === 'INPUT') return [el.value, el.scrollWidth <= el.clientWidth, room];
  const canvas = document.createElement('canvas').getContext('2d');
  canvas.font = style.font;
  const text = el.options[el.selectedIndex].textContent.trim();
  return [text, canvas.measureText(text).width <= room - 20, room];
}"""


@pytest.mark.parametrize("script", [True, False], ids=["js", "no-js"])
@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("game", ["golf", "ghost"])
def test_long_names_read_whole_in_their_fields_and_the_dealer_choice_at_320(
    live_server, phone, game, lang, script
):
    page = phone(lang, viewport=NARROW, java_script_enabled=script)
    with translation.override(lang):
        page.goto(live_server.url + pads.start_url(game))
    page.locator("select[name=player_count]").select_option("4")
    if game == "ghost":  # four take Ghost's three-in-hand
        page.locator("input[name=variant][value=three_in_hand]").check()
    width = page.locator("main").evaluate(
        "m => m.clientWidth - parseFloat(getComputedStyle(m).paddingLeft) * 2"
    )
    for seat, name in enumerate(NAMES):
        field = page.locator(f"input[name=name_{seat}]")
        field.fill(name)
        text, fits, _room = field.evaluate(FITS)
        assert text == name[:24] and fits, (name, text)
        assert field.bounding_box()["width"] >= width - 0.5  # the page's whole width
    dealer = page.locator("select[name=first_dealer]")
    assert dealer.bounding_box()["width"] >= width - 0.5
    for seat in range(2):
        dealer.select_option(str(seat))
        text, fits, room = dealer.evaluate(FITS)
        if script:  # the choices say the names typed (new-game.js)
            assert text == NAMES[seat][:24]
        assert fits, (text, room)
    no_sideways_scroll(page)
    if script:
        axe_clean(page)
