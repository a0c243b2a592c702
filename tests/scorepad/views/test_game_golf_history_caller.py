"""Issue 35: a hole's history names its caller. An edit that changes only who went out
first (or, in four-card golf, who knocked) shows the old caller on the replaced hole,
never nothing and never the new one."""

import re
from html import unescape

import pytest

from tests.conftest import enter as send
from tests.conftest import golf, url

pytestmark = pytest.mark.django_db


def edit_caller(client, game, points, caller):
    edit = client.get(url("edit-round", game, number=1)).content.decode()
    data = dict(re.findall(r'name="(number|round_id|made)"[^>]* value="([^"]*)"', edit))
    data |= {f"points_{i}": str(p) for i, p in enumerate(points)}
    data["caller"] = str(caller)
    assert client.post(url("edit-round", game, number=1), data).status_code == 302


def history_text(client, game, lang):
    page = client.get(url("history", game, lang)).content.decode()
    main = page.split("<main", 1)[1].split("</main>", 1)[0]
    return re.sub(r"\s+", " ", unescape(re.sub(r"<[^>]+>", " ", main)))


@pytest.mark.parametrize(
    ("lang", "variant", "old", "new"),
    [
        ("en", "six_card", "Anna went out.", "Bo went out."),
        ("nb", "six_card", "Anna gikk ut.", "Bo gikk ut."),
        ("en", "four_card", "Anna knocked.", "Bo knocked."),
        ("nb", "four_card", "Anna banket i bordet.", "Bo banket i bordet."),
    ],
)
def test_an_edit_of_only_the_caller_shows_the_old_caller(client, lang, variant, old, new):
    game = golf(caller_penalty=True, variant=variant)
    # Anna and Bo share the lowest score: whichever of them called, nothing changes
    send(client, game, 2, 2, 8, caller=0)
    edit_caller(client, game, (2, 2, 8), caller=1)
    text = history_text(client, game, lang)
    assert old in text, text
    assert new not in text, text
