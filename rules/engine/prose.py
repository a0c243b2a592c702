"""No number typed into a rules text: every figure comes from the game's
cards.py (rules/games/<key>/cards.py).

A figure typed into prose is true for the table it was written at and silently false at
the others (a threshold of 15, a card worth 11, a row of seven), so the loader refuses any
digit left in a text once its placeholders are taken out.

What is allowed, and why:
- digits inside a placeholder: `{cards:S8 HJ}` (card notation), `{value:J}`,
  `{total:…}`, `{fact:…}`, `{points:…}`; they are filled from the game per table;
- the names of the variants (`variants.<key>.name`, such as "Ace as 11" / «Ess som 11»):
  they are names, the same at every table, not statements. In running text, write
  such a name with a placeholder (“Ace as {value11:A}”), so the figure stays computed.

Counts written as words ("four eights") are not caught: a rank's name ("an eight") and a
count look the same. Write counts with {word:…} all the same.
"""

from __future__ import annotations

import re

from .schema import PLACEHOLDER

DIGIT = re.compile(r"\d+(?:[.,]\d+)?")
# Entries whose text is a name, not a statement (see above).
NAMES = re.compile(r"^variants\.\w+\.name\b")


def typed_numbers(text: str) -> list[str]:
    """The numbers a text states outside its placeholders."""
    return DIGIT.findall(PLACEHOLDER.sub("", text))


def refuse_typed_numbers(text: str, where: str, error: type[Exception]) -> None:
    """Raise `error` naming the entry when a text states a number typed in."""
    if NAMES.match(where):
        return
    found = typed_numbers(text)
    if found:
        raise error(
            f"{where}: the number {found[0]!r} is typed in; take it from the game's cards.py "
            "through a placeholder ({fact:…}, {points:…}, {value:…}, {word:…}), "
            "or drop the claim"
        )
