"""The scorepad's forms: a new game, a round (new or edited), undo and bring back."""

import secrets
from decimal import Decimal

from django import forms
from django.core.exceptions import ValidationError
from django.utils.translation import get_language, gettext, ngettext
from django.utils.translation import gettext_lazy as _

from ghost_site.forms import AsciiIntegerField, FocusFirstProblem
from rules import words
from rules.engine.loader import variant_name
from rules.games.ghost import cards, together
from rules.games.ghost.house import HouseFields
from scorepad.forms.fields import (
    NameField,
    NormalizedCharField,
    PointsField,
    describe_miss,
    has_visible_letter,
    points_text,
    same_name_key,
    tidy_name,
)
from scorepad.forms.widgets import HiddenInput, TextInput
from scorepad.logic.names import NAME_MAX
from scorepad.models import MAX_ROUNDS


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


def add_seats(form: forms.Form, seats: range) -> None:
    """A name field per seat a game may have, and the first dealer among them: the
    new-game forms of every game."""
    name_too_long = gettext("A name can have at most %(n)s characters.") % {"n": NAME_MAX}
    for seat in seats:
        form.fields[f"name_{seat}"] = NameField(
            label=_("Player %(n)s") % {"n": seat + 1},
            required=False,
            max_length=NAME_MAX,
            error_messages={"max_length": name_too_long},
            widget=forms.TextInput(
                attrs={"autocomplete": "off", "autocapitalize": "words", "enterkeyhint": "next"}
            ),
        )
    form.fields["first_dealer"].choices = [
        (seat, _("Player %(n)s") % {"n": seat + 1}) for seat in seats
    ]


class NewGameForm(HouseFields):
    """The table's rules (the rules page's own choices) and the players."""

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

    def name_fields(self):
        return [self[f"name_{seat}"] for seat in range(cards.PLAYER_RANGE[1])]

    def problem_order(self):
        """As the page shows them: the players, then the table's rules."""
        names = [f"name_{seat}" for seat in range(cards.PLAYER_RANGE[1])]
        players = ["player_count", *names, "first_dealer"]
        return players + [name for name in self.fields if name not in players]

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


def clean_players(form, data: dict, count: int | None) -> None:
    """The names of the first `count` seats (an empty one: "Player 3"), each with a letter
    or digit and different from the others, into `data["names"]`; the first dealer one
    of them. Every game's new-game form."""
    if not count:
        return
    names = []
    for seat in range(count):
        name = tidy_name(data.get(f"name_{seat}", ""))
        if name and not has_visible_letter(name):
            form.add_error(
                f"name_{seat}",
                gettext("A name needs at least one letter or digit."),
            )
        names.append(name or gettext("Player %(n)s") % {"n": seat + 1})
    seen = set()
    for seat, name in enumerate(names):
        key = same_name_key(name)
        if key in seen:
            form.add_error(
                f"name_{seat}",
                gettext("Two players are called %(name)s. Give them different names.")
                % {"name": name},
            )
        seen.add(key)
    data["names"] = names
    if data.get("first_dealer") is not None and data["first_dealer"] >= count:
        form.add_error("first_dealer", gettext("The dealer must be one of the players."))


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


class RoundForm(FocusFirstProblem, forms.Form):
    """One total per player, or the cards that make it; `number` is the round it is for."""

    number = AsciiIntegerField(widget=HiddenInput, min_value=1, max_value=MAX_ROUNDS + 1)
    # The phone's own id for this round (offline entry): a resend is the same round.
    # \A…\Z: `$` would also match before a trailing newline
    client_id = forms.RegexField(
        regex=r"\A[A-Za-z0-9-]{8,40}\Z", required=False, widget=HiddenInput
    )

    def __init__(self, *args, game, players, stored_cards=None, **kwargs):
        super().__init__(*args, **kwargs)
        self.game = game
        self.players = players
        self.stored_cards = stored_cards  # editing: the round's cards as stored
        example, help_text = example_total(game.house_for(None).jack), hand_text(game.rules_variant)
        possible = game.possible_totals()
        for seat, player in enumerate(players):
            self.fields[f"points_{seat}"] = PointsField(
                label=player.name, required=False, example=example, lowest=min(possible)
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
        # on the first of them, beside what was typed (nothing is lost)
        self.add_error(
            f"points_{seats[clash[0]]}",
            gettext(
                "%(players)s: no deal from one deck gives all these totals at once "
                "(it holds %(n)s of each rank)."
            )
            % {"players": words.and_list(named), "n": cards.COPIES_PER_RANK},
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

    def caller(self) -> int | None:
        """Who went out first: a Golf hole's (rules/games/golf/pad/forms.py); a round of Ghost
        has none."""
        return None

    def written(self) -> tuple:
        """The scores as written where a rule changed them: none in Ghost."""
        return ()

    def hands(self) -> list[str]:
        return [self.cleaned_data.get(f"cards_{seat}", "") for seat in range(len(self.players))]


ROW_ID = {"min_value": 1, "max_value": 2**63 - 1}  # what a database id column can hold


# A row's `row_mark`: microseconds since 1970, as a database timestamp can hold them.
# Every form the server renders carries it; a post without one (a page kept from before
# the mark existed) is checked by the row's id alone, as it always was.
ROW_MARK = {"min_value": 0, "max_value": 2**63 - 1, "required": False}


class EditRoundForm(RoundForm):
    """The same entry, for a round already stored: `round_id` is the row it replaces,
    `made` that row's creation mark (a restored backup can give its id to another row)."""

    round_id = AsciiIntegerField(widget=HiddenInput, **ROW_ID)
    made = AsciiIntegerField(widget=HiddenInput, **ROW_MARK)


class UndoForm(forms.Form):
    """Names the round it undoes, so a double tap cannot undo two rounds."""

    number = AsciiIntegerField(min_value=1, max_value=MAX_ROUNDS + 1)


class RestoreForm(forms.Form):
    round_id = AsciiIntegerField(**ROW_ID)
    made = AsciiIntegerField(**ROW_MARK)


# A player's name corrected: its own module, named here for importers.
from scorepad.forms.rename import RenameForm, taken_text  # noqa: E402, F401
