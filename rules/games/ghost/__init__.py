"""Ghost (Spøkelse), the site's first game, as the engine is handed it (the protocol:
rules/engine/game.py). Its pure facts are in cards.py, its texts in rules.toml, its scripted
round in round.py and its table picture in picture.py; this module ties them together.
"""

from __future__ import annotations

import itertools
from decimal import Decimal
from functools import cache
from pathlib import Path
from typing import Any

from rules.engine.game import Kind, LossThreshold, check_table

from . import cards
from .picture import table_picture
from .round import PlayedRound, play_round, whole_round

# "A high card" in the strategy figures: worth more than this.
HIGH_CARD = Decimal(9)


def _tenth(value: Decimal) -> Decimal:
    return value.quantize(Decimal("0.1"))


class Ghost:
    key = "ghost"
    names = {"en": "Ghost", "nb": "Spøkelse"}
    # The site's first game: its rules pages have no prefix in the address (/rules/).
    default = True
    address = {"en": "ghost", "nb": "spokelse"}
    title = {"en": "Ghost, the card game", "nb": "Kortspillet Spøkelse"}
    about = {
        "en": "Ghost is a folk game with no official rule book. These pages collect how it "
        "is played.",
        "nb": "Spøkelse er et kortspill som er lært bort muntlig, uten noen offisiell "
        "regelbok. Her har vi samlet hvordan det spilles.",
    }
    blurb = {
        "en": "A Norwegian card game for two where the lowest score wins, and one card, the "
        "ghost, stays hidden until the very end.",
        "nb": "Et norsk kortspill for to der lavest poengsum vinner, og der ett kort, "
        "spøkelset, ligger skjult helt til slutt.",
    }
    words = {
        "round": {"en": "round", "nb": "runde"},
        "rounds": {"en": "rounds", "nb": "runder"},
    }
    texts = Path(__file__).parent / "rules.toml"

    House = cards.House
    house_rules = cards.HOUSE_RULES
    number_rule = cards.THRESHOLD_RULE
    variant_words = {
        "seven_cards": {"en": "seven-cards", "nb": "sju-kort"},
        "three_in_hand": {"en": "three-in-hand", "nb": "tre-pa-handen"},
    }
    default_variant = cards.STANDARD.key
    variants = cards.VARIANTS
    table_variants = cards.TABLE_VARIANTS
    conditions = cards.HOUSE_CONDITIONS
    least_players = cards.PLAYER_RANGE[0]

    fact_values = cards.FACT_VALUES
    percent_figures = frozenset({"share_over_nine"})
    # {value11:J} is the jack as 11 whatever the table; {valuehalf:J} the jack as 0.5
    value_placeholders = {
        "": {},
        "11": {"jack": cards.JACK_ELEVEN},
        "half": {"jack": cards.JACK_HALF},
    }
    # {cheaper:A}: the ranks worth less than an ace at the table, "a jack or a two"
    rank_lists = {"cheaper": lambda rank, house: cards.cheaper_ranks(rank, house.jack)}
    block_kinds = {
        "hand_example": Kind(
            texts=("caption", "text"),
            figures=frozenset({"total", "total11", "other"}),
            cards=("cards",),
        ),
        "swap_example": Kind(
            texts=("caption", "text"),
            figures=frozenset({"place", "leaves", "arrives", "saved"}),
            cards=("drawn", "replaced"),
        ),
        "ghost_example": Kind(
            texts=("caption", "text"),
            figures=frozenset({"row_total", "ghost_value", "total", "opponent"}),
            cards=("row", "ghost"),
        ),
    }

    # ------------------------------------------------------------ the tables

    def all_houses(self) -> list[cards.House]:
        """Every table a reader can choose: each variant with each house rule on or off,
        and one other threshold besides (the text is the same for every other number).
        Combinations that cannot be played are left out."""
        other = {"threshold": cards.LOSS_THRESHOLD - 6}
        options = [[{}, {rule.field: rule.value}] for rule in cards.HOUSE_RULES]
        houses = []
        for variant in cards.TABLE_VARIANTS:
            for chosen in itertools.product(*options):
                fields = {k: v for part in chosen for k, v in part.items()}
                tried = [fields] if "threshold" in fields else [fields, {**fields, **other}]
                for table in tried:
                    try:
                        houses.append(cards.House(variant=variant, **table))
                    except ValueError:  # e.g. no seen-card rule where every card is seen
                        continue
        return houses

    def named_facts(self, house: cards.House) -> dict[str, object]:
        return cards.table_facts(house).named()

    def figures(self, house: cards.House) -> dict[str, Decimal | int]:
        return _figures(house)

    # ------------------------------------------------------------ cards and hands

    def card_table(self, house: cards.House) -> dict[str, Decimal]:
        return cards.card_table(house.jack)

    def hand_total(self, codes, house: cards.House) -> Decimal:
        return cards.hand_total(codes, house.jack)

    def possible_totals(self, house: cards.House) -> frozenset[Decimal]:
        return cards.possible_totals(house.rules_variant, house.jack)

    def example_figures(self, block: dict[str, Any], house: cards.House) -> dict[str, Any]:
        """The numbers a worked example shows, all computed from the card table."""
        kind = block["kind"]
        jack = house.jack
        if kind == "hand_example":
            other = cards.JACK_ELEVEN if jack == cards.JACK_HALF else cards.JACK_HALF
            return {
                "total": cards.hand_total(block["cards"], jack),
                "total11": cards.hand_total(block["cards"], cards.JACK_ELEVEN),
                "other": cards.hand_total(block["cards"], other),
            }
        if kind == "swap_example":
            leaves = cards.hand_total([block["replaced"]], jack)
            arrives = cards.hand_total([block["drawn"]], jack)
            return {
                "place": block["place"],
                "leaves": leaves,
                "arrives": arrives,
                "saved": leaves - arrives,
            }
        row_total = cards.hand_total(block["row"], jack)
        ghost_value = cards.hand_total([block["ghost"]], jack)
        return {
            "row_total": row_total,
            "ghost_value": ghost_value,
            "total": row_total + ghost_value,
            "opponent": block["opponent"],
        }

    def example_context(self, house: cards.House) -> dict[str, Any]:
        return {
            "jack_half": house.jack == cards.JACK_HALF,
            "in_hand": house.rules_variant.in_hand,
            "players_two": cards.table_facts(house).most_players == self.least_players,
        }

    def variant_facts(self, key: str, house: cards.House) -> dict[str, Any]:
        """A row of the variant table, as numbers: the table a variant's description is
        counted at, its players, cards and possible totals (with the table's jack unless
        the variant settles it), and whether it is a house rule here."""
        variant = cards.VARIANTS[key]
        jack = variant.fixed_jack or house.jack
        totals = cards.possible_totals(variant, jack)
        players, more = variant.max_players, None
        # the five-card game and the two house rules that keep it: the same players, and
        # "up to N" with the house rule for more players where the table does not play it
        five_card = key == cards.STANDARD.key or key not in cards.TABLE_VARIANTS
        if key == house.variant or (five_card and house.variant == cards.STANDARD.key):
            players = house.max_players
        if five_card:
            more = max(
                h.max_players
                for h in self.all_houses()
                if h.more_players and (key == cards.STANDARD.key or key in h.conditions())
            )
        halves = sorted(t for t in totals if t % 1)
        return {
            "described_at": cards.House(
                variant=key if key in cards.TABLE_VARIANTS else cards.STANDARD.key,
                jack=house.jack,
            ),
            "players": players,
            "more_players": more if more and more > players else None,
            "cards": variant.hand_size,
            "totals": totals,
            "house_rule": key in ("jack_eleven", "stock_only"),
            # a half needs a jack: in the dearest hand with one, it sits where this rank
            # would (seven cards, jack 0.5: a queen)
            "half_displaces": halves and _rank_worth(max(totals) - halves[-1] + jack, jack),
        }

    # ------------------------------------------------------------ ending, round, picture

    def ending(self, house: cards.House) -> LossThreshold:
        return LossThreshold(house.threshold)

    def play_round(self, script: dict[str, Any], house: cards.House) -> PlayedRound:
        return play_round(script, house)

    def whole_round(self, script: dict[str, Any], language: str, house: cards.House) -> dict:
        return whole_round(script, language, house)

    def table_picture(self, language: str, house: cards.House | None, key: str) -> dict:
        return table_picture(language, house, key)

    # -------------------------------------------------------------- the scorepad's table

    def table_of(self, house: cards.House) -> dict[str, Any]:
        """The table's choices as a stored game keeps them (the jack as "0.5" or "11.0").
        `more_players` is not kept: it follows from the players at the table."""
        return {
            "variant": house.variant,
            "jack": str(_tenth(Decimal(house.jack))),
            "start_card": house.start_card,
            "swap_seen": house.swap_seen,
            "threshold": house.threshold,
        }

    def house_from_table(self, table: dict[str, Any], players: int | None = None) -> cards.House:
        """The table a stored game plays. An older "stock only" game is the five-card
        game without a start card; more players than the variant's own limit is the
        house rule for more players. ValueError on anything else the schema refuses."""
        check_table(table, TABLE_TYPES)
        try:
            variant = cards.VARIANTS[table.get("variant", cards.STANDARD.key)]
            jack = Decimal(table.get("jack", str(cards.JACK_HALF)))
        except (KeyError, ArithmeticError) as error:
            raise ValueError(f"no table of Ghost: {error!r}") from None
        key = cards.STANDARD.key if variant.key == "stock_only" else variant.key
        return cards.House(
            variant=key,
            jack=jack,
            start_card=table.get("start_card", True) and variant.face_up_start,
            swap_seen=table.get("swap_seen", True) or not cards.House.has_unseen_places(key),
            threshold=table.get("threshold", cards.LOSS_THRESHOLD),
            more_players=players is not None and players > variant.max_players,
        )


