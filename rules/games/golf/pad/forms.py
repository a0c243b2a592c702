"""Golf's forms on the scorepad: a new game of Golf (its table and its players) and a hole
(a score per player, and who went out first when the table plays the caller penalty).

A hole's scores are whole numbers and may be negative: "-2", "−2" and "–2" are all read
as minus two, and shown with a real minus sign. A score is accepted only if some layout of
the table's variant, dealt from the decks its player count uses, can make it under its
house rules (rules/games/golf/scoring.py); a refusal names the player and the nearest
possible scores.
"""

from __future__ import annotations

import json
import re
import secrets
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from rules.engine.loader import variant_name
from rules.words import RANK_PLURALS, and_list, count_word, format_points
from scorepad.forms import PlayerSeats, RoundFields, StoredRow, add_seats, clean_players
from scorepad.forms.widgets import HiddenInput, TextInput

from .. import cards, scoring, together
from ..house import HouseFields
from ..outcome import apply_caller_penalty
from ..words import read_signed

# A hole score as people type it: a minus of any of the three kinds, then ASCII digits (a
# score never has more than three). The page's own check gets the same pattern.
SCORE_PATTERN = r"[-\u2212\u2013]?[0-9]{1,3}"
SCORE_TEXT = re.compile(SCORE_PATTERN)
EXAMPLE = -3  # a score in the message on a number that is no score


def variant_label(key: str) -> str:
    return variant_name(key, game="golf")


