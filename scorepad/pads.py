"""Each game's own part of the scorepad, by its key in the registry of games (rules/games):
its forms, the templates that must differ, what a round may hold, and the words its
messages use: a round, or a hole where a game's rounds are holes. Each game's package holds its part
(`rules/games/<key>/pad/`, a `Pad` as `PAD`); views and pages ask `game.pad` (or
`get(key)` for a new game) and never name a game; a game's rules stay its game object's.

`Pad` below is what every game's part has in common, and what it must say for itself
(its abstract methods and `REQUIRED`): a part that lacks one fails at start-up
(rules/apps.py), never falling back to another game's.
"""

from __future__ import annotations

import re
from abc import ABC, abstractmethod
from decimal import Decimal
from functools import lru_cache

from django.template import TemplateDoesNotExist
from django.template.loader import get_template
from django.utils.translation import gettext

from rules import games
from rules.words import and_list

# A round's word in a scorepad address (…/g/<token>/round/3/, …/s/<token>/runde/3/), by
# language. Every game's address had these before a game could name its rounds, so they
# stay good in any game's address: an old link is sent on to the game's own word.
ROUND_ADDRESS = {"en": "round", "nb": "runde"}
ADDRESS_WORD = re.compile(r"[a-z0-9]+(?:-[a-z0-9]+)*")  # as the site's other paths


class Pad(ABC):
    """A game's part of the scorepad. Its class attributes, each its own:

    key             the game's key in the registry
    new_game_form, round_form, edit_form   its forms
    texts, words    its messages and the shared templates' words (`{% word %}`)
    templates       its own templates where its page truly differs, found by name in its
                    package: `scorepad/<key>/start.html` and the partials `_fields.html`,
                    `_form_data.html`, `_settings.html`, `_outcome.html`, `_standing.html`
    scripts, form_scripts, start_scripts   its own scripts (each registers its module in
                    window.GameModules under `key`)
    file_stem, round_word, axis_word       what a file, a row and the chart call a round
    round_address   a round's word in its addresses, by language (…/g/<token>/round/3/):
                    `ROUND_ADDRESS` unless its rounds have a name of their own
                    (holes: "hole", «hull»); lower-case ASCII, as an address is written
    outcomes        how a finished game can end for a player: "won", "lost" and "neither"
                    where somebody loses (the statistics' streaks say only these)
    headlines       the result picture's headline, "%(names)s …": "won" always, "lost"
                    where somebody loses (then the losers are named)
    stats_words     the statistics table's words: "lost" (empty where nobody loses),
                    "rounds_won", "average", "best", "worst", "caption"
    """

    REQUIRED = (
        "key",
        "new_game_form",
        "round_form",
        "edit_form",
        "texts",
        "words",
        "scripts",
        "form_scripts",
        "start_scripts",
        "file_stem",
        "round_word",
        "axis_word",
        "outcomes",
        "headlines",
        "stats_words",
    )
    whole_scores = False  # every score a whole number: the JSON export writes numbers
    round_address = ROUND_ADDRESS
    TEMPLATES = ("start", "fields", "form_data", "settings", "outcome", "standing")

    @property
    def templates(self) -> dict[str, str]:
        """Its own templates by what they draw: the start page whole, the rest partials."""
        return {
            name: f"scorepad/{self.key}/{'' if name == 'start' else '_'}{name}.html"
            for name in self.TEMPLATES
        }

    def missing(self) -> list[str]:
        """What this part lacks of what every game's part must say."""
        lacks = [name for name in self.REQUIRED if not hasattr(self, name)]
        if "key" not in lacks:
            for template in self.templates.values():
                try:
                    get_template(template)
                except TemplateDoesNotExist:
                    lacks.append(f"the template {template}")
        return lacks + [
            f"round_address[{language!r}]: {word!r} is not lower-case ASCII words"
            for language, word in self.round_address.items()
            if not ADDRESS_WORD.fullmatch(word)
        ]

    def text(self, key: str, game=None, **values) -> str:
        """A message of this game's scorepad; `game` where the round may be one that
        is named, not numbered (a tie's extra hole)."""
        return str(self.texts[key]) % values

    def word(self, key: str, game=None, **values) -> str:
        """A word of the shared templates (`{% word %}`): from `words`, else `texts`;
        `game` where the round it numbers may be one that is named (a tie's extra hole)."""
        text = self.words[key] if key in self.words else self.texts[key]
        return str(text % values if values else text)

    def round_form_for(self, game, data=None, number=None, **kwargs):
        return self.round_form(data, game=game, players=game.player_list, **kwargs)

    def edit_form_for(self, game, data=None, number=None, **kwargs):
        return self.edit_form(data, game=game, players=game.player_list, **kwargs)

    def round_note(self, game, rnd, fmt) -> str:
        """A note under a round's row (the caller's penalty, say); none by default."""
        return ""

    def caller_note(self, game, seat: int | None) -> str:
        """A round's caller (the seat a rule asked of the round, such as who went out
        first) as the history names it beside the round's points; none by default."""
        return ""

    def board_extra(self, game) -> dict:
        """More of the board's data for the page's scripts; none by default."""
        return {}

    def form_extras(self, game) -> dict:
        """More for the round form's template; none by default."""
        return {}

    def json_table(self, game) -> dict:
        """The table in the JSON export: the game, its variant and its table's choices."""
        return {"game": self.key} | games.get(self.key).table_of(game.house_for(None))

    def start_fields(self, form) -> dict:
        """The new game's variant and table from its valid form (scorepad/views/start.py)."""
        table = games.get(self.key).table_of(form.house())
        return {"variant": table.pop("variant"), "table": table}

    # What only the game can say.
    @abstractmethod
    def possible_totals(self, game) -> frozenset[Decimal]:
        """The totals one player's round may hold at this game's table."""

    @abstractmethod
    def standings(self, game, result, fmt) -> list[dict]: ...

    @abstractmethod
    def settings(self, game) -> dict: ...

    @abstractmethod
    def round_data(self, game, language: str) -> dict: ...

    @abstractmethod
    def course_description(self, rounds: int, totals: str, extra: bool = False) -> str: ...

    @abstractmethod
    def count_text(self, rounds: int, extra: bool = False) -> str: ...

    @abstractmethod
    def played_text(self, rounds: int) -> str: ...

    def headline(self, game, result, shown: list[str]) -> str:
        """The picture's headline, said whole: who lost where the game has losers and
        somebody lost (else, as in a single round, who won)."""
        if result.losers and "lost" in self.headlines:
            seats, said = result.losers, self.headlines["lost"]
        else:
            seats, said = result.winners, self.headlines["won"]
        return str(said) % {"names": and_list([shown[i] for i in seats])}

    def series_word(self, seat) -> str:
        """A seat of an evening in "My games": the games lost where somebody loses, else
        the games won."""
        if "lost" in self.outcomes:
            return gettext("%(name)s lost %(lost)s") % {"name": seat.name, "lost": seat.lost}
        return gettext("%(name)s won %(won)s") % {"name": seat.name, "won": seat.won}


