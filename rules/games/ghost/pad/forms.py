"""Ghost's forms on the scorepad: a new game of Ghost (its table and its players) and a
round (new or edited): a total per player, or the cards that make it.

A total is accepted only if a hand of the table's variant can make it with the table's
jack, and the round's totals only if one deck can deal them all at once (issue 35:
rules/games/ghost/together.py). What every game's forms share is scorepad/forms."""

import secrets
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from rules import words
from rules.engine.loader import variant_name
from scorepad.forms import PlayerSeats, RoundFields, StoredRow, add_seats, clean_players
from scorepad.forms.fields import NormalizedCharField, PointsField, describe_miss, points_text
from scorepad.forms.widgets import HiddenInput, TextInput

from .. import cards, together
from ..house import HouseFields


def variant_label(variant: cards.Variant) -> str:
    """The variant's name with the players it allows, so the choice explains itself."""
    low = cards.PLAYER_RANGE[0]
    if variant.max_players == low:
        text = ngettext("%(name)s, %(n)s player", "%(name)s, %(n)s players", low)
    else:
        text = gettext("%(name)s, %(low)s to %(n)s players")
    return text % {"name": variant_name(variant.key), "low": low, "n": variant.max_players}


# The variants the new-game form offers: "stock only" is the start-card choice there.
NEW_GAME_VARIANTS = tuple(cards.VARIANTS[key] for key in cards.TABLE_VARIANTS)
VARIANT_MAX_PLAYERS = {v.key: v.max_players for v in NEW_GAME_VARIANTS}
# With the house rule for more players, per variant that allows it.
MORE_PLAYERS_MAX = {
    v.key: cards.most_players(v)
    for v in NEW_GAME_VARIANTS
    if cards.House.allows_more_players(v.key)
}


class NewGameForm(PlayerSeats, HouseFields):
    """The table's rules (the rules page's own choices) and the players."""

    most_players = cards.PLAYER_RANGE[1]

    player_count = forms.TypedChoiceField(
        label=_("Number of players"),
        coerce=int,
        choices=[(n, str(n)) for n in range(cards.PLAYER_RANGE[0], cards.PLAYER_RANGE[1] + 1)],
        initial=2,
    )
    first_dealer = forms.TypedChoiceField(label=_("Who deals first"), coerce=int, initial=0)
    # This form's own random key: a double tap of Start sends it twice, and gets one game.
    start_key = forms.RegexField(
        regex=r"\A[A-Za-z0-9_-]{16,32}\Z", required=False, widget=HiddenInput
    )

    def __init__(self, *args, **kwargs):
        super().__init__(*args, **kwargs)
        self.took_more_players = False  # more than two at the five-card game, ticked or not
        if not self.is_bound:
            self.fields["start_key"].initial = secrets.token_urlsafe(24)  # 32: masked in logs
        self.fields["player_count"].help_text = players_hint()
        self.fields["variant"].choices = [(v.key, variant_label(v)) for v in NEW_GAME_VARIANTS]
        seats = range(cards.PLAYER_RANGE[1])
        add_seats(self, seats)

    def start_notes(self) -> list[str]:
        """More than two at the five-card game: the game says it took the house rule."""
        if self.took_more_players:
            return [more_players_text(self.cleaned_data["player_count"])]
        return []

    def player_limits(self) -> dict:
        """For the page's script: how many each variant takes, and what the server says
        when there are more, so the page explains the conflict beside the choice instead
        of changing the choice."""
        limits = {}
        for key, _label in self.fields["variant"].choices:
            variant = cards.VARIANTS[key]
            more = MORE_PLAYERS_MAX.get(key)
            limits[key] = {
                # More than two at the five-card game take its house rule: no conflict.
                "max": more or variant.max_players,
                "more_max": more,
                "message": too_many_players(variant, more=False),
                "more_message": too_many_players(variant, more=True) if more else "",
            }
        return limits

    def clean(self):
        data = super().clean()
        count = data.get("player_count")
        variant = cards.VARIANTS.get(data.get("variant", ""))
        more = bool(data.get("more_players"))
        if variant and count and not more and variant.max_players < count:
            # More than two at the five-card game: the house rule that allows it is
            # taken, as the form says beside the number of players, and the game says so.
            more = self.took_more_players = variant.key in MORE_PLAYERS_MAX
            data["more_players"] = more
        if variant and count:
            limit = MORE_PLAYERS_MAX.get(variant.key) if more else None
            if limit and count > limit:
                self.add_error("player_count", too_many_players(variant, more=True))
            elif not more and count > variant.max_players:
                self.add_error("variant", too_many_players(variant, more=False))
        clean_players(self, data, count)
        return data


def players_hint() -> str:
    """What each variant takes, said before anything is sent (the page needs no script)."""
    standard, seven = cards.STANDARD, cards.VARIANTS["seven_cards"]
    three = cards.VARIANTS["three_in_hand"]
    return gettext(
        "“%(standard)s”: %(low)s players; choose more and the house rule for up to "
        "%(more)s is switched on. “%(three)s”: up to %(three_n)s. “%(seven)s”: %(seven_n)s."
    ) % {
        "standard": variant_name(standard.key),
        "low": standard.max_players,
        "more": MORE_PLAYERS_MAX[standard.key],
        "three": variant_name(three.key),
        "three_n": three.max_players,
        "seven": variant_name(seven.key),
        "seven_n": seven.max_players,
    }


