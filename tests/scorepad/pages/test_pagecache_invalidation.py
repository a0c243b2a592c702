"""The one cache layer of the game page and the watch page (scorepad/pages/pagecache.py):
what is kept is drawn again after every change that shows on it (a round, an undo, a
rename, a rematch, a change to an earlier game of the series), for each language and
each address (the edit and the watch address never share a page); a refused form is
drawn as typed in a page of its own; each reader's forms carry their own token; the
watch poll answers with its partial. Counted in renders and queries, never in time."""

import re
from decimal import Decimal

import pytest
from django.db import connection
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client
from django.test.signals import template_rendered
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from scorepad.models import Game
from scorepad.views import game as game_views
from scorepad.views import watch as watch_views
from tests.conftest import HTMX, enter, make_game, play_rounds, url, watch_path

pytestmark = pytest.mark.django_db
TOKEN = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="([^"]+)"([^>]*)>')
HEADER = re.compile(r'"X-CSRFToken": "[^"]+"')
PAGE = "scorepad/game.html"


def unmasked(html: str) -> str:
    """The page with every CSRF token the same: they are masked anew for each answer."""
    return HEADER.sub("H", TOKEN.sub("T", html))


@pytest.fixture
def board_contexts(monkeypatch):
    """How often the views compute a whole board (the cost that grows with a series)."""
    calls = []
    original = game_views.board_context

    def counted(*args, **kwargs):
        calls.append(kwargs.get("watching", False))
        return original(*args, **kwargs)

    monkeypatch.setattr(game_views, "board_context", counted)
    monkeypatch.setattr(watch_views, "board_context", counted)
    return calls


@pytest.fixture
def rendered():
    names = []

    def note(sender, template, **kwargs):
        names.append(template.name)

    template_rendered.connect(note)
    yield names
    template_rendered.disconnect(note)


def post_forms(html: str) -> dict[str, str]:
    return dict(re.findall(r'<form id="([^"]+)" method="post"[^>]*>(.*?)</form>', html, re.S))


def fresh(game) -> Game:
    return Game.objects.get(pk=game.pk)


# ------------------------------------------------------------------ tokens and htmx


@pytest.mark.parametrize("htmx", [False, True])
def test_every_post_form_holds_this_readers_token(htmx):
    """Each form of a kept page sends a token Django made for this reader's cookie: two
    readers of one kept page get tokens for their own cookies."""
    game = make_game(threshold=500)
    play_rounds(game, 2)
    readers = [Client(), Client()]
    for reader in readers:
        reader.get(url("game", game))  # each gets its own CSRF cookie
    for reader in readers:
        html = reader.get(url("game", game), **(HTMX if htmx else {})).content.decode()
        secret = reader.cookies["csrftoken"].value
        forms = post_forms(html)
        assert {"round-form", "undo-form", "rename-form"} <= set(forms)
        for name, body in forms.items():
            tokens = TOKEN.findall(body)
            assert len(tokens) == 1, name
            assert _unmask_cipher_token(tokens[0][0]) == secret
    assert readers[0].cookies["csrftoken"].value != readers[1].cookies["csrftoken"].value


def test_a_kept_forms_token_passes_the_csrf_check():
    game = make_game(threshold=500)
    play_rounds(game, 2)
    reader = Client(enforce_csrf_checks=True)
    reader.get(url("game", game))
    html = reader.get(url("game", game)).content.decode()  # the kept page, this time
    token = TOKEN.search(post_forms(html)["undo-form"])[1]
    response = reader.post(url("undo", game), {"number": "2", "csrfmiddlewaretoken": token})
    assert response.status_code == 302


def test_the_htmx_answer_is_the_pages_board_partial(client, game):
    enter(client, game, 3, 4)
    data = {"number": "2", "points_0": "5", "points_1": "6"}
    saved = client.post(url("add-round", game), data, **HTMX).content.decode()
    assert saved.startswith('<div id="board"') and saved.endswith("</div>")
    assert "<html" not in saved and "Round 2 saved." in saved and "Save round 3" in saved
    board = unmasked(client.get(url("game", game), **HTMX).content.decode())
    page = unmasked(client.get(url("game", game)).content.decode())
    start = page.index('<div id="board"')
    assert page[start : start + len(board)] == board
    assert "Round 2 saved." not in board and "Undo round 2" in board


