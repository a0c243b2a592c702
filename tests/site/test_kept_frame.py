"""base.html's frame (head, header, footer and scripts) kept around a page that is itself
rendered from kept parts (ghost_site/templatetags/frame.py): the same HTML as drawn
anew, keyed so that a change or the other language draws it anew, and nothing of one
request inside it."""

import re

import pytest
from django.core.cache import cache
from django.core.cache.utils import make_template_fragment_key
from django.test import Client, override_settings

from tests.conftest import make_game, play_rounds, url

pytestmark = pytest.mark.django_db
TOKEN = re.compile(r'(value=|"X-CSRFToken": )"[A-Za-z0-9]{64}"')
FRAMES = ("head", "header", "footer")


def get(client, game, lang="en"):
    return client.get(url("game", game, lang))


def shown(response) -> str:
    return TOKEN.sub("T", response.content.decode())


def kept(response) -> list[str | None]:
    """The frame as kept for this answer's page, version and address."""
    key = [response.context["frame_key"], response.context["canonical_url"]]
    return [cache.get(make_template_fragment_key(f"frame-{n}", key)) for n in FRAMES]


def test_the_kept_frame_is_the_frame_drawn_anew(client):
    game = make_game(threshold=500)
    play_rounds(game, 1)
    first = get(client, game)
    frames = kept(first)
    assert all(frames) and all(f in first.content.decode() for f in frames)
    assert shown(get(client, game)) == shown(first)
    with override_settings(DEBUG=True):  # nothing kept: drawn anew every time
        cache.clear()
        fresh = get(client, game)
        assert kept(fresh) == [None] * 3
    # (DEBUG adds django-htmx's debug script after the page's main part)
    end = shown(first).index("</main>")
    assert shown(fresh)[:end] == shown(first)[:end]


def test_a_change_or_the_other_language_has_a_frame_of_its_own(client):
    game = make_game(threshold=500)
    english, norwegian = get(client, game), get(client, game, "nb")
    assert 'lang="en"' in kept(english)[0] and 'lang="nb"' in kept(norwegian)[0]
    play_rounds(game, 1)
    after = get(client, game)
    assert after.context["frame_key"] != english.context["frame_key"]
    assert all(kept(after))


def test_the_kept_frame_holds_nothing_of_one_reader():
    game = make_game(threshold=500)
    one, two = get(Client(), game), get(Client(), game)
    header = re.compile(r'"X-CSRFToken": "([^"]+)"')
    assert header.search(one.content.decode())[1] != header.search(two.content.decode())[1]
    for frame in kept(two):
        assert "csrf" not in frame.lower()


def test_a_page_without_kept_parts_keeps_no_frame(client):
    response = client.get("/en/scorepad/")
    assert not response.context.get("frame_key")
