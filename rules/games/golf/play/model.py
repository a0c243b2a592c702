"""A hole of Golf to play against the computer: the deal at any table, the legal moves,
a move applied (an illegal one refused with a reason), the end and its score, and what
one seat sees. Pure Python: no Django here (the pages that show it: rules/practice/).

A state is a plain dict (kept in the reader's session as JSON). Before play each seat
turns up its cards (four-card golf: looks at them): the reader by "up-N" moves, the
computers as they are dealt. A turn is then "flip-N" (house rule flip instead of draw),
"knock" (four-card golf), or a take ("stock", "discard") and a put ("place-N"; "throw"
only for a card drawn from the stock). The hole ends when one seat has every card face
up (four-card: has knocked) and every other seat has had one more turn; so that a
practice hole always ends, also when a turn begins with the stock empty or after
`TURN_LIMIT` turns (this site's practice convention: nobody called). The deal and turn
skeleton every game's model shares is rules/practice/table.py.

The score is scoring.score_layout and the caller penalty outcome.apply_caller_penalty:
the same count as the scorepad's and the rules pages'. The computer plays at two levels:
"careful" weighs every place as the rules page's "Playing better" advises (pairs, twos
kept apart, a hidden card counted at the average, no going out while behind),
"beginner" plays legal moves at random but never an absurd one (a pair broken, a face-up
card given up for a dearer one).
"""

from __future__ import annotations

import random
from decimal import Decimal

from rules.practice import table
from rules.practice.table import READER, TURN_LIMIT, Illegal, seats_at

from ..cards import (
    RANKS,
    SUITS,
    GolfHouse,
    copies_in,
    decks_for,
    rank_of,
)
from ..outcome import apply_caller_penalty, lowest
from ..scoring import layout_points, score_layout

# ------------------------------------------------------------------ the table


def value(code: str, house: GolfHouse) -> int:
    return house.values[rank_of(code)]


def average(house: GolfHouse) -> Decimal:
    """What a hidden card is worth on average, from one deck at this table."""
    copies = copies_in(1, house.jokers)
    total = sum(house.values[r] * n for r, n in copies.items())
    return Decimal(total) / sum(copies.values())


# ------------------------------------------------------------------ the deal


def deal(house: GolfHouse, seats: int, level: str, seed: int) -> dict:
    table.check_table(seats, seats_at(house), level)
    rng = random.Random(seed)
    decks = decks_for(seats)
    deck = [f"{s}{r}" for _ in range(decks) for s in SUITS for r in RANKS]
    deck += ["X"] * (copies_in(decks, house.jokers).get("X", 0))
    rng.shuffle(deck)
    variant = house.rules_variant
    layouts = [[deck.pop() for _ in range(variant.cards)] for _ in range(seats)]
    dealer = rng.randrange(seats)
    state = table.opening(
        "golf", table.house_data(house), seed, level, dealer, seats=seats,
        layouts=layouts, face_up=[[] for _ in range(seats)], known=[[] for _ in range(seats)],
        stock=deck, discard=[], setup=True, turn=READER, caller=None, last_left=0,
    )  # fmt: skip
    state["discard"].append(state["stock"].pop())
    for seat in range(1, seats):
        for place in _first_places(variant, level, rng):
            _show(state, seat, place, house)
    return state


def _shown_at_setup(house: GolfHouse) -> int:
    variant = house.rules_variant
    return variant.turned_up or variant.peeked


def _first_places(variant, level, rng) -> list[int]:
    """The places a computer turns up (or looks at): the careful one in different
    columns, as the page advises; the beginner anywhere."""
    count = variant.turned_up or variant.peeked
    if level == "careful":
        columns = rng.sample(range(variant.columns), count)
        return [rng.randrange(variant.rows) * variant.columns + c + 1 for c in columns]
    return rng.sample(list(variant.places()), count)


def _show(state, seat, place, house):
    if house.rules_variant.turned_up:
        state["face_up"][seat] = sorted({*state["face_up"][seat], place})
    state["known"][seat] = sorted({*state["known"][seat], place})


