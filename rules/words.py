"""Words and numbers in the reader's language: card and rank names, counts written
out, points as 3.5 / 3,5, percentages, a list of names joined with "and".

The rules pages, the scorepad and the template tags all say cards and numbers through
this module.
"""

from __future__ import annotations

import re
from decimal import Decimal
from functools import cache

from django.utils import translation
from django.utils.formats import get_format
from django.utils.html import format_html
from django.utils.safestring import SafeString
from django.utils.translation import gettext

from . import cards

RANK_NAMES = {
    "en": {
        "A": "ace",
        "2": "two",
        "3": "three",
        "4": "four",
        "5": "five",
        "6": "six",
        "7": "seven",
        "8": "eight",
        "9": "nine",
        "T": "ten",
        "J": "jack",
        "Q": "queen",
        "K": "king",
        "X": "joker",
    },
    "nb": {
        "A": "ess",
        "2": "toer",
        "3": "treer",
        "4": "firer",
        "5": "femmer",
        "6": "sekser",
        "7": "sjuer",
        "8": "åtter",
        "9": "nier",
        "T": "tier",
        "J": "knekt",
        "Q": "dame",
        "K": "konge",
        "X": "joker",
    },
}
_PLURALS = {
    "en": "aces twos threes fours fives sixes sevens eights nines tens jacks queens kings",
    "nb": "ess toere treere firere femmere seksere sjuere åttere niere tiere knekter damer konger",
}
_JOKERS = {"en": "jokers", "nb": "jokere"}  # for a game with jokers: a rank of its own ("X")
RANK_PLURALS = {
    language: dict(zip(cards.RANKS, words.split(), strict=True)) | {"X": _JOKERS[language]}
    for language, words in _PLURALS.items()
}
# The index letters printed in the corner of the cards.
RANK_SHORT = {
    "en": {"T": "10", "J": "J", "Q": "Q", "K": "K", "A": "A"},
    "nb": {"T": "10", "J": "Kn", "Q": "D", "K": "K", "A": "E"},
}
JOKER_SHORT = "Jkr"  # printed on a joker in both languages
SUIT_NAMES = {
    "en": {"S": "spades", "H": "hearts", "D": "diamonds", "C": "clubs"},
    "nb": {"S": "spar", "H": "hjerter", "D": "ruter", "C": "kløver"},
}


# Small counts in running text are written out, as both languages do in prose.
NUMBER_WORDS = {
    "en": [
        "zero",
        "one",
        "two",
        "three",
        "four",
        "five",
        "six",
        "seven",
        "eight",
        "nine",
        "ten",
        "eleven",
        "twelve",
        "thirteen",
    ],
    "nb": [
        "null",
        "én",
        "to",
        "tre",
        "fire",
        "fem",
        "seks",
        "sju",
        "åtte",
        "ni",
        "ti",
        "elleve",
        "tolv",
        "tretten",
    ],
}


MINUS = "\u2212"


@cache
def points_formatter(language: str):
    """A formatter for one language: 3.5 in English, 3,5 in Norwegian, 19 not 19.0, and
    a negative number with a real minus sign (−2) in both.

    Looked up once per language; the score table calls it for every cell.
    """
    separator = get_format("DECIMAL_SEPARATOR", language, use_l10n=True)

    def fmt(value: Decimal | int) -> str:
        value = Decimal(value)
        if value < 0:
            return MINUS + fmt(-value)
        if value == value.to_integral_value():
            return str(int(value))
        return f"{value:.1f}".replace(".", separator)

    return fmt


def format_points(value: Decimal | int, language: str | None = None) -> str:
    return points_formatter(language or translation.get_language())(value)


def card_name(code: str, language: str) -> str:
    rank, suit = cards.parse_card(code)
    rank_name = RANK_NAMES[language][rank]
    if suit is None:
        return rank_name
    suit_name = SUIT_NAMES[language][suit]
    return f"{rank_name} of {suit_name}" if language == "en" else f"{suit_name} {rank_name}"


def rank_label(rank: str, language: str) -> str:
    if rank == cards.JOKER:  # not among RANK_SHORT: a rank typed into the scorepad is no joker
        return JOKER_SHORT
    return RANK_SHORT[language].get(rank, rank)


def card_text(code: str | None, language: str) -> str:
    """What a card shows (its suit's symbol and its corner), "?" face down: a button
    holding a card is named by this first (WCAG 2.5.3)."""
    if not code:
        return "?"
    rank, suit = cards.parse_card(code)
    return cards.SUIT_SYMBOLS.get(suit, "") + rank_label(rank, language)