# ------------------------------------------------------------------ refused forms


def test_a_refused_round_is_drawn_as_typed_and_leaves_the_kept_page(client, board_contexts):
    game = make_game(threshold=500)
    play_rounds(game, 3)
    client.get(url("game", game))
    assert board_contexts == [False]
    response = enter(client, game, "x", 4, number=4)
    html = response.content.decode()
    assert response.status_code == 422
    assert 'value="x"' in html and "The round was not saved" in html and "Undo round 3" in html
    assert board_contexts == [False, False]  # a page of its own, drawn once
    again = client.get(url("game", game)).content.decode()
    assert 'value="x"' not in again and "The round was not saved" not in again
    assert board_contexts == [False, False]  # the kept page, as it was


def test_a_conflict_keeps_what_was_typed(client, board_contexts):
    game = make_game(threshold=500)
    play_rounds(game, 3)
    client.get(url("game", game))
    response = enter(client, game, 7, 8, number=3, client_id="")
    html = response.content.decode()
    assert response.status_code == 409 and "was just entered from another phone" in html
    assert re.search(
        r'<input[^>]*name="points_0"[^>]*value="7"|value="7"[^>]*name="points_0"', html
    )
    assert 'value="7"' not in client.get(url("game", game)).content.decode()
    assert board_contexts == [False, False]


def test_a_refused_rename_is_drawn_as_typed(client, board_contexts):
    game = make_game(names=("Anna", "Bo"), threshold=500)
    play_rounds(game, 2)
    client.get(url("game", game))
    response = client.post(url("rename", game), {"seat": "0", "name": "Bo"})
    html = response.content.decode()
    assert response.status_code == 422 and 'aria-invalid="true"' in html
    assert "Undo round 2" in html
    assert 'aria-invalid="true"' not in client.get(url("game", game)).content.decode()


def series_of(games: int) -> Game:
    game = make_game(threshold=500)
    play_rounds(game, 2)
    for _ in range(games - 1):
        game = fresh(game).rematch().game
        play_rounds(game, 2)
    return fresh(game)


def queries(call) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        call()
    return [q["sql"] for q in captured.captured_queries]


def test_a_refused_rounds_queries_do_not_grow_with_the_series(client):
    counts = []
    for games in (2, 8):
        game = series_of(games)
        client.get(url("game", game))
        sql = queries(lambda game=game: enter(client, game, "x", 1, number=3))
        counts.append(len(sql))
    assert counts[0] == counts[1]


# ------------------------------------------------------------------ what moves a kept page


def kept_then(client, game, rendered, change, lang="en") -> tuple[str, str]:
    """The page kept (seen twice, drawn once), then after `change()`: drawn again."""
    before = client.get(url("game", game, lang)).content.decode()
    client.get(url("game", game, lang))
    assert rendered.count(PAGE) == 1
    change()
    after = client.get(url("game", game, lang)).content.decode()
    assert rendered.count(PAGE) == 2
    return before, after


def test_a_round_moves_the_kept_page_on(client, game, rendered):
    before, after = kept_then(client, game, rendered, lambda: enter(client, game, 3, 4))
    assert "Save round 1" in before and "Save round 2" in after


def test_an_undo_moves_the_kept_page_on(client, rendered):
    game = make_game(threshold=500)
    play_rounds(game, 2)
    change = lambda: client.post(url("undo", game), {"number": "2"})  # noqa: E731
    before, after = kept_then(client, game, rendered, change)
    assert "Undo round 2" in before and "Bring back round 2" in after


def test_a_rename_moves_the_kept_page_on(client, rendered):
    game = make_game(names=("Anna", "Bo"), threshold=500)
    play_rounds(game, 1)
    change = lambda: client.post(url("rename", game), {"seat": "0", "name": "Cleo"})  # noqa: E731
    before, after = kept_then(client, game, rendered, change)
    assert "Cleo" not in before and "Cleo" in after