# ------------------------------------------------------------------ moves


def legal_moves(state: dict) -> list[str]:
    if state["over"]:
        return []
    house = table.house_of(state)
    variant = house.rules_variant
    seat = state["turn"]
    places = variant.places()
    if state["setup"]:
        return [f"up-{p}" for p in places if p not in state["known"][seat]]
    if state["held"] is not None:
        moves = [f"place-{p}" for p in places]
        return [*moves, "throw"] if state["took"] == "stock" else moves
    moves = ["stock"] if state["stock"] else []
    if state["discard"]:
        moves.append("discard")
    if house.flip:
        moves += [f"flip-{p}" for p in places if p not in state["face_up"][seat]]
    if variant.ends_by == "knock" and state["caller"] is None:
        moves.append("knock")
    return moves


def apply(state: dict, move: str, reason: tuple[str, dict] | None = None) -> dict:
    if move not in legal_moves(state):
        raise Illegal("over" if state["over"] else "not_now")
    state = table.copied(state, per_seat=("layouts", "face_up", "known"), lists=())
    house = table.house_of(state)
    variant = house.rules_variant
    seat = state["turn"]
    state["step"] += 1
    kind, _, number = move.partition("-")
    place = int(number) if number else None
    if kind == "up":
        _show(state, seat, place, house)
        if len(state["known"][seat]) == _shown_at_setup(house):
            state["setup"] = False
            state["turn"] = (state["dealer"] + 1) % len(state["layouts"])
        return state
    if kind in ("stock", "discard"):
        state["held"] = state[kind].pop()
        state["took"] = kind
        return state
    event = {"seat": seat, "took": kind, "card": None, "place": place, "replaced": None}
    if kind == "flip":
        event["card"] = state["layouts"][seat][place - 1]
        _show(state, seat, place, house)
    elif kind in ("place", "throw"):
        card = state["held"]
        event.update(took=state["took"], card=card)
        if seat == READER:
            _review(state, card, place, house)
        if kind == "throw":
            state["discard"].append(card)
        else:
            event["replaced"] = state["layouts"][seat][place - 1]
            event["was_up"] = place in state["face_up"][seat]
            state["layouts"][seat][place - 1] = card
            state["discard"].append(event["replaced"])
            state["known"][seat] = sorted({*state["known"][seat], place})
            if variant.placed_face_up:
                state["face_up"][seat] = sorted({*state["face_up"][seat], place})
        state["held"] = state["took"] = None
    if reason:
        event["reason"], event["why"] = reason
    _end_turn(state, seat, kind, event, house)
    return state


def _end_turn(state, seat, kind, event, house):
    variant = house.rules_variant
    seats = len(state["layouts"])
    state["turns"] += 1
    if state["caller"] is None:
        out = kind == "knock" or (
            variant.ends_by == "all_face_up" and len(state["face_up"][seat]) == variant.cards
        )
        if out:
            state["caller"], state["last_left"] = seat, seats - 1
            event["out"] = True
    else:
        state["last_left"] -= 1
        event["last"] = True
    state["events"].append(event)
    state["turn"] = (seat + 1) % seats
    if state["caller"] is not None and state["last_left"] == 0:
        state["over"] = True
    elif not state["stock"] or state["turns"] >= TURN_LIMIT:
        state["over"] = state["limit"] = True


# ------------------------------------------------------------------ weighing a layout


def estimate(layout: list[str], known: set[int], house: GolfHouse) -> Decimal:
    """A layout's score as its owner can reckon it: the cards they know as they are, each
    hidden card at the average (a hidden card pairs with nothing). The one scorer,
    scoring.layout_points, counts it."""
    values: dict[str, Decimal] = {r: Decimal(v) for r, v in house.values.items()}
    ranks = []
    for place, code in enumerate(layout, 1):
        if place in known:
            ranks.append(rank_of(code))
        else:
            ranks.append(f"?{place}")
            values[f"?{place}"] = average(house)
    return Decimal(layout_points(house.rules_variant, ranks, values, house.four_of_a_kind).total)


