"""Property-based tests: any input is either saved correctly or refused clearly."""

from decimal import Decimal

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import translation
from hypothesis import HealthCheck, assume, given, settings
from hypothesis import strategies as st
from hypothesis.extra.django import TestCase

from rules.games.ghost import cards
from rules.games.ghost.pad.forms import NewGameForm, RoundForm
from rules.words import parse_ranks
from scorepad.logic.scoring import outcome
from scorepad.models import Game, Result, Round
from tests.conftest import make_game

halves = st.integers(min_value=0, max_value=128).map(lambda n: Decimal(n) / 2)
players = st.integers(min_value=2, max_value=6)


@st.composite
def games(draw):
    n = draw(players)
    rounds = draw(st.lists(st.lists(halves, min_size=n, max_size=n), max_size=30))
    threshold = draw(st.one_of(st.none(), st.integers(1, 500)))
    return n, rounds, threshold, draw(st.integers(0, n - 1))


@given(games())
def test_totals_are_the_sums_of_the_rounds(game):
    n, rounds, threshold, dealer = game
    result = outcome(n, rounds, threshold, dealer)
    counted = rounds[: result.finished_after] if result.finished else rounds
    assert result.totals == [sum((r[i] for r in counted), Decimal(0)) for i in range(n)]
    for winners, points in zip(result.round_winners, rounds, strict=True):
        assert winners and all(points[w] == min(points) for w in winners)


@given(games())
def test_outcome_follows_the_conventions(game):
    n, rounds, threshold, dealer = game
    result = outcome(n, rounds, threshold, dealer)
    if not rounds:
        assert not result.finished
        return
    if threshold is None:
        assert result.finished_after == 1
        assert result.winners == [i for i in range(n) if rounds[0][i] == min(rounds[0])]
        return
    crossing = next((k for k, run in enumerate(result.running) if max(run) >= threshold), None)
    if crossing is None:
        assert not result.finished and not result.losers
    else:
        assert result.finished_after == crossing + 1
        run = result.running[crossing]
        top = max(run)
        assert result.losers == [i for i in range(n) if run[i] == top]
        assert all(run[i] >= threshold for i in result.losers)


@given(st.lists(st.sampled_from(cards.RANKS), min_size=1, max_size=8))
def test_rank_text_round_trips(ranks):
    for separator in (" ", ",", ", "):
        text = separator.join("10" if r == "T" else r for r in ranks)
        assert parse_ranks(text) == list(ranks)


@given(
    st.lists(st.sampled_from(cards.RANKS), min_size=5, max_size=5),
    st.sampled_from(cards.JACK_VALUES),
)
def test_every_dealt_hand_is_a_possible_total(ranks, jack):
    if cards.over_four_of_a_rank([ranks]):
        return
    assert cards.hand_total(ranks, jack) in cards.possible_totals(cards.STANDARD, jack)


ANY_TEXT = st.one_of(
    st.text(max_size=30),
    st.sampled_from(
        [
            "NaN",
            "nan",
            "Infinity",
            "-inf",
            "1e999",
            "-0",
            "-0.0",
            "−3",
            "٣٫٥",
            "３",
            "9" * 40,
            "3,5",
            "3.5",
            "0,5",
            "1_0",
            " 7 ",
            "",
            "+4",
            "1e1",
            "0x10",
            "½",
        ]
    ),
    st.decimals(allow_nan=True, allow_infinity=True).map(str),
    st.integers().map(str),
)


