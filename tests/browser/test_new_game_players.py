"""Every game's new-game form follows the number of players (scorepad/new-game.js, and
site.css without the script): the seats past the count are not shown, "Who deals first"
offers the players in play, by the names typed where the script runs; the server ignores
the names past the count either way (issue 36)."""

import pytest
from django.urls import reverse
from django.utils import translation

from scorepad.models import Game
from tests.browser.conftest import HAVE_CHROMIUM, PHONE

pytestmark = [
    pytest.mark.django_db(transaction=True),
    pytest.mark.browser,
    pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed"),
]
NARROW = {"width": 320, "height": 640}
NAMES = ("Anne-Marthe", "Bjørn-Erik", "Kari", "Ola")


def start_url(game, lang):
    with translation.override(lang):
        if game == "ghost":
            return reverse("scorepad:start")
        return reverse("scorepad:start-game", kwargs={"game": game})


def shown_names(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('.name-field')]
          .filter(f => f.getBoundingClientRect().height > 0)
          .map(f => f.querySelector('input').name)"""
    )


def dealer_choices(page):
    return page.evaluate(
        """() => [...document.querySelectorAll('[name=first_dealer] option')]
          .filter(o => !o.hidden && getComputedStyle(o).display !== 'none')
          .map(o => o.textContent.trim())"""
    )


@pytest.mark.parametrize("script", [True, False], ids=["js", "nojs"])
@pytest.mark.parametrize("viewport", [NARROW, PHONE], ids=["320", "360"])
@pytest.mark.parametrize("lang", ["en", "nb"])
@pytest.mark.parametrize("game", ["golf", "ghost"])
def test_the_form_shows_the_players_chosen_and_the_dealer_among_them(
    live_server, phone, game, lang, viewport, script
):
    page = phone(lang, viewport=viewport, java_script_enabled=script)
    page.goto(live_server.url + start_url(game, lang))
    page.locator("select[name=player_count]").select_option("4")
    if game == "ghost":  # four take Ghost's three-in-hand (the five-card game's house rule)
        page.locator("input[name=variant][value=three_in_hand]").check()
    assert shown_names(page) == [f"name_{seat}" for seat in range(4)]
    for seat, name in enumerate(NAMES):
        page.locator(f"input[name=name_{seat}]").fill(name)
    choices = dealer_choices(page)
    assert len(choices) == 4
    if script:  # the names as typed; without the script, the seats' own labels
        assert choices == list(NAMES)
        page.locator("select[name=first_dealer]").select_option(label="Kari")
    else:
        page.locator("select[name=first_dealer]").select_option("2")
    # A name in a seat past the count (typed before the count went down) is ignored.
    page.locator("select[name=player_count]").select_option("5")
    page.locator("input[name=name_4]").fill("Per")
    page.locator("select[name=player_count]").select_option("4")
    assert shown_names(page) == [f"name_{seat}" for seat in range(4)]
    page.locator("form.new-game button[type=submit]").click()
    page.locator("form.round-form").wait_for()
    started = Game.objects.get()
    assert started.game == game
    assert [p.name for p in started.player_list] == list(NAMES)
    assert started.first_dealer == 2
