"""The scorepad through HTTP: create, enter, edit, undo, restore, rematch, watch, export."""

import json
import re
from decimal import Decimal
from decimal import Decimal as D

import pytest
from django.core.cache import caches
from django.core.files import uploadhandler
from django.core.files.uploadedfile import InMemoryUploadedFile, SimpleUploadedFile
from django.test import Client, RequestFactory, override_settings
from django.test.signals import template_rendered
from django.urls import reverse
from django.utils import timezone, translation

from scorepad.models import Game, Round, Score
from tests.conftest import enter, make_game, new_game_data, page_weight, play_rounds, url

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
POINTS = {"points_0": "3", "points_1": "4"}


def live_points(game):
    return [
        [s.points for s in r.scores.order_by("player__position")]
        for r in game.rounds.filter(status="active").order_by("number")
    ]


# ------------------------------------------------------------------ new game


def test_start_page_in_both_languages(client):
    assert "Start the game" in client.get("/en/scorepad/").content.decode()
    assert "Start spillet" in client.get("/nb/poengblokk/").content.decode()


def test_create_game_redirects_to_its_page(client):
    response = client.post("/en/scorepad/", new_game_data())
    game = Game.objects.get()
    assert response.status_code == 302
    assert response["Location"] == url("game", game)
    assert [p.name for p in game.players.all()] == ["Anna", "Bo"]
    assert game.threshold == 21 and game.jack_value == Decimal("0.5")
    assert len(game.edit_token) >= 32 and game.edit_token != game.watch_token


def test_blank_names_become_player_n_in_the_readers_language(client):
    client.post("/nb/poengblokk/", new_game_data(name_0="", name_1="  "))
    assert [p.name for p in Game.objects.get().players.all()] == ["Spiller 1", "Spiller 2"]


def test_names_are_trimmed_and_folded(client):
    client.post("/en/scorepad/", new_game_data(name_0="  Anna   Lise \t", name_1="B\u200bo"))
    assert [p.name for p in Game.objects.get().players.all()] == ["Anna Lise", "Bo"]


def test_too_long_name_is_refused_and_form_kept(client):
    response = client.post("/en/scorepad/", new_game_data(name_0="A" * 200))
    assert response.status_code == 400
    assert Game.objects.count() == 0
    assert 'value="Bo"' in response.content.decode()


def test_game_settings_line(client):
    client.post(
        "/nb/poengblokk/", new_game_data(jack_value="11", game_length="custom", threshold="15")
    )
    game = Game.objects.get()
    html = client.get(url("game", game, "nb")).content.decode()
    assert "knekt 11 · til 15" in html
    html = client.get(url("game", game, "en")).content.decode()
    assert "jack 11 · to 15" in html


def test_single_round_game(client):
    client.post("/en/scorepad/", new_game_data(game_length="single"))
    game = Game.objects.get()
    assert game.threshold is None
    enter(client, game, 7, "12.5")
    html = client.get(url("game", game)).content.decode()
    assert "Anna wins the round with 7." in html
    assert "Save round 2" not in html


def test_custom_threshold_needs_a_number_in_range(client):
    response = client.post("/nb/poengblokk/", new_game_data(game_length="custom", threshold=""))
    assert response.status_code == 400
    assert "Skriv inn tapsgrensen" in response.content.decode()
    response = client.post("/en/scorepad/", new_game_data(game_length="custom", threshold="501"))
    assert response.status_code == 400
    assert Game.objects.count() == 0


def test_too_many_players_for_the_variant(client):
    data = new_game_data(player_count="3", name_2="Cy")
    response = client.post("/en/scorepad/", data)
    assert response.status_code == 400
    assert "Three in hand" in response.content.decode()
    response = client.post("/en/scorepad/", {**data, "variant": "three_in_hand"})
    assert response.status_code == 302


def test_duplicate_names_are_refused(client):
    response = client.post("/en/scorepad/", new_game_data(name_1="anna"))
    assert response.status_code == 400
    assert "Two players are called" in response.content.decode()