class TestUndoAndBringBack(TestCase):
    """Undo the last round and bring it back, through Game: in between the game is the
    one without that round; afterwards it is the same game, on the same row."""

    @settings(max_examples=40, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(games())
    def test_undo_and_bring_back_round_trip(self, spec):
        n, rounds, threshold, dealer = spec
        played = []
        for points in rounds:  # a decided game takes no more rounds
            if outcome(n, played, threshold, dealer).finished:
                break
            played.append(points)
        assume(played)
        game = make_game(
            names=[f"P{i}" for i in range(n)], threshold=threshold, first_dealer=dealer
        )
        for number, points in enumerate(played, start=1):
            assert game.add_round(number, points, [""] * n).result is Result.SAVED
        last = len(played)
        before = Game.objects.get(pk=game.pk).outcome()
        assert before == outcome(n, played, threshold, dealer)
        row = Round.objects.get(game=game, number=last, status="active").pk

        assert game.undo_round(last).result is Result.SAVED
        between = Game.objects.get(pk=game.pk).outcome()
        assert between == outcome(n, played[:-1], threshold, dealer)
        assert between.totals == [t - p for t, p in zip(before.totals, played[-1], strict=True)]

        assert game.restore_round(row).result is Result.SAVED
        after = Game.objects.get(pk=game.pk)
        assert after.outcome() == before
        assert after.live_rounds[-1].pk == row and after.contiguous()


class TestFormsNeverFail(TestCase):
    """Any text in either language: a saved round that is right, or errors and no row."""

    @settings(max_examples=150, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(a=ANY_TEXT, b=ANY_TEXT, cards_a=st.text(max_size=20), lang=st.sampled_from(["en", "nb"]))
    def test_round_entry(self, a, b, cards_a, lang):
        game = make_game()
        client = Client()
        with translation.override(lang):
            url = reverse("scorepad:add-round", args=[game.edit_token])
        response = client.post(
            url, {"number": "1", "points_0": a, "points_1": b, "cards_0": cards_a}
        )
        assert response.status_code in (302, 422), response.status_code
        rounds = list(Round.objects.filter(game=game))
        if response.status_code == 302:
            assert len(rounds) == 1
            stored = [s.points for s in rounds[0].scores.order_by("player__position")]
            possible = game.possible_totals()
            assert all(p in possible for p in stored)
            assert all(str(p) != "-0" and not str(p).startswith("-") for p in stored)
        else:
            assert rounds == []
            assert 'class="error"' in response.content.decode()

    @settings(max_examples=100, deadline=None)
    @given(
        data=st.dictionaries(
            st.sampled_from(
                [
                    "player_count",
                    "name_0",
                    "name_1",
                    "name_2",
                    "variant",
                    "jack_value",
                    "game_length",
                    "threshold",
                    "first_dealer",
                ]
            ),
            ANY_TEXT,
        ),
        lang=st.sampled_from(["en", "nb"]),
    )
    def test_new_game(self, data, lang):
        client = Client()
        before = Game.objects.count()
        response = client.post("/en/scorepad/" if lang == "en" else "/nb/poengblokk/", data)
        assert response.status_code in (302, 422)
        created = Game.objects.count() - before
        assert created == (1 if response.status_code == 302 else 0)


@pytest.mark.parametrize("lang", ["en", "nb"])
@given(value=halves)
def test_round_form_accepts_a_possible_total_in_the_readers_format(lang, value):
    from rules.words import format_points

    game = Game(variant="standard", table={"jack": "0.5", "threshold": 21})

    class P:
        def __init__(self, name):
            self.name = name

    with translation.override(lang):
        form = RoundForm(
            {"number": "1", "points_0": format_points(value, lang), "points_1": "12"},
            game=game,
            players=[P("A"), P("B")],
        )
        valid = form.is_valid()
    assert valid == (value in game.possible_totals())


def test_new_game_form_defaults_are_valid():
    form = NewGameForm(
        {
            "player_count": "2",
            "variant": "standard",
            "jack_value": "0.5",
            "game_length": "threshold",
            "first_dealer": "0",
        }
    )
    assert form.is_valid(), form.errors
    assert form.cleaned_data["names"] == ["Player 1", "Player 2"]


class TestMistakeEndpointsNeverFail(TestCase):
    """Edit, undo and restore with any field text: a clean change or nothing, never a 500."""

    @settings(max_examples=120, deadline=None, suppress_health_check=[HealthCheck.too_slow])
    @given(
        number=ANY_TEXT,
        round_id=ANY_TEXT,
        a=ANY_TEXT,
        b=ANY_TEXT,
        action=st.sampled_from(["undo", "restore", "edit"]),
        lang=st.sampled_from(["en", "nb"]),
    )
    def test_any_input(self, number, round_id, a, b, action, lang):
        game = make_game()
        client = Client()
        with translation.override(lang):
            add = reverse("scorepad:add-round", args=[game.edit_token])
            edit = reverse("scorepad:edit-round", args=[game.edit_token, 1])
            undo = reverse("scorepad:undo", args=[game.edit_token])
            restore = reverse("scorepad:restore", args=[game.edit_token])
        client.post(add, {"number": "1", "points_0": "3", "points_1": "4"})
        client.post(add, {"number": "2", "points_0": "5", "points_1": "6"})
        client.post(undo, {"number": "2"})
        before = sorted(Round.objects.values_list("number", "status"))
        if action == "undo":
            response = client.post(undo, {"number": number})
        elif action == "restore":
            response = client.post(restore, {"round_id": round_id})
        else:
            response = client.post(
                edit, {"number": number, "round_id": round_id, "points_0": a, "points_1": b}
            )
        assert response.status_code in (302, 404, 409, 422), response.status_code
        after = sorted(Round.objects.values_list("number", "status"))
        live = [n for n, status in after if status == "active"]
        assert live == list(range(1, len(live) + 1))  # live rounds stay 1..n, no gaps
        if response.status_code != 302:
            assert after == before
