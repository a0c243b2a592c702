"""A table's house rules in a page's address, for any game.

Every combination has one address per language: the rules page's path with the choices
that differ from the game's defaults, in a fixed order, as words joined by "+", in the
page's language:

    /en/rules/<choice>+<choice>+to-15/         /nb/regler/<valg>+<valg>+til-15/
    /en/<game>/rules/<choice>+<choice>/        /nb/<spill>/regler/<valg>+<valg>/

(each <choice> a variant's or a house rule's word in that language; <game> the game's word
in the address, which the default game's pages have none of).

A path (not a query) so a CDN or the static export can keep each combination as a file.

The words are the game's own, one per language for each choice: its variants'
(`variant_words`), its house rules' (`house_rules`, each rule's `words`), and one house
rule with a number (`number_rule`, its `prefixes`: "to-15", "til-15"); a house rule's
words from before (its `former`) are read too, and answered with a 301. Each is written as
the site's other paths are: lower-case ASCII, hyphens between words, and the Norwegian
letters as plain ones, æ as "ae", ø as "o", å as "a" (as `poengblokk/folg/` writes
"følg": "på hånden" as `pa-handen`, "går ut" as `gar-ut`). A word is unique within its
game across all languages, so a word alone says which choice it names, and in which
language.

Writing (`to_url`) uses the active language, so the language switch, which reverses the
same page under another language, gives that language's spelling of the same table.
Reading (`to_python`) takes any language's words, even mixed: an old link stays good,
and the view answers 301 to the page language's own spelling (rules/views.py `_moved`).
A language a game has no words for gets its first language's. The static export keeps a
file at a combination's other spelling that sends the reader on (rules/views.py
`moved_paths`), as a static host cannot answer a 301.
"""

from __future__ import annotations

import re
from collections.abc import Iterator, Mapping
from functools import lru_cache
from typing import Any

from django.utils.translation import get_language

from rules import games
from rules.engine.game import Game

SEPARATOR = "+"
# What a word may be: the converter's alphabet, one word of a path.
WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")


def spelled(words: Mapping[str, str], language: str | None) -> str:
    """A choice's word in `language` ("nb-no" reads as "nb"), else in its first language."""
    language = (language or "").lower()
    return words.get(language) or words.get(language.split("-")[0]) or next(iter(words.values()))


def to_words(house: Any, language: str | None = None) -> list[str]:
    """The table's words in `language` (None: the active one), in the game's order."""
    language = language or get_language()
    game = games.of(house)
    number = game.number_rule
    words = []
    if house.variant != game.default_variant:
        words.append(spelled(game.variant_words[house.variant], language))
    numbered = number and getattr(house, number.field)
    if numbered == (number and number.default):
        numbered = None
    prefix = number and spelled(number.prefixes, language)
    for rule in game.house_rules:
        if rule.holds(house):
            words.append(spelled(rule.words, language))
            if number and rule.field == number.field:
                numbered = None  # the number's value has a word of its own ("one-round")
        elif numbered is not None and rule.field == number.field:
            words.append(f"{prefix}-{numbered}")  # in its house rule's place
            numbered = None
    if numbered is not None:  # a game whose number has no word of its own: at the end
        words.append(f"{prefix}-{numbered}")
    return words


def to_slug(house: Any, language: str | None = None) -> str:
    return SEPARATOR.join(to_words(house, language))


def all_words(game: Game) -> Iterator[tuple[str, str, str]]:
    """Every fixed word of a game: (word, language, what it names: a variant's key or a
    house rule's condition); and each number prefix as (prefix, language, its field)."""
    for key, words in game.variant_words.items():
        for language, word in words.items():
            yield word, language, key
    for rule in game.house_rules:
        for language, word in rule.words.items():
            yield word, language, rule.condition
        for language, words in former(rule).items():
            for word in words:
                yield word, language, rule.condition
    if game.number_rule:
        for language, prefix in game.number_rule.prefixes.items():
            yield prefix, language, game.number_rule.field


def number_word(game: Game) -> re.Pattern | None:
    """The number rule's word in any language ("to-15", "til-15"), its number a group."""
    number = game.number_rule
    if number is None:
        return None
    prefixes = "|".join(map(re.escape, number.prefixes.values()))
    return re.compile(rf"(?:{prefixes})-([1-9][0-9]{{0,2}})")


