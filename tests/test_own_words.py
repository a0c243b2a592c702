"""The rules are written in the project's own words: no run of eight words in a row, in
either language, is taken from the source documents in ../shared/seeds/."""

import re
import tomllib
from pathlib import Path

import pytest

from rules.content import DATA_FILE

SEEDS = Path(__file__).resolve().parents[2] / "shared" / "seeds"
RUN = 8


def words(text: str) -> list[str]:
    without_placeholders = re.sub(r"\{[^{}]*\}", " ", text)
    return re.sub(r"[^\wæøåé½]+", " ", without_placeholders.lower()).split()


def runs(text: str) -> set[str]:
    ws = words(text)
    return {" ".join(ws[i : i + RUN]) for i in range(len(ws) - RUN + 1)}


def texts(node):
    if isinstance(node, str):
        yield node
    elif isinstance(node, dict):
        for value in node.values():
            yield from texts(value)
    elif isinstance(node, list):
        for value in node:
            yield from texts(value)


@pytest.mark.skipif(
    not SEEDS.is_dir(), reason="the seeds (../shared/seeds/) are not beside this checkout"
)
def test_no_run_of_eight_words_is_taken_from_the_seeds():
    seeds = set().union(*(runs(f.read_text(encoding="utf-8")) for f in SEEDS.glob("*.txt")))
    data = tomllib.loads(DATA_FILE.read_text(encoding="utf-8"))
    shared = sorted(set().union(*(runs(t) for t in texts(data))) & seeds)
    assert shared == [], f"{len(shared)} runs taken from the seeds, e.g. {shared[:3]}"