def test_my_games_lists_games_made_on_this_device(client):
    client.post("/en/scorepad/", new_game_data(name_0="Kari"))
    html = client.get("/en/scorepad/").content.decode()
    assert "My games" in html and "Kari 0 · Bo 0" in html
    assert "0 rounds played" in html


def test_my_games_shows_totals_who_lost_the_day_first_and_rematches(client):
    client.post("/en/scorepad/", new_game_data(name_0="Kari"))
    game = Game.objects.get()
    enter(client, game, 25, "3.5")
    client.post(url("rematch", game))
    html = client.get("/en/scorepad/").content.decode()
    listed = html[html.index('class="my-games"') :]
    assert listed.index("rematch") < listed.index("Kari 25 · Bo 3.5")  # newest first
    assert "over: Kari lost" in listed
    day = timezone.localtime(game.created_at).strftime("%-d %B %Y")  # the site's zone
    assert day in listed
    norwegian = client.get("/nb/poengblokk/").content.decode()
    assert "ferdig: Kari tapte" in norwegian
    assert "Kari 25 · Bo 3,5" in norwegian


def test_too_many_players_for_a_variant_is_told_beside_the_variant(client):
    response = client.post("/nb/poengblokk/", new_game_data(player_count="4"))
    html = response.content.decode()
    field = html[html.index('id="field-variant"') :]
    error = field[field.index('class="error"') : field.index("</fieldset>")]
    assert "Tre på hånden" in error


# ------------------------------------------------------------------ rounds


def test_enter_a_round_plain_post_redirects(client, game):
    response = enter(client, game, "3.5", 12)
    assert response.status_code == 302
    assert live_points(game) == [[Decimal("3.5"), Decimal(12)]]


def test_enter_a_round_with_htmx_returns_the_board(client, game):
    response = client.post(
        url("add-round", game), {"number": "1", "points_0": "3.5", "points_1": "12"}, **HTMX
    )
    assert response.status_code == 200
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="board"')
    assert "Round 1 saved." in html and "Save round 2" in html


def test_norwegian_comma_and_point_are_both_accepted(client, game):
    enter(client, game, "3,5", "2.5", lang="nb")
    assert live_points(game) == [[Decimal("3.5"), Decimal("2.5")]]


def test_english_page_takes_a_comma_too(client, game):
    # A phone set to a Norwegian region may offer only "," on its decimal pad.
    assert enter(client, game, "3,5", 2).status_code == 302
    assert live_points(game) == [[Decimal("3.5"), Decimal("2")]]


@pytest.mark.parametrize("text", ["1_0", "1e1", "1e1000000", "0x1", "1.000,5", "NaN"])
def test_numbers_people_do_not_type_are_refused_without_a_500(client, game, text):
    response = enter(client, game, text, 2)
    assert response.status_code == 422
    assert "Anna: enter a number, such as 3.5." in response.content.decode()
    assert Round.objects.count() == 0


def test_impossible_total_names_the_player_and_keeps_the_form(client, game):
    response = enter(client, game, "0", "7.5", lang="nb")
    html = response.content.decode()
    assert response.status_code == 422
    assert "Anna: 0 er ikke mulig" in html
    assert "den nærmeste er 0,5." in html
    assert "0,5" in html  # the lowest possible, in Norwegian
    assert 'value="7,5"' in html or 'value="7.5"' in html
    assert Round.objects.count() == 0


def test_half_total_above_52_5_is_impossible(client, game):
    response = enter(client, game, "53.5", 10)
    assert response.status_code == 422
    assert "Anna: 53.5 cannot happen" in response.content.decode()


def test_jack_eleven_game_takes_whole_numbers_only(client):
    game = make_game(jack="11")
    response = enter(client, game, "3.5", 14)
    assert response.status_code == 422
    assert Round.objects.count() == 0
    assert enter(client, game, 14, 3).status_code == 302


def test_missing_total_is_an_error(client, game):
    response = enter(client, game, "", 3)
    assert response.status_code == 422
    assert "Anna: enter the round total." in response.content.decode()


