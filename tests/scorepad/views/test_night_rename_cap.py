"""Names put right: at most MAX_RENAMES per game, refused with a message in the page's
language (not a server error, as a smallint names_version once was on PostgreSQL), and
the players' cache key survives a restore from a backup."""

import pytest
from django.test import Client

from scorepad.models import MAX_RENAMES, Game, NameChange, Player
from tests.conftest import make_game, url

pytestmark = pytest.mark.django_db(transaction=True)


def test_renames_stop_at_the_cap_with_a_message_in_both_languages():
    game = make_game()
    client = Client()
    for n in range(MAX_RENAMES):
        response = client.post(url("rename", game), {"seat": "0", "name": f"Anna {n}"})
        assert response.status_code == 302
    game.refresh_from_db()
    assert game.names_version == MAX_RENAMES
    last = f"Anna {MAX_RENAMES - 1}"
    for lang, words in (("en", "the most a game allows"), ("nb", "flere rettelser tillates ikke")):
        response = client.post(url("rename", game, lang), {"seat": "0", "name": "Ada"}, follow=True)
        assert response.status_code == 200
        page = response.content.decode()
        assert words in page and last in page
    assert Player.objects.get(game=game, position=0).name == last
    assert NameChange.objects.filter(game=game).count() == MAX_RENAMES


def test_the_names_after_a_restore_are_the_databases():
    """Backup at names version 0; a rename (version 1) is seen and kept; the restore
    brings back version 0, and another rename makes version 1 again, with another name."""
    game = make_game(names=("Anna", "Bo"))
    client = Client()
    page = url("game", game)
    saved = Game.objects.filter(pk=game.pk).values("version", "updated_at", "names_version").get()
    assert client.post(url("rename", game), {"seat": "0", "name": "Berit"}).status_code == 302
    assert "Berit" in client.get(page).content.decode()
    # the restore: the rows as the backup had them
    NameChange.objects.filter(game=game).delete()
    Player.objects.filter(game=game, position=0).update(name="Anna")
    Game.objects.filter(pk=game.pk).update(renamed_at=None, **saved)
    assert client.post(url("rename", game), {"seat": "0", "name": "Cato"}).status_code == 302
    game.refresh_from_db()
    assert game.names_version == 1
    html = client.get(page).content.decode()
    assert "Cato" in html and "Berit" not in html
