"""The game page's changes through HTTP (scorepad/views/game.py): enter a round, the card
helper, undo, bring back, edit, rematch; the new game is in test_start.py, the
watch page in test_game_watch.py, refusals of hostile requests in test_game_refusals.py."""

from decimal import Decimal

import pytest
from django.urls import reverse

from scorepad.models import Game, Round, Score
from tests.conftest import (
    HTMX,
    enter,
    live_points,
    make_game,
    new_game_data,
    play_rounds,
    url,
    watch_path,
)

pytestmark = pytest.mark.django_db


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
    assert (
        "Anna: write the total in whole or half points, such as 3.5." in response.content.decode()
    )
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
    response = enter(client, game, 3, 4, number=3)  # 1 and 1: not from one deck (issue 35)
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
    undo = client.post(url("undo", game), {"number": "2"})
    assert undo["Location"] == url("game", game) + "#board"  # round 2's fields again in view
    assert live_points(game) == [[3, 4]]
    undone = Round.objects.get(status="undone")
    html = client.get(url("game", game)).content.decode()
    assert "Bring back round 2" in html
    assert "Round 2, undone:\nAnna 5 · Bo 6" in html
    back = client.post(url("restore", game), {"round_id": str(undone.pk)})
    assert back["Location"] == url("game", game) + "#board"
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
    assert response["Location"] == url("game", new) + "#board"  # opened at its board
    assert new.rematch_of == old
    assert [p.name for p in new.players.all()] == ["Anna", "Bo"]
    assert (new.house.jack, new.threshold, new.variant) == (11, 30, "standard")
    assert new.table == old.table  # the whole table, copied as one field


# ------------------------------------------------------------------ links and watching


def test_unknown_edit_token_is_404(client, game):
    assert client.get("/en/scorepad/g/not-a-token/").status_code == 404
    response = client.post("/en/scorepad/g/not-a-token/round/", {"number": "1"})
    assert response.status_code == 404


def test_switching_language_stays_in_the_same_game(client, game):
    html = client.get(url("game", game, "en")).content.decode()
    assert f'href="/nb/poengblokk/s/{game.edit_token}/" hreflang="nb"' in html
    html = client.get(url("game", game, "nb")).content.decode()
    assert f'href="/en/scorepad/g/{game.edit_token}/" hreflang="en"' in html


def test_game_pages_are_not_indexed(client, game):
    html = client.get(url("game", game)).content.decode()
    assert '<meta name="robots" content="noindex, nofollow">' in html


# ------------------------------------------------------------------ export and safety


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


def test_a_wrong_card_count_asks_to_enter_not_to_deal(client, game):
    html = enter(client, game, "", 4, cards_0="8 Kn E", lang="nb").content.decode()
    assert "skriv inn 5 kort" in html


def decided(client):
    game = make_game()
    enter(client, game, 12, 3)
    enter(client, game, 10, 4)  # Anna reaches 22
    return game


def test_a_rematch_moves_the_watchers_poll_on_to_the_new_game(client):
    game = decided(client)
    mark = Game.objects.get(pk=game.pk).poll_mark
    poll = reverse("scorepad:watch-poll", args=[game.watch_token])
    assert client.get(poll, {"v": mark}, **HTMX).status_code == 204
    client.post(url("rematch", game))
    rematch = Game.objects.get(rematch_of=game)
    response = client.get(poll, {"v": mark}, **HTMX)
    assert response["HX-Redirect"] == watch_path(rematch) + "?moved=1"


def test_the_finished_games_pages_lead_to_the_rematch(client):
    game = decided(client)
    client.post(url("rematch", game))
    rematch = Game.objects.get(rematch_of=game)
    page = client.get(url("game", game)).content.decode()
    assert "A rematch of this game has started." in page
    assert url("game", rematch) in page
    watch = client.get(watch_path(game)).content.decode()
    assert "This page will move on to it without your doing anything." in watch
    assert watch_path(rematch) + "?moved=1" in watch  # the link, and the refresh without script
    moved = client.get(watch_path(rematch), {"moved": "1"}).content.decode()
    assert "this page now follows the new game" in moved
    assert watch_path(game) in moved  # the way back to the last game
    assert "this page now follows" not in client.get(watch_path(rematch)).content.decode()


def test_rematch_is_offered_once_decided_and_asks_first_in_the_middle_of_a_game(client):
    game = make_game()
    play_rounds(game, 1)
    page = client.get(url("game", game)).content.decode()
    ask = page.split('<details class="rematch-early">')[1].split("</details>")[0]
    assert "This game is not decided yet." in ask and url("rematch", game) in ask
    assert page.count(url("rematch", game)) == 1
    finished = decided(client)
    page = client.get(url("game", finished)).content.decode()
    assert 'class="rematch-early"' not in page
    result = page.split('class="result"')[1].split("</div>")[0]
    assert url("rematch", finished) in result
