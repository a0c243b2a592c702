"""A whole round of Ghost played from a script, in any variant, by players who follow the
rules page's own advice: every step checked against the table's rules, every number
computed from rules/cards.py. The script deals; the players decide. The rules page shows
the round step by step; the loader plays each variant's script under every table."""

from __future__ import annotations

import random
from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from django.utils.safestring import mark_safe

from rules.words import and_list, card_html, format_points, points_phrase

from .cards import (
    DECK_SIZE,
    RANKS,
    SUITS,
    House,
    beats_unseen_card,
    card_value,
    dealer_of,
    hand_total,
    may_give_away,
    parse_card,
    table_facts,
)

TEMPLATE = "rules/ghost/_whole_round.html"  # how the rules page tells a whole round


@dataclass(frozen=True)
class Turn:
    number: int
    player: int
    card: str
    place: int | None  # 1-based place (or card in the hand) given up; None: thrown away
    replaced: str | None
    seen: bool  # whether the player knew the card given up
    from_discard: bool = False  # taken face up from the discard pile, not drawn


@dataclass(frozen=True)
class PlayedRound:
    """A round played out from a script, in any variant and for any number of players."""

    in_hand: bool  # the cards held in the hand, not laid out in a row
    draw: tuple[str, ...]
    dealer: int
    starter: int
    dealt: tuple[tuple[str, ...], ...]  # each row (or hand) as dealt
    ghosts: tuple[str, ...]
    peeked: tuple[tuple[int, ...], ...]  # the places each looks at; every one if all seen
    all_seen: bool  # every card but the ghost is seen at setup
    start_card: str | None
    stock_size: int  # cards in the stock once the start card is turned
    turns: tuple[Turn, ...]  # every turn, to the one that takes the stock's last card
    last_player: int  # who takes the last card of the stock
    rows: tuple[tuple[str, ...], ...]  # at the end
    row_totals: tuple[Decimal, ...]
    totals: tuple[Decimal, ...]
    winners: tuple[int, ...]


def good_move(row: list[str], seen: set[int], card: str, house: House) -> int | None:
    """Where a player who follows the page's advice puts `card` (a 1-based place, or the
    card given up from the hand), or None to throw it away.

    Every card but the ghost known (a row of seven, or the hand): give up the dearest
    card, when the new one is cheaper. A row with unseen places: in place of the dearest
    card you know of, when the new one is cheaper (where a seen card may go); failing
    that, on an unseen place, when an unseen card is worth more than the new one more
    often than not."""
    jack = house.jack
    value = card_value(parse_card(card)[0], jack)
    worth = [card_value(parse_card(c)[0], jack) for c in row]
    known = [p for p in range(1, len(row) + 1) if p in seen]
    unseen = [p for p in range(1, len(row) + 1) if p not in seen]
    best, gain = None, Decimal(0)
    if house.swap_seen or house.rules_variant.in_hand:
        for place in known:
            if worth[place - 1] - value > gain:
                best, gain = place, worth[place - 1] - value
    if best is None and unseen and value <= beats_unseen_card(jack):
        best = unseen[0]  # the advice: a seen card first, a blind swap only for a low card
    return best


def _norm(code: str) -> str:
    """One spelling per card: 'H10' and 'HT' are the same ten of hearts."""
    rank, suit = parse_card(code)
    return f"{suit}{rank}"


def _stock(script: dict, used: list[str], start: str | None) -> list[str]:
    """The stock from the top: the script's first cards, then the rest of the deck in an
    order fixed by the script's seed (a shuffle the reader can reproduce)."""
    top = [_norm(c) for c in script.get("stock", [])]
    if start is None and script.get("start"):
        top.insert(0, _norm(script["start"]))  # no card turned up: it stays on the stock
    rest = [f"{s}{r}" for s in SUITS for r in RANKS]
    rest = [c for c in rest if c not in used and c not in top]
    random.Random(script.get("seed", 0)).shuffle(rest)
    return top + rest


