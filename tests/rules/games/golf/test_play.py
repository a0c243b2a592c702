"""The practice hole of Golf (rules/games/golf/play/): random legal play from any deal
at every table ends, offers only legal moves, never shows a seat a card it may not know,
and scores what scoring.score_layout and the caller penalty say; a hole that ends by the
rules is the same hole when hole.py plays it from a script."""

from collections import Counter

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.games.golf import GAME, cards, play
from rules.games.golf.hole import play_hole
from rules.games.golf.outcome import apply_caller_penalty
from rules.games.golf.scoring import score_layout
from rules.practice import table
from tests.rules.conftest import practice_deals

HOUSES = GAME.all_houses()


def every_card(state) -> Counter:
    held = [state["held"]] if state["held"] else []
    laid = [c for layout in state["layouts"] for c in layout]
    return Counter([*laid, *state["stock"], *state["discard"], *held])


def as_script(first: dict, final: dict, shown: list[list[int]]) -> dict:
    """The hole as hole.py's script: the deal, the places shown, the stock from the top
    as far as it was drawn, and every turn."""
    drawn = len(first["stock"]) - len(final["stock"])
    turns = []
    for event in final["events"]:
        if event["took"] == "flip":
            turns.append({"flip": event["place"]})
        elif event["took"] == "knock":
            turns.append({"knock": True})
        elif event["place"] is None:
            turns.append({"take": event["took"]})
        else:
            turns.append({"take": event["took"], "place": event["place"]})
    return {
        "dealer": first["dealer"],
        "layouts": first["layouts"],
        "shown": shown,
        "start": first["discard"][0],
        "stock": list(reversed(first["stock"]))[:drawn],
        "turns": turns,
    }


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(practice_deals(play, HOUSES), st.randoms(use_true_random=False))
def test_random_play_ends_legal_hidden_and_scored(card_codes, random_play, state, rng):
    house = table.house_of(state)
    deck = every_card(state)
    public: set[str] = set()

    def look(state):
        assert every_card(state) == deck
        public.update(state["discard"])
        for layout, up in zip(state["layouts"], state["face_up"], strict=True):
            public.update(layout[p - 1] for p in up)
        for seat in range(len(state["layouts"])):
            view = play.view(state, seat)
            assert "stock" not in view and "seed" not in view
            if state["over"]:
                continue
            own = {state["layouts"][seat][p - 1] for p in state["known"][seat]}
            allowed = public | own | ({state["held"]} if view["held"] else set())
            assert set(card_codes(view)) <= allowed
            for other in view["others"]:
                up = state["face_up"][other["seat"]]
                assert [c is not None for c in other["cards"]] == [
                    p in up for p in range(1, len(other["cards"]) + 1)
                ]

    def offered(state):
        look(state)
        for move in ("place-0", "flip-99", "knock", "throw", "up-1"):
            if move not in play.legal_moves(state):
                with pytest.raises(table.Illegal):
                    play.apply(state, move)

    first = state
    final, made = random_play(play, state, rng, offered)
    assert final["over"] and play.legal_moves(final) == []
    scored = play.result(final)
    raw = [score_layout(layout, house).total for layout in final["layouts"]]
    assert scored["raw"] == raw
    if house.caller_penalty and final["caller"] is not None:
        assert scored["scores"] == list(apply_caller_penalty(raw, final["caller"]).scores)
    else:
        assert scored["scores"] == raw
    for score in raw:
        assert score in GAME.possible_totals(house)
    if not final["limit"]:  # ended by the rules: hole.py plays the same hole
        shown = [sorted(first["known"][s]) for s in range(len(first["layouts"]))]
        shown[table.READER] = [int(m[3:]) for m in made if m.startswith("up-")]
        hole = play_hole(as_script(first, final, shown), house)
        assert list(hole.scores) == scored["scores"]
        assert hole.caller == final["caller"]
        assert [list(layout) for layout in hole.layouts] == final["layouts"]


@settings(max_examples=60, deadline=None)
@given(practice_deals(play, HOUSES))
def test_the_computer_only_makes_legal_moves_and_says_why(state):
    state = play.all_computers(state)
    reasons = {"pair", "cheaper", "blind_low", "nothing_better", "guess", "flip", "knock"}
    for event in state["events"]:
        assert event["reason"] in reasons


