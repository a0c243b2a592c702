"""The practice round of Ghost (rules/games/ghost/play.py): random legal play from any
deal at every table ends, offers only legal moves, never shows a seat a card it may not
know, and counts the end as the game's own `hand_total` does."""

from collections import Counter
from decimal import Decimal

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from rules.cards import RANKS, SUITS, over_four_of_a_rank
from rules.games.ghost import GAME, cards, play
from rules.practice import table
from tests.rules.conftest import practice_deals

HOUSES = GAME.all_houses()
DECK = Counter(f"{s}{r}" for s in SUITS for r in RANKS)


def every_card(state) -> Counter:
    held = [state["held"]] if state["held"] else []
    rows = [c for row in state["rows"] for c in row]
    return Counter([*rows, *state["ghosts"], *state["stock"], *state["discard"], *held])


@settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
@given(practice_deals(play, HOUSES), st.randoms(use_true_random=False))
def test_random_play_ends_legal_hidden_and_counted(card_codes, random_play, state, rng):
    house = table.house_of(state)
    public: set[str] = set()

    def look(state):
        assert every_card(state) == DECK  # one deck, nothing lost or made
        public.update(state["discard"])
        for seat in range(len(state["rows"])):
            seen = state["seen"][seat]
            view = play.view(state, seat)
            assert "stock" not in view and "seed" not in view
            if not state["over"]:
                own = {state["rows"][seat][p - 1] for p in seen}
                allowed = public | own | ({state["held"]} if view["held"] else set())
                assert set(card_codes(view)) <= allowed
                assert view["ghost"] is None
                assert all(card is None for other in view["others"] for card in other["cards"])
                assert [c is not None for c in view["row"]] == [
                    p in seen for p in range(1, len(view["row"]) + 1)
                ]

    def offered(state):
        look(state)
        for move in ("place-0", "place-9", "discard" if not house.face_up_start else "x"):
            if move not in play.legal_moves(state):
                with pytest.raises(table.Illegal):
                    play.apply(state, move)

    final, made = random_play(play, state, rng, offered)
    assert final["over"] and play.legal_moves(final) == []
    with pytest.raises(table.Illegal):
        play.apply(final, "stock")
    assert not final["stock"] or final["turns"] == table.TURN_LIMIT
    counted = play.result(final)
    for hand, row, ghost in zip(counted["hands"], final["rows"], final["ghosts"], strict=True):
        assert hand["total"] == cards.hand_total([*row, ghost], house.jack)
        assert hand["total"] == sum((v for _, v in hand["cards"]), hand["ghost"][1])
        assert hand["total"] in GAME.possible_totals(house)
    assert over_four_of_a_rank([*final["rows"], final["ghosts"]]) == []
    best = min(h["total"] for h in counted["hands"])
    assert counted["winners"] == [i for i, h in enumerate(counted["hands"]) if h["total"] == best]


@settings(max_examples=60, deadline=None)
@given(practice_deals(play, HOUSES), st.randoms(use_true_random=False))
def test_the_computer_only_makes_legal_moves_and_says_why(state, rng):
    """Every move a computer makes is one the state offered (apply refuses any other),
    and every computer turn comes with a reason."""
    state = play.all_computers(state)
    for event in state["events"]:
        if event["seat"] != table.READER:
            assert event["reason"] in {"known", "unseen", "nothing_better", "guess"}


def test_a_deal_is_reproducible_from_its_seed():
    house = cards.House(jack=cards.JACK_ELEVEN, start_card=False)
    assert play.deal(house, 2, "careful", 7) == play.deal(house, 2, "careful", 7)
    assert play.deal(house, 2, "careful", 7)["rows"] != play.deal(house, 2, "careful", 8)["rows"]


@pytest.mark.parametrize("house", HOUSES[:12])
def test_the_deal_follows_the_table(house):
    state = play.deal(house, 2, "beginner", 3)
    variant = house.rules_variant
    assert all(len(row) == variant.row_size for row in state["rows"])
    assert bool(state["discard"]) == house.face_up_start
    seen = state["seen"][table.READER]
    assert len(seen) == (variant.row_size if variant.see_all else cards.PEEKED_CARDS)


