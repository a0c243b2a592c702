"""What Golf's score table shows that Ghost's does not: the standings with the leader and
the gap to the lead, the line of the table's choices, each hole's caller penalty in its
row, and the data the page's scripts read. Presentation only: Golf's rules are
rules/games/golf/, a game's on `Game`."""

from __future__ import annotations

import json
from functools import lru_cache

from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation import ngettext, npgettext

from rules.words import NUMBER_WORDS, RANK_PLURALS, and_list, count_word
from scorepad.logic.scoring import Outcome

from .. import cards, scoring
from ..house import summary
from ..outcome import PENALTY_WRITTEN
from .forms import SCORE_PATTERN, layout_json, not_a_score_text, short_text, together_text


def standings(game, result: Outcome, fmt) -> list[dict]:
    """Each player's total, the leaders, and everyone else's gap to the lead."""
    names = [p.name for p in game.player_list]
    played = bool(game.live_rounds)
    leaders = [i for i in range(len(names)) if played and result.gap(i) == 0]
    return [
        {
            "name": name,
            "total": fmt(result.totals[i]),
            "gap": fmt(result.gap(i)) if played else "",
            "won": i in result.winners and result.finished,
            "deals": i == result.next_dealer and not result.finished,
            "leads": i in leaders and len(leaders) < len(names) and not result.finished,
            "plays_extra": bool(result.playing) and i in result.playing,
        }
        for i, name in enumerate(names)
    ]


def settings_line(game) -> list[str]:
    """The table's choices in a few words each, as the rules pages sum them up."""
    return summary(game.house)


def penalty_note(game, rnd, fmt) -> str:
    """A hole's caller penalty as its row says it: who called, who wrote 0, what the
    caller added. Empty where it changed nothing."""
    if not rnd.written:
        return ""
    names = [p.name for p in game.player_list]
    caller = rnd.caller
    added = rnd.points[caller] - rnd.written[caller]
    zeroed = [
        names[i] for i, (p, w) in enumerate(zip(rnd.points, rnd.written, strict=True)) if p != w
    ]
    zeroed = [n for n in zeroed if n != names[caller]]
    knock = game.house.rules_variant.ends_by == "knock"
    return penalty_text(len(zeroed), knock) % {
        "caller": names[caller],
        "added": fmt(added),
        "zeroed": and_list(zeroed),
        "written": fmt(PENALTY_WRITTEN),
    }


def caller_note(game, seat: int | None) -> str:
    """Who ended a hole, as the history says it beside the hole's points (an edit may
    change only that). Empty where the table does not ask it."""
    if seat is None or seat >= len(game.player_list):
        return ""
    name = game.player_list[seat].name
    if game.house.rules_variant.ends_by == "knock":
        return _("%(name)s knocked.") % {"name": name}
    return _("%(name)s went out.") % {"name": name}


def penalty_text(zeroed: int, knock: bool = False) -> str:
    """The note of a hole the caller penalty changed; in four-card golf the caller is
    whoever knocked, which Norwegian says in the rule's own name."""
    if knock:
        return npgettext(
            "the caller knocked",
            "Caller penalty: %(caller)s adds %(added)s; %(zeroed)s writes %(written)s.",
            "Caller penalty: %(caller)s adds %(added)s; %(zeroed)s write %(written)s.",
            zeroed,
        )
    return ngettext(
        "Caller penalty: %(caller)s adds %(added)s; %(zeroed)s writes %(written)s.",
        "Caller penalty: %(caller)s adds %(added)s; %(zeroed)s write %(written)s.",
        zeroed,
    )


@lru_cache
def round_data(house: cards.GolfHouse, players: int, language: str) -> dict:
    """What the page's scripts read (json_script "round-data"): the card table, the
    possible hole scores for this many players, what the server takes as a score, the
    cards of each rank in their decks, and the words for holes kept on the phone."""
    possible = scoring.possible_hole_scores(house.scoring(), players)
    return {
        "game": "golf",
        "values": house.values,
        "possible": sorted(possible),
        "number": f"^(?:{SCORE_PATTERN})$",
        "layout": json.loads(layout_json(house)),
        # For the layout helper: how many of each rank the decks of this many players
        # hold, so that a rank all of whose cards are laid out is no longer offered.
        "copies": cards.copies_in(cards.decks_for(players), house.jokers),
        # the ranks in order, for the search of a hole possible together (golf-scoring.js)
        "rank_order": list(cards.ranks_in_play(house.jokers)),
        "texts": outbox_texts(language, house.rules_variant.ends_by == "knock", players),
        # the words of a refusal that says which rank runs short (golf-offline.js)
        "count_words": NUMBER_WORDS[language],
        "rank_plurals": RANK_PLURALS[language],
    }


