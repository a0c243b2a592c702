"""Issue 27: a name corrected, in the history and in the refusal at the cap, says
"corrected" ("rettet") in both languages, never the calque "put right"."""

import pytest
from django.test import Client

from scorepad.models import MAX_RENAMES
from tests.conftest import make_game, play, url

pytestmark = pytest.mark.django_db

HISTORY = {
    "en": "Name corrected: Bo is now Bodil.",
    "nb": "Navnet er rettet: Bo heter nå Bodil.",
}
CAP = {
    "en": f"Names have been corrected {MAX_RENAMES} times in this game, the most a game allows",
    "nb": f"Navn er rettet {MAX_RENAMES} ganger i dette spillet, og flere rettelser tillates ikke",
}


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_history_says_a_name_was_corrected(lang):
    game = play(make_game(("Anna", "Bo")), (3, 5))
    client = Client()
    assert client.post(url("rename", game, lang), {"seat": "1", "name": "Bodil"}).status_code == 302
    for page in ("game", "history"):
        html = client.get(url(page, game, lang)).content.decode()
        assert HISTORY[lang] in html
        assert "put right" not in html.lower()


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_cap_says_how_often_names_were_corrected(lang):
    game = make_game(("Anna", "Bo"))
    client = Client()
    for n in range(MAX_RENAMES):
        client.post(url("rename", game, lang), {"seat": "0", "name": f"Anna {n}"})
    response = client.post(url("rename", game, lang), {"seat": "0", "name": "Ada"}, follow=True)
    html = response.content.decode()
    assert CAP[lang] in html
    assert "put right" not in html.lower()
