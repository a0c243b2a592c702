"""The rules are written in the project's own words: no run of eight words in a row, in
either language, is taken from the source documents in ../shared/seeds/."""

import re
import tomllib
from pathlib import Path

import pytest

from rules.loader import DATA_FILE

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


@pytest.mark.skipif(
    not SEEDS.is_dir(), reason="the seeds (../shared/seeds/) are not beside this checkout"
)
def test_no_run_of_eight_words_in_the_templates_or_messages_is_taken_from_the_seeds():
    """Every message of the site: the English msgids and their Norwegian translations,
    read from the compiled catalogue that `make setup` builds."""
    import gettext

    from django.conf import settings

    seeds = set().union(*(runs(f.read_text(encoding="utf-8")) for f in SEEDS.glob("*.txt")))
    catalogue = Path(settings.LOCALE_PATHS[0]) / "nb" / "LC_MESSAGES" / "django.mo"
    with catalogue.open("rb") as file:
        messages = gettext.GNUTranslations(file)._catalog
    strings = [str(k[0] if isinstance(k, tuple) else k) for k in messages]
    strings += [str(v) for v in messages.values()]
    shared = sorted(set().union(*(runs(t) for t in strings)) & seeds)
    assert len(strings) > 200
    assert shared == [], f"{len(shared)} runs taken from the seeds, e.g. {shared[:3]}"