def get(key: str | None = None) -> Pad:
    """The scorepad's part of the game of that key (the default game's for None), from
    the game's own package; LookupError for a game without one."""
    key = key or games.DEFAULT_KEY
    try:
        return games.part(key, "pad").PAD
    except ModuleNotFoundError as error:
        raise LookupError(f"the game {key!r} has no scorepad part") from error


def round_words() -> frozenset[str]:
    """Every word a round may have in a scorepad address: each game's in each language,
    and the words every game had before (`ROUND_ADDRESS`). Read at every request to a
    game's address: kept for the games registered."""
    return _round_words(game_keys())


@lru_cache(maxsize=8)
def _round_words(keys: tuple[str, ...]) -> frozenset[str]:
    said = {*ROUND_ADDRESS.values()}
    for key in keys:
        said.update(get(key).round_address.values())
    return frozenset(said)


def static_files() -> tuple[str, ...]:
    """Every game's own scripts, for the service worker to take in at install."""
    return tuple(
        name
        for pad in map(get, game_keys())
        for name in (*pad.scripts, *pad.form_scripts, *pad.start_scripts)
    )


def start_url(key: str | None = None) -> str:
    """The new-game page of the game of that key (the default game's: the scorepad's own
    address): where every "Scorepad" and "new game" link of a page of that game leads."""
    from django.urls import reverse

    if key is None or key == games.DEFAULT_KEY:
        return reverse("scorepad:start")
    return reverse("scorepad:start-game", kwargs={"game": key})


def game_keys() -> tuple[str, ...]:
    """The games a new game may be, the default first (as the registry orders them)."""
    return games.known_keys()
