"""The practice hole of Golf in words: what the reader may do now (with the section of
the rules page that says so), each move told in a sentence, the buttons' labels and the
review of costly moves. The model is play.py; the pages are rules/practice/."""

from __future__ import annotations

from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from rules.practice import table
from rules.practice import words as shared
from rules.practice.words import seat_name
from rules.words import card_text, format_points

TABLE_TEMPLATE = "rules/golf/practice_table.html"


LIMIT_LINE = _(
    "Nobody ended the hole before the stock ran out (or %(n)s turns were played): a "
    "practice hole ends there, and nobody is the caller."
)  # %(n)s: the turn limit


def link_text() -> str:
    return gettext("Practise a hole against the computer")


def _house(view):
    return table.house_of(view)


def place_word(place: int, view: dict) -> str:
    variant = _house(view).rules_variant
    row, column = divmod(place - 1, variant.columns)
    return gettext("row %(row)s, column %(column)s") % {"row": row + 1, "column": column + 1}


def step_line(view: dict) -> tuple[str, str]:
    variant = _house(view).rules_variant
    four = variant.ends_by == "knock"
    if view["over"]:
        return gettext("The hole is over: every card is turned and scored."), "scoring"
    if view["setup"]:
        shown = len([c for c in view["layout"] if c is not None])
        left = (variant.turned_up or variant.peeked) - shown
        if four:
            text = ngettext(
                "Before play: look at one more of your cards; it stays face down.",
                "Before play: look at %(n)s of your cards; they stay face down.",
                left,
            )
            return text % {"n": left}, "setup-deal-four"
        text = ngettext(
            "Before play: turn one more of your cards face up.",
            "Before play: turn %(n)s of your cards face up.",
            left,
        )
        return text % {"n": left}, "setup-deal"
    anchor = "turn-steps-four" if four else "turn-steps"
    last = ""
    caller = {"name": seat_name(view["caller"])} if view["caller"] is not None else None
    if caller:
        # In four-card golf nobody goes out: the hole ends with a knock.
        if four:
            last = gettext("Your last turn, since %(name)s has knocked. ") % caller
        else:
            last = gettext("Your last turn, since %(name)s has ended the hole. ") % caller
    if view["held"] is None:
        if caller:
            if four:
                text = gettext(
                    "Your last turn, since %(name)s has knocked: draw from the stock, or "
                    "take the %(card)s from the discard pile."
                )
            else:
                text = gettext(
                    "Your last turn, since %(name)s has ended the hole: draw from the stock, "
                    "or take the %(card)s from the discard pile."
                )
            text %= caller | {"card": shared.card(view["discard_top"])}
            last = ""
        else:
            text = gettext(
                "Your turn: draw from the stock, or take the %(card)s from the discard pile."
            ) % {"card": shared.card(view["discard_top"])}
        if any(m.startswith("flip-") for m in view["moves"]):
            text += " " + gettext("You may instead turn one of your cards face up.")
        if "knock" in view["moves"]:
            text += " " + gettext("Or knock to end the hole.")
        return last + text, anchor
    if view["took"] == "discard":
        text = gettext(
            "You took the %(card)s: a card from the discard pile must go into your layout. "
            "Choose its place."
        )
    else:
        text = gettext(
            "You drew the %(card)s: choose a place for it in your layout, or throw it on the "
            "discard pile."
        )
    return last + text % {"card": shared.card(view["held"])}, anchor


def move_label(move: str, view: dict) -> str:
    kind, _, number = move.partition("-")
    if label := shared.pile_label(kind, view):
        return label
    if kind == "knock":
        return gettext("Knock")
    place = place_word(int(number), view)
    if kind == "up":
        return gettext("Turn up the card at %(place)s") % {"place": place}
    if kind == "flip":
        return gettext("Turn up %(place)s instead of drawing") % {"place": place}
    return gettext("Put it in %(place)s") % {"place": place}


REASONS = {
    "pair": _("It completes a column of equal cards, and such a column scores nothing."),
    "cheaper": _("It is cheaper than the known card it replaced."),
    "blind_low": _(
        "A low card is a safer bet than a hidden one, which is only average on the whole."
    ),
    "nothing_better": _("No place in %(name)s’s layout would have gained from it."),
    "guess": _("%(name)s played it by feel."),
    "knock": _("%(name)s reckons that layout is low enough."),
}