def test_cards_fill_in_the_total(client, game):
    enter(client, game, "", "", cards_0="8 J A 2 K", cards_1="kn e d k 10", number=1)
    assert live_points(game) == [[Decimal("16.5"), Decimal("36.5")]]
    assert Score.objects.filter(cards="8 J A 2 K").count() == 1


def test_norwegian_rank_letters_in_the_helper(client, game):
    enter(client, game, "", "", cards_0="8 Kn E 2 K", cards_1="8,8,8,J,j", lang="nb")
    assert live_points(game) == [[Decimal("16.5"), Decimal("1")]]


def test_cards_and_total_must_agree(client, game):
    response = enter(client, game, "5", "3", cards_0="8 J A 2 K")
    assert response.status_code == 422
    assert "the cards make 16.5" in response.content.decode()


def test_helper_checks_the_number_of_cards(client, game):
    response = enter(client, game, "", "3", cards_0="8 J A 2")
    assert response.status_code == 422
    assert "enter 5 cards" in response.content.decode()


def test_helper_checks_four_of_a_rank_across_the_round(client, game):
    response = enter(client, game, "", "", cards_0="8 8 8 K K", cards_1="8 8 A 2 3")
    assert response.status_code == 422
    assert "only 4 of each rank" in response.content.decode()
    assert Round.objects.count() == 0


def test_double_submit_stores_one_round(client, game):
    first = enter(client, game, 3, 4, number=1)
    second = enter(client, game, 3, 4, number=1)
    assert first.status_code == second.status_code == 302
    assert Round.objects.count() == 1
    follow = client.get(second["Location"]).content.decode()
    assert "Round 1 was already saved." in follow


def test_other_numbers_for_a_stored_round_are_told_not_dropped(client, game):
    enter(client, game, 3, 4, number=1)
    response = enter(client, game, 9, 10, number=1, lang="nb")
    html = response.content.decode()
    assert response.status_code == 409
    assert "Runde 1 ble nettopp ført fra en annen telefon" in html
    assert 'value="9"' in html and 'value="10"' in html
    assert live_points(game) == [[3, 4]]


def test_a_round_from_the_future_is_refused(client, game):
    response = enter(client, game, 3, 4, number=5)
    assert response.status_code == 409
    assert Round.objects.count() == 0


def test_the_loser_is_shown_and_no_more_rounds(client, game):
    enter(client, game, 10, 3)
    enter(client, game, 12, 2)
    html = client.get(url("game", game)).content.decode()
    assert "Anna has lost the game." in html
    assert "Save round 3" not in html
    response = enter(client, game, 1, 1, number=3)
    assert response.status_code == 409
    assert Round.objects.count() == 2


def test_board_shows_distance_dealer_and_starter(client, game):
    enter(client, game, "3.5", 12)
    html = client.get(url("game", game, "nb")).content.decode()
    assert "17,5 igjen" in html and "9 igjen" in html
    assert "Bo gir, Anna begynner." in html
    assert "<meter" in html
    assert "For eksempel 8 Kn E 2 K." in html
    assert "For example 8 J A 2 K." in client.get(url("game", game, "en")).content.decode()


# ------------------------------------------------------------------ mistakes


def test_undo_then_restore(client, game):
    enter(client, game, 3, 4)
    enter(client, game, 5, 6)
    client.post(url("undo", game), {"number": "2"})
    assert live_points(game) == [[3, 4]]
    undone = Round.objects.get(status="undone")
    html = client.get(url("game", game)).content.decode()
    assert "Bring back round 2" in html
    assert "Round 2, undone:\nAnna 5 · Bo 6" in html
    client.post(url("restore", game), {"round_id": str(undone.pk)})
    assert live_points(game) == [[3, 4], [5, 6]]


def test_double_tapped_undo_undoes_one_round(client, game):
    enter(client, game, 3, 4)
    enter(client, game, 5, 6)
    client.post(url("undo", game), {"number": "2"})
    client.post(url("undo", game), {"number": "2"})
    assert live_points(game) == [[3, 4]]


def test_undone_round_cannot_return_once_a_new_round_is_entered(client, game):
    enter(client, game, 3, 4)
    client.post(url("undo", game), {"number": "1"})
    undone = Round.objects.get(status="undone")
    enter(client, game, 7, 8)
    client.post(url("restore", game), {"round_id": str(undone.pk)})
    assert live_points(game) == [[7, 8]]
    assert Round.objects.filter(status="undone").count() == 1  # kept in the history