# What a stored table of Ghost may hold, key by key (the rest is the House's to refuse).
TABLE_TYPES = {
    "variant": (str,),
    "jack": (str,),
    "start_card": (bool,),
    "swap_seen": (bool,),
    "threshold": (int, type(None)),
}


@cache
def _figures(house: cards.House) -> dict[str, Decimal | int]:
    """Every number Ghost's rules texts may name, for one table's house rules."""
    variant = house.rules_variant
    known = cards.table_facts(house)
    average = cards.average_card(house.jack)
    return {
        "players": variant.max_players,
        "min_players": known.least_players,
        "most_players": known.most_players,
        "five_card_most": cards.most_players(cards.STANDARD, house.face_up_start),
        "deck": cards.DECK_SIZE,
        "copies": cards.COPIES_PER_RANK,
        "peeked": cards.PEEKED_CARDS,
        "hand": variant.hand_size,
        "row": variant.row_size,
        "seven_row": cards.VARIANTS["seven_cards"].row_size,
        "three_row": cards.VARIANTS["three_in_hand"].row_size,
        "threshold": house.threshold or cards.LOSS_THRESHOLD,
        "default_threshold": cards.LOSS_THRESHOLD,
        "round_minutes": cards.ROUND_MINUTES,
        "game_min": cards.GAME_MINUTES[0],
        "game_max": cards.GAME_MINUTES[1],
        "max_players": max(v.max_players for v in cards.VARIANTS.values()),
        "lowest": cards.lowest_total(variant, house.jack),
        "highest": cards.highest_total(variant, house.jack),
        "average": _tenth(average),
        "dealt_average": _tenth(average * variant.hand_size),
        "unknown": cards.unknown_at_setup(house),
        "unseen_average": _tenth(average * cards.unknown_at_setup(house)),
        "high_card": HIGH_CARD,
        "share_over_nine": cards.share_worth_more_than(HIGH_CARD, house.jack),
        "sure_gain": cards.beats_unseen_card(house.jack),
        "ranks": len(cards.RANKS),
        "three_hand": cards.VARIANTS["three_in_hand"].hand_size,
    }


def _rank_worth(points: Decimal, jack: Decimal) -> str:
    return next(r for r, v in cards.card_table(jack).items() if v == points)


GAME = Ghost()
