"""Property-based tests of Golf on the scorepad: any text typed for a hole is saved right
or refused clearly; and a state machine of holes added, edited, undone and brought back
(with the caller penalty and the extra hole) that always agrees with Golf's own account
of a game (rules/games/golf/outcome.py)."""

from decimal import Decimal

from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import HealthCheck, event, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from rules.games.golf import outcome as golf
from scorepad.models import Game, Result, Round

MINUSES = ("-", "\u2212", "\u2013")
SCORE_TEXT = st.one_of(
    st.text(max_size=8),
    st.integers(-12, 70).map(str),
    st.tuples(st.sampled_from(MINUSES), st.integers(0, 12)).map(lambda t: f"{t[0]}{t[1]}"),
    st.sampled_from(["", " 4 ", "−0", "-", "٣", "３", "4.0", "+4", "1e1", "NaN", "9" * 20]),
)
PLAYERS = 3
HOLES = 2
# few values, so that totals tie after the last hole and the extra hole is played often
HOLE_SCORES = st.lists(st.sampled_from([-2, 0, 1, 5]), min_size=PLAYERS, max_size=PLAYERS)


def golf_game(**table) -> Game:
    names = [f"P{i}" for i in range(PLAYERS)]
    return Game.create_with_players(names, game="golf", **table)


class TestHoleEntryNeverFails(TestCase):
    """Any text in either language: a hole saved with possible scores, or errors and no
    row; a saved score is the number typed, whatever its minus."""

    @settings(max_examples=60, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        a=SCORE_TEXT,
        b=SCORE_TEXT,
        c=SCORE_TEXT,
        caller=st.sampled_from(["", "0", "1", "2", "3", "x"]),
        lang=st.sampled_from(["en", "nb"]),
    )
    def test_hole_entry(self, a, b, c, caller, lang):
        game = golf_game(caller_penalty=True)
        with translation.override(lang):
            address = reverse("scorepad:add-round", args=[game.edit_token])
        data = {"number": "1", "points_0": a, "points_1": b, "points_2": c, "caller": caller}
        response = Client().post(address, data)
        assert response.status_code in (302, 422), response.status_code
        rounds = list(Round.objects.filter(game=game))
        if response.status_code == 422:
            assert rounds == [] and 'class="error"' in response.content.decode()
            return
        assert len(rounds) == 1
        typed = [int(t.strip().replace("\u2212", "-").replace("\u2013", "-")) for t in (a, b, c)]
        assert all(Decimal(t) in game.possible_totals() for t in typed)
        expected = golf.apply_caller_penalty(typed, int(caller)).scores
        stored = [s.points for s in rounds[0].scores.order_by("player__position")]
        assert stored == [Decimal(s) for s in expected]


