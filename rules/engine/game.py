"""A game, as the engine is handed it: the one protocol every game of the site follows.

The rules pages (rules/engine/loader.py, schema.py, rendering.py, address.py) and the scorepad
(scorepad/logic/scoring.py, the Game model) never name a game. They are handed a value
that follows `Game` below, found by its key in the registry (rules/games/__init__.py).
A game is added by adding its own package beside the others in rules/games/:

    rules/games/<key>/__init__.py   the game object (a class following `Game`), `GAME`
    rules/games/<key>/cards.py      its pure facts: card values, variants, house rules,
                                    the facts of a table, possible totals (no Django)
    rules/games/<key>/rules.toml    its rules texts, English and Norwegian side by side
    rules/games/<key>/round.py      its scripted round, played and checked at start-up
    rules/games/<key>/picture.py    its table picture, as numbers a template draws
    rules/templates/rules/...       its templates (a game's own blocks)

and one line in the registry's list. A game's modules import only the leaves of the
engine (this module, rules/cards.py, rules/words.py), never the loader, the schema or
the rendering: those import the registry, so the other way would be a circle.

What a game object carries (the default game's is the reference: its package's __init__.py):

Names and words
    key                 the registry's key, the scorepad's `Game.game` column
    names               {"en": …, "nb": …}: the game's name in each language
    words               {"round": {"en": …, "nb": …}, "rounds": …}: what one deal is
                        called (a round; a hole, in a game whose rounds are holes)
    texts               Path of its rules texts (TOML, checked by rules/engine/loader.py)

The table (what a table settles before the first deal)
    House               a frozen dataclass of a table's choices; `House()` is the site's
                        default table; `house.conditions()` the names a patch of the
                        texts may be `when`; `house.is_default()`; `house.max_players`
    house_rules         tuple of `HouseRule` (below): each house rule once, with its words
                        in a page's address, in the order the words take there
    number_rule         a `NumberRule` (a house rule with a number, "to-15") or None
    variant_words       {variant key: {language: its word in an address}}; the default
                        variant none (every word of a game unique across languages:
                        rules/engine/address.py)
    default_variant     the key of the variant a default table plays
    variants            {key: variant}; each variant has `hand_size` and `max_players`
    table_variants      the keys a table may choose (each needs a scripted round)
    conditions          frozenset of every name a patch's `when` may use
    least_players       the fewest who may play
    all_houses()        every table a reader can choose; the loader proves the texts
                        true at each

The facts a text may assume, and the numbers it may name
    fact_values         {fact: its possible values}: what `assumes`/`only` may name
    named_facts(house)  {fact: value} at this table
    figures(house)      {name: number}: what `{fact:…}`, `{word:…}` and `{percent:…}`
                        placeholders may name (the default table's set decides which
                        names exist); a tuple of whole numbers is a set of scores,
                        said as runs by `{scores:…}` ("−19 to −15 and −13")
    percent_figures     the names among them that are shares (shown as percentages)
    value_placeholders  {suffix: House fields}: `{value<suffix>:R}`/`{total<suffix>:…}`
                        count at the table with those fields set ("" the table itself)
    rank_lists          {kind: function(rank, house) -> ranks}: the game's own
                        placeholders filled with a list of ranks, "a jack or a two"
                        (`{cheaper:A}`: the ranks worth less than an ace); {} for none

Cards and hands
    card_table(house)   {rank: points} at this table
    hand_total(cards, house)
    possible_totals(house)   every total one hand (one player's round) can make at this
                        table, derived from the card table, never typed in
    block_kinds         {kind: `Kind`}: the game's own kinds of block (worked examples)
    example_figures(block, house)  the numbers a worked example shows
    example_context(house)         what a worked example's template needs besides
    variant_facts(key, house)      a row of the variant table as numbers: `described_at`
                        (the table its description is counted at), `players`, `cards`,
                        `totals` (its possible totals), `house_rule` (a bool), and
                        `half_displaces` (the rank a half-point card stands in for in
                        the dearest hand with one; None where no total is a half)

Ending a game
    ending(house)       an `Ending` (below): what ends a game at this table and who wins

The scripted round and the picture
    play_round(script, house)         a round played from the texts' script, every step
                                      checked (ValueError naming the step that breaks a
                                      rule); the loader plays each at every table
    whole_round(script, language, house)  that round told for the rules page's template
    table_picture(language, house, key)   where each card lies, for the template

The scorepad's table (one JSON field of a stored game, scorepad/models)
    table_of(house)     the table's choices as a JSON-safe dict (a Decimal as its str),
                        `variant` among them; what `house_from_table` reads back
    house_from_table(table, players)   the `House` a stored game plays; `players` None
                        where the count does not matter (the totals a round may hold).
                        ValueError on a key, type or value the game's schema does not
                        allow (`check_table` below checks the keys and types)
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from decimal import Decimal
from typing import Any, Protocol


@dataclass(frozen=True)
class Kind:
    """What a kind of block of the rules texts holds: its texts, its items (each a text,
    or a few texts by field), the figures its texts may name, the fields that hold cards."""

    texts: tuple[str, ...] = ()
    items: tuple[str, ...] | None = None  # () items are texts themselves
    figures: frozenset[str] = frozenset()
    cards: tuple[str, ...] = ()


@dataclass(frozen=True)
class HouseRule:
    """One house rule, defined once: the field of a game's `House` it sets and to what,
    its name in the rules texts (a patch's `when`, a block's `only`) and its word in a
    page's address in each language ({"en": …, "nb": …}: rules/engine/address.py), and
    the words it had before in each language (`former`, {"nb": (…,)}): an old link is
    still read, and answered with a 301 to the rule's word now."""

    field: str
    value: object
    condition: str
    words: Mapping[str, str] = dataclasses.field(hash=False)
    former: Mapping[str, tuple[str, ...]] = dataclasses.field(default_factory=dict, hash=False)

    def holds(self, house: Any) -> bool:
        return getattr(house, self.field) == self.value


