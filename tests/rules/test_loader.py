"""The loader refuses broken rules data and names the entry."""

import copy

import pytest

from rules.engine import loader, rendering


def test_the_shipped_data_is_valid(data):
    rules = loader.check(data)
    assert rules.sections and rules.faq and rules.related


def test_missing_norwegian_text_names_the_entry(data):
    broken = copy.deepcopy(data)
    del broken["sections"][2]["blocks"][0]["text"]["nb"]
    with pytest.raises(loader.ContentError, match=r"sections\[setup\]\.blocks\[0\]\.text.*'nb'"):
        loader.check(broken)


def test_missing_english_title_names_the_entry(data):
    broken = copy.deepcopy(data)
    del broken["sections"][0]["title"]["en"]
    with pytest.raises(loader.ContentError, match=r"sections\[overview\]\.title.*'en'"):
        loader.check(broken)


def test_unknown_rank_in_an_example_names_the_entry(data):
    broken = copy.deepcopy(data)
    example = next(b for b in broken["sections"][1]["blocks"] if b["kind"] == "hand_example")
    example["cards"] = ["S8", "HZ"]
    with pytest.raises(loader.ContentError, match=r"sections\[values\].*unknown card or rank 'HZ'"):
        loader.check(broken)


def test_unknown_rank_in_a_placeholder_is_refused(data):
    broken = copy.deepcopy(data)
    broken["faq"][1]["answer"]["en"] = "The eleven is worth {value:X}."
    with pytest.raises(loader.ContentError, match=r"faq\[1\]\.answer \(en\).*unknown rank 'X'"):
        loader.check(broken)


def test_variant_without_description_is_refused(data):
    broken = copy.deepcopy(data)
    del broken["variants"]["stock_only"]["description"]
    with pytest.raises(loader.ContentError, match=r"variants\.stock_only: .*no description"):
        loader.check(broken)


def test_variant_unknown_to_the_code_is_refused(data):
    broken = copy.deepcopy(data)
    broken["variants"]["nine_cards"] = copy.deepcopy(broken["variants"]["stock_only"])
    with pytest.raises(loader.ContentError, match=r"variants\.nine_cards"):
        loader.check(broken)


def test_typed_example_figure_that_does_not_exist_is_refused(data):
    broken = copy.deepcopy(data)
    broken["sections"][0]["blocks"][0]["text"]["en"] = "Worth {ex:total} points."
    with pytest.raises(loader.ContentError, match=r"\{ex:total\} is not a figure"):
        loader.check(broken)


def test_broken_toml_names_the_file(tmp_path):
    path = tmp_path / "rules.toml"
    path.write_text("[[sections]\n", encoding="utf-8")
    with pytest.raises(loader.ContentError, match="rules.toml"):
        loader.load(path)


def test_counts_in_words_come_from_the_facts(data):
    broken = copy.deepcopy(data)
    broken["sections"][0]["blocks"][0]["text"]["nb"] = "En kortstokk har {word:deck} kort."
    with pytest.raises(loader.ContentError, match=r"deck = 52 is no small count"):
        loader.check(broken)
    rendered = rendering.render_text({"en": "Look at {word:peeked} of {word:row}."}, "en")
    assert rendered == "Look at two of four."
