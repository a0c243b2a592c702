"""Issue 35 in Golf's scorepad, through HTTP: the caller penalty on the extra hole among
the players who play it, four-card golf asking who knocked, and the extra hole named
as such in the form, its message, the result line and the running totals."""

import re
from decimal import Decimal

import pytest
from django.utils import translation

from scorepad.models import Game
from tests.conftest import enter as post_hole
from tests.conftest import golf, live_points, url

pytestmark = pytest.mark.django_db


ADA = ("Ada", "Bo", "Cy")


def form_of(client, game, lang="en"):
    page = client.get(url("game", game, lang)).content.decode()
    return page.split('id="round-form"')[1].split("</form>")[0]


def test_two_of_three_tied_play_the_extra_hole_under_the_caller_penalty(client):
    """Reported: the penalty on the extra hole was applied only when every player was
    tied; two of three tied saved the scores as typed."""
    game = golf(ADA, holes=1, extra_hole=True, caller_penalty=True)
    assert post_hole(client, game, 5, 5, 9, number=1, caller=2).status_code == 302
    form = form_of(client, game)
    assert re.findall(r'name="caller" value="(\d+)"', form) == ["0", "1"]
    # Ada called with 5, Bo has the lowest, 2: Bo writes 0, Ada adds 2
    assert post_hole(client, game, 5, 2, None, number=2, caller=0).status_code == 302
    assert live_points(game)[1] == [Decimal(7), Decimal(0)]
    # Cy, who sat it out, cannot be named the caller of the extra hole
    game = golf(ADA, holes=1, extra_hole=True, caller_penalty=True)
    post_hole(client, game, 5, 5, 9, number=1, caller=2)
    refused = post_hole(client, game, 5, 2, None, number=2, caller=2)
    assert refused.status_code == 422 and len(live_points(game)) == 1


@pytest.mark.parametrize(
    ("lang", "asked", "never"),
    [("en", "Who knocked?", "Who went out"), ("nb", "Hvem banket i bordet?", "gikk ut")],
)
def test_four_card_golf_asks_who_knocked(client, lang, asked, never):
    game = golf(ADA, variant="four_card", caller_penalty=True)
    form = form_of(client, game, lang)
    assert asked in form and never not in form
    six = form_of(client, golf(ADA, caller_penalty=True), lang)
    assert {"en": "Who went out?", "nb": "Hvem gikk ut?"}[lang] in six
    with translation.override(lang):
        refused = post_hole(client, game, 4, 5, 6, number=1, lang=lang).content.decode()
    assert {"en": "Choose who knocked.", "nb": "Velg hvem som banket i bordet."}[lang] in refused


def extra_hole_played(client, lang="en"):
    """Two holes tied by Ada and Bo, Cy behind; Bo wins the extra hole."""
    game = golf(ADA, holes=2, extra_hole=True)
    post_hole(client, game, 5, 5, 10, number=1, lang=lang)
    post_hole(client, game, 4, 4, 9, number=2, lang=lang)
    return game


@pytest.mark.parametrize(
    ("lang", "said", "never"),
    [
        (
            "en",
            [
                "Save the extra hole",
                "Extra hole saved.",
                "Bo wins the game on the extra hole.",
                "Running totals after 2 holes and the extra hole: Ada 9, Bo 9, Cy 19.",
                "Extra hole ✎",
            ],
            ["Save hole 3", "Hole 3 saved", "after 3 holes", "Bo wins the extra hole."],
        ),
        (
            "nb",
            [
                "Lagre det ekstra hullet",
                "Det ekstra hullet er lagret.",
                "Bo vinner spillet på det ekstra hullet.",
                "Summen etter 2 hull og det ekstra hullet: Ada 9, Bo 9, Cy 19.",
                "Ekstra hull ✎",
            ],
            ["Lagre hull 3", "Hull 3 er lagret", "etter 3 hull"],
        ),
    ],
)
def test_the_extra_hole_is_named_never_numbered(client, lang, said, never):
    game = extra_hole_played(client, lang)
    form = form_of(client, game, lang)
    assert said[0] in form and never[0] not in form
    response = post_hole(client, game, 6, 2, None, number=3, lang=lang)
    page = client.get(response.url).content.decode().replace("\N{NO-BREAK SPACE}", " ")
    page = re.sub(r"\s+", " ", re.sub(r"<(?!/?a\b)[^>]+>", " ", page))
    for phrase in said[1:]:
        assert phrase in page, phrase
    for phrase in never[1:]:
        assert phrase not in page, phrase