def test_a_rematch_moves_the_kept_page_of_the_game_it_left(client, rendered):
    game = make_game(threshold=500)
    play_rounds(game, 1)
    before, after = kept_then(client, game, rendered, lambda: client.post(url("rematch", game)))
    rematch = fresh(game).rematch_game
    assert rematch.edit_token not in before and rematch.edit_token in after


def test_a_change_to_an_earlier_game_moves_the_next_ones_series(client, rendered):
    first = make_game(threshold=21)
    for number in range(1, 7):  # Bo reaches 21 in the sixth round
        fresh(first).add_round(number, [Decimal(3), Decimal(4)], ["", ""])
    second = fresh(first).rematch().game
    change = lambda: client.post(url("undo", first), {"number": "6"})  # noqa: E731
    before, after = kept_then(client, second, rendered, change)

    def series(html):
        return re.search(r'<section class="series".*?</section>', html, re.S)[0]

    assert series(before) != series(after)


def test_each_language_has_its_own_kept_page(client, game, rendered):
    english = client.get(url("game", game)).content.decode()
    norwegian = client.get(url("game", game, "nb")).content.decode()
    assert rendered.count(PAGE) == 2
    assert 'lang="en"' in english and 'lang="nb"' in norwegian
    assert unmasked(client.get(url("game", game)).content.decode()) == unmasked(english)
    assert unmasked(client.get(url("game", game, "nb")).content.decode()) == unmasked(norwegian)
    assert rendered.count(PAGE) == 2


def test_the_watch_address_never_gets_the_edit_page(client, rendered):
    game = make_game(threshold=500)
    play_rounds(game, 1)
    edit = client.get(url("game", game)).content.decode()
    watched = client.get(watch_path(game)).content.decode()
    again = client.get(watch_path(game)).content.decode()
    assert game.edit_token in edit and 'id="round-form"' in edit
    for html in (watched, again):
        assert game.edit_token not in html and 'id="round-form"' not in html
        assert 'id="watched"' in html
    assert 'id="watched"' not in client.get(url("game", game)).content.decode()


# ------------------------------------------------------------------ the watch page and its poll


def test_a_repeat_watch_view_reads_no_scores_at_any_length_of_series(client):
    """Drawing the board reads every earlier game's scores (the series so far); a repeat
    view of a kept watch page reads none, as many queries at the 8th game as at the 2nd."""
    counts = []
    for games in (2, 8):
        game = series_of(games)
        client.get(watch_path(game))
        sql = queries(lambda game=game: client.get(watch_path(game)))
        assert not [q for q in sql if "scorepad_score" in q]
        counts.append(len(sql))
    assert counts[0] == counts[1]


def test_the_watch_page_and_its_poll_show_one_kept_board(client, board_contexts, monkeypatch):
    drawn = []
    original = watch_views.render_to_string

    def counted(name, *args, **kwargs):
        drawn.append(name)
        return original(name, *args, **kwargs)

    monkeypatch.setattr(watch_views, "render_to_string", counted)
    game = series_of(3)
    poll_url = url("watch-poll", game, token="watch_token")
    first = client.get(watch_path(game)).content.decode()
    assert board_contexts == [True]
    again = client.get(watch_path(game)).content.decode()
    answer = client.get(poll_url).content.decode()
    assert board_contexts == [True]  # one board for the page, its repeat and the poll
    assert drawn == ["scorepad/watch.html#watched", "scorepad/watch.html#poll"]
    assert answer.startswith("<title>") and 'data-hx-swap-oob="true"' in answer
    board = answer[answer.index('<div id="watched"') :]
    assert board in first and board in again
    other = Client().get(poll_url).content.decode()  # another watcher: the kept answer
    assert other == answer and drawn.count("scorepad/watch.html#poll") == 1
    with translation.override("nb"):
        client.get(watch_path(game, "nb"))
    assert board_contexts == [True, True]  # kept per language
