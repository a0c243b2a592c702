"""Issue 35 (SI-EN-02): a missing page under a game's address stays that game's in its
title, header and footer (context_processors.current_game), and says no other game."""

import re

import pytest

from tests.conftest import footer_words

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("language", "path"), [("en", "/en/golf/no-such-page/"), ("nb", "/nb/golf/finnes-ikke/")]
)
def test_a_missing_page_under_golf_stays_golfs(client, language, path):
    page = client.get(path)
    assert page.status_code == 404
    body = page.content.decode()
    title = re.search(r"<title>(.*?)</title>", body, re.S)[1]
    assert title.endswith({"en": "Golf, the card game", "nb": "Kortspillet Golf"}[language])
    assert '<span class="brand-name">Golf</span>' in body
    assert "Ghost site" not in body and "Golf" in footer_words(page)


def test_a_missing_page_elsewhere_is_the_default_games(client):
    body = client.get("/en/no-such-page/").content.decode()
    assert '<span class="brand-name">Ghost</span>' in body
    assert "There is no page at this address." in body
