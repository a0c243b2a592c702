"""Golf's scorepad pages pass the Nu HTML Checker (as tests/site/test_valid_html.py runs
it): the new-game page with and without errors, a game under way with the caller
penalty in a hole's row, the extra hole, a decided game, the watch page, the history, the
edit page and the statistics of both games, in both languages."""

from __future__ import annotations

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from tests.conftest import golf, html_problems, make_game, needs_vnu, play

pytestmark = [
    needs_vnu,
    pytest.mark.django_db,
]


def test_golfs_scorepad_pages_are_valid_html(client, tmp_path):
    under_way = golf(caller_penalty=True, extra_hole=True, holes=2)
    under_way.add_round(
        1,
        [Decimal(5), Decimal(0), Decimal(10)],
        [""] * 3,
        caller=2,
        written=[Decimal(5), Decimal(2), Decimal(8)],
    )
    play(under_way, (0, 5, 3))  # a tie: the extra hole for Anna and Bo
    decided = play(golf(holes=1), (-3, 4, 7))
    ghost = play(make_game(("Anna", "Bo")), (3, 5))
    session = client.session
    session["my_games"] = [under_way.edit_token, decided.edit_token, ghost.edit_token]
    session.save()
    files = []
    for language in ("en", "nb"):
        with translation.override(language):
            urls = [
                reverse("scorepad:start-game", kwargs={"game": "golf"}),
                reverse("scorepad:start"),
                reverse("scorepad:game", args=[under_way.edit_token]),
                reverse("scorepad:game", args=[decided.edit_token]),
                reverse("scorepad:watch", args=[under_way.watch_token]),
                reverse("scorepad:history", args=[under_way.edit_token]),
                reverse(
                    "scorepad:edit-round",
                    kwargs={"token": under_way.edit_token, "round_address": "golf", "number": 1},
                ),
                reverse("scorepad:statistics"),
            ]
            refused_at = reverse("scorepad:start-game", kwargs={"game": "golf"})
        for number, url in enumerate(urls):
            response = client.get(url)
            assert response.status_code == 200, url
            files.append((tmp_path / f"{language}-{number}.html", url, response.content))
        refused = client.post(refused_at, {"player_count": "2", "holes": "30", "variant": "x"})
        assert refused.status_code == 422
        files.append((tmp_path / f"{language}-refused.html", "refused", refused.content))
    for path, _url, content in files:
        path.write_bytes(content)
    problems = html_problems([(p, url) for p, url, _ in files])
    assert problems == [], "\n".join(problems)
