"""The practice pages pass the Nu HTML Checker (as tests/site/test_valid_html.py runs
it): the start page, a board with a card held, a refusal, the end, in both games and
both languages."""

import pytest

from tests.conftest import html_problems, needs_vnu

pytestmark = [
    pytest.mark.django_db,
    needs_vnu,
]


def test_every_practice_page_is_valid_html(client, practice, tmp_path):
    pages = []
    for start in ("/en/practice/jack-11/", "/nb/golf/trening/jokere-pagat/"):
        pages.append(client.get(start))
        response = client.post(
            start, {"opponents": "2" if "golf" in start else "1", "level": "careful"}
        )
        game_url = response["Location"]
        pages.append(client.get(game_url))
        state = practice.state(client, practice.token(response))
        pages.append(client.post(game_url, {"step": state["step"], "move": "knock!"}))  # 422
        token, end, _state = practice.play_through(client, start)
        pages.append(end)
    pages.append(client.get("/en/practice/game/not-a-game-here/"))  # 404
    files = []
    for number, response in enumerate(pages):
        path = tmp_path / f"practice-{number}.html"
        path.write_bytes(response.content)
        files.append(path)
    problems = html_problems([(p, p.name) for p in files])
    assert problems == [], "\n".join(problems)
