"""The game page and the watch page around their kept parts (scorepad/pages/pagecache.py):
the parts hold nothing of one request, Django writes each answer's CSRF token and
messages, htmx gets the board partial, DEBUG runs the same code, a refused form redraws
only its own part, and the watch page is kept like its poll. Counted in renders and
queries, never in time."""

import re

import pytest
from django.core.cache import cache
from django.db import connection
from django.middleware.csrf import _unmask_cipher_token
from django.test import Client, override_settings
from django.test.utils import CaptureQueriesContext
from django.utils import translation

from scorepad.models import Game
from scorepad.pages import pagecache
from scorepad.views import game as game_views
from scorepad.views import watch as watch_views
from tests.conftest import enter, make_game, play_rounds, url

pytestmark = pytest.mark.django_db
HTMX = {"HTTP_HX_REQUEST": "true"}
TOKEN = re.compile(r'<input type="hidden" name="csrfmiddlewaretoken" value="([^"]+)"([^>]*)>')
HEADER = re.compile(r'"X-CSRFToken": "[^"]+"')


def main(html: str) -> str:
    return unmasked(html[html.index("<main") : html.index("</main>")])


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


def kept(game) -> pagecache.Parts:
    game = Game.objects.get(pk=game.pk)
    with translation.override("en"):
        return cache.get(pagecache.game_key("game-parts", game, game.edit_token))


def post_forms(html: str) -> dict[str, str]:
    return dict(re.findall(r'<form id="([^"]+)" method="post"[^>]*>(.*?)</form>', html, re.S))


def test_kept_parts_hold_no_token_and_no_message(client):
    game = make_game(threshold=500)
    play_rounds(game, 2)
    client.post(url("undo", game), {"number": "2"})  # a message, and a round to bring back
    page = client.get(url("game", game)).content.decode()
    assert "Round 2 undone." in page and "Bring back round 2" in page
    parts = kept(game)
    assert parts is not None
    for html in parts.html.values():
        assert "csrfmiddlewaretoken" not in html and "undone." not in html
    assert {"restore-form", "round-form", "undo-form"} <= set(parts.forms["board_head"]) | set(
        parts.forms["round_form"]
    ) | set(parts.forms["board_tail"])


@pytest.mark.parametrize("htmx", [False, True])
def test_every_post_form_has_this_readers_token(htmx):
    """Each form of the page, kept or not, sends a token Django made for this reader's
    cookie: two readers of one kept page get tokens for their own cookies."""
    game = make_game(threshold=500)
    play_rounds(game, 2)
    readers = [Client(), Client()]
    for reader in readers:
        reader.get(url("game", game))  # each gets its own CSRF cookie
    for reader in readers:
        html = reader.get(url("game", game), **(HTMX if htmx else {})).content.decode()
        secret = reader.cookies["csrftoken"].value
        tokens = TOKEN.findall(html)
        named = {m.group(1) for m in re.finditer(r'form="([^"]+)"', "".join(a for _t, a in tokens))}
        forms = post_forms(html)
        assert forms and set(forms) <= named | {
            f for f, body in forms.items() if TOKEN.search(body)
        }
        for token, _attributes in tokens:
            assert _unmask_cipher_token(token) == secret
    assert readers[0].cookies["csrftoken"].value != readers[1].cookies["csrftoken"].value


def test_a_token_outside_its_form_is_sent_with_it():
    """The kept undo form's token is written beside it, naming it: a plain post with it
    passes Django's CSRF check."""
    game = make_game(threshold=500)
    play_rounds(game, 2)
    reader = Client(enforce_csrf_checks=True)
    html = reader.get(url("game", game)).content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)" form="undo-form"', html).group(1)
    response = reader.post(url("undo", game), {"number": "2", "csrfmiddlewaretoken": token})
    assert response.status_code == 302


def test_the_htmx_answer_is_the_pages_board(client, game):
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


def test_debug_runs_the_same_code(client, game, monkeypatch):
    """With DEBUG on nothing is kept (a changed template shows at once), but the page is
    drawn from the same parts, with the tokens written the same way."""
    drawn = []
    original = pagecache.render_part

    def counted(name, context):
        drawn.append(name)
        return original(name, context)

    monkeypatch.setattr(pagecache, "render_part", counted)
    production = client.get(url("game", game)).content.decode()
    assert len(drawn) == len(pagecache.BOARD_PARTS + pagecache.PAGE_PARTS)
    with override_settings(DEBUG=True):
        first = client.get(url("game", game)).content.decode()
        second = client.get(url("game", game)).content.decode()
    assert len(drawn) == 3 * len(pagecache.BOARD_PARTS + pagecache.PAGE_PARTS)
    # (DEBUG adds django-htmx's debug script after the page's main part)
    assert main(first) == main(second) == main(production)
    assert 'form="round-form"' in first


