"""Two Cards' part of the scorepad (scorepad/pads.py `Pad`): rounds of totals, a set
number of them, the lowest total wins. Its forms in forms.py, its words in words.py, its
templates in the package's templates/scorepad/twocards/. It has no script of its own: a
round is entered through the server (the page works without JavaScript)."""

from __future__ import annotations

from decimal import Decimal

from scorepad.pads import Pad

from .. import cards
from ..house import summary
from ..words import said
from .forms import EditRoundForm, NewGameForm, RoundForm
from .words import TEXTS, WORDS


def _count(n: int, en: tuple[str, str], nb: tuple[str, str]) -> str:
    return str(said(en[n != 1], nb[n != 1]))


class TwoCardsPad(Pad):
    key = "twocards"
    new_game_form = NewGameForm
    round_form = RoundForm
    edit_form = EditRoundForm
    texts = TEXTS
    words = WORDS
    scripts = ()
    form_scripts = ()
    start_scripts = ()
    file_stem = said("two-cards", "to-kort")
    whole_scores = True
    round_word = said("Round", "Runde")
    axis_word = said("round", "runde")
    outcomes = ("won", "neither")  # nobody loses a game of Two Cards
    headlines = {
        "won": said("%(names)s won the game of Two Cards", "%(names)s vant spillet To kort")
    }
    stats_words = {
        "lost": "",
        "rounds_won": said("Rounds won", "Runder vunnet"),
        "average": said("Average round", "Snittrunde"),
        "best": said("Best round", "Beste runde"),
        "worst": said("Worst round", "Dårligste runde"),
        "caption": said(
            "Per player: games of Two Cards, rounds and points (lower is better)",
            "Per spiller: spill To kort, runder og poeng (lavere er bedre)",
        ),
    }

    def possible_totals(self, game) -> frozenset[Decimal]:
        return cards.possible_totals()

    def standings(self, game, result, fmt) -> list[dict]:
        return [
            {
                "name": player.name,
                "total": fmt(result.totals[seat]),
                "won": result.finished and seat in result.winners,
                "deals": not result.finished and seat == result.next_dealer,
            }
            for seat, player in enumerate(game.player_list)
        ]

    def settings(self, game) -> dict:
        return {"table_words": summary(game.house)}

    def round_data(self, game, language: str) -> dict:
        return {"game": self.key, "possible": sorted(int(t) for t in cards.possible_totals())}

    def course_description(self, rounds: int, totals: str, extra: bool = False) -> str:
        said_after = _count(rounds, ("round", "rounds"), ("runde", "runder"))
        return str(
            said(
                f"Running totals after {rounds} {said_after}: {totals}.",
                f"Summen etter {rounds} {said_after}: {totals}.",
            )
        )

    def count_text(self, rounds: int, extra: bool = False) -> str:
        return f"{rounds} " + _count(rounds, ("round", "rounds"), ("runde", "runder"))

    def played_text(self, rounds: int) -> str:
        return f"{rounds} " + _count(
            rounds, ("round played", "rounds played"), ("runde spilt", "runder spilt")
        )


PAD = TwoCardsPad()