def test_the_exports_say_which_row_is_the_extra_hole(client):
    game = extra_hole_played(client)
    post_hole(client, game, 6, 2, None, number=3)
    csv = client.get(url("export-csv", game)).content.decode()
    rows = [line.split(",")[0] for line in csv.splitlines()]
    assert rows[1:5] == ["1", "2", "Total after 2 holes", "Extra hole"]
    data = client.get(url("export-json", game)).json()
    extra = [r.get("extra_hole", False) for r in data["rounds"]]
    assert extra == [False, False, True]
    # Golf's scores are whole numbers, not "16.0"
    assert data["rounds"][0]["scores"][2]["points"] == 10 and data["totals"] == [9, 9, 19]


def test_the_picture_puts_the_winner_first_and_counts_the_holes_apart(client, monkeypatch):
    from scorepad.pages import night

    game = golf(("Anne-Marthe", "Bjørn-Erik", "Cy"), holes=2, extra_hole=True)
    for number, points in enumerate([(5, 5, 10), (4, 4, 9), (6, 2, None)], 1):
        post_hole(client, game, *points, number=number)
    seen = {}

    def keep(headline, subtitle, standings, course, *args):
        seen.update(headline=headline, subtitle=subtitle, standings=standings, course=course)
        return b""

    monkeypatch.setattr(night.picture, "result_png", keep)
    for lang, count in (("en", "2 holes + extra hole"), ("nb", "2 hull + ekstra hull")):
        with translation.override(lang):
            night.draw_result(Game.objects.get(pk=game.pk), lang)
        assert seen["subtitle"].endswith(f" · {count}")
        first, second, third = seen["standings"]
        assert (first.name, first.place) == ("Bjørn-Erik", 1)
        assert (second.name, second.place) == ("Anne-Marthe", 2)
        assert third.place == 3
        assert seen["course"].rounds == 2  # the chart: the holes that count


def test_a_hole_whose_scores_cannot_be_dealt_together_is_refused_and_kept(client):
    """−6 twice from one deck needs six twos: refused, the players named, nothing lost."""
    game = golf(ADA)
    response = post_hole(client, game, -6, -6, 10, number=1)
    page = response.content.decode().replace("\N{NO-BREAK SPACE}", " ")
    assert response.status_code == 422 and live_points(game) == []
    assert (
        "Ada −6 and Bo −6: one deal cannot give these scores – between them they need at "
        "least six twos, and the deck has only four."
    ) in page
    assert 'value="-6"' in page or 'value="−6"' in page
    assert post_hole(client, game, -6, 0, 10, number=1).status_code == 302


@pytest.mark.parametrize(
    ("lang", "named", "numbered"),
    [
        (
            "en",
            [
                "Undo the extra hole",
                "Edit the extra hole",
                "Bring back the extra hole",
                "The extra hole, undone:",
            ],
            "hole 3",
        ),
        (
            "nb",
            [
                "Angre det ekstra hullet",
                "Endre det ekstra hullet",
                "Hent tilbake det ekstra hullet",
                "Det ekstra hullet, angret:",
            ],
            "hull 3",
        ),
    ],
)
def test_undo_edit_bring_back_and_history_name_the_extra_hole(client, lang, named, numbered):
    """The editor's read: after the extra hole its undo button said "Undo hole 3", its
    edit page "Edit hole 3", and once undone "Bring back hole 3" and "Hole 3, undone"."""

    def words(response):
        body = response.content.decode()
        body = re.sub(r"<(script|svg)\b.*?</\1>", " ", body, flags=re.S)
        return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", body)).lower()

    game = extra_hole_played(client, lang)
    post_hole(client, game, 6, 2, None, number=3, lang=lang)
    played = words(client.get(url("game", game, lang)))
    edit = words(client.get(url("edit-round", game, lang, number=3)))
    assert named[0].lower() in played and named[1].lower() in edit
    client.post(url("undo", game, lang), {"number": "3"})
    undone = words(client.get(url("game", game, lang)))
    assert named[2].lower() in undone and named[3].lower() in undone
    for page in (played, edit, undone):
        assert numbered not in page
    # the game's own holes keep their numbers
    assert named[0].lower() not in words(
        client.get(url("game", extra_hole_played(client, lang), lang))
    )
