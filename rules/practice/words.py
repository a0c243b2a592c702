"""The words every game's practice pages share (rules/games/<key>/play_words.py says
the rest): the seats' names, a card as text or as the page shows it, and the result's
line from the game's own three sentences."""

from __future__ import annotations

from django.utils.translation import get_language, gettext

from rules.words import card_html, card_name, format_points

from .table import READER

NAMES = ("Bo", "Kari", "Ola")  # the computer seats, 1 to 3


def seat_name(seat: int) -> str:
    return gettext("You") if seat == READER else NAMES[seat - 1]


def card(code: str | None) -> str:
    """A card's name in the reader's language ("the ace of spades"), "" for none."""
    return card_name(code, get_language()) if code else ""


def shown(code: str | None):
    """A card as the page draws it, None for none."""
    return card_html(code, get_language()) if code else None


def points(value) -> str:
    return format_points(value, get_language())


def result_line(view: dict, alone: str, shared: str, other: str) -> str:
    """Who won the practice round: the reader `alone`, the reader among others
    (`shared`), or somebody else (`other`, "%(name)s …")."""
    winners = view["result"]["winners"]
    if winners == [READER]:
        return str(alone)
    if READER in winners:
        return str(shared)
    return str(other) % {"name": seat_name(winners[0])}
