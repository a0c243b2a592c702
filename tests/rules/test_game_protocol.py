"""The game as a parameter (rules/engine/game.py, the registry rules/games): a tiny game the
engine was not written for, registered for these tests, is loaded, checked, addressed,
rendered, counted and scored by the same code as Ghost, with its own rules."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from pathlib import Path
from types import SimpleNamespace

import pytest

from rules import cards, games
from rules.engine import address, loader, rendering, schema
from rules.engine.game import FixedRounds, HouseRule, LossThreshold, NumberRule
from scorepad.logic.scoring import finished, outcome
from scorepad.models import Game
from scorepad.models.changes import Result

D = Decimal

# Every card is worth one point, a king minus one: two cards make -2, 0 or 2.
TOY_VALUES = {rank: D(-1) if rank == "K" else D(1) for rank in cards.RANKS}


@dataclass(frozen=True)
class ToyHouse:
    variant: str = "standard"
    holes: int = 3
    short: bool = False

    def __post_init__(self):
        if not 1 <= self.holes <= 18:
            raise ValueError("holes")

    @property
    def max_players(self) -> int:
        return 4

    def is_default(self) -> bool:
        return self == ToyHouse()

    def conditions(self) -> frozenset[str]:
        found = {self.variant, *(["short"] if self.short else [])}
        if self.holes != 3:
            found.add("other_holes")
        return frozenset(found)


class Toy:
    """A game that is not Ghost: two cards each, a fixed number of holes, lowest wins."""

    key = "toy"
    names = {"en": "Toy", "nb": "Leketøy"}
    words = {"round": {"en": "hole", "nb": "hull"}, "rounds": {"en": "holes", "nb": "hull"}}
    texts: Path
    House = ToyHouse
    house_rules = (HouseRule("short", True, "short", {"en": "short"}),)
    number_rule = NumberRule("holes", {"en": "holes"}, 3, "other_holes")
    variant_words: dict[str, dict[str, str]] = {}
    default_variant = "standard"
    variants = {"standard": SimpleNamespace(key="standard", hand_size=2, max_players=4)}
    table_variants = ("standard",)
    conditions = frozenset({"standard", "short", "other_holes"})
    least_players = 2
    fact_values = {"short": (True, False)}
    percent_figures = frozenset()
    value_placeholders = {"": {}}
    rank_lists = {}
    block_kinds: dict = {}

    def all_houses(self):
        return [ToyHouse(), ToyHouse(short=True), ToyHouse(holes=5)]

    def named_facts(self, house):
        return {"short": house.short}

    def figures(self, house):
        return {"holes": house.holes, "hand": 2}

    def card_table(self, house):
        return dict(TOY_VALUES)

    def hand_total(self, codes, house):
        return sum((TOY_VALUES[cards.parse_card(c)[0]] for c in codes), D(0))

    def possible_totals(self, house):
        return cards.sum_totals(TOY_VALUES, 2, D(1))

    def example_figures(self, block, house):
        return {}

    def example_context(self, house):
        return {}

    def variant_facts(self, key, house):
        return {
            "described_at": house,
            "players": 4,
            "cards": 2,
            "totals": self.possible_totals(house),
            "house_rule": False,
        }

    def ending(self, house):
        return FixedRounds(house.holes)

    def play_round(self, script, house):
        for hand in script["hands"]:
            if len(hand) != 2:
                raise ValueError(f"{len(hand)} cards; a toy hand is two")
        return [self.hand_total(hand, house) for hand in script["hands"]]

    def whole_round(self, script, language, house):
        return {"totals": self.play_round(script, house)}

    def table_picture(self, language, house, key):
        return {}

    def table_of(self, house):
        return {"variant": house.variant, "holes": house.holes, "short": house.short}

    def house_from_table(self, table, players):
        if set(table) - {"variant", "holes", "short"}:
            raise ValueError("no such choice")
        return ToyHouse(**table)


TEXTS = """
[[sections]]
id = "play"
title = { en = "Play", nb = "Spill" }

[[sections.blocks]]
kind = "p"
id = "length"
[sections.blocks.text]
en = "Play {fact:holes} holes; a king is {value:K}."
nb = "Spill {fact:holes} hull; en konge er {value:K}."

[[sections.blocks]]
kind = "p"
text = { en = "Only when short.", nb = "Bare kort." }
only = { short = true }

[[patches]]
when = "short"
replace = "length"
text = { en = "A short game: {word:holes} holes.", nb = "Et kort spill: {word:holes} hull." }

[variants.standard]
name = { en = "Toy", nb = "Leketøy" }
[variants.standard.description]
en = "Two cards, {total:K 8} at best."
nb = "To kort, {total:K 8} i beste fall."