@dataclass(frozen=True)
class NumberRule:
    """A house rule with a number: in the address `<prefix>-<number>`, the prefix in
    the page's language ({"en": "to", "nb": "til"}: "to-15", "til-15"), where the
    default is never named. Its field is also one of `house_rules` when a value of it
    has a word of its own (the threshold's "one-round")."""

    field: str
    prefixes: Mapping[str, str] = dataclasses.field(hash=False)
    default: int
    condition: str  # a patch's `when` for any number but the default


# ------------------------------------------------------------------ endings


@dataclass(frozen=True)
class Decision:
    """How a game ended: who lost (may be nobody) and who won."""

    losers: list[int]
    winners: list[int]


def lowest(values: list[Decimal]) -> list[int]:
    best = min(values)
    return [i for i, v in enumerate(values) if v == best]


def highest(values: list[Decimal], among: list[int]) -> list[int]:
    top = max(values[i] for i in among)
    return [i for i in among if values[i] == top]


class Ending(Protocol):
    """What ends a game and who wins. `threshold` is a line the chart draws and the
    distance a player still has (None: no such line)."""

    threshold: int | None

    def decide(self, totals: list[Decimal], played: int, last: list[Decimal]) -> Decision | None:
        """After `played` rounds, with these running totals and the last round's
        totals: None while the game goes on."""

    def decided(self, totals: list[Decimal], played: int) -> bool:
        """Whether `decide` would end the game, for less."""


@dataclass(frozen=True)
class LossThreshold:
    """The first to reach the threshold loses; several at once: the highest total loses,
    equal highest share; the lowest total of the others wins. `points` None: a single
    round, its lowest total wins."""

    points: int | None

    @property
    def threshold(self) -> int | None:
        return self.points

    def decided(self, totals: list[Decimal], played: int) -> bool:
        if not played:
            return False
        return self.points is None or any(t >= self.points for t in totals)

    def decide(self, totals: list[Decimal], played: int, last: list[Decimal]) -> Decision | None:
        if self.points is None:
            return Decision([], lowest(last))
        crossed = [i for i, t in enumerate(totals) if t >= self.points]
        if not crossed:
            return None
        losers = highest(totals, crossed)
        return Decision(losers, [i for i in lowest(totals) if i not in losers])