def card_html(code: str, language: str) -> SafeString:
    rank, suit = cards.parse_card(code)
    colour = "red" if suit in ("H", "D") else "black"
    return format_html(
        '<span class="card card-{}" role="img" aria-label="{}">{}{}</span>',
        colour,
        card_name(code, language),
        cards.SUIT_SYMBOLS.get(suit, ""),
        rank_label(rank, language),
    )


def format_percent(share: Decimal, language: str) -> str:
    number = int((share * 100).quantize(Decimal(1)))
    return f"{number}%" if language == "en" else f"{number}\N{NO-BREAK SPACE}%"


def points_phrase(value: Decimal | int, language: str) -> str:
    """'1 point', '21 points', '0.5 points'; «1 poeng», «21 poeng»."""
    number = format_points(value, language)
    if language == "nb":
        return f"{number}\N{NO-BREAK SPACE}poeng"
    return f"{number}\N{NO-BREAK SPACE}{'point' if Decimal(value) == 1 else 'points'}"


def a_rank(rank: str, language: str) -> str:
    """A rank with its indefinite article: 'an eight', 'a jack'; «en åtter», «et ess»."""
    name = RANK_NAMES[language][rank]
    if language == "nb":
        return f"{'et' if rank == 'A' else 'en'} {name}"
    return f"{'an' if name[0] in 'aeiou' else 'a'} {name}"


def or_list(items: list[str], language: str) -> str:
    """'an eight', 'an eight or a jack', 'an eight, a jack or an ace' («eller»)."""
    if len(items) < 2:
        return "".join(items)
    word = "eller" if language == "nb" else "or"
    return f"{', '.join(items[:-1])} {word} {items[-1]}"


def number_runs(numbers, language: str) -> str:
    """Whole numbers said as runs: '−26 and −23', '−19 to −15 and −13'; «−19 til −15
    og −13». A run of three or more is said by its ends."""
    runs: list[list[int]] = []
    for n in sorted(numbers):
        if runs and runs[-1][-1] == n - 1:
            runs[-1].append(n)
        else:
            runs.append([n])
    to, also = ("til", "og") if language == "nb" else ("to", "and")
    said = []
    for run in runs:
        ends = [format_points(n, language) for n in run]
        said += [f"{ends[0]} {to} {ends[-1]}"] if len(run) > 2 else ends
    if len(said) < 2:
        return "".join(said)
    return f"{', '.join(said[:-1])} {also} {said[-1]}"


def count_word(n: int, language: str) -> str:
    """A count in running text: in words up to thirteen, in figures above."""
    said = NUMBER_WORDS[language]
    return said[n] if 0 <= n < len(said) else str(n)


def and_list(names) -> str:
    """'Anna', 'Anna and Bo', 'Anna, Bo and Cleo' (og in Norwegian)."""
    names = [str(n) for n in names]
    if len(names) < 2:
        return "".join(names)
    return gettext("%(first)s and %(last)s") % {"first": ", ".join(names[:-1]), "last": names[-1]}


# Every way a rank may be typed, in either language: the rank codes (A, 2-9, T, J, Q, K)
# and the corner letters of both languages' cards (10, Kn, E, D, ...), from this module.
RANK_WORDS = {rank.lower(): rank for rank in cards.RANKS}
RANK_WORDS.update(
    {label.lower(): rank for labels in RANK_SHORT.values() for rank, label in labels.items()}
)
# Longest first, so that "10" and "kn" win over "1" and "k".
_RANK_TOKEN = re.compile("|".join(sorted(map(re.escape, RANK_WORDS), key=len, reverse=True)))


def parse_ranks(text: str) -> list[str]:
    """'8 J A 2 K', '8,kn,e,2,k' or '8ja2k' -> ['8', 'J', 'A', '2', 'K']. A ValueError
    carries the first piece that is not a card, as typed ("X" of "X Y Z 1 0")."""
    typed, text = text, text.lower()
    if len(typed) != len(text):  # a letter that lower case lengthens: say it lowered
        typed = text
    ranks, position = [], 0
    for match in _RANK_TOKEN.finditer(text):
        _refuse(typed[position : match.start()])
        ranks.append(RANK_WORDS[match.group()])
        position = match.end()
    _refuse(typed[position:])
    return ranks


def _refuse(gap: str) -> None:
    """Between two cards only separators; anything else, its first word is the bad one."""
    bad = gap.strip(" ,;/+-")
    if bad:
        raise ValueError(re.split(r"[\s,;/+]+", bad)[0])
