"""A whole round of Ghost played from a script, in any variant: every step checked
against the table's rules, every number computed from rules/cards.py. The rules page
shows it step by step; the loader plays each variant's script under every table."""

from __future__ import annotations

from dataclasses import dataclass
from decimal import Decimal
from typing import Any

from rules.words import and_list, card_html, format_points, points_phrase

from .cards import (
    DECK_SIZE,
    House,
    dealer_of,
    hand_total,
    may_give_away,
    parse_card,
    table_facts,
)


@dataclass(frozen=True)
class Turn:
    number: int
    player: int
    card: str
    place: int | None  # 1-based place (or card in the hand) given up; None: thrown away
    replaced: str | None
    seen: bool  # whether the player knew the card given up


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
    turns: tuple[Turn, ...]  # the turns the script names
    quiet_turns: int  # the turns after those, every card drawn and thrown away
    last_player: int  # who takes the last card of the stock
    rows: tuple[tuple[str, ...], ...]  # at the end
    row_totals: tuple[Decimal, ...]
    totals: tuple[Decimal, ...]
    winners: tuple[int, ...]


def play_round(script: dict, house: House) -> PlayedRound:
    """Play the script under the house rules, checking every step; ValueError if a step
    breaks a rule of the table (a card twice, a row or hand of the wrong size, a swap
    into a seen place where that is not allowed, a card given up that is worth no more
    than the one drawn, more players than the table seats).

    The script names the draw for the deal (one card per player, in seating order,
    clockwise), the deals (ghost first, then the row or the hand), the places each
    player looks at (only where some stay unseen), the start card, and the cards of the
    first turns with the place each goes to, or the card it replaces in the hand (none:
    thrown away). Every later card drawn is thrown away, so the rest of the round
    follows from the size of the stock.
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
    ghosts = tuple(hand[0] for hand in script["hands"])
    rows = [list(hand[1:]) for hand in script["hands"]]
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
    start = script["start"] if house.face_up_start else None
    used = [*ghosts, *(c for row in rows for c in row), *([start] if start else [])]
    used += [t["card"] for t in script["turns"]]
    if len(set(used)) != len(used):
        raise ValueError("a card appears twice in one deck")
    for code in [*used, *draw]:
        parse_card(code)
    dealt = tuple(tuple(row) for row in rows)
    stock = DECK_SIZE - len(ghosts) - sum(len(r) for r in rows) - (1 if start else 0)
    if len(script["turns"]) > stock:
        raise ValueError("more turns than cards in the stock")
    seen = [set(p) for p in peeked]
    turns = []
    for number, step in enumerate(script["turns"], start=1):
        player = (starter + number - 1) % players
        card = step["card"]
        place = step.get("place")
        if variant.in_hand and "gives" in step:
            if step["gives"] not in rows[player]:
                raise ValueError(f"turn {number} gives up {step['gives']}, not in the hand")
            place = rows[player].index(step["gives"]) + 1
        elif variant.in_hand and place is not None:
            raise ValueError(f"turn {number}: in the hand, name the card given up (`gives`)")
        replaced = None
        was_seen = False
        if place is not None:
            if not 1 <= place <= len(rows[player]):
                raise ValueError(f"turn {number}: no place {place}")
            was_seen = place in seen[player]
            if was_seen and not house.swap_seen:
                raise ValueError(f"turn {number} swaps a seen place, which this table forbids")
            replaced = rows[player][place - 1]
            if variant.in_hand and not may_give_away(replaced, card, jack):
                raise ValueError(
                    f"turn {number} gives up {replaced}, worth no more than {card} drawn"
                )
            rows[player][place - 1] = card
            seen[player].add(place)
        turns.append(Turn(number, player, card, place, replaced, was_seen))
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
        stock_size=stock,
        turns=tuple(turns),
        quiet_turns=stock - len(turns),
        last_player=(starter + stock - 1) % players,
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

    turns = [
        {
            "number": turn.number,
            "name": names[turn.player],
            "card": card(turn.card),
            "points": worth(turn.card),
            "place": turn.place,
            "replaced": turn.replaced and card(turn.replaced),
            "replaced_points": turn.replaced and worth(turn.replaced),
            "seen": turn.seen,
        }
        for turn in played.turns
    ]
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
        "players": players,
        "two": len(players) == table_facts(house).least_players,
        "in_hand": played.in_hand,
        "all_seen": played.all_seen,
        "row_size": house.rules_variant.row_size,
        "turns": turns,
        "dealer": names[played.dealer],
        "starter": names[played.starter],
        "start_card": played.start_card and card(played.start_card),
        "stock": played.stock_size,
        "first_quiet": len(played.turns) + 1,
        "last_turn": played.stock_size,
        "quiet_turns": played.quiet_turns,
        "last_player": names[played.last_player],
        "winners": [names[i] for i in played.winners],
        "difference": points_phrase(margin, language),
        "threshold": house.threshold,
        "reached": [players[i] for i in reached],
        "reached_names": and_list(names[i] for i in reached),
        "losers": and_list(names[i] for i in losers),
        "losers_count": len(losers),
    }