@dataclass(frozen=True)
class FixedRounds:
    """A set number of rounds (holes, say): then the lowest total wins, ties share.
    With `extra_round` a tie after the last round is settled by one more round that only
    the tied players play: its lowest score wins among them (tied again: shared), and it
    is not added to the totals. The totals handed to `decide` and `decided` are those of
    the rounds that count (`counts`)."""

    rounds: int
    threshold: int | None = None
    extra_round: bool = False

    def counts(self, number: int) -> bool:
        """Whether round `number` (1-based) adds to the totals."""
        return number <= self.rounds

    def playing(self, number: int, totals: list[Decimal]) -> list[int] | None:
        """The seats that play round `number` after these totals: None, everyone; an
        empty list, nobody (no round comes after the last but the extra one, after a
        tie)."""
        if number <= self.rounds:
            return None
        tied = lowest(totals)
        if self.extra_round and number == self.rounds + 1 and len(tied) > 1:
            return tied
        return []

    def decided(self, totals: list[Decimal], played: int) -> bool:
        if played != self.rounds:
            return played > self.rounds
        return not (self.extra_round and len(lowest(totals)) > 1)

    def decide(self, totals: list[Decimal], played: int, last: list[Decimal]) -> Decision | None:
        if played < self.rounds:
            return None
        tied = lowest(totals)
        if played == self.rounds:
            if self.extra_round and len(tied) > 1:
                return None
            return Decision([], tied)
        # A tied player with no score here did not play it (a board entered before the
        # scorepad refused a change that moves who is tied, scoring.misfit): not a winner.
        played = [i for i in tied if last[i] is not None]
        if not played:
            return None
        best = min(last[i] for i in played)
        return Decision([], [i for i in played if last[i] == best])


# ------------------------------------------------------------------ the protocol


class Game(Protocol):
    """A game as the engine is handed it; see the module's docstring for each member."""

    key: str
    names: dict[str, str]
    words: dict[str, dict[str, str]]
    texts: Any  # pathlib.Path
    House: type
    house_rules: tuple[HouseRule, ...]
    number_rule: NumberRule | None
    variant_words: dict[str, Mapping[str, str]]
    default_variant: str
    variants: dict[str, Any]
    table_variants: tuple[str, ...]
    conditions: frozenset[str]
    least_players: int
    fact_values: dict[str, tuple]
    percent_figures: frozenset[str]
    value_placeholders: dict[str, dict[str, Any]]
    rank_lists: dict[str, Any]
    block_kinds: dict[str, Kind]

    def all_houses(self) -> list[Any]: ...
    def named_facts(self, house: Any) -> dict[str, Any]: ...
    def figures(self, house: Any) -> dict[str, Decimal | int]: ...
    def card_table(self, house: Any) -> dict[str, Decimal]: ...
    def hand_total(self, cards: Any, house: Any) -> Decimal: ...
    def possible_totals(self, house: Any) -> frozenset[Decimal]: ...
    def example_figures(self, block: dict[str, Any], house: Any) -> dict[str, Any]: ...
    def example_context(self, house: Any) -> dict[str, Any]: ...
    def ending(self, house: Any) -> Ending: ...
    def variant_facts(self, key: str, house: Any) -> dict[str, Any]: ...
    def play_round(self, script: dict[str, Any], house: Any) -> Any: ...
    def whole_round(self, script: dict[str, Any], language: str, house: Any) -> dict: ...
    def table_picture(self, language: str, house: Any, key: str) -> dict[str, Any]: ...
    def table_of(self, house: Any) -> dict[str, Any]: ...
    def house_from_table(self, table: Mapping[str, Any], players: int | None) -> Any: ...


def check_table(table: Any, types: Mapping[str, tuple[type, ...]]) -> None:
    """A stored table's schema, as far as JSON can say it: a dict whose every key is one
    of `types` and whose every value has one of its types (a bool is never a number).
    A missing key takes its `House`'s default. ValueError names what does not fit."""
    if not isinstance(table, Mapping):
        raise ValueError(f"a table is a JSON object, not {type(table).__name__}")
    for key, value in table.items():
        if key not in types:
            raise ValueError(f"{key!r} is no choice of this game's table")
        allowed = types[key]
        if isinstance(value, bool) and bool not in allowed:
            raise ValueError(f"{key!r} is {value!r}, not one of {[t.__name__ for t in allowed]}")
        if not isinstance(value, allowed):
            raise ValueError(f"{key!r} is {value!r}, not one of {[t.__name__ for t in allowed]}")
