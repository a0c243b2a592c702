"""The practice round of Ghost in words: what the reader may do now (with the section
of the rules page that says so), each move told in a sentence, the buttons' labels and
the review of costly moves. The model is play.py; the pages are rules/practice/."""

from __future__ import annotations

from django.utils.translation import get_language, gettext
from django.utils.translation import gettext_lazy as _

from rules.practice import table
from rules.practice import words as shared
from rules.practice.words import seat_name
from rules.words import card_text

TABLE_TEMPLATE = "rules/ghost/practice_table.html"


LIMIT_LINE = _(
    "The round stopped after %(n)s turns, before the stock ran out: a practice round always ends."
)  # %(n)s: the turn limit


def link_text() -> str:
    return gettext("Practise a round against the computer")


def place_word(place: int, view: dict) -> str:
    house = table.house_of(view)
    if house.rules_variant.in_hand:
        return gettext("place %(n)s of your hand") % {"n": place}
    return gettext("place %(n)s") % {"n": place}


def step_line(view: dict) -> tuple[str, str]:
    """One line of what the reader may do now, and the id of the rules page's section
    that says it."""
    house = table.house_of(view)
    if view["over"]:
        return gettext("The round is over: every card is turned and counted."), "round-end"
    if view["held"] is None:
        if "discard" in view["moves"]:
            text = gettext(
                "Your turn: draw a card from the stock, or pick up the %(card)s from the "
                "discard pile."
            ) % {"card": shared.card(view["discard_top"])}
        else:
            text = gettext("Your turn: draw a card from the stock.")
        return text, "turn-draw"
    values = {"card": shared.card(view["held"])}
    if house.rules_variant.in_hand:
        text = gettext(
            "You hold the %(card)s: give up a card of your hand worth more for it, or throw "
            "it on the discard pile."
        )
    elif not house.swap_seen:
        text = gettext(
            "You hold the %(card)s: swap it into a place you have not seen, or throw it on "
            "the discard pile."
        )
    else:
        text = gettext(
            "You hold the %(card)s: swap it into one of your places, or throw it on the "
            "discard pile."
        )
    return text % values, "turn-place"


def move_label(move: str, view: dict) -> str:
    if label := shared.pile_label(move, view):
        return label
    place = int(move.split("-")[1])
    return gettext("Swap it into %(place)s") % {"place": place_word(place, view)}


REASONS = {
    "known": _("%(name)s knew the %(replaced)s and let it go for something cheaper."),
    "unseen": _("A card worth %(limit)s or less on a place not seen wins more often than not."),
    "nothing_better": _("%(name)s had nowhere better to put it."),
    "guess": _("%(name)s played it by feel."),
}


def event_line(event: dict, view: dict) -> str:
    """A move told as the reader saw it (a computer's with its reason)."""
    values = shared.event_values(event, view, place_word)
    values["limit"] = shared.points(event.get("why", {}).get("limit", 0))
    mine = event["seat"] == table.READER
    if event["place"] is None:
        if mine:
            text = gettext("You threw the %(card)s on the discard pile.")
        elif event["took"] == "discard":
            text = gettext("%(name)s took the %(card)s and put it back.")
        else:
            text = gettext("%(name)s drew the %(card)s and threw it on the discard pile.")
    elif mine:
        text = gettext(
            "You swapped the %(card)s into %(place)s; the %(replaced)s went to the discard pile."
        )
    elif event["card"] is None:
        text = gettext(
            "%(name)s drew from the stock and swapped the card into %(place)s; the "
            "%(replaced)s went to the discard pile."
        )
    else:
        text = gettext(
            "%(name)s took the %(card)s from the discard pile and swapped it into %(place)s; "
            "the %(replaced)s went to the discard pile."
        )
    return shared.told(text, values, REASONS.get(event.get("reason", "")), mine)


REVIEWS = {
    "gave_cheaper": _(
        "Turn %(turn)s: you gave up the %(replaced)s for the dearer %(card)s, "
        "%(cost)s more in your hand."
    ),
    "threw_cheaper": _(
        "Turn %(turn)s: you threw the %(card)s while place %(place)s held the %(replaced)s, "
        "which you knew: swapping would have saved %(cost)s."
    ),
}


def review_line(item: dict, view: dict) -> str:
    values = shared.review_values(item)
    values |= {"replaced": shared.card(item["replaced"]), "place": item["place"]}
    return str(REVIEWS[item["kind"]]) % values


def board(view: dict) -> dict:
    """The reader's row as places (each a card or face down, a button where a move may go
    there), the others' hands, and after the end each hand counted card by card."""
    moves = set(view["moves"])
    places = []
    for number, code in enumerate(view["row"], 1):
        move = f"place-{number}"
        places.append(
            {
                "number": number,
                "card": shared.shown(code),
                "shown": card_text(code, get_language()),  # its button named by it first
                "name": shared.card(code) if code else gettext("not seen"),
                "move": move if move in moves else None,
                "label": move_label(move, view) if move in moves else "",
            }
        )
    others = [{"name": seat_name(o["seat"]), "count": len(o["cards"])} for o in view["others"]]
    hands = []
    if view["result"]:
        for seat, hand in enumerate(view["result"]["hands"]):
            hands.append(
                {
                    "name": seat_name(seat),
                    "cards": [(shared.shown(c), shared.points(v)) for c, v in hand["cards"]],
                    "ghost": (shared.shown(hand["ghost"][0]), shared.points(hand["ghost"][1])),
                    "row_total": shared.points(hand["row_total"]),
                    "total": shared.points(hand["total"]),
                    "wins": seat in view["result"]["winners"],
                }
            )
    house = table.house_of(view)
    return {
        "places": places,
        "others": others,
        "hands": hands,
        "in_hand": house.rules_variant.in_hand,
        "held": shared.shown(view["held"]),
        "discard_top": shared.shown(view["discard_top"]),
    }