def test_a_deal_is_reproducible_from_its_seed():
    house = cards.GolfHouse(jokers="pagat")
    assert play.deal(house, 3, "careful", 7) == play.deal(house, 3, "careful", 7)
    assert (
        play.deal(house, 3, "careful", 7)["layouts"] != play.deal(house, 3, "careful", 8)["layouts"]
    )


@pytest.mark.parametrize("jokers", [None, "pagat", "minus_five"])
def test_the_deck_follows_the_table(jokers):
    house = cards.GolfHouse(jokers=jokers)
    state = play.deal(house, 2, "beginner", 1)
    assert sum(every_card(state).values()) == cards.cards_in(1, jokers)
    assert every_card(state)["X"] == (cards.JOKERS_PER_DECK if jokers else 0)


def test_setup_turns_up_the_readers_own_choice_then_play_starts():
    house = cards.GolfHouse()
    state = play.deal(house, 2, "careful", 3)
    assert state["setup"] and play.legal_moves(state) == [f"up-{p}" for p in range(1, 7)]
    state = play.apply(state, "up-1")
    assert "up-1" not in play.legal_moves(state)
    state = play.apply(state, "up-5")
    assert not state["setup"] and state["face_up"][table.READER] == [1, 5]
    assert all(len(up) == 2 for up in state["face_up"])


def test_four_card_golf_looks_without_turning_and_ends_by_a_knock():
    house = cards.GolfHouse(variant="four_card")
    state = play.apply(play.apply(play.deal(house, 2, "careful", 2), "up-1"), "up-2")
    assert state["face_up"][table.READER] == [] and state["known"][table.READER] == [1, 2]
    state = play.play_out(state)
    assert "knock" in play.legal_moves(state)
    state = play.play_out(play.apply(state, "knock"))
    assert state["over"] and state["caller"] == table.READER
    assert len(state["events"]) >= 2 and state["events"][-1]["last"]


def test_a_card_from_the_discard_pile_must_be_swapped_in():
    state = play.play_out(
        play.apply(play.apply(play.deal(cards.GolfHouse(), 2, "careful", 4), "up-1"), "up-2")
    )
    state = play.apply(state, "discard")
    assert "throw" not in play.legal_moves(state)
    with pytest.raises(table.Illegal):
        play.apply(state, "throw")


def test_flip_is_offered_only_with_the_house_rule():
    for flip in (False, True):
        house = cards.GolfHouse(flip=flip)
        state = play.apply(play.apply(play.deal(house, 2, "careful", 5), "up-1"), "up-2")
        state = play.play_out(state)
        flips = [m for m in play.legal_moves(state) if m.startswith("flip-")]
        assert bool(flips) == flip
        assert "flip-1" not in flips


def test_opponents_hidden_cards_stay_out_of_the_view(card_codes):
    state = play.deal(cards.GolfHouse(variant="nine_card"), 4, "careful", 9)
    view = play.view(state, table.READER)
    hidden = {
        c
        for s in (1, 2, 3)
        for p, c in enumerate(state["layouts"][s], 1)
        if p not in state["face_up"][s]
    }
    hidden -= set(
        card_codes([state["layouts"][s][p - 1] for s in (1, 2, 3) for p in state["face_up"][s]])
    )
    hidden -= set(state["discard"])
    assert not set(card_codes(view)) & hidden


def test_a_pair_left_apart_is_reviewed():
    """The reader throws a drawn card that would have paired a face-up card: named."""
    house = cards.GolfHouse()
    for seed in range(300):
        state = play.apply(play.apply(play.deal(house, 2, "careful", seed), "up-1"), "up-2")
        state = play.play_out(state)
        if "stock" not in play.legal_moves(state):
            continue
        state = play.apply(state, "stock")
        held = cards.rank_of(state["held"])
        layout = state["layouts"][table.READER]
        if held in {cards.rank_of(layout[0]), cards.rank_of(layout[1])} and house.values[held] >= 3:
            break
    else:
        pytest.fail("no deal drew a match for a face-up card")
    state = play.apply(state, "throw")
    review = table.costly_moves({**state, "over": True})
    assert review and review[0]["kind"] == "pair_apart"


@pytest.mark.parametrize("variant", list(cards.VARIANTS))
def test_the_careful_player_beats_the_beginner(variant):
    house = cards.GolfHouse(variant=variant)
    wins = 0.0
    for seed in range(150):
        state = play.all_computers(play.deal(house, 2, "beginner", seed), "careful")
        winners = play.result(state)["winners"]
        if table.READER in winners:
            wins += 1 / len(winners)
    assert wins / 150 > 0.7