def play_round(script: dict, house: House) -> PlayedRound:
    """Play the script under the house rules, checking every step; ValueError if the
    script breaks a rule of the table (a card twice, a row or hand of the wrong size,
    places to look at where every card is seen, more players than the table seats).

    The script names the draw for the deal (one card per player, in seating order,
    clockwise), the deals (ghost first, then the row or the hand), the places each
    player looks at (only where some stay unseen), the start card, the first cards of
    the stock and a seed for the order of the rest. The players do the rest as the page
    advises (`good_move`): each turn takes the face-up card when it is worth keeping
    (where a start card is turned), else draws, until the stock's last card is played.
    """
    jack = house.jack
    variant = house.rules_variant
    known = table_facts(house)
    players = len(script["hands"])
    if not known.least_players <= players <= known.most_players:
        raise ValueError(
            f"{players} players; this table seats {known.least_players}–{known.most_players}"
        )
    draw = tuple(script["draw"])
    if len(draw) != players:
        raise ValueError("every player draws one card for the deal")
    dealer = dealer_of(draw, jack)
    if dealer is None:
        raise ValueError("the draw for the deal is a tie; draw again")
    starter = (dealer + 1) % players  # clockwise: the dealer's left
    ghosts = tuple(_norm(hand[0]) for hand in script["hands"])
    rows = [[_norm(c) for c in hand[1:]] for hand in script["hands"]]
    for row in rows:
        if len(row) != variant.row_size:
            raise ValueError(
                f"{len(row)} cards besides the ghost; this variant deals {variant.row_size}"
            )
    if known.unseen:
        peeked = tuple(tuple(p) for p in script["peeked"])
        for places in peeked:
            if len(places) != known.seen_at_setup or not all(
                1 <= p <= len(rows[0]) for p in places
            ):
                raise ValueError(f"look at {known.seen_at_setup} places of the row, not {places}")
    else:
        if "peeked" in script:
            raise ValueError("every card but the ghost is seen: no places to choose")
        peeked = tuple(tuple(range(1, variant.row_size + 1)) for _ in rows)
    start = _norm(script["start"]) if house.face_up_start else None
    dealt_cards = [*ghosts, *(c for row in rows for c in row)]
    for code in draw:
        parse_card(code)
    named = [*dealt_cards, _norm(script["start"]), *map(_norm, script.get("stock", []))]
    if len(set(named)) != len(named):
        raise ValueError("a card appears twice in one deck")
    dealt = tuple(tuple(row) for row in rows)
    stock = _stock(script, [*dealt_cards, *([start] if start else [])], start)
    if len(stock) != DECK_SIZE - len(dealt_cards) - (1 if start else 0):
        raise ValueError("the stock and the deal do not make one deck")
    stock_size = len(stock)
    discard = [start] if start else []
    seen = [set(p) for p in peeked]
    turns: list[Turn] = []
    player = starter
    while stock:
        from_discard = False
        card = None
        top = discard[-1] if house.face_up_start and discard else None
        if top and good_move(rows[player], seen[player], top, house) is not None:
            card, from_discard = discard.pop(), True
        if card is None:
            card = stock.pop(0)
        place = good_move(rows[player], seen[player], card, house)
        replaced, was_seen = None, False
        if place is not None:
            was_seen = place in seen[player]
            if was_seen and not house.swap_seen and not variant.in_hand:
                raise ValueError(f"turn {len(turns) + 1} swaps a seen place, which is forbidden")
            replaced = rows[player][place - 1]
            if variant.in_hand and not may_give_away(replaced, card, jack):
                raise ValueError(f"turn {len(turns) + 1} gives up {replaced} for {card}")
            rows[player][place - 1] = card
            seen[player].add(place)
            discard.append(replaced)
        else:
            discard.append(card)
        turns.append(Turn(len(turns) + 1, player, card, place, replaced, was_seen, from_discard))
        last_player = player
        player = (player + 1) % players
    row_totals = tuple(hand_total(row, jack) for row in rows)
    totals = tuple(r + hand_total([g], jack) for r, g in zip(row_totals, ghosts, strict=True))
    best = min(totals)
    return PlayedRound(
        in_hand=variant.in_hand,
        draw=draw,
        dealer=dealer,
        starter=starter,
        dealt=dealt,
        ghosts=ghosts,
        peeked=peeked,
        all_seen=not known.unseen,
        start_card=start,
        stock_size=stock_size,
        turns=tuple(turns),
        last_player=last_player,
        rows=tuple(tuple(r) for r in rows),
        row_totals=row_totals,
        totals=totals,
        winners=tuple(i for i, t in enumerate(totals) if t == best),
    )