def check_words(game: Game) -> None:
    """ValueError when a word is not the converter's lower-case ASCII, names two choices
    or is in two languages, or reads as the number rule's ("to-15"): start-up refuses
    it (rules/engine/loader.py)."""
    numbered = number_word(game)
    seen: dict[str, tuple[str, str]] = {}
    for word, language, named in all_words(game):
        if not WORD.fullmatch(word):
            raise ValueError(f"{named} ({language}): {word!r} is not lower-case ASCII words")
        if word in seen:
            raise ValueError(f"{word!r} names {seen[word]} and {(named, language)}")
        if numbered and numbered.fullmatch(word):
            raise ValueError(f"{named} ({language}): {word!r} reads as a number")
        seen[word] = (named, language)


@lru_cache
def reading(game: Game) -> tuple[dict[str, str], dict[str, Any], re.Pattern | None]:
    """How a game's words are read, made once per game: {word: variant key} and {word:
    house rule} in any language, and the number rule's word."""
    variants = {word: key for key, words in game.variant_words.items() for word in words.values()}
    rules = {word: rule for rule in game.house_rules for word in rule.words.values()}
    rules |= {
        word: rule for rule in game.house_rules for words in former(rule).values() for word in words
    }
    return variants, rules, number_word(game)


def former(rule: Any) -> Mapping[str, tuple[str, ...]]:
    """The words a house rule had in an address before, by language (its `former`, if
    any): still read, and answered with a 301 to its word now."""
    return getattr(rule, "former", None) or {}


def former_slugs(house: Any, language: str | None = None) -> list[str]:
    """The table's slug in `language` with one house rule's word written as it was
    before, once for each former word (the static export's files that send on)."""
    language = language or get_language()
    game = games.of(house)
    words = to_words(house, language)
    found = []
    for rule in game.house_rules:
        if rule.holds(house):
            now = spelled(rule.words, language)
            for word in former(rule).get(language, ()):
                found.append(SEPARATOR.join(word if w == now else w for w in words))
    return found


def from_slug(slug: str, game: Game | None = None) -> Any:
    """The table a path names, in any order and in any language's words (of the default
    game when none is given); ValueError for an unknown word, a choice named twice, or a
    combination that cannot be played."""
    game = game or games.default()
    number = game.number_rule
    variants, rules, numbered = reading(game)
    fields: dict = {}
    for word in slug.split(SEPARATOR):
        if word in variants:
            name, value = "variant", variants[word]
        elif word in rules:
            name, value = rules[word].field, rules[word].value
        elif numbered and (match := numbered.fullmatch(word)):
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
    """`<house:house>` in a URL: a non-empty slug of known words (any language's), kept
    as it is; the view reads it as a table of its game (`from_slug`), a 404 for words the
    game does not know. Written in the active language's words."""

    regex = r"[a-z0-9-]+(?:\+[a-z0-9-]+)*"

    def to_python(self, value: str) -> str:
        return value

    def to_url(self, value: Any) -> str:
        return value if isinstance(value, str) else to_slug(value)


class GameConverter:
    """`<game:game>` in a URL: the word of a game that is not the default one, in any
    language (its `address`), read as its key; written in the active language's word. The
    default game's pages have no such word: its key is no match here, so `reverse` takes
    the pattern without it (rules/urls.py `for_every_game`)."""

    regex = r"[a-z][a-z0-9-]*"

    def to_python(self, value: str) -> str:
        key = games.by_word(value)
        if key is None:
            raise ValueError(f"no game is called {value!r}")
        return key

    def to_url(self, value: str) -> str:
        if games.is_default(value) or value not in games.known_keys():
            raise ValueError(f"{value!r} has no word in an address")
        return spelled(games.get(value).address, get_language())


def page_arguments(kwargs: dict) -> dict:
    """A page's resolved arguments with its table read for its game (`house` as a
    `House`), so that reversing them in another language spells the table in that
    language's words (the language switch); ValueError for a table the game lacks."""
    slug = kwargs.get("house")
    if isinstance(slug, str) and "game" in kwargs:
        return kwargs | {"house": from_slug(slug, games.get(kwargs["game"]))}
    return kwargs
