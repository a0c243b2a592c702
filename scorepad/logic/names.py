"""Players' names as text: tidied for storing, checked for a visible letter, and
compared so that names that look alike are one name. Pure: no Django."""

import unicodedata

NAME_MAX = 24  # characters of a player's name, after tidying (the Player.name column)

# Joiners hold emoji sequences and Indic and Persian words together; every other format
# character (bidi overrides, zero-width spaces) is dropped from names.
NAME_JOINERS = {"\u200c", "\u200d"}
# Letters that show nothing: the Hangul fillers and the blank Braille pattern.
INVISIBLE_LETTERS = {"\u115f", "\u1160", "\u3164", "\uffa0", "\u2800"}


def tidy_name(value: str) -> str:
    """Control and format characters dropped (but the joiners kept), then NFC (so a
    letter and its accent that a dropped character stood between compose), and runs of
    white space folded."""
    kept = "".join(
        ch
        for ch in value
        if ch in NAME_JOINERS or unicodedata.category(ch) not in ("Cc", "Cf", "Cs", "Co", "Cn")
    )
    return " ".join(unicodedata.normalize("NFC", kept).split())


def has_visible_letter(name: str) -> bool:
    return any(unicodedata.category(ch)[0] in "LN" and ch not in INVISIBLE_LETTERS for ch in name)


def same_name_key(name: str) -> str:
    """Names that look alike compare equal: full-width letters, ligatures and case."""
    return unicodedata.normalize("NFKC", name).casefold()