def whole_round(script: dict, language: str, house: House) -> dict[str, Any]:
    """The variant's scripted round, played under the table's rules and told in one
    language: what the rules page's whole round shows."""
    played = play_round(script, house)
    names = [str(n) for n in script["names"]]
    jack = house.jack

    def card(code):
        return card_html(code, language)

    def pts(value):
        return format_points(value, language)

    def worth(code):
        return pts(hand_total([code], jack))

    # every turn that keeps a card, and between them the runs of cards thrown away
    steps: list[dict[str, Any]] = []
    for turn in played.turns:
        if turn.place is None:
            if steps and steps[-1]["kind"] == "throws":
                steps[-1]["last"] = turn.number
                steps[-1]["cards"].append(card(turn.card))
            else:
                steps.append(
                    {
                        "kind": "throws",
                        "first": turn.number,
                        "last": turn.number,
                        "name": names[turn.player],
                        "cards": [card(turn.card)],
                    }
                )
            continue
        steps.append(
            {
                "kind": "keep",
                "number": turn.number,
                "name": names[turn.player],
                "card": card(turn.card),
                "points": worth(turn.card),
                "place": turn.place,
                "replaced": card(turn.replaced),
                "replaced_points": worth(turn.replaced),
                "seen": turn.seen,
                "from_discard": turn.from_discard,
            }
        )
    for step in steps:
        if step["kind"] == "throws":
            step["cards"] = mark_safe(and_list(step["cards"]))  # noqa: S308 (escaped cards)
    players = [
        {
            "name": name,
            "draw": card(played.draw[i]),
            "draw_points": worth(played.draw[i]),
            "dealt": [card(c) for c in played.dealt[i]],
            "peeked": [card(played.dealt[i][p - 1]) for p in played.peeked[i]],
            "peeked_places": played.peeked[i],
            "row": [{"card": card(c), "points": worth(c)} for c in played.rows[i]],
            "row_total": pts(played.row_totals[i]),
            "ghost": card(played.ghosts[i]),
            "ghost_points": worth(played.ghosts[i]),
            "total": pts(played.totals[i]),
            "wins": i in played.winners,
        }
        for i, name in enumerate(names)
    ]
    # reaching the threshold loses; of several who reach it, the highest total (the
    # site's convention), equal highest sharing the loss
    reached = [i for i, t in enumerate(played.totals) if house.threshold and t >= house.threshold]
    losers = [i for i in reached if played.totals[i] == max(played.totals)]
    ranked = sorted(played.totals)
    margin = ranked[len(played.winners)] - ranked[0] if len(played.winners) < len(names) else 0
    return {
        "template": TEMPLATE,
        "players": players,
        "two": len(players) == table_facts(house).least_players,
        "in_hand": played.in_hand,
        "all_seen": played.all_seen,
        "row_size": house.rules_variant.row_size,
        "dealer": names[played.dealer],
        "starter": names[played.starter],
        "start_card": played.start_card and card(played.start_card),
        "stock": played.stock_size,
        "steps": steps,
        "turn_count": len(played.turns),
        "sure_gain": points_phrase(beats_unseen_card(jack), language),
        "swap_seen": house.swap_seen,
        "takes_discard": house.face_up_start,
        "last_player": names[played.last_player],
        "winners": [names[i] for i in played.winners],
        "difference": points_phrase(margin, language),
        "threshold": house.threshold,
        "reached": [players[i] for i in reached],
        "reached_names": and_list(names[i] for i in reached),
        "losers": and_list(names[i] for i in losers),
        "losers_count": len(losers),
    }