def test_undo_reopens_a_finished_game(client, game):
    enter(client, game, 20, 3)
    enter(client, game, 5, 2)
    client.post(url("undo", game), {"number": "2"})
    html = client.get(url("game", game)).content.decode()
    assert "has lost" not in html and "Save round 2" in html


def test_edit_a_past_round_keeps_the_old_one_in_history(client, game):
    enter(client, game, 3, 4)
    enter(client, game, 5, 6)
    first = Round.objects.get(number=1)
    page = client.get(url("edit-round", game, number=1))
    assert page.status_code == 200 and 'value="3"' in page.content.decode()
    response = client.post(
        url("edit-round", game, number=1),
        {"number": "1", "round_id": str(first.pk), "points_0": "13", "points_1": "4"},
    )
    assert response.status_code == 302
    assert live_points(game) == [[13, 4], [5, 6]]
    assert Round.objects.get(pk=first.pk).status == "replaced"
    html = client.get(url("game", game)).content.decode()
    assert "replaced by an edit" in html


def test_edit_that_finishes_the_game_shows_the_loser(client, game):
    enter(client, game, 3, 4)
    first = Round.objects.get(number=1)
    client.post(
        url("edit-round", game, number=1),
        {"number": "1", "round_id": str(first.pk), "points_0": "25", "points_1": "4"},
    )
    assert "Anna has lost the game." in client.get(url("game", game)).content.decode()


def test_edit_of_a_round_changed_meanwhile_is_refused(client, game):
    enter(client, game, 3, 4)
    stale = Round.objects.get(number=1)
    data = {"number": "1", "round_id": str(stale.pk), "points_1": "4"}
    client.post(url("edit-round", game, number=1), {**data, "points_0": "10"})
    response = client.post(url("edit-round", game, number=1), {**data, "points_0": "11"})
    assert response.status_code == 409
    assert "changed round 1 meanwhile" in response.content.decode()
    assert live_points(game) == [[10, 4]]


def test_edit_of_a_round_undone_meanwhile_is_told(client, game):
    enter(client, game, 3, 4)
    stale = Round.objects.get(number=1)
    client.post(url("undo", game), {"number": "1"})
    response = client.post(
        url("edit-round", game, number=1),
        {"number": "1", "round_id": str(stale.pk), "points_0": "5", "points_1": "4"},
    )
    assert response.status_code == 302
    assert "Round 1 was undone meanwhile" in client.get(response["Location"]).content.decode()
    assert live_points(game) == []


def test_bad_edit_saves_nothing(client, game):
    enter(client, game, 3, 4)
    first = Round.objects.get(number=1)
    response = client.post(
        url("edit-round", game, number=1),
        {"number": "1", "round_id": str(first.pk), "points_0": "abc", "points_1": "4"},
    )
    assert response.status_code == 422
    assert live_points(game) == [[3, 4]]
    assert Round.objects.count() == 1


def test_rematch_copies_players_and_rules(client):
    client.post(
        "/en/scorepad/", new_game_data(jack_value="11", game_length="custom", threshold="30")
    )
    old = Game.objects.get()
    response = client.post(url("rematch", old))
    new = Game.objects.exclude(pk=old.pk).get()
    assert response["Location"] == url("game", new)
    assert new.rematch_of == old
    assert [p.name for p in new.players.all()] == ["Anna", "Bo"]
    assert (new.jack_value, new.threshold, new.variant) == (11, 30, "standard")


# ------------------------------------------------------------------ links and watching


def test_unknown_edit_token_is_404(client, game):
    assert client.get("/en/scorepad/g/not-a-token/").status_code == 404
    response = client.post("/en/scorepad/g/not-a-token/round/", {"number": "1"})
    assert response.status_code == 404


