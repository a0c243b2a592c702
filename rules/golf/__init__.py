"""Golf, the site's second game: its pure facts and scoring, no Django.

- `cards`: the card table, decks per player count, the variants and the house rules
  (`GolfHouse`, `HOUSE_RULES`)
- `scoring`: how a layout scores; the possible hole scores of a table
- `outcome`: a game's course from its hole scores; the caller penalty on one hole
- `hole`: a hole played from a script, every step checked; the worked hole per variant
- `words`: Golf's words in English and Norwegian, scores with a real minus sign
"""

from .cards import (
    BASE_VALUES,
    DEFAULT_HOUSE,
    FOUR_OF_A_KIND,
    HOLE_RANGE,
    HOLES,
    HOUSE_CONDITIONS,
    HOUSE_RULES,
    JOKER,
    JOKER_READINGS,
    PLAYER_RANGE,
    RANKS,
    VARIANTS,
    GolfHouse,
    HouseRule,
    Variant,
    beyond_the_decks,
    card_table,
    card_value,
    copies_in,
    deal_fits,
    decks_for,
    every_house,
    parse_card,
    player_counts,
    ranks_in_play,
)
from .hole import SCRIPTS, PlayedHole, Turn, play_hole, worked_hole
from .outcome import (
    CallerPenalty,
    GolfOutcome,
    apply_caller_penalty,
    dealer_for_hole,
    golf_outcome,
)
from .scoring import (
    ColumnScore,
    FourOfAKind,
    LayoutScore,
    columns_of,
    hole_score,
    layout_points,
    nearest_possible,
    possible_hole_scores,
    score_layout,
    scores_from,
)
from .words import read_signed, signed

__all__ = [
    "BASE_VALUES",
    "DEFAULT_HOUSE",
    "FOUR_OF_A_KIND",
    "HOLE_RANGE",
    "HOLES",
    "HOUSE_CONDITIONS",
    "HOUSE_RULES",
    "JOKER",
    "JOKER_READINGS",
    "PLAYER_RANGE",
    "RANKS",
    "SCRIPTS",
    "VARIANTS",
    "CallerPenalty",
    "ColumnScore",
    "FourOfAKind",
    "GolfHouse",
    "GolfOutcome",
    "HouseRule",
    "LayoutScore",
    "PlayedHole",
    "Turn",
    "Variant",
    "apply_caller_penalty",
    "beyond_the_decks",
    "card_table",
    "card_value",
    "columns_of",
    "copies_in",
    "deal_fits",
    "dealer_for_hole",
    "decks_for",
    "every_house",
    "golf_outcome",
    "hole_score",
    "layout_points",
    "nearest_possible",
    "parse_card",
    "play_hole",
    "player_counts",
    "possible_hole_scores",
    "ranks_in_play",
    "read_signed",
    "score_layout",
    "scores_from",
    "signed",
    "worked_hole",
]