[round.standard]
hands = [["K", "8"], ["A", "2"]]
"""


@pytest.fixture
def toy(tmp_path):
    game = Toy()
    game.texts = tmp_path / "toy.toml"
    game.texts.write_text(TEXTS, encoding="utf-8")
    games.register(game)
    yield game
    games.unregister(game.key)


def test_the_registry_finds_a_game_by_key_and_by_its_tables(toy):
    assert games.get("toy") is toy
    assert games.of(ToyHouse(holes=5)) is toy
    assert games.of(games.default().House()) is games.default()
    assert "toy" in games.known_keys() and games.known_keys()[0] == games.DEFAULT_KEY
    with pytest.raises(ValueError):
        games.register(Toy())
    with pytest.raises(KeyError):
        games.get("golf-not-yet")


def test_the_loader_checks_a_games_own_texts(toy):
    rules = loader.load(game=toy)
    assert [s["id"] for s in rules.sections] == ["play"]
    # the patch for the short game is chosen only at a short table
    assert loader.choose_patches(rules, ToyHouse(short=True))["length"]["when"] == "short"
    assert loader.choose_patches(rules, ToyHouse()) == {}


@pytest.mark.parametrize(
    ("broken", "message"),
    [
        ("{fact:holes}", None),  # fine: the game's own figure
        ("{fact:threshold}", "unknown fact 'threshold'"),  # Ghost's, not this game's
        ("{value:Z}", "unknown rank"),
    ],
)
def test_a_placeholder_is_checked_against_the_games_figures(toy, tmp_path, broken, message):
    path = tmp_path / "broken.toml"
    path.write_text(TEXTS.replace("{fact:holes} holes;", f"{broken} holes;"), encoding="utf-8")
    if message is None:
        loader.load(path, game=toy)
    else:
        with pytest.raises(loader.ContentError, match=message):
            loader.load(path, game=toy)


def test_a_patch_may_name_only_the_games_own_house_rules(toy, tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(TEXTS.replace('when = "short"', 'when = "jack_eleven"'), encoding="utf-8")
    with pytest.raises(loader.ContentError, match="unknown house rule"):
        loader.load(path, game=toy)


def test_the_scripted_round_is_played_under_the_games_rules(toy, tmp_path):
    path = tmp_path / "broken.toml"
    path.write_text(TEXTS.replace('["A", "2"]', '["A", "2", "3"]'), encoding="utf-8")
    with pytest.raises(loader.ContentError, match="a toy hand is two"):
        loader.load(path, game=toy)


def test_a_text_is_rendered_with_the_games_figures_and_values(toy):
    text = {"en": "{fact:holes} holes, a king {value:K}, K 8 make {total:K 8}.", "nb": "x"}
    assert rendering.render_text(text, "en", house=ToyHouse(holes=5)) == (
        "5 holes, a king \u22121, K 8 make 0."  # a real minus sign (DOMAIN.md)
    )
    assert schema.facts(ToyHouse(holes=7)) == {"holes": 7, "hand": 2}
    assert schema.all_houses(toy) == toy.all_houses()


def test_the_address_words_are_the_games_own(toy):
    house = ToyHouse(holes=5, short=True)
    assert address.to_slug(house) == "short+holes-5"
    assert address.to_slug(house, "nb") == "short+holes-5"  # no Norwegian: its first words
    assert address.from_slug("holes-5+short", toy) == house
    with pytest.raises(ValueError, match="default"):
        address.from_slug("holes-3", toy)
    with pytest.raises(ValueError, match="unknown"):
        address.from_slug("jack-11", toy)


def test_possible_totals_come_from_the_games_card_table(toy):
    assert toy.possible_totals(ToyHouse()) == {D(-2), D(0), D(2)}
    # the same counting with Ghost's table: halves, and no 0 from five cards of one deck
    ghost = games.default()
    totals = ghost.possible_totals(ghost.House())
    assert D("0.5") in totals and D(0) not in totals


def test_a_fixed_number_of_holes_ends_the_game_lowest_total_winning(toy):
    ending = toy.ending(ToyHouse(holes=2))
    rounds = [[D(5), D(1), D(3)], [D(0), D(2), D(3)]]
    first = outcome(3, rounds[:1], ending)
    assert not first.finished and not finished(rounds[:1], ending)
    result = outcome(3, rounds, ending)
    assert result.finished_after == 2 and finished(rounds, ending)
    assert result.winners == [1] and result.losers == []
    # Ghost's ending with the same rounds: the first to reach 5 loses at once
    ghost = outcome(3, rounds, LossThreshold(5))
    assert ghost.finished_after == 1 and ghost.losers == [0]
    assert outcome(3, rounds, 5) == ghost  # a number is a loss threshold


@pytest.mark.django_db
def test_a_scorepad_game_asks_its_game_for_totals_and_ending(toy):
    game = Game.create_with_players(["Ada", "Bo"], game="toy", holes=2).load_players()
    assert game.rules is toy
    assert game.possible_totals() == {D(-2), D(0), D(2)}
    # Ghost would end this game at once (2 reaches a threshold of 2); two holes do not
    assert game.add_round(1, [D(2), D(0)], ["", ""]).result is Result.SAVED
    assert not game.finished()
    assert game.add_round(2, [D(-2), D(2)], ["", ""]).result is Result.SAVED
    assert game.finished()
    assert game.add_round(3, [D(0), D(0)], ["", ""]).result is Result.GAME_OVER
    result = game.outcome()
    assert result.winners == [0] and result.losers == [] and result.threshold is None
    # a rematch plays the same game
    rematch = game.rematch().game
    assert rematch.game == "toy"


@pytest.mark.django_db
def test_a_game_saved_before_games_had_a_column_is_the_default_game():
    game = Game.create_with_players(["Ada", "Bo"], threshold=21)
    assert game.game == games.DEFAULT_KEY
    assert game.rules is games.default()
    assert game.house == games.default().House()
