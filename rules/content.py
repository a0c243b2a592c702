"""Until the scorepad imports them from their own modules: the names it used here."""

from .loader import rules, variant_name  # noqa: F401
from .words import (  # noqa: F401
    NUMBER_WORDS,
    RANK_NAMES,
    RANK_PLURALS,
    RANK_SHORT,
    format_points,
    points_formatter,
    rank_label,
)
