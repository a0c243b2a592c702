"""Putting a name right (`rename` in scorepad/views/night.py): shown everywhere at once,
normalised, refused when taken, empty or raced."""

import json

import pytest

from scorepad.models import Game, NameChange
from tests.conftest import HTMX, fresh, make_game, play, url

pytestmark = pytest.mark.django_db


def rename(client, game, seat, name, lang="en"):
    return client.post(url("rename", game, lang), {"seat": str(seat), "name": name})


def test_a_name_put_right_shows_everywhere_and_the_history_notes_it(client):
    game = play(make_game(("Anna", "Bo")), (3, 5), (2, 4))
    response = rename(client, game, 1, "  Bodil\u200b ")
    assert response.status_code == 302
    assert response["Location"] == url("game", game) + "#board"  # the next round in view
    html = client.get(url("game", game)).content.decode()
    assert "Bo is now called Bodil." in html
    assert "Name corrected: Bo is now Bodil." in html
    watch = client.get(url("watch", game, token="watch_token")).content.decode()
    assert ">Bodil<" in watch and "Bodil 9" in watch  # the standings and the chart
    history = client.get(url("history", game)).content.decode()
    assert "Name corrected: Bo is now Bodil." in history
    csv_text = client.get(url("export-csv", game)).content.decode()
    assert csv_text.splitlines()[0].endswith("Anna,Bodil")
    data = json.loads(client.get(url("export-json", game)).content)
    assert data["players"] == ["Anna", "Bodil"]
    assert data["name_changes"][0] | {"at": None} == {
        "seat": 1,
        "from": "Bo",
        "to": "Bodil",
        "at": None,
    }
    assert [[str(s["points"]) for s in r["scores"]] for r in data["rounds"]] == [
        ["3.0", "5.0"],
        ["2.0", "4.0"],
    ]


def test_the_watch_poll_sees_a_rename(client):
    game = play(make_game(("Anna", "Bo")), (3, 5))
    poll = url("watch-poll", game, token="watch_token")
    shown = fresh(game).poll_mark
    assert client.get(poll, {"v": shown}, **HTMX).status_code == 204
    rename(client, game, 0, "Ann")
    answer = client.get(poll, {"v": shown}, **HTMX)
    assert answer.status_code == 200 and "Ann" in answer.content.decode()


def test_a_name_is_normalised_before_its_length_is_checked(client):
    decomposed = "e\u0301" * 24  # 48 code points, 24 letters once composed
    assert rename(client, make_game(("Anna", "Bo")), 0, decomposed).status_code == 302
    assert Game.objects.get().players.get(position=0).name == "\u00e9" * 24
    too_long = rename(client, Game.objects.get(), 1, "x" * 25)
    assert too_long.status_code == 422
    assert "at most 24 characters" in too_long.content.decode()


@pytest.mark.parametrize(
    ("name", "lang", "error"),
    [
        ("bo", "en", "Another player is already called Bo."),
        ("   ", "en", "Type the new name."),
        ("\u200b", "nb", "Skriv det nye navnet."),
        ("BO", "nb", "En annen spiller heter allerede Bo."),
    ],
)
def test_a_duplicate_or_empty_name_is_refused_and_nothing_changes(client, name, lang, error):
    game = play(make_game(("Anna", "Bo")), (3, 5))
    response = rename(client, game, 0, name, lang)
    assert response.status_code == 422
    html = response.content.decode()
    assert error in html
    assert "<details open>" in html  # the form stays open with the error beside the field
    assert [p.name for p in fresh(game).player_list] == ["Anna", "Bo"]
    assert not NameChange.objects.exists() and fresh(game).version == 1


def test_a_rename_raced_by_another_phone_is_refused(client, monkeypatch):
    """The form saw no clash; by the time the change ran, another phone had taken the
    name: the model's check under the lock refuses it."""
    game = make_game(("Anna", "Bo"))
    from scorepad import forms

    monkeypatch.setattr(forms.RenameForm, "clean", lambda self: self.cleaned_data)
    response = rename(client, game, 0, "Bo")
    assert response.status_code == 409
    assert "Another player is already called Bo." in response.content.decode()