def test_watch_token_is_not_an_edit_token(client, game):
    assert client.get(f"/en/scorepad/g/{game.watch_token}/").status_code == 404
    response = client.post(
        f"/en/scorepad/g/{game.watch_token}/round/",
        {"number": "1", "points_0": "3", "points_1": "4"},
    )
    assert response.status_code == 404
    assert Round.objects.count() == 0


def test_watch_page_cannot_write_and_hides_the_edit_link(client, game):
    enter(client, game, 3, 4)
    watch = reverse("scorepad:watch", kwargs={"token": game.watch_token})
    html = client.get(watch).content.decode()
    assert game.edit_token not in html
    assert "<form" not in html.split("<main")[1]
    assert client.post(watch, {"number": "2"}).status_code == 405


def test_watch_poll_is_empty_while_nothing_changes(client, game, django_assert_num_queries):
    poll = reverse("scorepad:watch-poll", kwargs={"token": game.watch_token})
    game.refresh_from_db()
    with django_assert_num_queries(1):
        response = client.get(poll, {"v": game.poll_mark}, **HTMX)
    assert response.status_code == 204 and response.content == b""
    enter(client, game, 3, 4)
    response = client.get(poll, {"v": game.poll_mark}, **HTMX)
    assert response.status_code == 200
    html = response.content.decode()
    assert 'id="watched"' in html and game.edit_token not in html
    game.refresh_from_db()
    assert f"v={game.version}" in html


def test_unknown_watch_link_is_404(client, game):
    assert client.get("/en/scorepad/watch/nope/").status_code == 404
    assert client.get("/en/scorepad/watch/nope/poll/").status_code == 404


def test_switching_language_stays_in_the_same_game(client, game):
    html = client.get(url("game", game, "en")).content.decode()
    assert f'href="/nb/poengblokk/s/{game.edit_token}/" hreflang="nb"' in html
    html = client.get(url("game", game, "nb")).content.decode()
    assert f'href="/en/scorepad/g/{game.edit_token}/" hreflang="en"' in html


def test_game_pages_are_not_indexed(client, game):
    html = client.get(url("game", game)).content.decode()
    assert '<meta name="robots" content="noindex, nofollow">' in html


# ------------------------------------------------------------------ cost


@pytest.mark.parametrize("rounds", [1, 50])
def test_game_page_queries_do_not_grow_with_rounds(client, rounds, django_assert_num_queries):
    game = make_game(names=("A", "B", "C", "D", "E", "F"), variant="three_in_hand", threshold=500)
    play_rounds(game, rounds)
    # After a change this process made: the game and its rematch, if any; its players and
    # the board as the change left it are in the cache.
    with django_assert_num_queries(2):
        assert client.get(url("game", game)).status_code == 200
    for alias in ("default", "boards"):  # another process, or a cold one
        caches[alias].clear()
    with django_assert_num_queries(4):  # game, players, scores of live rounds, rematch
        assert client.get(url("game", game)).status_code == 200
    with django_assert_num_queries(1):  # the same version again: the page is kept
        assert client.get(url("game", game)).status_code == 200


