"""What a hostile or unlucky request meets: no 500, a clear answer, nothing lost or mixed."""

import csv
import io
import json
import re
from datetime import timedelta
from decimal import Decimal

import pytest
from django.core.cache import caches
from django.test import override_settings
from django.urls import reverse
from django.utils import timezone, translation

from scorepad.models import Game, RateMark, Round
from tests.conftest import enter, make_game, new_game_data, play_rounds, url

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


# ------------------------------------------------------------------ names


@pytest.mark.parametrize(
    "name",
    ["👩\u200d👩\u200d👧 Kari", "می\u200cخواهم", "क्\u200dष"],
)
def test_joiners_inside_names_are_kept(client, name):
    client.post("/en/scorepad/", new_game_data(name_0=name))
    assert Game.objects.get().players.get(position=0).name == name


def test_names_are_stored_composed(client):
    client.post("/en/scorepad/", new_game_data(name_0="Bjo\u0308rn"))
    assert Game.objects.get().players.get(position=0).name == "Bj\u00f6rn"


@pytest.mark.parametrize("name", ["ㅤㅤ", "\u2800", "…", "\u200b\u200d"])
def test_a_name_needs_a_visible_letter_or_digit(client, name):
    response = client.post("/en/scorepad/", new_game_data(name_0=name))
    assert response.status_code == 400
    assert "at least one letter or digit" in response.content.decode()
    assert Game.objects.count() == 0


@pytest.mark.parametrize(
    ("first", "second"), [("Bjo\u0308rn", "Björn"), ("ＡＮＮＡ", "anna"), ("ﬁa", "FIA")]
)
def test_look_alike_names_are_duplicates(client, first, second):
    response = client.post("/en/scorepad/", new_game_data(name_0=first, name_1=second))
    assert response.status_code == 400
    assert "Give them different names" in response.content.decode()


# ------------------------------------------------------------------ exports


def test_csv_cells_that_would_run_as_formulas_are_text(client):
    names = ["=HYPERLINK(1)", "+cmd|x", "-2+3", "@SUM(A1)", "\tTab", "\rCR"]
    client.post(
        "/en/scorepad/",
        new_game_data(
            player_count="6",
            variant="three_in_hand",
            **{f"name_{i}": n for i, n in enumerate(names)},
        ),
    )
    game = Game.objects.get()
    header = next(csv.reader(io.StringIO(client.get(url("export-csv", game)).content.decode())))
    stored = [p.name for p in game.players.all()]
    assert header[1:] == ["'" + n if n[0] in "=+-@\t\r" else n for n in stored]
    assert all(not cell.startswith(("=", "+", "-", "@", "\t", "\r")) for cell in header)


@pytest.mark.parametrize("name", ["export-csv", "export-json"])
def test_exports_are_private_and_do_not_count_games(client, game, name):
    response = client.get(url(name, game))
    assert response["Cache-Control"] == "private, no-store"
    filename = re.search(r'filename="([^"]+)"', response["Content-Disposition"]).group(1)
    assert re.fullmatch(r"ghost-\d{4}-\d\d-\d\d-[0-9a-f]{8}\.(csv|json)", filename)


@override_settings(SITE_URL="https://ghost.example")
def test_absolute_links_come_from_the_site_origin_not_the_host_header(client, game):
    data = json.loads(client.get(url("export-json", game), HTTP_HOST="localhost").content)
    assert data["watch_url"].startswith("https://ghost.example/en/scorepad/watch/")
    html = client.get("/en/rules/", HTTP_HOST="localhost").content.decode()
    assert '<link rel="canonical" href="https://ghost.example/en/rules/">' in html


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
    # Pages that post keep same-origin: under no-referrer a POST carries `Origin: null`.
    for page in ("/en/scorepad/", url("game", game)):
        assert client.get(page)["Referrer-Policy"] == "same-origin"
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
    new = Game.objects.create(id=pk, threshold=21)  # the same id, as after a restore
    for seat, name in enumerate(("Kari", "Ola")):
        new.players.create(position=seat, name=name)
    play_rounds(new, 2, points=7)
    Game.objects.filter(pk=pk).update(version=version)
    html = client.get(url("game", new)).content.decode()
    assert "Gone" not in html
    assert "Kari" in html


@override_settings(GAMES_PER_HOUR_PER_CLIENT=2)
def test_the_rate_limit_survives_page_traffic_and_cache_loss(client):
    assert [client.post("/en/scorepad/", new_game_data()).status_code for _ in range(2)] == [
        302,
        302,
    ]
    for alias in ("default", "pages"):
        caches[alias].clear()
    response = client.post("/en/scorepad/", new_game_data())
    assert response.status_code == 429
    assert "You can start another in 60 minutes" in response.content.decode()


@override_settings(GAMES_PER_HOUR_PER_CLIENT=2)
def test_the_window_slides(client):
    hour_ago = timezone.now() - timedelta(minutes=59)
    RateMark.objects.create(client="127.0.0.1", at=hour_ago)
    RateMark.objects.create(client="127.0.0.1", at=timezone.now())
    response = client.post("/nb/poengblokk/", new_game_data())
    assert response.status_code == 429
    assert "om 1 minutt" in response.content.decode()
    RateMark.objects.filter(at=hour_ago).update(at=hour_ago - timedelta(minutes=2))
    assert client.post("/nb/poengblokk/", new_game_data()).status_code == 302


@override_settings(GAMES_PER_HOUR_PER_CLIENT=1)
def test_a_refused_rematch_says_when_it_will_work(client):
    client.post("/en/scorepad/", new_game_data())
    game = Game.objects.get()
    response = client.post(url("rematch", game), follow=True)
    assert "You can start another in 60 minutes" in response.content.decode()
    assert Game.objects.count() == 1


def test_a_double_tapped_rematch_makes_one_game_and_passes_the_deal(client, game):
    first = client.post(url("rematch", game))
    second = client.post(url("rematch", game))
    assert first["Location"] == second["Location"]
    rematch = Game.objects.get(rematch_of=game)
    assert rematch.first_dealer == 1


def test_points_are_decimal_in_the_database(game):
    game.load_players().add_round(1, [Decimal("3.5"), Decimal(4)], ["", ""])
    assert Round.objects.get().scores.order_by("player__position")[0].points == Decimal("3.5")