# The placeholders the page's script fills in a refusal (golf-offline.js, outbox.js).
SCRIPT_FILLS = {key: f"%({key})s" for key in ("players", "needed", "ranks", "held")}


def outbox_texts(language: str, knock: bool = False, players: int = 2) -> dict:
    """The outbox's words for holes (its keys as Ghost's, scorepad/pages/board.py); `knock`:
    a four-card table, whose caller knocked; `players`: how many, for their decks."""
    decks = cards.decks_for(players)
    with translation.override(language):
        return {
            "round": _("Hole %(n)s"),
            # the holes sent, in the sentence "Sent from this phone and saved: …."
            "sent_one": _("hole %(n)s"),
            "sent_other": _("holes %(list)s"),
            "sent_extra": _("the extra hole"),
            "save": _("Save hole %(n)s"),
            "kept": _(
                "No connection: hole %(n)s is kept on this phone and will be sent as soon as "
                "there is a connection."
            ),
            "waiting": _("waiting to send"),
            "unsent": translation.pgettext("a round kept on the phone", "not sent"),
            "refused": _("not saved: %(reason)s"),
            "count_one": _("%(n)s hole is waiting to be sent."),
            "count_other": _("%(n)s holes are waiting to be sent."),
            "putback": _("Put back in the form"),
            "discard": _("Discard"),
            "put_back": _(
                "Your numbers are back in the form. Check the table, then save them as the "
                "next hole."
            ),
            "missing": _("%(name)s: enter the hole score."),
            "not_number": not_a_score_text("%(name)s"),
            "impossible": _("%(name)s: %(value)s cannot happen with these rules."),
            # The server's refusal with the nearest possible scores (forms/golf.py),
            # for a hole checked on the phone: one nearest score, or two.
            "nearest_one": nearest_text(1),
            "nearest_other": nearest_text(2),
            "extra_hole": _("Extra hole"),  # the form's heading at the extra hole
            "kept_extra": _(
                "No connection: the extra hole is kept on this phone and will be sent as soon "
                "as there is a connection."
            ),
            # A kept hole's caller penalty, said as its row will say it (penalty_note).
            "penalty_one": penalty_text(1, knock),
            "penalty_other": penalty_text(2, knock),
            "save_extra": _("Save the extra hole"),
            "extra_row": _("Extra hole"),  # its row in the table (words.py playing_row)
            # the scores no deal gives together (forms.py), the decks' count said here
            "together": together_text(decks)
            % {"players": "%(players)s", "decks": count_word(decks, language)},
            "together_short": short_text(decks)
            % (SCRIPT_FILLS | {"decks": count_word(decks, language)}),
            "plays_extra": _("plays the extra hole"),
            "won": _("won"),
            "deals": _("deals"),
            "leads": _("leads"),
            "behind": _("%(d)s behind"),
            "course_one": ngettext(
                "Running totals after %(n)s hole: %(totals)s.",
                "Running totals after %(n)s holes: %(totals)s.",
                1,
            ),
            "course_other": ngettext(
                "Running totals after %(n)s hole: %(totals)s.",
                "Running totals after %(n)s holes: %(totals)s.",
                2,
            ),
            # after the extra hole, which the chart does not draw (course_description)
            "course_extra_one": ngettext(
                "Running totals after %(n)s hole and the extra hole: %(totals)s.",
                "Running totals after %(n)s holes and the extra hole: %(totals)s.",
                1,
            ),
            "course_extra_other": ngettext(
                "Running totals after %(n)s hole and the extra hole: %(totals)s.",
                "Running totals after %(n)s holes and the extra hole: %(totals)s.",
                2,
            ),
        }


def nearest_text(count: int) -> str:
    """The refusal of a score no layout makes, with `count` nearest possible scores, as
    forms/golf.py words it, its placeholders left for the page's script."""
    return ngettext(
        "%(name)s: %(value)s cannot happen with these rules. The nearest possible score is "
        "%(nearest)s.",
        "%(name)s: %(value)s cannot happen with these rules. The nearest possible scores "
        "are %(nearest)s.",
        count,
    )


def course_description(rounds: int, totals: str, extra: bool = False) -> str:
    """The chart's words: the holes that count, and the extra hole when it was played
    (it adds to nobody's total, so the chart does not draw it)."""
    if extra:
        return ngettext(
            "Running totals after %(n)s hole and the extra hole: %(totals)s.",
            "Running totals after %(n)s holes and the extra hole: %(totals)s.",
            rounds,
        ) % {"n": rounds, "totals": totals}
    return ngettext(
        "Running totals after %(n)s hole: %(totals)s.",
        "Running totals after %(n)s holes: %(totals)s.",
        rounds,
    ) % {"n": rounds, "totals": totals}