def test_a_move_out_of_turn_or_forged_is_refused_and_the_state_kept():
    state = play.deal(cards.House(), 2, "beginner", 1)
    state = play.play_out(state)
    before = repr(state)
    for forged in ("throw", "place-1", "place-x", "", "stock;drop", "knock"):
        with pytest.raises(table.Illegal):
            play.apply(state, forged)
    assert repr(state) == before


def test_stock_only_never_offers_the_discard_pile():
    state = play.deal(cards.House(start_card=False), 2, "careful", 2)
    state = play.play_out(state)
    state = play.apply(state, "stock")
    state = play.play_out(play.apply(state, "throw"))
    assert state["discard"] and play.legal_moves(state) == ["stock"]


def test_no_seen_swap_offers_only_unseen_places():
    house = cards.House(swap_seen=False)
    state = play.play_out(play.deal(house, 2, "careful", 4))
    state = play.apply(state, "stock")
    seen = state["seen"][table.READER]
    places = [int(m[6:]) for m in play.legal_moves(state) if m.startswith("place-")]
    assert places and not set(places) & set(seen)


def test_three_in_hand_gives_up_only_a_dearer_card():
    house = cards.House(variant="three_in_hand")
    for seed in range(20):
        state = play.play_out(play.deal(house, 3, "careful", seed))
        state = play.apply(state, "stock")
        held = play.value(state["held"], house)
        for move in play.legal_moves(state):
            if move.startswith("place-"):
                replaced = state["rows"][table.READER][int(move[6:]) - 1]
                assert play.value(replaced, house) > held


def test_jack_eleven_counts_the_jack_as_eleven():
    house = cards.House(jack=cards.JACK_ELEVEN)
    state = play.all_computers(play.deal(house, 2, "careful", 11))
    for hand in play.result(state)["hands"]:
        for code, points in [*hand["cards"], hand["ghost"]]:
            if code[1] == "J":
                assert points == 11


def test_a_costly_swap_is_reviewed():
    """A drawn card swapped in for a cheaper card the reader knew is named, with what
    it cost."""
    house = cards.House()
    for seed in range(100):
        state = play.apply(play.play_out(play.deal(house, 2, "careful", seed)), "stock")
        row, held = state["rows"][table.READER], state["held"]
        cheaper = [
            p
            for p in state["seen"][table.READER]
            if play.value(row[p - 1], house) < play.value(held, house)
        ]
        if cheaper:
            break
    place = cheaper[0]
    lost = play.value(held, house) - play.value(row[place - 1], house)
    state = play.apply(state, f"place-{place}")
    review = table.costly_moves({**state, "over": True})
    assert review[0]["kind"] == "gave_cheaper" and Decimal(review[0]["cost"]) == lost
    assert review[0]["card"] == held and review[0]["place"] == place


def test_the_careful_player_beats_the_beginner():
    """Over 300 deals of the five-card game for two, the careful seat (the page's
    advice) wins clearly more than half."""
    wins = Decimal(0)
    for seed in range(300):
        state = play.deal(cards.House(), 2, "beginner", seed)
        state = play.all_computers(state)  # the reader's seat plays carefully
        winners = play.result(state)["winners"]
        if table.READER in winners:
            wins += Decimal(1) / len(winners)
    assert wins / 300 > Decimal("0.55")


@pytest.mark.parametrize(
    "house", [cards.House(), cards.House(swap_seen=False), cards.House(variant="seven_cards")]
)
def test_the_careful_player_keeps_a_card_only_as_the_page_advises(house):
    """A known place is given up only for a cheaper card; an unseen place only for a
    card worth the page's "sure gain" or less; a card thrown could go nowhere better."""
    limit = cards.beats_unseen_card(house.jack)
    reasons = Counter()
    for seed in range(30):
        state = play.deal(house, 2, "careful", seed)
        state = play.all_computers(state)
        for event in state["events"]:
            reasons[event["reason"]] += 1
            if event["reason"] == "known":
                assert play.value(event["replaced"], house) > play.value(event["card"], house)
            elif event["reason"] == "unseen":
                assert play.value(event["card"], house) <= limit
    assert reasons["nothing_better"] and (reasons["known"] or reasons["unseen"])
