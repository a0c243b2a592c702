"""A hole of Golf played from a script, in any variant: every step checked against the
table's rules, every number computed from the card table. The rules page will show it
step by step; the tests play each variant's script under every table.

A script names the dealer (a seat; the player to the dealer's left starts and play goes
clockwise, to the next seat), each player's layout as dealt (card codes row by row from
the top left), the places each turns face up (or, in four-card golf, looks at), the
start card of the discard pile, the stock from the top as far as the hole draws it, and
the turns in order:
- {"take": "stock", "place": 4}: draw from the stock and swap the card into place 4;
  {"take": "stock"} throws it face up on the discard pile;
- {"take": "discard", "place": 2}: take the top discard; it must be swapped in;
- {"flip": 3}: with the house rule flip instead of draw, turn place 3 face up;
- {"knock": True}: four-card golf, a whole turn instead of drawing.
The hole ends when one player has every card face up (or has knocked) and every other
player has had exactly one more turn; the script must stop there.
"""

from __future__ import annotations

import tomllib
from collections import Counter
from dataclasses import dataclass, replace
from pathlib import Path

from .cards import (
    JOKER,
    JOKERS_PER_DECK,
    GolfHouse,
    cards_in,
    deal_fits,
    decks_for,
    parse_card,
)
from .outcome import CallerPenalty, apply_caller_penalty, lowest
from .scoring import LayoutScore, score_layout


@dataclass(frozen=True)
class Turn:
    number: int
    player: int
    action: str  # "stock", "discard", "flip" or "knock"
    card: str | None  # the card drawn, taken or turned
    place: int | None  # 1-based place it went to (or the place turned); None: thrown
    replaced: str | None  # the card that left the layout for the discard pile
    replaced_face_up: bool  # whether it lay face up (a face-down one goes unseen)
    replaced_known: bool  # whether its owner knew it (face up, looked at or placed)
    discard_top: str  # the top of the discard pile after the turn
    went_out: bool  # this turn turned the player's last card (or was the knock)
    last_turn: bool  # one of the turns the others get after that


@dataclass(frozen=True)
class PlayedHole:
    variant: str
    players: int
    decks: int
    dealer: int
    starter: int
    dealt: tuple[tuple[str, ...], ...]
    shown: tuple[tuple[int, ...], ...]  # places turned face up (four-card: looked at)
    start_card: str
    turns: tuple[Turn, ...]
    caller: int  # who went out first (four-card: who knocked)
    layouts: tuple[tuple[str, ...], ...]  # at the end, all turned face up
    layout_scores: tuple[LayoutScore, ...]
    raw: tuple[int, ...]
    penalty: CallerPenalty | None  # with the caller penalty house rule
    scores: tuple[int, ...]  # what each writes for the hole
    winners: tuple[int, ...]
    stock_left: int  # cards still in the stock when the hole ends


def _check_cards(script: dict, house: GolfHouse, decks: int) -> None:
    cards = [c for layout in script["layouts"] for c in layout]
    cards += [script["start"], *script["stock"]]
    jokers = [c for c in cards if c.strip().upper() == JOKER]
    if jokers and house.jokers is None:
        raise ValueError("a joker in a game without jokers")
    if len(jokers) > JOKERS_PER_DECK * decks:
        raise ValueError(f"{len(jokers)} jokers; {decks} deck(s) hold {JOKERS_PER_DECK * decks}")
    for code, count in Counter(c for c in cards if c.strip().upper() != JOKER).items():
        rank, suit = parse_card(code)
        if suit is None:
            raise ValueError(f"{code!r}: name the suit, so that every card can be counted")
        if count > decks:
            raise ValueError(f"{code} appears {count} times in {decks} deck(s)")


