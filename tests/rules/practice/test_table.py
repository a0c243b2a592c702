"""The practice models' shared skeleton (rules/practice/table.py), on a made-up table and
through both games' models: the opening state, the copy a move makes, the computer's
whole turn, what every seat sees the same way."""

import pytest

from rules import games
from rules.practice import play_module, table


class Seats:
    def __init__(self, most: int):
        self.max_players = most


def test_a_table_seats_the_reader_and_one_to_three_computers():
    assert table.seats_at(Seats(2)) == range(2, 3)
    assert table.seats_at(Seats(12)) == range(2, 5)
    table.check_table(3, table.seats_at(Seats(4)), "careful")
    with pytest.raises(ValueError, match="seats"):
        table.check_table(5, table.seats_at(Seats(12)), "careful")
    with pytest.raises(ValueError, match="level"):
        table.check_table(2, table.seats_at(Seats(12)), "expert")


def opening(**own):
    return table.opening(
        "toy", {"size": 3}, 7, "beginner", 1, seats=3, stock=["a", "b"], discard=["c"], **own
    )


def test_the_opening_state_seats_the_reader_first_and_holds_nothing():
    state = opening(turn=2, hands=[[1], [2], [3]])
    assert state["levels"] == ["reader", "beginner", "beginner"]
    assert state["game"] == "toy" and state["turn"] == 2 and state["hands"] == [[1], [2], [3]]
    assert state["held"] is None and state["events"] == [] and not state["over"]
    assert "seats" not in state


def test_a_copy_leaves_the_state_a_move_started_from_as_it_was():
    state = opening(turn=0, hands=[[1], [2], [3]], ghosts=["x", "y", "z"])
    new = table.copied(state, per_seat=("hands",), lists=("ghosts",))
    new["hands"][0].append(9)
    new["ghosts"].pop()
    new["stock"].pop()
    new["events"].append({})
    assert state["hands"][0] == [1] and state["ghosts"] == ["x", "y", "z"]
    assert state["stock"] == ["a", "b"] and state["events"] == []


def test_a_computers_turn_is_a_move_then_another_while_it_holds_a_card():
    moves = []

    def apply(state, move, reason):
        moves.append((move, reason))
        held = "card" if move == "take" else None
        return {**state, "held": held, "step": state["step"] + 1}

    def careful(state, seat, house, rng):
        return ("take", None) if state["held"] is None else ("put", ("why", {}))

    state = opening(turn=1)
    after = table.computer_turn(state, None, {"careful": careful, "beginner": careful}, apply)
    assert moves == [("take", None), ("put", ("why", {}))] and after["held"] is None

    moves.clear()
    once = {"beginner": lambda state, seat, house, rng: ("knock", None)}
    table.computer_turn(state, None, once, apply)
    assert moves == [("knock", None)]  # nothing held: the turn is over


def test_the_costly_moves_are_the_dearest_first_and_at_most_three():
    review = [{"turn": t, "cost": c} for t, c in ((1, "1"), (2, "4.5"), (3, "2"), (4, "4.5"))]
    state = {**opening(turn=0), "review": review}
    assert [r["turn"] for r in table.costly_moves(state)] == [2, 4, 3]


@pytest.mark.parametrize("key", ["ghost", "golf"])
def test_every_games_seat_sees_the_table_the_same_way(key):
    game = games.get(key)
    play = play_module(game)
    state = play.deal(game.House(), 2, "careful", 11)
    state = play.play_out(state)
    mine, theirs = play.view(state, table.READER), play.view(state, 1)
    assert mine["game"] == theirs["game"] == key
    assert mine["yours"] and mine["moves"] == play.legal_moves(state)
    assert not theirs["yours"] and theirs["moves"] == [] and theirs["held"] is None
    assert mine["stock_size"] == len(state["stock"]) and mine["result"] is None
    over = play.all_computers(state)
    assert over["over"] and play.view(over, table.READER)["result"] is not None
    assert over["levels"] == state["levels"]  # the reader's seat is the reader's again
