"""The shared watch link (scorepad/views/watch_link.py): opens in the watcher's language,
shared without one, 404 for an unknown token."""

import pytest

from tests.conftest import make_game, url, watch_path

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(("accept", "lang"), [("nb-NO,nb;q=0.9", "nb"), ("en-GB", "en")])
def test_the_shared_watch_link_opens_in_the_watchers_language(client, accept, lang):
    game = make_game()
    response = client.get(f"/w/{game.watch_token}/", HTTP_ACCEPT_LANGUAGE=accept)
    assert response.status_code == 302
    assert response["Location"] == watch_path(game, lang)
    assert "Accept-Language" in response["Vary"]


def test_the_game_page_shares_the_link_without_a_language(client):
    game = make_game()
    html = client.get(url("game", game, "nb")).content.decode()
    assert f'data-share="http://testserver/w/{game.watch_token}/"' in html


def test_an_unknown_watch_token_ends_in_a_404(client):
    assert client.get("/w/" + "A" * 32 + "/", follow=True).status_code == 404
    assert client.get("/w/not-a-token/").status_code == 404
