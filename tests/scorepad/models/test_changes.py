"""The changes on `Game` (add, edit, undo, restore, rematch, rename), driven by Hypothesis.

A state machine plays random sequences of the six actions against one game and keeps its
own plain model of what the game should hold. After every step it checks the outcome the
method returned and the invariant: live rounds numbered 1..n without a gap, one live row
per number, and no row ever deleted.
"""

from decimal import Decimal

import pytest
from hypothesis import HealthCheck, settings
from hypothesis import strategies as st
from hypothesis.stateful import (
    RuleBasedStateMachine,
    invariant,
    precondition,
    rule,
    run_state_machine_as_test,
)

from rules.games.ghost import cards
from scorepad.logic.scoring import outcome
from scorepad.models import Game, NameChange, Result, Round, limits
from tests.conftest import fresh, make_game, play

POSSIBLE = sorted(cards.possible_totals(cards.STANDARD, cards.JACK_HALF))
totals = st.sampled_from([t for t in POSSIBLE if t <= 14])
pairs = st.lists(totals, min_size=2, max_size=2)


class RoundChanges(RuleBasedStateMachine):
    def __init__(self):
        super().__init__()
        self.game = make_game(threshold=10).load_players()
        self.live: list[tuple[int, list[Decimal]]] = []  # (row id, points) per live round
        self.undone: dict[int, int] = {}  # row id -> round number, for undone rows
        self.rows = 0  # rows ever written
        self.rematch_of_this: Game | None = None
        self.names = ["Anna", "Bo"]
        self.rematch_names: list[str] = []

    # ------------------------------------------------------------ the model's view

    @property
    def n(self) -> int:
        return len(self.live)

    def finished(self) -> bool:
        return outcome(2, [p for _pk, p in self.live], 10).finished

    def newest_live_pk(self, number):
        return Round.objects.get(game=self.game, number=number, status="active").pk

    # ------------------------------------------------------------ the five actions

    @rule(offset=st.integers(-2, 2), points=pairs, seen=st.booleans())
    def add(self, offset, points, seen):
        number = max(1, self.n + 1 + offset)
        # As round entry does: on the game as this process last saw it, which a rename
        # or a rematch (they do not leave it) and the other actions' own instance may
        # have moved on since.
        game = Game.last_seen(self.game.edit_token) if seen else self.game
        change = game.add_round(number, points, ["", ""])
        if seen:  # the other actions read the game again, as a request does
            self.game.refresh_from_db()
        if number <= self.n:
            same = self.live[number - 1][1] == points
            assert change.result is (Result.ALREADY_SAVED if same else Result.CONFLICT)
        elif self.finished():
            assert change.result is Result.GAME_OVER
        elif number != self.n + 1:
            assert change.result is Result.NOT_NEXT
            assert change.expected == self.n + 1
        elif self.n >= limits.MAX_ROUNDS or self.rows >= limits.MAX_ROUND_ROWS:
            assert change.result is Result.FULL
        else:
            assert change.result is Result.SAVED
            self.rows += 1
            self.live.append((self.newest_live_pk(number), points))

    @rule(offset=st.integers(-2, 1), stale=st.booleans(), points=pairs)
    def edit(self, offset, stale, points):
        number = max(1, self.n + offset)
        current = self.live[number - 1][0] if number <= self.n else None
        round_id = (current or 0) + (1000 if stale else 0)
        change = self.game.edit_round(number, round_id, points, ["", ""])
        if current is None:
            assert change.result is Result.GONE
        elif stale:
            same = self.live[number - 1][1] == points
            assert change.result is (Result.ALREADY_SAVED if same else Result.CONFLICT)
        elif self.rows >= limits.MAX_ROUND_ROWS:
            assert change.result is Result.FULL
        else:
            assert change.result is Result.SAVED
            self.rows += 1
            self.live[number - 1] = (self.newest_live_pk(number), points)

    @rule(offset=st.integers(-1, 1))
    def undo(self, offset):
        number = self.n + offset
        if number < 1:
            return
        change = self.game.undo_round(number)
        if number == self.n:
            assert change.result is Result.SAVED
            pk, _points = self.live.pop()
            self.undone[pk] = number
        elif number == self.n + 1 and number in self.undone.values():
            assert change.result is Result.ALREADY_SAVED
        elif number > self.n:
            assert change.result is Result.GONE
        else:
            assert change.result is Result.NOT_NEXT

    @precondition(lambda self: self.undone)
    @rule(data=st.data())
    def restore(self, data):
        pk = data.draw(st.sampled_from(sorted(self.undone)))
        number = self.undone[pk]
        change = self.game.restore_round(pk)
        if number != self.n + 1:
            assert change.result is Result.GONE
        elif self.finished():
            assert change.result is Result.GAME_OVER
        elif self.n >= limits.MAX_ROUNDS:
            assert change.result is Result.FULL
        else:
            assert change.result is Result.SAVED
            del self.undone[pk]
            points = Round.objects.get(pk=pk).scores.order_by("player__position")
            self.live.append((pk, [s.points for s in points]))

    @rule()
    def restore_a_live_round(self):
        if self.live:
            assert self.game.restore_round(self.live[-1][0]).result is Result.ALREADY_SAVED

    @rule()
    def rematch(self):
        change = self.game.rematch()
        assert change.game.rematch_of_id == self.game.pk
        if self.rematch_of_this is None:
            self.rematch_names = list(self.names)  # the names at the first rematch
        assert [p.name for p in change.game.players.all()] == self.rematch_names
        assert change.game.first_dealer == 1  # the first deal passes on
        assert change.game.series == self.game.series
        if self.rematch_of_this is None:
            assert change.result is Result.SAVED
            self.rematch_of_this = change.game
        else:
            assert change.result is Result.ALREADY_SAVED
            assert change.game == self.rematch_of_this

    @rule(seat=st.integers(0, 2), name=st.sampled_from(["Anna", "Bo", "bo", "Cy", "Dag"]))
    def rename(self, seat, name):
        change = self.game.rename_player(seat, name)
        if seat > 1:
            assert change.result is Result.GONE
        elif self.names[seat] == name:
            assert change.result is Result.ALREADY_SAVED
        elif name.casefold() == self.names[1 - seat].casefold():
            assert change.result is Result.TAKEN
        else:
            assert change.result is Result.SAVED and change.name == self.names[seat]
            theirs = self.rematch_names  # the rematch has it too, unless it differs there
            others = theirs[:seat] + theirs[seat + 1 :]
            if (
                self.rematch_of_this is not None
                and theirs[seat] == self.names[seat]
                and all(n.casefold() != name.casefold() for n in others)
            ):
                theirs[seat] = name
            self.names[seat] = name

    # ------------------------------------------------------------ after every step

    @invariant()
    def the_names_are_the_models_and_differ(self):
        players = Game.objects.get(pk=self.game.pk).load_players().player_list
        assert [p.name for p in players] == self.names

    @invariant()
    def live_rounds_are_one_to_n_and_match_the_model(self):
        assert self.game.contiguous()
        game = Game.objects.get(pk=self.game.pk)
        assert [(r.pk, list(r.points)) for r in game.live_rounds] == self.live
        # The board kept for this version (a change leaves it in the cache) is exactly
        # what the database holds.
        assert game.live_rounds == game.read_board()

    @invariant()
    def nothing_is_ever_deleted(self):
        assert Round.objects.filter(game=self.game).count() == self.rows