def more_players_text(count: int) -> str:
    """Said on the new game's page when the form took the house rule for more players."""
    return gettext(
        "%(n)s players at the five-card game: the game is played by the house rule for "
        "more players."
    ) % {"n": count}


def too_many_players(variant: cards.Variant, more: bool) -> str:
    """Why this variant cannot take the players chosen, and what to change."""
    if more:
        return gettext("One deck deals %(cards)s cards each to at most %(n)s players.") % {
            "n": MORE_PLAYERS_MAX[variant.key],
            "cards": variant.hand_size,
        }
    if variant.key in MORE_PLAYERS_MAX:
        message = gettext(
            "“%(variant)s” is for %(n)s players. For more, tick the house rule for "
            "more players, or choose “%(more)s”."
        )
    elif variant.key == "three_in_hand":
        message = gettext(
            "“%(variant)s” is for up to %(n)s players. For more, choose “%(standard)s” "
            "with the house rule for more players."
        )
    elif variant.max_players == cards.PLAYER_RANGE[0]:  # Seven cards: two, no fewer
        message = gettext("“%(variant)s” is for %(n)s players. For more, choose “%(more)s”.")
    else:
        message = gettext("“%(variant)s” is for up to %(n)s players. For more, choose “%(more)s”.")
    return message % {
        "variant": variant_name(variant.key),
        "n": variant.max_players,
        "more": variant_name("three_in_hand"),
        "standard": variant_name(cards.STANDARD.key),
    }


def example_total(jack_value) -> Decimal:
    """The cheap row of the rules' example (8, jack, ace, 2) with this game's jack."""
    return cards.hand_total(("8", "J", "A", "2"), jack_value)


def wrong_count_text(variant: cards.Variant, name: str, given: int) -> str:
    """Too few or too many cards, in the variant's own terms: a hand or a row."""
    if variant.key == "three_in_hand":
        text = ngettext(
            "%(name)s: enter %(n)s card, the hand and the ghost; you gave %(given)s.",
            "%(name)s: enter %(n)s cards, the hand and the ghost; you gave %(given)s.",
            variant.hand_size,
        )
    else:
        text = ngettext(
            "%(name)s: enter %(n)s card, the row and the ghost; you gave %(given)s.",
            "%(name)s: enter %(n)s cards, the row and the ghost; you gave %(given)s.",
            variant.hand_size,
        )
    return text % {"name": name, "n": variant.hand_size, "given": given}


def hand_text(variant: cards.Variant) -> str:
    """What the helper wants, in the variant's own terms."""
    if variant.key == "three_in_hand":
        return gettext("%(n)s cards: the three in your hand, then the ghost.") % {
            "n": variant.hand_size
        }
    return gettext("%(n)s cards: the %(row)s in your row, then the ghost.") % {
        "n": variant.hand_size,
        "row": words.NUMBER_WORDS[get_language()][variant.row_size],
    }