def test_a_refused_round_redraws_only_its_form(client, board_contexts):
    game = make_game(threshold=500)
    play_rounds(game, 3)
    client.get(url("game", game))
    assert board_contexts == [False]
    response = enter(client, game, "x", 4, number=4)
    html = response.content.decode()
    assert response.status_code == 422
    assert board_contexts == [False]  # the board, the series and the rest are kept
    assert 'value="x"' in html and "The round was not saved" in html
    assert "Undo round 3" in html and 'form="round-form"' in html
    # The kept round form is untouched: the next view shows it empty again.
    again = client.get(url("game", game)).content.decode()
    assert 'value="x"' not in again and "The round was not saved" not in again
    assert board_contexts == [False]


def test_a_conflict_redraws_only_its_form(client, board_contexts):
    game = make_game(threshold=500)
    play_rounds(game, 3)
    client.get(url("game", game))
    response = enter(client, game, 7, 8, number=3, client_id="")
    html = response.content.decode()
    assert response.status_code == 409 and "was just entered from another phone" in html
    assert board_contexts == [False]
    assert re.search(
        r'<input[^>]*name="points_0"[^>]*value="7"|value="7"[^>]*name="points_0"', html
    )


def test_a_refused_rename_redraws_only_its_form(client, board_contexts):
    game = make_game(names=("Anna", "Bo"), threshold=500)
    play_rounds(game, 2)
    client.get(url("game", game))
    response = client.post(url("rename", game), {"seat": "0", "name": "Bo"})
    html = response.content.decode()
    assert response.status_code == 422 and 'aria-invalid="true"' in html
    assert board_contexts == [False]
    assert "Undo round 2" in html


def series_of(games: int) -> Game:
    game = make_game(threshold=500)
    play_rounds(game, 2)
    for _ in range(games - 1):
        game = Game.objects.get(pk=game.pk).rematch().game
        play_rounds(game, 2)
    return Game.objects.get(pk=game.pk)


def queries(call) -> list[str]:
    with CaptureQueriesContext(connection) as captured:
        call()
    return [q["sql"] for q in captured.captured_queries]


def test_a_repeat_watch_view_reads_no_scores_at_any_length_of_series(client):
    """Drawing the board reads every earlier game's scores (the series so far); a repeat
    view of a kept watch page reads none, as many queries at the 8th game as at the 2nd."""
    counts = []
    for games in (2, 8):
        game = series_of(games)
        watch = url("watch", game).replace(game.edit_token, game.watch_token)
        client.get(watch)
        sql = queries(lambda watch=watch: client.get(watch))
        assert not [q for q in sql if "scorepad_score" in q]
        counts.append(len(sql))
    assert counts[0] == counts[1]


def test_a_refused_round_reads_no_scores_at_any_length_of_series(client):
    counts = []
    for games in (2, 8):
        game = series_of(games)
        client.get(url("game", game))
        sql = queries(lambda game=game: enter(client, game, "x", 1, number=3))
        assert not [q for q in sql if "scorepad_score" in q]
        counts.append(len(sql))
    assert counts[0] == counts[1]


def test_the_watch_page_is_kept_like_its_poll(client, board_contexts):
    game = series_of(3)
    watch = url("watch", game).replace(game.edit_token, game.watch_token)
    first = client.get(watch).content.decode()
    assert board_contexts == [True]
    again = client.get(watch).content.decode()
    poll = client.get(url("watch-poll", game).replace(game.edit_token, game.watch_token))
    assert board_contexts == [True]  # one board for the page, its repeat and the poll
    answer = poll.content.decode()  # the tab's title and the heading, then the board
    board = answer[answer.index('<div id="watched"') :]
    assert answer.startswith("<title>") and board in first and board in again
    with translation.override("nb"):
        client.get(url("watch", game, "nb").replace(game.edit_token, game.watch_token))
    assert board_contexts == [True, True]  # kept per language
