"""What a hostile or unlucky request to the game's views meets: no 500, a clear answer,
nothing lost or mixed."""

from decimal import Decimal

import pytest
from django.urls import reverse
from django.utils import translation

from scorepad.models import Game, Round
from tests.conftest import enter, make_game, play_rounds, url

pytestmark = pytest.mark.django_db


# ------------------------------------------------------------------ former 500s


@pytest.mark.parametrize("token", ["%00" * 32, "a" * 31 + "%00", "a" * 31 + "\u00e9", "a" * 33])
def test_a_token_outside_the_token_alphabet_is_404(client, token):
    assert client.get(f"/en/scorepad/g/{token}/").status_code == 404
    assert client.get(f"/en/scorepad/watch/{token}/poll/").status_code == 404


@pytest.mark.parametrize(
    ("charset", "lang", "text"),
    [
        ("latin-1", "en", "could not read what this browser sent"),
        ("UTF8", "nb", "kunne ikke lese"),
        ("no-such-charset", "nb", "kunne ikke lese"),
    ],
)
def test_a_form_in_another_charset_is_a_400_in_the_readers_language(
    client, game, charset, lang, text
):
    response = client.generic(
        "POST",
        url("add-round", game, lang),
        b"number=1&points_0=3&points_1=4",
        content_type=f"application/x-www-form-urlencoded; charset={charset}",
    )
    assert response.status_code == 400
    assert text in response.content.decode()
    assert Round.objects.count() == 0


def test_a_stale_form_for_an_undone_round_is_told_not_a_500(client, game):
    play_rounds(game, 3)
    stale = Round.objects.get(game=game, number=3)
    client.post(url("undo", game), {"number": "3"})
    response = client.post(
        url("edit-round", game, number=3),
        {"number": "3", "round_id": str(stale.pk), "points_0": "5", "points_1": "6"},
        follow=True,
    )
    assert "Round 3 was undone meanwhile" in response.content.decode()
    assert enter(client, game, 5, 6, number=3).status_code == 302  # an old form for 3
    assert enter(client, game, 5, 6, number=3).status_code == 302  # and again: a double tap
    assert game.contiguous()


def test_editing_a_round_that_never_was_says_so(client, game):
    response = client.post(
        url("edit-round", game, number=7),
        {"number": "7", "round_id": "1", "points_0": "5", "points_1": "6"},
        follow=True,
    )
    assert "This game has no round 7" in response.content.decode()


# ------------------------------------------------------------------ messages that say the truth


def test_a_second_bring_back_says_it_is_back(client, game):
    play_rounds(game, 2)
    client.post(url("undo", game), {"number": "2"})
    rnd = Round.objects.get(game=game, number=2)
    client.post(url("restore", game), {"round_id": str(rnd.pk)})
    response = client.post(url("restore", game), {"round_id": str(rnd.pk)}, follow=True)
    assert "Round 2 is already back" in response.content.decode()


def test_undo_with_junk_says_nothing_changed(client, game):
    play_rounds(game, 2)
    response = client.post(url("undo", game), {"number": "two"}, follow=True)
    assert "did not say which round to undo" in response.content.decode()
    assert Round.objects.filter(status="active").count() == 2


def test_undo_of_an_earlier_round_names_the_last(client, game):
    play_rounds(game, 3)
    response = client.post(url("undo", game), {"number": "1"}, follow=True)
    assert "Only the last round, round 3, can be undone" in response.content.decode()


def test_a_round_cannot_come_back_into_a_finished_game(client, game):
    enter(client, game, 5, 6)
    enter(client, game, 5, 6)
    client.post(url("undo", game), {"number": "2"})
    first = Round.objects.get(game=game, number=1, status="active")
    client.post(  # the edit decides the game in round 1
        url("edit-round", game, number=1),
        {"number": "1", "round_id": str(first.pk), "points_0": "25", "points_1": "3"},
    )
    undone = Round.objects.get(game=game, status="undone")
    response = client.post(url("restore", game), {"round_id": str(undone.pk)}, follow=True)
    assert "no round can come back" in response.content.decode()
    assert Round.objects.filter(status="active").count() == 1


# ------------------------------------------------------------------ methods and headers


@pytest.mark.parametrize(
    "page",
    [
        lambda g: "/",
        lambda g: "/robots.txt",
        lambda g: url("game", g),
        lambda g: reverse("scorepad:watch", args=[g.watch_token]),
        lambda g: reverse("scorepad:watch-poll", args=[g.watch_token]),
        lambda g: url("export-csv", g),
        lambda g: url("export-json", g),
        lambda g: url("history", g),
    ],
)
def test_head_works_wherever_get_does(client, game, page):
    assert client.head(page(game)).status_code in (200, 302)


def test_every_scorepad_answer_says_noindex_and_token_pages_send_no_referrer(client, game):
    for page in (
        "/en/scorepad/",
        url("game", game),
        reverse("scorepad:watch", args=[game.watch_token]),
        url("export-csv", game),
    ):
        assert client.get(page)["X-Robots-Tag"] == "noindex, nofollow"
    for page in (reverse("scorepad:watch", args=[game.watch_token]), url("export-json", game)):
        assert client.get(page)["Referrer-Policy"] == "no-referrer"
    # Pages that post send their origin at most: under no-referrer a POST carries
    # `Origin: null`. A game's page sends only the origin, never its token.
    for page, expected in (("/en/scorepad/", "same-origin"), (url("game", game), "strict-origin")):
        assert client.get(page)["Referrer-Policy"] == expected
    assert "X-Robots-Tag" not in client.get("/en/rules/")


@pytest.mark.parametrize(("status", "points", "number"), [(409, 3, 5), (422, "x", 1)])
def test_a_refused_post_links_languages_and_canonical_to_the_game_page(
    client, game, status, points, number
):
    response = enter(client, game, points, 4, number=number)
    assert response.status_code == status
    html = response.content.decode()
    with translation.override("nb"):
        norwegian = reverse("scorepad:game", args=[game.edit_token])
    assert f'href="{norwegian}" hreflang="nb"' in html
    assert f'rel="canonical" href="http://testserver{url("game", game)}"' in html


# ------------------------------------------------------------------ caches and limits


def test_a_new_game_never_shows_the_score_table_of_a_deleted_one(client):
    old = make_game(names=("Gone", "Away"))
    play_rounds(old, 2)
    client.get(url("game", old))  # the score table is cached now
    pk, version = old.pk, Game.objects.get(pk=old.pk).version
    old.delete()
    new = Game.objects.create(id=pk, table={"threshold": 21})  # the same id, as after a restore
    for seat, name in enumerate(("Kari", "Ola")):
        new.players.create(position=seat, name=name)
    play_rounds(new, 2, points=7)
    Game.objects.filter(pk=pk).update(version=version)
    html = client.get(url("game", new)).content.decode()
    assert "Gone" not in html
    assert "Kari" in html


def test_a_double_tapped_rematch_makes_one_game_and_passes_the_deal(client, game):
    first = client.post(url("rematch", game))
    second = client.post(url("rematch", game))
    assert first["Location"] == second["Location"]
    rematch = Game.objects.get(rematch_of=game)
    assert rematch.first_dealer == 1


def test_points_are_decimal_in_the_database(game):
    game.load_players().add_round(1, [Decimal("3.5"), Decimal(4)], ["", ""])
    assert Round.objects.get().scores.order_by("player__position")[0].points == Decimal("3.5")
