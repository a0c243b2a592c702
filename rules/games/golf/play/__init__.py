"""A hole of Golf to play against the computer, as every game's practice model offers it
(rules/practice/): the model in model.py (the deal, the legal moves, a move applied, the
end and its score, what one seat sees) and the computer's moves in computer.py, which
plays through the model's `apply`."""

from .computer import all_computers, computer_turn, play_out
from .model import apply, average, deal, estimate, legal_moves, result, value, view

__all__ = [
    "all_computers",
    "apply",
    "average",
    "computer_turn",
    "deal",
    "estimate",
    "legal_moves",
    "play_out",
    "result",
    "value",
    "view",
]
