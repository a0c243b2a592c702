"""The words every game's practice pages share (rules/games/<key>/play_words.py says
the rest): the seats' names, a card as text or as the page shows it, who won, the
labels of the moves every game has (draw, take the discard, throw it away) and what a
move's sentence may name."""

from __future__ import annotations

from decimal import Decimal

from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from rules.words import card_html, card_name, format_points, points_phrase

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


# Who won: the reader alone, the reader among others, somebody else. The page's
# heading under the game's own "The round is over" line, so no game's word is needed.
RESULT_LINES = (_("You win."), _("You share the win."), _("%(name)s wins."))


def result_line(view: dict) -> str:
    winners = view["result"]["winners"]
    alone, shared, other = RESULT_LINES
    if winners == [READER]:
        return str(alone)
    if READER in winners:
        return str(shared)
    return str(other) % {"name": seat_name(winners[0])}


def pile_label(move: str, view: dict) -> str | None:
    """The label of a move every game's practice has ("stock", "discard", "throw"),
    None for a move of the game's own."""
    if move == "stock":
        return gettext("Draw from the stock")
    if move == "discard":
        return gettext("Take the %(card)s") % {"card": card(view["discard_top"])}
    if move == "throw":
        return gettext("Throw it on the discard pile")
    return None


def event_values(event: dict, view: dict, place_word) -> dict:
    """What a move's sentence may name: who moved, the card, the card it replaced and
    its place (in the game's own `place_word`)."""
    return {
        "name": seat_name(event["seat"]),
        "card": card(event["card"]),
        "replaced": card(event["replaced"]),
        "place": place_word(event["place"], view) if event["place"] else "",
    }


def told(text: str, values: dict, reason, mine: bool) -> str:
    """A move's sentence filled in with `values`; a computer's move followed by its
    reason (a sentence of the game's `REASONS`, None for none)."""
    text = text % values
    if reason and not mine:
        text += " " + str(reason) % values
    return text


def review_values(item: dict) -> dict:
    """What a costly move's review line may name: its turn, the card and what it cost."""
    return {
        "turn": item["turn"],
        "card": card(item["card"]),
        "cost": points_phrase(Decimal(item["cost"]), get_language()),
    }
