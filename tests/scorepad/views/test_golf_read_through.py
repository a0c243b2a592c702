"""Issue 35 in Golf's scorepad, through HTTP: the caller penalty on the extra hole among
the players who play it, four-card golf asking who knocked, and the extra hole named
as such in the form, its message, the result line and the running totals."""

import re
from decimal import Decimal

import pytest
from django.utils import translation

from scorepad.models import Game
from tests.conftest import live_points, url

pytestmark = pytest.mark.django_db


def new_golf(names=("Ada", "Bo", "Cy"), **table):
    return Game.create_with_players(list(names), game="golf", threshold=None, **table)


def post_hole(client, game, *points, number, lang="en", **extra):
    data = {"number": str(number)}
    data.update({f"points_{i}": str(p) for i, p in enumerate(points) if p is not None})
    data.update({k: str(v) for k, v in extra.items()})
    return client.post(url("add-round", game, lang), data)


def form_of(client, game, lang="en"):
    page = client.get(url("game", game, lang)).content.decode()
    return page.split('id="round-form"')[1].split("</form>")[0]


def test_two_of_three_tied_play_the_extra_hole_under_the_caller_penalty(client):
    """Reported: the penalty on the extra hole was applied only when every player was
    tied; two of three tied saved the scores as typed."""
    game = new_golf(holes=1, extra_hole=True, caller_penalty=True)
    assert post_hole(client, game, 5, 5, 9, number=1, caller=2).status_code == 302
    form = form_of(client, game)
    assert re.findall(r'name="caller" value="(\d+)"', form) == ["0", "1"]
    # Ada called with 5, Bo has the lowest, 2: Bo writes 0, Ada adds 2
    assert post_hole(client, game, 5, 2, None, number=2, caller=0).status_code == 302
    assert live_points(game)[1] == [Decimal(7), Decimal(0)]
    # Cy, who sat it out, cannot be named the caller of the extra hole
    game = new_golf(holes=1, extra_hole=True, caller_penalty=True)
    post_hole(client, game, 5, 5, 9, number=1, caller=2)
    refused = post_hole(client, game, 5, 2, None, number=2, caller=2)
    assert refused.status_code == 422 and len(live_points(game)) == 1


@pytest.mark.parametrize(
    ("lang", "asked", "never"),
    [("en", "Who knocked?", "Who went out first?"), ("nb", "Hvem banket i bordet?", "gikk ut")],
)
def test_four_card_golf_asks_who_knocked(client, lang, asked, never):
    game = new_golf(variant="four_card", caller_penalty=True)
    form = form_of(client, game, lang)
    assert asked in form and never not in form
    six = form_of(client, new_golf(caller_penalty=True), lang)
    assert {"en": "Who went out first?", "nb": "Hvem gikk ut først?"}[lang] in six
    with translation.override(lang):
        refused = post_hole(client, game, 4, 5, 6, number=1, lang=lang).content.decode()
    assert {"en": "Choose who knocked.", "nb": "Velg hvem som banket i bordet."}[lang] in refused
