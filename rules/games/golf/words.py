"""Golf's words in English and Norwegian Bokmål, as DOMAIN.md lists them: data for the
texts and the scorepad to come (interface strings still go through gettext)."""

from __future__ import annotations

# key -> (English, Norwegian Bokmål)
WORDS = {
    "game": ("Golf", "Golf"),
    "game_long": ("Golf (the card game)", "kortspillet Golf"),
    "hole": ("hole", "hull"),
    "holes": ("holes", "hull"),
    "column": ("column", "kolonne"),
    "row": ("row", "rad"),
    "layout": ("layout", "kortene foran deg"),
    "layout_short": ("layout", "oppsettet"),
    "pair": ("pair", "par"),
    "face_up": ("face up", "med bildesiden opp"),
    "face_down": ("face down", "med bildesiden ned"),
    "knock": ("knock", "banke i bordet"),
    "caller": ("caller", "den som går ut"),
    "joker": ("joker", "joker"),
    "tie": ("tie", "uavgjort"),
    "extra_hole": ("extra hole", "ekstra hull"),
    "stock": ("stock", "trekkbunke"),
    "discard_pile": ("discard pile", "kastebunke"),
    "dealer": ("dealer", "giver"),
    "deck": ("deck", "kortstokk"),
    "point": ("point", "poeng"),  # one point: "1 point", never "1 points"
    "points": ("points", "poeng"),
}
LANGUAGES = ("en", "nb")

# The variants' names; in Norwegian running text they stand in «».
VARIANT_NAMES = {
    "six_card": ("six-card golf", "golf med seks kort"),
    "four_card": ("four-card golf", "golf med fire kort"),
    "nine_card": ("nine-card golf", "golf med ni kort"),
}


def word(key: str, language: str) -> str:
    return WORDS[key][LANGUAGES.index(language)]


MINUS = "\u2212"


def signed(points: int) -> str:
    """A score with a real minus sign (−2), in both languages."""
    return f"{MINUS}{-points}" if points < 0 else str(points)


def points_phrase(points: int, language: str) -> str:
    """A score with its word: "1 point", "−1 point", "0 points", "3 points"; «1 poeng»."""
    noun = word("point" if abs(points) == 1 else "points", language)
    return f"{signed(points)}\N{NO-BREAK SPACE}{noun}"


def read_signed(text: str) -> int:
    """A typed score: "-2", "−2" and "–2" are all minus two. ValueError otherwise."""
    cleaned = text.strip().replace(MINUS, "-").replace("\u2013", "-")
    if not cleaned.lstrip("-").isdigit() or cleaned.count("-") > 1:
        raise ValueError(f"not a whole number: {text!r}")
    return int(cleaned)