@pytest.mark.django_db
def test_round_changes_keep_every_game_contiguous(monkeypatch):
    # A small cap, so that random runs reach it and the refusal is checked too.
    monkeypatch.setattr(limits, "MAX_ROUNDS", 6)
    monkeypatch.setattr(limits, "MAX_ROUND_ROWS", 10)
    run_state_machine_as_test(
        RoundChanges,
        settings=settings(
            max_examples=100,
            stateful_step_count=40,
            deadline=None,
            suppress_health_check=[HealthCheck.too_slow],
        ),
    )


@pytest.mark.django_db
def test_the_cap_is_a_refusal_not_an_error():
    game = make_game(threshold=500).load_players()
    for number in range(1, limits.MAX_ROUNDS + 1):
        assert game.add_round(number, [Decimal(1), Decimal(1)], ["", ""]).result is Result.SAVED
    change = game.add_round(limits.MAX_ROUNDS + 1, [Decimal(1), Decimal(1)], ["", ""])
    assert change.result is Result.FULL
    assert game.contiguous()


@pytest.mark.django_db
def test_a_resent_client_id_is_the_same_round():
    game = make_game().load_players()
    first = game.add_round(1, [Decimal(3), Decimal(4)], ["", ""], client_id="phone-round-0001")
    again = game.add_round(2, [Decimal(3), Decimal(4)], ["", ""], client_id="phone-round-0001")
    assert (first.result, again.result) == (Result.SAVED, Result.ALREADY_SAVED)
    assert again.number == 1
    assert Round.objects.filter(game=game).count() == 1


@pytest.mark.django_db
def test_a_rename_keeps_every_score_and_notes_the_old_name():
    game = play(make_game(("Anna", "Bo")), (3, 5), (7, 2))
    before = [r.points for r in game.live_rounds]
    change = game.rename_player(1, "Bodil")
    assert change.result is Result.SAVED and change.name == "Bo"
    game = fresh(game)
    assert [p.name for p in game.player_list] == ["Anna", "Bodil"]
    assert [r.points for r in game.live_rounds] == before
    assert list(NameChange.objects.values_list("old", "new")) == [("Bo", "Bodil")]
    assert game.version == 3  # two rounds and the rename: the watch poll sees it


@pytest.mark.django_db
def test_a_rename_shows_at_once_although_players_are_cached():
    game = make_game(("Anna", "Bo"))
    Game.objects.get(pk=game.pk).load_players()  # fills the cache
    game.rename_player(0, "Ann")
    assert [p.name for p in fresh(game).player_list] == ["Ann", "Bo"]


@pytest.mark.django_db
@pytest.mark.parametrize("taken", ["Bo", "BO", "ｂｏ"])
def test_a_name_another_player_has_is_refused(taken):
    game = make_game(("Anna", "Bo"))
    change = game.rename_player(0, taken)
    assert change.result is Result.TAKEN
    assert [p.name for p in fresh(game).player_list] == ["Anna", "Bo"]
    assert not NameChange.objects.exists()


@pytest.mark.django_db
def test_the_same_name_again_changes_nothing():
    game = make_game(("Anna", "Bo"))
    assert game.rename_player(0, "Anna").result is Result.ALREADY_SAVED
    assert fresh(game).version == 0


@pytest.mark.django_db
def test_a_seat_the_table_does_not_have_is_gone():
    assert make_game(("Anna", "Bo")).rename_player(5, "Cy").result is Result.GONE
