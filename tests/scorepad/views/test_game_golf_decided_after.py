"""Issue 35: a Golf game decided after its holes says so, with the count's plural in
each language: "Decided after 1 hole." / «Avgjort etter 1 hull.»."""

import re
from html import unescape

import pytest

from tests.conftest import enter as send
from tests.conftest import golf, url

pytestmark = pytest.mark.django_db


def words(page: str) -> str:
    main = page.split("<main", 1)[1].split("</main>", 1)[0]
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", main)))


@pytest.mark.parametrize(
    ("lang", "holes", "said"),
    [
        ("en", 1, "Decided after 1 hole."),
        ("nb", 1, "Avgjort etter 1 hull."),
        ("en", 2, "Decided after 2 holes."),
        ("nb", 2, "Avgjort etter 2 hull."),
    ],
)
def test_a_decided_game_says_after_how_many_holes(client, lang, holes, said):
    game = golf(holes=holes)
    for _ in range(holes):
        send(client, game, 3, 5, 7)
    text = words(client.get(url("game", game, lang)).content.decode())
    assert said in text
    assert "Etter 1 hull." not in text and "After 1 hole." not in text
