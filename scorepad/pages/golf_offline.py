"""What a Golf game's page gives its scripts for the holes kept on the phone
(outbox.js, offline-standings.js, golf-scoring.js): the board as `data-board` carries it,
and the texts that differ from Ghost's, merged over `board.outbox_texts` in the page's
round data. Presentation only; the rules are rules/games/golf/."""

from __future__ import annotations

import json
from collections.abc import Sequence

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import pgettext

from rules.games.golf.cards import GolfHouse


def golf_board(
    names: Sequence[str],
    first_dealer: int,
    holes: Sequence[Sequence[int | None]],
    house: GolfHouse,
) -> str:
    """`data-board` of a Golf game: its holes as they count (after the caller penalty;
    None for a player not in the extra hole), and the rules that end it."""
    return json.dumps(
        {
            "names": list(names),
            "threshold": None,
            "first_dealer": first_dealer,
            "rounds": [list(hole) for hole in holes],
            "game": "golf",
            "holes": house.holes,
            "extra_hole": house.extra_hole,
        },
        ensure_ascii=False,
    )


def golf_outbox_texts(language: str) -> dict:
    """Golf's words for a kept hole and for the standings it changes."""
    with translation.override(language):
        return {
            "round": _("Hole %(n)s"),
            "save": _("Save hole %(n)s"),
            "kept": _(
                "No connection: hole %(n)s is kept on this phone and will be sent as soon "
                "as there is a connection."
            ),
            "unsent": pgettext("a round kept on the phone", "not sent"),
            "count_one": _("%(n)s hole is waiting to be sent."),
            "count_other": _("%(n)s holes are waiting to be sent."),
            "put_back": _(
                "Your numbers are back in the form. Check the table, then save them as the "
                "next hole."
            ),
            "missing": _("%(name)s: enter the hole score."),
            "not_number": _("%(name)s: enter a whole number, such as 7 or −2."),
            "impossible_nearest": _(
                "%(name)s: %(value)s cannot happen with these rules; the nearest possible "
                "score is %(nearest)s."
            ),
            "behind": _("%(d)s behind"),
        }
