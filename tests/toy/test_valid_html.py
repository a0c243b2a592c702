"""The toy game's pages pass the Nu HTML Checker (`html_problems` in tests/conftest.py):
its rules page at both tables, its card, variants page and sheet, its new-game page with
and without errors, a game under way and decided, the watch page, the history and the
edit page, in both languages: templates written from docs/new-game.md alone."""

import pytest
from django.urls import reverse
from django.utils import translation

from rules.views import house_url
from scorepad.models import Game, Round
from tests.conftest import enter, html_problems, needs_vnu, url

pytestmark = [pytest.mark.django_db, needs_vnu]


def test_its_pages_are_valid_html(client, toy, tmp_path):
    under_way = Game.create_with_players(["Kari", "Bo"], game=toy.key)
    decided = Game.create_with_players(["Kari", "Bo"], game=toy.key)
    enter(client, under_way, 5, 12)
    for points in ((5, 12), (7, 3), (20, 2)):
        enter(client, decided, *points)
    enter(client, under_way, 7, 3)
    client.post(url("undo", under_way), {"number": "2"})
    first = Round.objects.get(game=under_way, number=1)
    pages = []
    for language in ("en", "nb"):
        with translation.override(language):
            start = reverse("scorepad:start-game", kwargs={"game": toy.key})
            addresses = [
                reverse("rules:rules", kwargs={"game": toy.key}),
                house_url("rules", toy.House(long=True)),
                reverse("rules:card", kwargs={"game": toy.key}),
                reverse("rules:variants", kwargs={"game": toy.key}),
                reverse("rules:sheet", kwargs={"game": toy.key, "players": 4}),
                start,
            ]
        addresses += [
            url("game", under_way, language),
            url("game", decided, language),
            url("watch", under_way, language, token="watch_token"),
            url("history", under_way, language),
            url("edit-round", under_way, language, number=1),
            url("sheet", decided, language),
        ]
        for number, address in enumerate(addresses):
            response = client.get(address)
            assert response.status_code == 200, address
            pages.append((tmp_path / f"{language}-{number}.html", address, response.content))
        refused = client.post(start, {"player_count": "9", "variant": "x"})
        assert refused.status_code == 422
        pages.append((tmp_path / f"{language}-refused.html", "refused", refused.content))
        data = {"number": "1", "round_id": str(first.pk), "points_0": "1", "points_1": "12"}
        refused = client.post(url("edit-round", under_way, language, number=1), data)
        assert refused.status_code == 422
        pages.append((tmp_path / f"{language}-edit-refused.html", "edit refused", refused.content))
    for path, _address, content in pages:
        path.write_bytes(content)
    problems = html_problems([(path, address) for path, address, _ in pages])
    assert problems == [], "\n".join(problems)
