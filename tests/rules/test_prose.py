"""Issue 27: the loader refuses a rules text that states a number typed in; figures come
from rules/cards.py through placeholders (rules/engine/prose.py says what is allowed)."""

from __future__ import annotations

import copy
import tomllib

import pytest

from rules.engine import loader, prose


@pytest.fixture(scope="module")
def data():
    return tomllib.loads(loader.DATA_FILE.read_text(encoding="utf-8"))


def test_the_rules_file_states_no_typed_number(data):
    loader.check(copy.deepcopy(data))  # loads: every figure in it is a placeholder


@pytest.mark.parametrize(
    ("language", "text"),
    [
        ("en", "Any drawn card worth 5 or less improves an unseen place."),
        ("nb", "Summen stopper på 52,5 poeng."),
        ("en", "The loss threshold is 21 points."),
    ],
)
def test_a_block_with_a_typed_number_is_refused(data, language, text):
    broken = copy.deepcopy(data)
    block = next(b for b in broken["sections"][0]["blocks"] if b.get("kind") == "p")
    block["text"][language] = text
    with pytest.raises(
        loader.ContentError, match=rf"sections\[overview\].*\({language}\).*typed in"
    ):
        loader.check(broken)


def test_a_patch_faq_answer_or_source_with_a_typed_number_is_refused(data):
    for where, path in (
        ("patches", lambda d: d["patches"][0]["text"]),
        ("faq", lambda d: d["faq"][0]["answer"]),
        ("sources", lambda d: d["sources"][0]["says"]),
        ("variants.standard.description", lambda d: d["variants"]["standard"]["description"]),
    ):
        broken = copy.deepcopy(data)
        path(broken)["en"] = "Four cards make 14 points."
        with pytest.raises(loader.ContentError, match="typed in"):
            loader.check(broken)
        assert where  # named in the message by the loader's own path


def test_figures_in_placeholders_and_the_variant_names_are_allowed():
    assert prose.typed_numbers("{cards:S8 HJ} make {total:S8 HJ}, the jack {value11:J}.") == []
    assert prose.typed_numbers("{points:threshold} and {word:hand} cards") == []
    prose.refuse_typed_numbers("Jack as 11", "variants.jack_eleven.name", ValueError)
    with pytest.raises(ValueError, match="'11' is typed in"):
        prose.refuse_typed_numbers("“Jack as 11” is a house rule", "sections[x].text", ValueError)
