"""Log lines without secrets: a game's edit and watch tokens are masked, long words cut.

A request path can hold a token (`/en/scorepad/g/<token>/round/`) and Django logs the
path of every 4xx and 5xx (`Conflict: /en/scorepad/g/…`). Whoever reads the logs must
not be able to change or follow a game, and a client sending 60 KB paths must not fill
the disk: every handler of the site's logging runs this filter."""

import logging
import re

TOKEN_LENGTH = 32  # scorepad.models.TOKEN_LENGTH (not imported: logging is set up first)
# A run of the token alphabet as long as a token, or longer (a token with junk after it
# is still most of a token): masked whole.
TOKEN_RUN = re.compile(rf"(?<![A-Za-z0-9_-])[A-Za-z0-9_-]{{{TOKEN_LENGTH},}}")
MASK = "[token]"
LONGEST_WORD = 200  # characters of one path (or any run without spaces) kept


def cut(word: re.Match) -> str:
    text = word[0]
    return f"{text[:LONGEST_WORD]}…[{len(text) - LONGEST_WORD} more]"


def private(text: str) -> str:
    text = TOKEN_RUN.sub(MASK, text)
    return re.sub(rf"\S{{{LONGEST_WORD + 1},}}", cut, text)


class MaskTokens(logging.Filter):
    """Rewrites the record's message (and its traceback) once, before any handler formats
    it; the record is then logged as plain text."""

    def filter(self, record: logging.LogRecord) -> bool:
        if getattr(record, "_private", False):
            return True
        record.msg = private(record.getMessage())
        record.args = ()
        if record.name.startswith("django.security."):
            # A bad Host header, a form with too many fields: the client's doing, said
            # in one line; the traceback (1 KB a request) only ever shows Django's code.
            record.msg = " ".join(record.msg.split())
            record.exc_info = record.exc_text = None
        if record.exc_info and not record.exc_text:
            record.exc_text = logging.Formatter().formatException(record.exc_info)
        if record.exc_text:
            record.exc_text = private(record.exc_text)
        record._private = True
        return True
