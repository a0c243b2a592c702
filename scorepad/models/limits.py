"""The bounds of a stored game and the marks that name its rows for good: what the
models (scorepad/models/__init__.py) and their change and reading halves share."""

import secrets
from datetime import UTC, datetime, timedelta

TOKEN_BYTES = 24  # 192 bits from the OS's CSPRNG
TOKEN_LENGTH = 32  # what token_urlsafe(24) gives: base64url without padding
TOKEN_PATTERN = f"[A-Za-z0-9_-]{{{TOKEN_LENGTH}}}"

# A game to 21 with two players lasts 2 to 40 rounds; a threshold of 500 at the cheapest
# ordinary rounds (about 15 points) some 35. 100 live rounds is more than 16 hours at
# the table, so no real game meets it, while it bounds what one page, poll and export can
# cost. Every edit and undo keeps a row, so all the rows of a game are bounded too.
MAX_ROUNDS = 100
MAX_ROUND_ROWS = 3 * MAX_ROUNDS
# Names put right per game: a typo or two per player at most, with room to spare, while
# the history and the exports of one game stay bounded.
MAX_RENAMES = 60

EPOCH = datetime(1970, 1, 1, tzinfo=UTC)


def row_mark(when) -> int:
    """A row's creation time in whole microseconds: with its id, what names one row for
    good. A database restored from a backup resets the id sequence, so a round entered
    after the restore can get the id of one entered before it; never its creation time."""
    return (when - EPOCH) // timedelta(microseconds=1)


def new_token() -> str:
    return secrets.token_urlsafe(TOKEN_BYTES)