def play_hole(script: dict, house: GolfHouse) -> PlayedHole:
    """Play the script under the house rules; ValueError at the first step that breaks a
    rule of the table."""
    variant = house.rules_variant
    layouts = [list(layout) for layout in script["layouts"]]
    players = len(layouts)
    decks = decks_for(players)  # ValueError outside 2–12 players
    for layout in layouts:
        if len(layout) != variant.cards:
            raise ValueError(f"{len(layout)} cards dealt; this layout holds {variant.cards}")
    _check_cards(script, house, decks)
    if not deal_fits(variant, players, house.jokers):
        raise ValueError(f"{players} layouts do not fit in {decks} deck(s)")
    shown_count = variant.turned_up or variant.peeked
    shown = tuple(tuple(p) for p in script["shown"])
    if len(shown) != players:
        raise ValueError("every player turns up (or looks at) their cards")
    for places in shown:
        if len(set(places)) != shown_count or not set(places) <= set(variant.places()):
            raise ValueError(f"choose {shown_count} different places, not {places}")
    face_up = [set(p) if variant.turned_up else set() for p in shown]
    known = [set(p) for p in shown]
    dealer = script["dealer"]
    if not 0 <= dealer < players:
        raise ValueError(f"no seat {dealer} to deal from")
    stock_size = cards_in(decks, house.jokers) - players * variant.cards - 1
    if len(script["stock"]) > stock_size:
        raise ValueError(f"{len(script['stock'])} cards drawn from a stock of {stock_size}")
    starter = (dealer + 1) % players
    stock = list(script["stock"])
    discard = [script["start"]]
    caller: int | None = None
    last_left = 0  # turns the others still have after someone went out
    turns = []
    for number, step in enumerate(script["turns"], start=1):
        if caller is not None and last_left == 0:
            raise ValueError(f"turn {number}: the hole is over")
        player = (starter + number - 1) % players
        turn = _one_turn(
            number, step, house, layouts[player], (face_up[player], known[player]), stock, discard
        )
        went_out = False
        if caller is not None and turn.action == "knock":
            raise ValueError(f"turn {number}: the hole has been called already")
        if caller is None and (
            turn.action == "knock"
            or (variant.ends_by == "all_face_up" and len(face_up[player]) == variant.cards)
        ):
            caller, went_out, last_left = player, True, players - 1
        elif caller is not None:
            last_left -= 1
        last_turn = caller is not None and not went_out
        turns.append(replace(turn, player=player, went_out=went_out, last_turn=last_turn))
    if caller is None or last_left:
        raise ValueError("the script stops before the hole is over")
    layout_scores = tuple(score_layout(layout, house) for layout in layouts)
    raw = tuple(s.total for s in layout_scores)
    penalty = apply_caller_penalty(raw, caller) if house.caller_penalty else None
    scores = penalty.scores if penalty else raw
    return PlayedHole(
        variant=variant.key,
        players=players,
        decks=decks,
        dealer=dealer,
        starter=starter,
        dealt=tuple(tuple(layout) for layout in script["layouts"]),
        shown=shown,
        start_card=script["start"],
        turns=tuple(turns),
        caller=caller,
        layouts=tuple(tuple(layout) for layout in layouts),
        layout_scores=layout_scores,
        raw=raw,
        penalty=penalty,
        scores=scores,
        winners=tuple(lowest(scores)),
        stock_left=stock_size - (len(script["stock"]) - len(stock)),
    )


def _one_turn(number, step, house, layout, seen, stock, discard) -> Turn:
    """One player's turn, changing their layout, what they have seen of it (the places
    face up, the places they know), the stock and the discard pile."""
    variant = house.rules_variant
    face_up, known = seen

    def made(action, card=None, place=None, replaced=None, was_up=False, was_known=False):
        return Turn(
            number, -1, action, card, place, replaced, was_up, was_known, discard[-1], False, False
        )

    if step.get("knock"):
        if variant.ends_by != "knock":
            raise ValueError(f"turn {number}: only four-card golf ends by a knock")
        return made("knock")
    if "flip" in step:
        place = step["flip"]
        if not house.flip:
            raise ValueError(f"turn {number}: a turn begins with a draw at this table")
        if place not in variant.places() or place in face_up:
            raise ValueError(f"turn {number}: place {place} is not a face-down card")
        face_up.add(place)
        known.add(place)
        return made("flip", layout[place - 1], place)
    source, place = step["take"], step.get("place")
    if source == "stock":
        if not stock:
            raise ValueError(f"turn {number}: the stock is empty")
        card = stock.pop(0)
    elif source == "discard":
        if place is None:
            raise ValueError(f"turn {number}: a card taken from the discard pile is swapped in")
        card = discard.pop()
    else:
        raise ValueError(f"turn {number}: draw from the stock or the discard pile")
    if place is None:
        discard.append(card)
        return made(source, card)
    if place not in variant.places():
        raise ValueError(f"turn {number}: no place {place}")
    replaced, was_up, was_known = layout[place - 1], place in face_up, place in known
    layout[place - 1] = card
    discard.append(replaced)
    known.add(place)
    if variant.placed_face_up:
        face_up.add(place)
    return made(source, card, place, replaced, was_up, was_known)


# ------------------------------------------------------------------ the worked holes

# One script per variant, for the rules pages, in rules.toml beside the texts that tell
# them (`[round.<variant>]`). None holds a joker or a flip, so each is a legal hole at
# every table of its variant; the scores follow the table.
SCRIPTS = tomllib.loads((Path(__file__).parent / "rules.toml").read_text(encoding="utf-8"))["round"]


def worked_hole(house: GolfHouse) -> PlayedHole:
    """The worked hole of the table's variant, played under its house rules."""
    return play_hole(SCRIPTS[house.variant], house)