class GolfHoles(RuleBasedStateMachine):
    """Holes added, edited (any of them), undone and brought back on a game of two holes
    with the caller penalty and the extra hole; the model keeps the scores as written, and
    refuses a change that Golf's own account would not take (an edit or a hole brought
    back that leaves the extra hole to other players than the tied ones)."""

    def __init__(self):
        super().__init__()
        self.game = golf_game(holes=HOLES, caller_penalty=True, extra_hole=True)
        self.game.load_players()
        self.live: list[tuple[int, list[int | None], int | None]] = []  # row, written, caller
        self.undone: dict[int, tuple] = {}  # row: number, written, caller

    # ------------------------------------------------------------ the model's view

    def counted(self, written, caller):
        if caller is None:
            return [None if w is None else Decimal(w) for w in written]
        return [Decimal(s) for s in golf.apply_caller_penalty(written, caller).scores]

    def expected(self, board=None) -> golf.GolfOutcome:
        """Golf's own account of the live holes (or of `board`: written, caller a hole)."""
        board = [(w, c) for _pk, w, c in self.live] if board is None else board
        holes = [[None if s is None else int(s) for s in self.counted(w, c)] for w, c in board]
        return golf.golf_outcome(PLAYERS, holes, HOLES, extra_hole=True)

    def takes(self, board) -> bool:
        """Whether Golf's own account takes this board (it raises on one it would not)."""
        try:
            self.expected(board)
        except ValueError:
            return False
        return True

    def playing(self) -> list[int] | None:
        if len(self.live) == HOLES:
            result = self.expected()
            return result.extra_players if result.extra_hole_pending else None
        return None

    def change_args(self, scores, caller):
        """The hole as the form sends it: everyone, or at the extra hole only the tied."""
        playing = self.playing()
        if playing is not None:
            event("the extra hole")
            return [s if i in playing else None for i, s in enumerate(scores)], None
        return list(scores), caller

    # ------------------------------------------------------------ the actions

    @rule(
        scores=HOLE_SCORES,
        caller=st.integers(0, PLAYERS - 1),
    )
    def add(self, scores, caller):
        written, caller = self.change_args(scores, caller)
        counted = self.counted(written, caller)
        applied = caller is not None and golf.apply_caller_penalty(written, caller).applied
        change = Game.objects.get(pk=self.game.pk).add_round(
            len(self.live) + 1,
            counted,
            [""] * PLAYERS,
            caller=caller,
            written=[Decimal(w) for w in written] if applied else (),
        )
        if self.expected().finished:
            assert change.result is Result.GAME_OVER
            return
        assert change.result is Result.SAVED, change
        row = Round.objects.get(game=self.game, number=len(self.live) + 1, status="active").pk
        self.live.append((row, written, caller))
        self.undone = {}  # a hole undone cannot come back once another is entered

    @precondition(lambda self: self.live)
    @rule(data=st.data(), scores=HOLE_SCORES)
    def edit(self, data, scores):
        index = data.draw(st.integers(0, len(self.live) - 1), label="hole index")
        row, old, caller = self.live[index]
        if caller is None:  # the extra hole: its players stay
            written = [None if o is None else s for o, s in zip(old, scores, strict=True)]
        else:
            written = list(scores)
        counted = self.counted(written, caller)
        applied = caller is not None and golf.apply_caller_penalty(written, caller).applied
        change = Game.objects.get(pk=self.game.pk).edit_round(
            index + 1,
            row,
            counted,
            [""] * PLAYERS,
            caller=caller,
            written=[Decimal(w) for w in written] if applied else (),
        )
        board = [(w, c) for _pk, w, c in self.live]
        board[index] = (written, caller)
        if not self.takes(board):
            event("an edit that moves who plays the extra hole")
            assert change.result is Result.OTHER_PLAYERS, change
            return
        assert change.result in (Result.SAVED, Result.ALREADY_SAVED)
        if change.result is Result.SAVED:
            pk = Round.objects.get(game=self.game, number=index + 1, status="active").pk
            self.live[index] = (pk, written, caller)

    @precondition(lambda self: self.live)
    @rule()
    def undo(self):
        number = len(self.live)
        assert Game.objects.get(pk=self.game.pk).undo_round(number).result is Result.SAVED
        row, written, caller = self.live.pop()
        self.undone = {row: (number, written, caller)}

    @precondition(lambda self: self.undone)
    @rule()
    def bring_back(self):
        ((row, (number, written, caller)),) = self.undone.items()
        self.undone = {}  # brought back, or refused for good: a change came in between
        change = Game.objects.get(pk=self.game.pk).restore_round(row)
        if self.expected().finished:
            assert change.result is Result.GAME_OVER, change
            return
        if not self.takes([*((w, c) for _pk, w, c in self.live), (written, caller)]):
            event("a hole brought back for other players than those tied now")
            assert change.result is Result.OTHER_PLAYERS, change
            return
        assert change.result is Result.SAVED and change.number == number
        kept = Round.objects.get(pk=row)
        self.live.append((row, self.board_written(kept), kept.caller))

    def board_written(self, rnd):
        found = [None] * PLAYERS
        for score in rnd.scores.all():
            value = score.written if score.written is not None else score.points
            found[score.player.position] = int(value)
        if rnd.caller is None:
            return found
        # as the model keeps it: the scores as written (the penalty is counted again)
        return found

    # ------------------------------------------------------------ what always holds

    @invariant()
    def agrees_with_golfs_own_account(self):
        game = Game.objects.get(pk=self.game.pk)
        assert game.contiguous()
        result, expected = game.outcome(), self.expected()
        assert [int(t) for t in result.totals] == expected.totals
        assert result.finished == expected.finished
        if expected.finished:
            assert result.winners == expected.winners
            assert result.finished_after == expected.finished_after
        assert (result.playing or []) == (
            expected.extra_players if expected.extra_hole_pending else []
        )
        assert result.next_dealer == expected.next_dealer
        # the board as read agrees with the one each change kept
        assert game.live_rounds == game.read_board()
        for live, (_row, written, caller) in zip(game.live_rounds, self.live, strict=True):
            shown = live.written or live.points
            assert [None if s is None else int(s) for s in shown] == written
            assert live.caller == caller


class TestGolfHoles(TestCase):
    def test_holes_agree_with_golfs_own_account(self):
        run_state_machine_as_test(
            GolfHoles,
            settings=settings(
                max_examples=60,
                stateful_step_count=16,
                deadline=None,
                suppress_health_check=[HealthCheck.too_slow],
            ),
        )
