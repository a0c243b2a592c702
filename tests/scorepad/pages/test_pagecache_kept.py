"""The game page kept whole (scorepad/pages/pagecache.py, `KeptPage`): rendered once per
version, language and address, then answered with each request's own CSRF token and
messages put in where the marks stood; a refused form is drawn anew."""

import re
from pathlib import Path

import pytest
from django.test import Client, override_settings
from django.test.signals import template_rendered
from django.utils.autoreload import file_changed

from scorepad.pages import pagecache
from tests.conftest import HTMX, enter, make_game, play_rounds, url

pytestmark = pytest.mark.django_db
TOKEN = re.compile(r'(value="|"X-CSRFToken": ")[A-Za-z0-9]{64}"')


@pytest.fixture
def rendered():
    names = []

    def note(sender, template, **kwargs):
        names.append(template.name)

    template_rendered.connect(note)
    yield names
    template_rendered.disconnect(note)


def unmasked(html: str) -> str:
    return TOKEN.sub(r"\1T", html)


def test_a_repeat_view_renders_no_page_template(client, game, rendered):
    first = client.get(url("game", game)).content.decode()
    assert "scorepad/game.html" in rendered
    rendered.clear()
    again = client.get(url("game", game)).content.decode()
    assert rendered == []  # no message to show: not even the messages' template
    assert unmasked(again) == unmasked(first)


def test_each_answer_has_its_own_token_and_the_marks_never_show(game):
    one, two = Client(), Client()
    pages = [c.get(url("game", game)).content.decode() for c in (one, two, one)]
    tokens = [re.findall(r'name="csrfmiddlewaretoken" value="([^"]+)"', p) for p in pages]
    assert all(tokens) and len({t[0] for t in tokens}) == 3  # masked anew for each answer
    assert all(len(set(t)) == 1 for t in tokens)  # one token through each page
    header = [re.search(r'"X-CSRFToken": "([^"]+)"', p)[1] for p in pages]
    assert header == [t[0] for t in tokens]
    kept = pagecache.KeptPage.render(lambda slots: "a{csrf_token}b{messages_html}c".format(**slots))
    assert kept.html("T", "M") == "aTbMc"


def test_a_message_comes_in_the_kept_page(client, game, rendered):
    response = enter(client, game, 3, 4, follow=False)
    first = client.get(response["Location"]).content.decode()  # the new version, kept now
    assert "Round 1 saved." in first
    enter(client, game, 3, 4, number=1)  # a double tap: the same version, a message waits
    rendered.clear()
    html = client.get(url("game", game)).content.decode()
    assert "scorepad/game.html" not in rendered
    again = client.get(url("game", game)).content.decode()
    note = re.search(r'<div class="messages" role="status">.*?</div>\n?', html, re.S)[0]
    assert "Round 1" in note and "messages" not in again  # shown once
    assert unmasked(html.replace(note, "")) == unmasked(again)


def test_a_name_like_a_mark_or_a_tag_is_shown_as_typed(client):
    game = make_game(names=("{{ csrf_token }}", "{% debug %}"), threshold=500)
    play_rounds(game, 1)
    for _ in range(2):
        html = client.get(url("game", game)).content.decode()
        assert "{{ csrf_token }}" in html and "{% debug %}" in html


def test_the_htmx_board_and_the_page_are_kept_apart(client, game):
    board = client.get(url("game", game), **HTMX).content.decode()
    page = client.get(url("game", game)).content.decode()
    assert board.startswith('<div id="board"') and "<html" in page
    assert client.get(url("game", game), **HTMX).content.decode().startswith('<div id="board"')
    assert "<html" in client.get(url("game", game)).content.decode()


def test_each_language_and_each_version_has_its_own_page(client, game):
    english = client.get(url("game", game)).content.decode()
    norwegian = client.get(url("game", game, "nb")).content.decode()
    assert 'lang="en"' in english and 'lang="nb"' in norwegian
    play_rounds(game, 1)
    assert "Save round 2" in client.get(url("game", game)).content.decode()


@override_settings(SITE_URL="")
def test_without_a_site_address_each_host_has_its_own_page(game):
    for host in ("127.0.0.1", "localhost"):
        html = Client(HTTP_HOST=host).get(url("game", game)).content.decode()
        assert f"http://{host}/en/scorepad/" in html


def test_a_refused_round_is_drawn_anew_and_leaves_the_kept_page(client, game, rendered):
    client.get(url("game", game))
    refused = client.post(url("add-round", game), {"number": "1", "points_0": "x"})
    assert refused.status_code == 422 and 'value="x"' in refused.content.decode()
    rendered.clear()
    html = client.get(url("game", game)).content.decode()
    assert 'value="x"' not in html and "scorepad/game.html" not in rendered


def test_development_keeps_pages_too(client, game, rendered):
    """`make run` (DEBUG on) keeps the page as production does, so that development
    exercises the cache; a changed template empties it there, as the development
    server's autoreloader says."""
    with override_settings(DEBUG=True):
        client.get(url("game", game))
        client.get(url("game", game))
        assert rendered.count("scorepad/game.html") == 1
        file_changed.send(sender=None, file_path=Path("scorepad/templates/scorepad/x.html"))
        client.get(url("game", game))
        assert rendered.count("scorepad/game.html") == 2
        file_changed.send(sender=None, file_path=Path("scorepad/models/__init__.py"))
        client.get(url("game", game))
        assert rendered.count("scorepad/game.html") == 2  # not a template: kept still


def test_pages_are_drawn_anew_when_keeping_is_off(client, game, rendered):
    with override_settings(KEEP_PAGES=False):
        client.get(url("game", game))
        client.get(url("game", game))
    assert rendered.count("scorepad/game.html") == 2