def test_a_kept_game_page_has_a_fresh_csrf_token_that_works(client, game):
    first = client.get(url("game", game)).content.decode()
    again = client.get(url("game", game)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', again).group(1)
    assert token not in first  # masked anew for each answer
    assert "csrf-token" not in again
    checked = Client(enforce_csrf_checks=True)
    checked.cookies = client.cookies
    response = checked.post(
        url("add-round", game), {"csrfmiddlewaretoken": token, "number": "1"} | POINTS
    )
    assert response.status_code == 302


def test_a_kept_game_page_follows_every_change_and_shows_each_message(client, game):
    client.get(url("game", game))
    response = enter(client, game, 3, 4, follow=False)
    html = client.get(response["Location"]).content.decode()
    assert "Round 1 saved." in html and "Save round 2" in html
    html = client.get(url("game", game)).content.decode()
    assert "Round 1 saved." not in html and "Save round 2" in html


def test_the_game_page_is_rendered_once_per_change(client, game):
    rendered = []

    def count(sender, template, **kwargs):
        rendered.append(template.name)

    template_rendered.connect(count)
    try:
        response = enter(client, game, 3, 4)
        with_message = client.get(response["Location"]).content.decode()
        without = client.get(url("game", game)).content.decode()
        assert rendered.count("scorepad/game.html") == 1
        data = {"number": "2", "points_0": "5", "points_1": "6"}
        board = client.post(url("add-round", game), data, **HTMX).content.decode()
        assert rendered.count("scorepad/game.html") == 2
        after_htmx = client.get(url("game", game)).content.decode()
        assert rendered.count("scorepad/game.html") == 2
    finally:
        template_rendered.disconnect(count)
    assert "Round 1 saved." in with_message and "Round 1 saved." not in without
    assert "Save round 2" in with_message and "Save round 2" in without
    assert board.startswith('<div id="board"') and "<html" not in board
    assert "Round 2 saved." in board and "Save round 3" in board
    assert "Round 2 saved." not in after_htmx and "Save round 3" in after_htmx
    assert "<!--" + "messages-->" not in with_message + without + board + after_htmx


def test_game_page_with_history_reads_it_in_one_query_more(client, django_assert_num_queries):
    game = make_game(threshold=500)
    play_rounds(game, 3)
    client.post(url("undo", game), {"number": "3"})
    # game, scores, latest changes, their scores, its rematch
    with django_assert_num_queries(5):
        html = client.get(url("game", game)).content.decode()
    assert "Bring back round 3" in html


@pytest.mark.parametrize("rounds", [1, 50])
def test_round_entry_queries_do_not_grow_with_rounds(client, rounds, django_assert_num_queries):
    game = make_game(threshold=500)
    play_rounds(game, rounds)
    client.get(url("game", game))  # as a phone does: the page first
    # The game as the page left it in this process, its players and board from the
    # cache; then in the transaction (a savepoint in a test): the version moved on from
    # the one seen, the round, its scores. It was 10 (9 with the players cached) while
    # the change read the game and its rounds again under the lock, 6 while it read the
    # game first.
    with django_assert_num_queries(5):
        assert enter(client, game, 3, 4, number=rounds + 1).status_code == 302
    for alias in ("default", "boards"):  # a process that has never seen the game
        caches[alias].clear()
    # The game, its players, its board; then the same four.
    with django_assert_num_queries(8):
        assert enter(client, game, 3, 4, number=rounds + 2).status_code == 302


def seen_by_another_process(game, change):
    """`change` made as another process would: this process still has the game as it
    last saw it."""
    row = caches["boards"].get(f"row:{game.edit_token}")
    change(Game.objects.get(pk=game.pk))
    caches["boards"].set(f"row:{game.edit_token}", row)


def test_a_round_on_a_game_moved_on_elsewhere_is_decided_on_the_game_as_it_is(client, game):
    client.get(url("game", game))
    seen_by_another_process(game, lambda g: g.add_round(1, [D(3), D(4)], ["", ""]))
    # Round 2 is the next round in the database, not in what this process saw: saved.
    response = enter(client, game, 5, 6, number=2)
    assert response.status_code == 302
    assert [list(r.points) for r in Game.objects.get(pk=game.pk).live_rounds] == [
        [D(3), D(4)],
        [D(5), D(6)],
    ]
    # And round 1 again (what this process last saw as the next one) is refused as the
    # database has it: round 1 holds other numbers.
    seen_by_another_process(game, lambda g: None)
    response = enter(client, game, 1, 1, number=1)
    assert response.status_code == 409
    assert "Round 1 was just entered from another phone" in response.content.decode()
    assert Game.objects.get(pk=game.pk).version == 2


def test_a_game_restored_to_an_earlier_version_is_not_taken_for_the_one_seen(client, game):
    """A restore from a backup can give the game back a version this process saw with
    other rounds: the time the version was reached tells them apart."""
    play_rounds(game, 2)
    client.get(url("game", game))  # seen: version 2, rounds 1 and 2
    seen_by_another_process(game, lambda g: g.undo_round(2))  # version 3, round 2 undone
    # As after a restore to a backup made before round 2: version 2 again, another time.
    Game.objects.filter(pk=game.pk).update(version=2)
    # Round 3 is next in what this process saw, but the game holds one round now.
    response = enter(client, game, 7, 8, number=3)
    assert response.status_code == 409
    assert "the next one is 2" in response.content.decode()
    restored = Game.objects.get(pk=game.pk)
    assert restored.contiguous() and len(restored.live_rounds) == 1
    assert enter(client, game, 7, 8, number=2).status_code == 302


@pytest.mark.parametrize("rounds", [1, 50])
def test_watch_poll_with_change_is_constant(client, rounds, django_assert_num_queries):
    game = make_game(threshold=500)
    play_rounds(game, rounds)
    poll = reverse("scorepad:watch-poll", kwargs={"token": game.watch_token})
    for alias in ("default", "boards"):  # cold: nothing of this game in this process
        caches[alias].clear()
    # the game, its rematch (a watcher moves on to it), its players, live scores
    with django_assert_num_queries(4):
        first = client.get(poll, {"v": "-1"}, **HTMX)
    with django_assert_num_queries(2):  # another watcher: the game, its rematch; the answer
        again = Client().get(poll, {"v": "-1"}, **HTMX)
    assert first.status_code == again.status_code == 200
    assert first.content == again.content


def test_a_kept_poll_answer_is_per_language_and_follows_every_change(client, game):
    poll = reverse("scorepad:watch-poll", kwargs={"token": game.watch_token})
    enter(client, game, 3, 4)
    english = client.get(poll, {"v": "-1"}, HTTP_ACCEPT_LANGUAGE="en").content.decode()
    with translation.override("nb"):
        nb_poll = reverse("scorepad:watch-poll", kwargs={"token": game.watch_token})
    norwegian = client.get(nb_poll, {"v": "-1"}).content.decode()
    assert "Round 2 is being played" in english and "Runde 2 spilles" in norwegian
    enter(client, game, 5, 6)
    assert "Round 3 is being played" in client.get(poll, {"v": "-1"}).content.decode()


# ------------------------------------------------------------------ export and safety


def test_export_csv_and_json(client, game):
    enter(client, game, "3.5", 12)
    client.post(url("undo", game), {"number": "1"})
    enter(client, game, "2.5", 4)
    csv_text = client.get(url("export-csv", game, "nb")).content.decode("utf-8-sig")
    assert csv_text.splitlines() == ["Runde;Anna;Bo", "1;2,5;4", "Sum;2,5;4"]
    data = json.loads(client.get(url("export-json", game)).content)
    assert data["players"] == ["Anna", "Bo"]
    assert [r["status"] for r in data["rounds"]] == ["undone", "active"]
    assert data["totals"] == ["2.5", "4.0"]
    assert game.watch_token in data["watch_url"]


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_script_names_are_escaped(client, lang):
    prefix = "/en/scorepad/" if lang == "en" else "/nb/poengblokk/"
    client.post(prefix, new_game_data(name_0="<script>alert(1)"))
    game = Game.objects.get()
    enter(client, game, 3, 4, lang=lang)
    for page in (
        url("game", game, lang),
        reverse("scorepad:watch", args=[game.watch_token]),
        prefix,
    ):
        html = client.get(page).content.decode()
        assert "<script>alert(1)" not in html
        assert "&lt;script&gt;alert(1)" in html


@override_settings(GAMES_PER_HOUR_PER_CLIENT=3)
@pytest.mark.parametrize(
    ("prefix", "text"),
    [("/en/scorepad/", "a lot of new games"), ("/nb/poengblokk/", "veldig mange spill")],
)
def test_new_games_are_rate_limited(client, prefix, text):
    for _ in range(3):
        assert client.post(prefix, new_game_data()).status_code == 302
    response = client.post(prefix, new_game_data())
    assert response.status_code == 429
    assert text in response.content.decode()
    assert Game.objects.count() == 3


@override_settings(GAMES_PER_HOUR_PER_CLIENT=2, BEHIND_TLS_PROXY=True)
def test_rate_limit_counts_the_client_behind_the_proxy(client):
    def create(address):
        return client.post(
            "/en/scorepad/",
            new_game_data(),
            HTTP_X_FORWARDED_FOR=f"6.6.6.6, {address}",
            REMOTE_ADDR="127.0.0.1",
        )

    assert [create("10.0.0.1").status_code for _ in range(3)] == [302, 302, 429]
    assert create("10.0.0.2").status_code == 302  # another table behind the same proxy


def test_oversized_body_is_refused_before_it_is_read(client, game):
    response = client.post(url("add-round", game), {"number": "1", "points_0": "x" * 40_000})
    assert response.status_code == 413
    assert Round.objects.count() == 0


def test_oversized_multipart_is_refused_before_parsing(client, game, monkeypatch):
    from io import BytesIO

    from django.http import multipartparser

    parsed = []
    monkeypatch.setattr(multipartparser.MultiPartParser, "parse", lambda self: parsed.append(1))
    upload = BytesIO(b"x" * 200_000)
    upload.name = "big.bin"
    response = client.post(url("add-round", game, "nb"), {"number": "1", "file": upload})
    assert response.status_code == 413
    assert "ingenting ble lagret" in response.content.decode()
    assert parsed == []
    assert Round.objects.count() == 0


def test_uploads_are_never_spooled_to_disk(client, game, monkeypatch):
    def no_temporary_files(*args, **kwargs):
        raise AssertionError("an upload was spooled to a temporary file")

    monkeypatch.setattr(uploadhandler, "TemporaryUploadedFile", no_temporary_files)
    # Under the body limit, but over what a file kept in memory may be: dropped, not
    # written to disk; the round itself is still read and saved.
    big = SimpleUploadedFile("big.bin", b"x" * 31 * 1024)
    response = client.post(url("add-round", game), {"number": "1", "file": big} | POINTS)
    assert response.status_code == 302
    assert game.rounds.count() == 1
    request = RequestFactory().post("/", {"file": SimpleUploadedFile("big.bin", b"x" * 40000)})
    assert "file" not in request.FILES
    small = RequestFactory().post("/", {"file": SimpleUploadedFile("s.txt", b"hi")})
    assert isinstance(small.FILES["file"], InMemoryUploadedFile)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_game_page_weight(client, lang):

    game = make_game()
    for number in range(1, 4):
        enter(client, game, 3, 4, number=number)
    total, requests = page_weight(client, url("game", game, lang))
    assert total <= 40 * 1024, f"the game page weighs {total} bytes"
    # page, style, icon, htmx, scoring.js, scorepad.js, site.js (service worker)
    assert requests <= 7


def test_a_jack_eleven_game_suggests_no_halves(client):
    game = make_game(jack="11")
    response = enter(client, game, "x", 4)
    assert "Anna: enter a number, such as 14." in response.content.decode()
    assert "3.5" not in response.content.decode().split('class="errors"')[1][:400]


def test_stored_cards_show_in_the_readers_letters_and_a_typed_total_replaces_them(client, game):
    enter(client, game, "", 4, cards_0="8 J A 2 K")
    assert live_points(game) == [[Decimal("16.5"), Decimal("4")]]
    edit = url("edit-round", game, "nb", number=1)
    assert 'value="8 Kn E 2 K"' in client.get(edit).content.decode()
    rnd = Round.objects.get(status="active")
    response = client.post(
        edit,
        {"number": "1", "round_id": str(rnd.pk), "points_0": "6,5", "points_1": "4"}
        | {"cards_0": "8 Kn E 2 K"},
    )
    assert response.status_code == 302
    assert live_points(game) == [[Decimal("6.5"), Decimal("4")]]
    assert Round.objects.get(status="active").scores.order_by("player__position")[0].cards == ""


def test_the_threshold_choice_and_variant_names_read_as_norwegian(client):
    html = client.get("/nb/poengblokk/").content.decode()
    assert "når noen har 21 poeng" in html
    html = client.post("/nb/poengblokk/", new_game_data(player_count="3")).content.decode()
    assert "«Tre på hånden»" in html


def test_a_wrong_card_count_asks_to_enter_not_to_deal(client, game):
    html = enter(client, game, "", 4, cards_0="8 Kn E", lang="nb").content.decode()
    assert "skriv inn 5 kort" in html
