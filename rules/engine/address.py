"""A table's house rules in a page's address, for any game.

Every combination has one address: the rules page's path with the choices that differ
from the game's defaults, in a fixed order, as words joined by "+":
`/en/rules/jack-11+stock-only+to-15/`. A path (not a query) so a CDN or the static
export can keep each combination as a file. The words are the same in both languages,
so the language switch keeps the combination. The words are the game's own: its
variants' (`variant_words`), its house rules' (`house_rules`), and one house rule with
a number (`number_rule`, "to-15").
"""

from __future__ import annotations

import re
from typing import Any

from rules import games
from rules.engine.game import Game

SEPARATOR = "+"


def to_words(house: Any) -> list[str]:
    game = games.of(house)
    number = game.number_rule
    words = []
    if house.variant != game.default_variant:
        words.append(game.variant_words[house.variant])
    numbered = number and getattr(house, number.field)
    if numbered == (number and number.default):
        numbered = None
    for rule in game.house_rules:
        if rule.holds(house):
            words.append(rule.word)
            if number and rule.field == number.field:
                numbered = None  # the number's value has a word of its own ("one-round")
        elif numbered is not None and rule.field == number.field:
            words.append(f"{number.prefix}-{numbered}")  # in its house rule's place
            numbered = None
    if numbered is not None:  # a game whose number has no word of its own: at the end
        words.append(f"{number.prefix}-{numbered}")
    return words


def to_slug(house: Any) -> str:
    return SEPARATOR.join(to_words(house))


def from_slug(slug: str, game: Game | None = None) -> Any:
    """The table a path names, in any order (of the default game when none is given);
    ValueError for an unknown word, a word twice, or a combination that cannot be
    played."""
    game = game or games.default()
    number = game.number_rule
    number_word = number and re.compile(rf"{re.escape(number.prefix)}-([1-9][0-9]{{0,2}})")
    fields: dict = {}
    variants = {word: key for key, word in game.variant_words.items()}
    rules = {rule.word: rule for rule in game.house_rules}
    for word in slug.split(SEPARATOR):
        if word in variants:
            name, value = "variant", variants[word]
        elif word in rules:
            name, value = rules[word].field, rules[word].value
        elif number_word and (match := number_word.fullmatch(word)):
            name, value = number.field, int(match[1])
            if value == number.default:
                raise ValueError(f"the default {number.field} is not named")
        else:
            raise ValueError(f"unknown house rule {word!r}")
        if name in fields:
            raise ValueError(f"{name} given twice")
        fields[name] = value
    house = game.House(**fields)
    if house.is_default():
        raise ValueError("no house rule named")
    return house


class HouseConverter:
    """`<house:house>` in a URL: a non-empty slug of known words, a table of the
    default game."""

    regex = r"[a-z0-9-]+(?:\+[a-z0-9-]+)*"

    def to_python(self, value: str) -> Any:
        return from_slug(value)

    def to_url(self, value: Any) -> str:
        return to_slug(value)


def converter_for(key: str) -> type:
    """A converter like `HouseConverter` for the tables of another game (its key)."""

    class Converter(HouseConverter):
        def to_python(self, value: str) -> Any:
            return from_slug(value, games.get(key))

    Converter.__name__ = f"{key.capitalize()}HouseConverter"
    return Converter