def _gains(state, seat, card, house) -> dict[int, Decimal]:
    """What putting `card` in each place saves, as the seat reckons it (negative: costs)."""
    layout, known = state["layouts"][seat], set(state["known"][seat])
    before = estimate(layout, known, house)
    gains = {}
    for place in house.rules_variant.places():
        after = [*layout]
        after[place - 1] = card
        gains[place] = before - estimate(after, known | {place}, house)
    return gains


def _pairs(state, seat, card, place, house) -> bool:
    """Whether `card` in `place` makes its column cancel."""
    variant = house.rules_variant
    layout, known = state["layouts"][seat], set(state["known"][seat])
    column = variant.column_of(place)
    others = [p for p in variant.places() if variant.column_of(p) == column and p != place]
    return all(p in known and rank_of(layout[p - 1]) == rank_of(card) for p in others)


def _review(state, card, place, house):
    """A put of the reader's that cost two points or more against the best place for
    the card (as the reader could reckon it): a pair left apart, a cheap card given up."""
    seat = state["turn"]
    gains = _gains(state, seat, card, house)
    if state["took"] == "stock":
        gains[0] = Decimal(0)
    done = gains[place or 0]
    best = max(gains, key=lambda p: (gains[p], bool(p) and _pairs(state, seat, card, p, house)))
    lost = gains[best] - done
    if lost < 2:
        return
    if best and _pairs(state, seat, card, best, house):
        kind = "pair_apart"
    elif done < 0:
        kind = "gave_cheaper"
    else:
        kind = "better_place"
    state["review"].append(
        {"turn": state["turns"] + 1, "kind": kind, "card": card, "place": place or None,
         "best": best or None, "cost": str(lost.quantize(Decimal("0.1")))}
    )  # fmt: skip


# ------------------------------------------------------------------ the end


def result(state: dict) -> dict:
    """Every layout scored by scoring.score_layout, the caller penalty applied where the
    table plays it (nobody called: nothing to apply), and who won."""
    house = table.house_of(state)
    scores = [score_layout(layout, house) for layout in state["layouts"]]
    raw = tuple(s.total for s in scores)
    penalty = None
    if house.caller_penalty and state["caller"] is not None:
        penalty = apply_caller_penalty(raw, state["caller"])
    final = penalty.scores if penalty else raw
    return {
        "layouts": [
            {"cards": [(c, value(c, house)) for c in layout], "score": score}
            for layout, score in zip(state["layouts"], scores, strict=True)
        ],
        "raw": list(raw),
        "penalty": penalty,
        "scores": list(final),
        "caller": state["caller"],
        "winners": lowest(final),
    }


# ------------------------------------------------------------------ what a seat sees


def view(state: dict, seat: int) -> dict:
    """What `seat` sees: its own face-up and known cards (the rest None), the others'
    face-up cards only, the discard pile's top and size, the stock's size, the card it
    holds on its turn, its moves, and what happened as the table saw it."""
    over = state["over"]

    def shown(s, layout):
        visible = set(state["face_up"][s]) | (set(state["known"][s]) if s == seat else set())
        return [c if over or p in visible else None for p, c in enumerate(layout, 1)]

    return table.seat_view(state, seat, len(state["layouts"]), legal_moves, result) | {
        "setup": state["setup"],
        "layout": shown(seat, state["layouts"][seat]),
        "face_up": list(state["face_up"][seat]),
        "others": [
            {"seat": s, "cards": shown(s, state["layouts"][s])}
            for s in range(len(state["layouts"]))
            if s != seat
        ],
        "events": [_told(e, seat, state) for e in state["events"]],
        "caller": state["caller"],
    }


def _told(event: dict, seat: int, state: dict) -> dict:
    """A card drawn from the stock and put face down (four-card golf) stays its owner's."""
    told = dict(event)
    face_down = not table.house_of(state).rules_variant.placed_face_up
    if event["seat"] != seat and event["took"] == "stock" and event["place"] and face_down:
        told["card"] = None
    return told