class GolfNewGameForm(PlayerSeats, HouseFields):
    """A new game of Golf: the table's choices (the rules page's own form) and the
    players, 2 to 12 as the variant's deal allows."""

    most_players = cards.PLAYER_RANGE[1]

    player_count = forms.TypedChoiceField(
        label=_("Number of players"),
        coerce=int,
        choices=[(n, str(n)) for n in range(cards.PLAYER_RANGE[0], cards.PLAYER_RANGE[1] + 1)],
        initial=cards.PLAYER_RANGE[0],
    )
    first_dealer = forms.TypedChoiceField(label=_("Who deals first"), coerce=int, initial=0)
    start_key = forms.RegexField(
        regex=r"\A[A-Za-z0-9_-]{16,32}\Z", required=False, widget=HiddenInput
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        if not self.is_bound:
            self.fields["start_key"].initial = secrets.token_urlsafe(24)  # 32: masked in logs
            self.initial.setdefault("variant", cards.DEFAULT_HOUSE.variant)
            self.initial.setdefault("jokers", "none")
            self.initial.setdefault("four_of_a_kind", "none")
            self.initial.setdefault("holes", cards.HOLES)
        seats = range(cards.PLAYER_RANGE[1])
        add_seats(self, seats)
        self.fields["player_count"].help_text = gettext(
            "%(low)s to %(high)s players: one deck for up to %(per)s, two for up to %(two)s, "
            "three for more."
        ) % {
            "low": cards.PLAYER_RANGE[0],
            "high": cards.PLAYER_RANGE[1],
            "per": cards.PLAYERS_PER_DECK,
            "two": 2 * cards.PLAYERS_PER_DECK,
        }
        self.fields["holes"].help_text = gettext("%(n)s by default; %(low)s to %(high)s.") % {
            "n": cards.HOLES,
            "low": cards.HOLE_RANGE[0],
            "high": cards.HOLE_RANGE[1],
        }
        holes_text = gettext("Type a whole number from %(low)s to %(high)s.") % {
            "low": cards.HOLE_RANGE[0],
            "high": cards.HOLE_RANGE[1],
        }
        self.fields["holes"].error_messages.update(
            invalid=holes_text, min_value=holes_text, max_value=holes_text, required=holes_text
        )

    def clean(self):
        data = super().clean()
        count = data.get("player_count")
        variant = cards.VARIANTS.get(data.get("variant", ""))
        if variant and count:
            jokers = data.get("jokers")
            jokers = None if jokers in (None, "", "none") else jokers
            if count > variant.max_players or not cards.deal_fits(variant, count, jokers):
                self.add_error(
                    "player_count",
                    gettext("“%(variant)s” deals %(cards)s cards each to at most %(n)s players.")
                    % {
                        "variant": variant_label(variant.key),
                        "cards": variant.cards,
                        "n": most_players(variant, jokers),
                    },
                )
        clean_players(self, data, count)
        return data


def most_players(variant: cards.Variant, jokers: str | None) -> int:
    """The most players this variant deals to, as the decks allow."""
    return max(
        (
            n
            for n in range(cards.PLAYER_RANGE[0], variant.max_players + 1)
            if cards.deal_fits(variant, n, jokers)
        ),
        default=cards.PLAYER_RANGE[0],
    )


# ------------------------------------------------------------------ a hole


def not_a_score_text(name: str) -> str:
    return gettext("%(name)s: write the hole score as a whole number, such as %(example)s.") % {
        "name": name,
        "example": format_points(EXAMPLE),
    }


def together_text(decks: int) -> str:
    """A hole refused because its scores cannot be dealt together, no one rank saying
    why (the page's script says it too, offline: pages.round_data)."""
    if decks == 1:
        return gettext(
            "%(players)s: one deal cannot give these scores – the deck does not hold the "
            "cards they need."
        )
    return gettext(
        "%(players)s: one deal cannot give these scores – the %(decks)s decks do not hold "
        "the cards they need."
    )


def together_refusal(players: str, short: tuple[str, int, int] | None, decks: int) -> str:
    """The refusal of scores the decks cannot deal together: the players, and why when
    one rank says it ("at least six twos, and the deck has only four"; together.py)."""
    language = get_language()
    values = {"players": players, "decks": count_word(decks, language)}
    if short is None:
        return together_text(decks) % values
    rank, needed, held = short
    values |= {
        "needed": count_word(needed, language),
        "ranks": RANK_PLURALS[language][rank],
        "held": count_word(held, language),
    }
    return short_text(decks) % values


def short_text(decks: int) -> str:
    """The refusal that says which rank runs short (the page's script fills it offline)."""
    if decks == 1:
        return gettext(
            "%(players)s: one deal cannot give these scores – between them they need at "
            "least %(needed)s %(ranks)s, and the deck has only %(held)s."
        )
    return gettext(
        "%(players)s: one deal cannot give these scores – between them they need at "
        "least %(needed)s %(ranks)s, and the %(decks)s decks have only %(held)s."
    )


class ScoreField(forms.Field):
    """A hole score: a whole number, maybe negative, typed with any of three minus signs;
    shown with a real minus sign. The label is the player's name."""

    widget = TextInput

    def __init__(self, **kwargs):
        super().__init__(**kwargs)
        self.widget.attrs.update(autocomplete="off", enterkeyhint="next", spellcheck="false")

    def to_python(self, value):
        if value in self.empty_values:
            return None
        if isinstance(value, int):
            return value
        text = str(value).strip()
        if not text:
            return None
        if not SCORE_TEXT.fullmatch(text):
            raise ValidationError(not_a_score_text(self.label), code="invalid")
        return read_signed(text)

    def prepare_value(self, value):
        if isinstance(value, int | Decimal):
            return format_points(value)
        return value


def impossible_text(name: str, score: int, house: cards.GolfHouse, players: int) -> str:
    """A score no layout makes: the player, the score and the nearest possible ones."""
    nearest = scoring.nearest_possible(score, house, players)
    text = ngettext(
        "%(name)s: %(value)s cannot happen with these rules. The nearest possible score is "
        "%(nearest)s.",
        "%(name)s: %(value)s cannot happen with these rules. The nearest possible scores "
        "are %(nearest)s.",
        len(nearest),
    )
    return text % {
        "name": name,
        "value": format_points(score),
        "nearest": and_list([format_points(s) for s in nearest]),
    }


class HoleForm(RoundFields):
    """One hole: a score per player who plays it (everyone, or at the extra hole only the
    tied players), and who went out first when the table plays the caller penalty. The
    fields are `points_<seat>` and `caller`, as Ghost's round form names its totals, so
    a hole kept on the phone is sent as the same POST."""

    def __init__(self, *args, game, players, stored_cards=None, number=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.players = players
        self.house = game.house
        self.hole = number or game.next_number
        self.seats = game.playing_in(self.hole) or list(range(len(players)))
        for seat in self.seats:
            field = self.fields[f"points_{seat}"] = ScoreField(label=players[seat].name)
            field.required = False
        if self.seats:
            self.fields[f"points_{self.seats[-1]}"].widget.attrs["enterkeyhint"] = "done"
        # The caller penalty works among the players of the hole: at the extra hole,
        # the tied players, as on any hole (DOMAIN.md).
        self.asks_caller = self.house.caller_penalty and len(self.seats) > 1
        self.knock = self.house.rules_variant.ends_by == "knock"  # nobody goes out there
        if self.asks_caller:
            knock = self.knock
            question = _("Who knocked?") if knock else _("Who went out?")
            choose = gettext("Choose who knocked.") if knock else gettext("Choose who went out.")
            self.fields["caller"] = forms.TypedChoiceField(
                label=question,
                coerce=int,
                choices=[(seat, players[seat].name) for seat in self.seats],
                widget=forms.RadioSelect,
                error_messages={"required": choose, "invalid_choice": choose},
            )
        self.penalty = None

    def rows(self):
        """A line a player: the score field and, with the caller penalty, the player's
        choice of "who went out first" at the line's end (one radio group across them)."""
        radios = {int(r.data["value"]): r for r in self["caller"]} if self.asks_caller else {}
        return [
            {
                "player": self.players[seat],
                "seat": seat,
                "points": self[f"points_{seat}"],
                "caller": radios.get(seat),
            }
            for seat in self.seats
        ]

    def clean_caller(self):
        """One caller a hole: a post that names two (the form would keep the last) is
        refused, as the page's radio buttons never send it."""
        named = getattr(self.data, "getlist", None)
        if named is not None and len(named(self.add_prefix("caller"))) > 1:
            raise ValidationError(
                self.fields["caller"].error_messages["invalid_choice"], code="invalid_choice"
            )
        return self.cleaned_data["caller"]

    @property
    def caller_field(self):
        """The radio group "who went out first", where the hole asks it."""
        return self["caller"] if self.asks_caller else None

    def layout(self) -> str:
        """For the layout helper (the page's script): the table's grid and card values,
        as JSON in the form's `data-golf-layout`."""
        return layout_json(self.house)

    def clean(self):
        data = super().clean()
        possible = self.game.possible_totals()
        scoring_house = self.house.scoring()
        count = len(self.players)
        for seat in self.seats:
            key = f"points_{seat}"
            if key in self.errors:
                continue
            name = self.players[seat].name
            score = data.get(key)
            if score is None:
                self.add_error(key, gettext("%(name)s: enter the hole score.") % {"name": name})
            elif Decimal(score) not in possible:
                self.add_error(key, impossible_text(name, score, scoring_house, count))
        if not self.errors:
            self.check_together(data)
        if self.asks_caller and not self.errors:
            written = [data.get(f"points_{seat}") for seat in range(count)]
            self.penalty = apply_caller_penalty(written, data["caller"])
        return data

    def check_together(self, data) -> None:
        """Every score possible alone: can the decks deal layouts for all of them at
        once, jokers included (issue 35)? Checked on the scores as written."""
        written = [data.get(f"points_{seat}") for seat in range(len(self.players))]
        if sum(s is not None for s in written) < 2:
            return
        clash = together.check(self.house, written, len(self.players))
        if clash is None:
            return
        named = [f"{self.players[i].name} {format_points(written[i])}" for i in clash]
        self.add_error(  # on the first of them, beside what was typed (nothing is lost)
            f"points_{clash[0]}",
            together_refusal(
                and_list(named),
                together.short_rank(self.house, written, len(self.players), clash),
                cards.decks_for(len(self.players)),
            ),
        )

    def points(self) -> list[Decimal | None]:
        """The scores as they count (after any caller penalty); None: not playing."""
        if self.penalty is not None:
            return [None if s is None else Decimal(s) for s in self.penalty.scores]
        found = [self.cleaned_data.get(f"points_{seat}") for seat in range(len(self.players))]
        return [None if s is None else Decimal(s) for s in found]

    def hands(self) -> list[str]:
        return [""] * len(self.players)

    def caller(self) -> int | None:
        return self.cleaned_data.get("caller") if self.asks_caller else None

    def written(self) -> tuple:
        """The scores as written when the caller penalty changed them; else empty."""
        if self.penalty is None or not self.penalty.applied:
            return ()
        return tuple(None if s is None else Decimal(s) for s in self.penalty.raw)


class EditHoleForm(StoredRow, HoleForm):
    """The same entry, for a hole already stored (the row it replaces)."""


def layout_json(house: cards.GolfHouse) -> str:
    """The contract with the layout helper's script: the variant, its grid, the card
    values at this table (the joker "X" where jokers are played), the four-of-a-kind
    rule and its bonus, and the jokers' reading."""
    variant = house.rules_variant
    return json.dumps(
        {
            "variant": variant.key,
            "rows": variant.rows,
            "columns": variant.columns,
            "values": house.values,
            "four_of_a_kind": house.four_of_a_kind,
            "four_bonus": house.four_bonus,
            "jokers": house.jokers,
        },
        separators=(",", ":"),
    )