class RoundForm(RoundFields):
    """One total per player, or the cards that make it; `number` is the round it is for."""

    def __init__(self, *args, game, players, stored_cards=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.players = players
        self.stored_cards = stored_cards  # editing: the round's cards as stored
        self.joined: set[int] = set()  # seats a refusal on another's field names too
        example, help_text = example_total(game.house_for(None).jack), hand_text(game.rules_variant)
        lowest = min(game.possible_totals())
        for seat, player in enumerate(players):
            self.fields[f"points_{seat}"] = PointsField(
                label=player.name, required=False, example=example, lowest=lowest
            )
            if seat == len(players) - 1:  # the phone's Enter key says "done" on the last
                self.fields[f"points_{seat}"].widget.attrs["enterkeyhint"] = "done"
            self.fields[f"cards_{seat}"] = NormalizedCharField(
                label=_("%(name)s’s cards") % {"name": player.name},
                help_text=help_text,
                required=False,
                max_length=60,
                # Django fills in its own numbers with %: a "%" in a name stays a "%".
                error_messages={
                    "max_length": gettext("%(name)s: that is more than a hand of cards.")
                    % {"name": player.name.replace("%", "%%")}
                },
                widget=TextInput(
                    attrs={
                        "autocomplete": "off",
                        "autocapitalize": "characters",
                        "spellcheck": "false",
                        "class": "cards-input",
                    }
                ),
            )

    def rows(self):
        return [
            {
                "player": player,
                "seat": seat,
                "points": self[f"points_{seat}"],
                "cards": self[f"cards_{seat}"],
                "joined": seat in self.joined,  # named in another field's refusal
            }
            for seat, player in enumerate(self.players)
        ]

    def clean(self):
        data = super().clean()
        possible = self.game.possible_totals()
        hands = []
        for seat, player in enumerate(self.players):
            if f"points_{seat}" in self.errors or f"cards_{seat}" in self.errors:
                continue
            ranks = self.clean_seat(seat, player, data, possible)
            if ranks:
                hands.append(ranks)
        too_many = cards.over_four_of_a_rank(hands)
        if too_many:
            language = get_language()
            raise ValidationError(
                gettext("A deck holds only %(n)s of each rank, but this round has more %(ranks)s.")
                % {
                    "n": cards.COPIES_PER_RANK,
                    "ranks": words.and_list(words.RANK_PLURALS[language][r] for r in too_many),
                },
                code="four_of_a_rank",
            )
        if not self.errors:
            self.check_together(data, hands)
        return data

    def check_together(self, data, hands) -> None:
        """Every total possible alone, and the cards typed within the deck: can one deck
        deal all these totals at once (issue 35)? The cards typed are taken out first."""
        seats = [s for s in range(len(self.players)) if not data.get(f"cards_{s}")]
        if len(seats) + len(hands) < 2 or not seats:
            return
        totals = [data[f"points_{s}"] for s in seats]
        clash = together.check(
            self.game.rules_variant, self.game.house_for(None).jack, totals, hands
        )
        if clash is None:
            return
        named = [f"{self.players[seats[i]].name} {points_text(totals[i])}" for i in clash]
        values = {"players": words.and_list(named), "n": cards.COPIES_PER_RANK}
        # why, when one rank says it: more eights (say) than one deck holds
        short = together.short_rank(
            self.game.rules_variant, self.game.house_for(None).jack, totals, clash
        )
        if short is None:
            text = gettext(
                "%(players)s: no deal from one deck gives all these totals at once "
                "(it holds %(n)s of each rank)."
            )
        else:
            language = get_language()
            values |= {
                "needed": words.count_word(short[1], language),
                "ranks": words.RANK_PLURALS[language][short[0]],
                "held": words.count_word(cards.COPIES_PER_RANK, language),
            }
            text = gettext(
                "%(players)s: one deal cannot give these totals – between them they need at "
                "least %(needed)s %(ranks)s, and the deck has only %(held)s."
            )
        # on the first of them, beside what was typed (nothing is lost); the others it
        # names are marked too, and point a screen reader at it
        first = f"points_{seats[clash[0]]}"
        self.add_error(first, text % values)
        for i in clash[1:]:
            self.joined.add(seats[i])
            self.fields[f"points_{seats[i]}"].widget.attrs.update(
                {"aria-invalid": "true", "aria-describedby": f"{self[first].auto_id}_error"}
            )

    def clean_seat(self, seat, player, data, possible) -> list[str] | None:
        """One player's total and cards, checked against each other and the rules; the
        ranks that make the total (None when there are none, or an error was added)."""
        points_key, cards_key = f"points_{seat}", f"cards_{seat}"
        points, ranks = data.get(points_key), self.typed_ranks(seat, player, data)
        if ranks is None:
            return None
        if ranks:
            from_cards = cards.hand_total(ranks, self.game.house_for(None).jack)
            stored = self.stored_cards[seat].split() if self.stored_cards else None
            if points is not None and points != from_cards and stored == ranks:
                ranks = []  # editing: a total typed over the stored cards replaces them
            elif points is not None and points != from_cards:
                self.add_error(
                    points_key,
                    gettext(
                        "%(name)s: the cards make %(cards)s, but the total entered is %(total)s."
                    )
                    % {
                        "name": player.name,
                        "cards": points_text(from_cards),
                        "total": points_text(points),
                    },
                )
                return None
            else:
                points = data[points_key] = from_cards
        if points is None:
            self.add_error(
                points_key, gettext("%(name)s: enter the round total.") % {"name": player.name}
            )
            return None
        if points not in possible:
            self.add_error(points_key, f"{player.name}: {describe_miss(points, possible)}")
        data[cards_key] = " ".join(ranks)
        return ranks or None

    def typed_ranks(self, seat, player, data) -> list[str] | None:
        """The cards typed for one player, as ranks: [] when none were typed, None after
        adding an error (not cards, or not a whole hand)."""
        cards_key = f"cards_{seat}"
        typed = data.get(cards_key, "")
        if not typed.strip():
            return []
        try:
            ranks = words.parse_ranks(typed)
        except ValueError as bad:
            self.add_error(
                cards_key,
                gettext("%(name)s: “%(text)s” is not a card.")
                % {"name": player.name, "text": str(bad)[:10]},
            )
            return None
        variant = self.game.rules_variant
        if len(ranks) != variant.hand_size:
            self.add_error(cards_key, wrong_count_text(variant, player.name, len(ranks)))
            return None
        return ranks

    def points(self) -> list[Decimal]:
        return [self.cleaned_data[f"points_{seat}"] for seat in range(len(self.players))]

    def hands(self) -> list[str]:
        return [self.cleaned_data.get(f"cards_{seat}", "") for seat in range(len(self.players))]


class EditRoundForm(StoredRow, RoundForm):
    """The same entry, for a round already stored (the row it replaces)."""