def event_line(event: dict, view: dict) -> str:
    mine = event["seat"] == table.READER
    values = shared.event_values(event, view, place_word)
    took = event["took"]
    if took == "knock":
        text = gettext("%(name)s knocked.")
    elif took == "flip":
        text = gettext("%(name)s turned up the %(card)s at %(place)s.")
    elif event["place"] is None:
        text = gettext("%(name)s drew the %(card)s and threw it on the discard pile.")
    elif event["card"] is None:
        text = gettext(
            "%(name)s drew a card and put it face down in %(place)s; the %(replaced)s went to "
            "the discard pile."
        )
    elif took == "discard":
        text = gettext(
            "%(name)s took the %(card)s from the discard pile and put it in %(place)s; the "
            "%(replaced)s went to the discard pile."
        )
    else:
        text = gettext(
            "%(name)s drew the %(card)s and put it in %(place)s; the %(replaced)s went to the "
            "discard pile."
        )
    text = shared.told(text, values, REASONS.get(event.get("reason", "")), mine)
    if event.get("out"):
        text += " " + gettext("The hole is ending: everyone else has one more turn.")
    return text


REVIEWS = {
    "pair_apart": _(
        "Turn %(turn)s: the %(card)s at %(best)s would have cancelled its column, worth "
        "about %(cost)s to you."
    ),
    "gave_cheaper": _(
        "Turn %(turn)s: the %(card)s at %(place)s cost you about %(cost)s more than "
        "at its best place."
    ),
    "better_place": _(
        "Turn %(turn)s: the %(card)s at %(best)s would have saved you about %(cost)s more."
    ),
    "throw_away": _("Turn %(turn)s: throwing the %(card)s away would have saved about %(cost)s."),
}


def review_line(item: dict, view: dict) -> str:
    values = shared.review_values(item)
    values |= {
        "place": place_word(item["place"], view) if item["place"] else "",
        "best": place_word(item["best"], view) if item["best"] else "",
    }
    kind = item["kind"] if item["best"] or item["kind"] != "better_place" else "throw_away"
    return str(REVIEWS[kind]) % values


def _grid(cards: list, view: dict, moves: set, face_up: set) -> list[list[dict]]:
    """A layout as rows of places: each its card (None face down), its name for a
    screen reader, and the move that may go there."""
    variant = _house(view).rules_variant
    places = []
    for number, code in enumerate(cards, 1):
        move = next((m for m in moves if m.endswith(f"-{number}") and m[0] in "upf"), None)
        places.append(
            {
                "number": number,
                "card": shared.shown(code),
                "shown": card_text(code, get_language()),  # its button named by it first
                "name": place_word(number, view)
                + ": "
                + (shared.card(code) if code else gettext("face down")),
                # what lies there, for a button already named by its place
                "what": shared.card(code) if code else gettext("face down"),
                "up": number in face_up,
                "move": move,
                "label": move_label(move, view) if move else "",
            }
        )
    return [places[r * variant.columns : (r + 1) * variant.columns] for r in range(variant.rows)]


def board(view: dict) -> dict:
    """The reader's layout and the others' as grids, and after the end each layout
    scored column by column."""
    moves = set(view["moves"])
    others = [
        {"name": seat_name(o["seat"]), "rows": _grid(o["cards"], view, set(), set())}
        for o in view["others"]
    ]
    hands = []
    result = view["result"]
    if result:
        for seat, layout in enumerate(result["layouts"]):
            score = layout["score"]
            hands.append(
                {
                    "name": seat_name(seat),
                    "rows": _grid([c for c, _v in layout["cards"]], view, set(), set()),
                    "columns": [
                        {"points": format_points(c.points, get_language()), "pair": c.cancelled}
                        for c in score.columns
                    ],
                    "bonus": format_points(sum(f.points for f in score.fours), get_language())
                    if score.fours
                    else "",
                    "raw": format_points(result["raw"][seat], get_language()),
                    "score": format_points(result["scores"][seat], get_language()),
                    "changed": result["raw"][seat] != result["scores"][seat],
                    "wins": seat in result["winners"],
                }
            )
    return {
        "rows": _grid(view["layout"], view, moves, set(view["face_up"])),
        "others": others,
        "hands": hands,
        "held": shared.shown(view["held"]),
        "discard_top": shared.shown(view["discard_top"]),
        "penalty": bool(result and result["penalty"] and result["penalty"].applied),
    }
