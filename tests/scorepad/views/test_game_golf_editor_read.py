"""Issue 35, the native editor's third read of Golf's scorepad (its items by number): what
it found wrong, read on the page as the client gets it, and its polish checked gone.
A number in a sentence is computed here from the game's rules (outcome.py, cards.py)."""

import re

import pytest
from django.urls import reverse
from django.utils import translation

from rules.games.golf import cards
from rules.games.golf.outcome import apply_caller_penalty
from rules.words import NUMBER_WORDS, RANK_PLURALS
from scorepad.models import Game
from tests.conftest import enter as send
from tests.conftest import golf, golf_data, page_words, remember_games, url

pytestmark = pytest.mark.django_db

LANGUAGES = ["en", "nb"]


def start_url(lang):
    with translation.override(lang):
        return reverse("scorepad:start-game", kwargs={"game": "golf"})


# ------------------------------------------------------------------ wrong (severity 2)


def test_a_replaced_hole_is_replaced_by_an_edit_not_a_round(client):
    """Item 5: «Hull 1, erstattet da runden ble endret» on Golf's history."""
    game = golf()
    send(client, game, 5, 2, 8, number=1)
    edit = client.get(url("edit-round", game, number=1)).content.decode()
    data = dict(re.findall(r'name="(number|round_id|made)"[^>]* value="([^"]*)"', edit))
    data |= {"points_0": "5", "points_1": "3", "points_2": "8"}
    assert client.post(url("edit-round", game, number=1), data).status_code == 302
    history = page_words(client.get(url("history", game, "nb")))
    assert "Hull 1, erstattet ved en endring:" in history
    assert "da runden ble endret" not in history


@pytest.mark.parametrize("lang", LANGUAGES)
def test_four_card_golfs_penalty_note_names_the_player_who_knocked(client, lang):
    """Item 2: the four-card pad said «Straff for den som går ut: …»; nobody goes out."""
    game = golf(variant="four_card", caller_penalty=True)
    typed, caller = [5, 2, 8], 0
    penalty = apply_caller_penalty(typed, caller)
    assert penalty.applied
    assert send(client, game, *typed, number=1, caller=caller, lang=lang).status_code == 302
    added = penalty.scores[caller] - typed[caller]
    text = page_words(client.get(url("game", game, lang)))
    note = {
        "en": f"Caller penalty: Anna adds {added}; Bo writes {penalty.scores[1]}.",
        "nb": f"Straff for den som banket: Anna legger til {added}, og Bo skriver "
        f"{penalty.scores[1]}.",
    }[lang]
    assert note in text
    if lang == "nb":
        assert "den som går ut" not in text
        assert "straff for å avslutte hullet" in text  # the line of the choices
    # six-card golf: the note names the house rule as the form and the line of choices do
    six = golf(caller_penalty=True)
    send(client, six, *typed, number=1, caller=caller, lang=lang)
    said = {"en": "Caller penalty: Anna adds", "nb": "Straff for å avslutte hullet: Anna"}[lang]
    assert said in page_words(client.get(url("game", six, lang)))


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "between them they need at least {n} {twos}, and the {d} decks have only {held}."),
        ("nb", "til sammen trengs det minst {n} {twos}, og de {d} kortstokkene har bare {held}."),
    ],
)
def test_a_refusal_counts_the_decks_that_run_short(client, lang, said):
    """Items 6/40 at five players: two decks, eight twos, three layouts of −6 need nine
    (a column worth −2 holds a two: tests/rules/test_together.py)."""
    names = ["Ada", "Bo", "Cy", "Dag", "Eli"]
    game = golf(names)
    decks = cards.decks_for(len(names))
    held = cards.copies_in(decks, None)["2"]
    columns = cards.SIX_CARD.columns
    response = send(client, game, -6, -6, -6, 5, 5, number=1, lang=lang)
    assert response.status_code == 422
    words = NUMBER_WORDS[lang]
    expected = said.format(
        n=words[3 * columns], twos=RANK_PLURALS[lang]["2"], d=words[decks], held=words[held]
    )
    text = page_words(response)
    assert expected in text
    assert "gir alle" not in text and "no deal from your decks" not in text


# ------------------------------------------------------------------ polish (severity 3)


@pytest.mark.parametrize(
    ("lang", "said", "old"),
    [
        ("en", "Two players are called “Anna”. Give them different names.", "called anna"),
        ("nb", "To spillere heter «Anna». Gi dem forskjellige navn.", "heter anna"),
    ],
)
def test_a_name_typed_twice_is_quoted_as_first_typed(client, lang, said, old):
    """Item 32: «To spillere heter åse.», the second spelling without quotes."""
    response = client.post(start_url(lang), golf_data(name_1="anna"))
    assert response.status_code == 422 and not Game.objects.exists()
    text = page_words(response)
    assert said in text and old not in text


@pytest.mark.parametrize(
    ("lang", "said", "old"),
    [
        (
            "en",
            "only three equal cards cancel a column, so there is no four-of-a-kind bonus.",
            "no four of a kind.",
        ),
        ("nb", "Noe må rettes: se det som er merket.", "Ikke ferdig ennå"),
    ],
)
def test_the_new_game_forms_refusals_read_plainly(client, lang, said, old):
    """Items 28 and 52."""
    data = golf_data(variant="nine_card", four_of_a_kind="square")
    text = page_words(client.post(start_url(lang), data))
    assert said in text and old not in text


@pytest.mark.parametrize("lang", LANGUAGES)
def test_the_new_game_form_names_the_penalty_for_every_variant(client, lang):
    """Item 2 on the new-game form: the house rule's name fits four-card golf too."""
    text = page_words(client.get(start_url(lang)))
    said = {"en": "Caller penalty", "nb": "Straff for å avslutte hullet"}[lang]
    assert said in text and "Straff for den som går ut" not in text


@pytest.mark.parametrize(
    ("lang", "said", "old"),
    [
        ("en", "The next card you tap is the first of {name}’s cards.", "starts {name}’s."),
        ("nb", "rad for rad, med start øverst til venstre.", "rad for rad, fra øverst"),
        ("en", "the running total below it", "running sum"),
    ],
)
def test_the_game_pages_helper_and_caption_read_plainly(client, lang, said, old):
    """Items 31, 53 and 54: the layout helper's words and the table's caption."""
    html = client.get(url("game", golf(), lang)).content.decode()
    html = html.replace("&#x27;", "'").replace("&rsquo;", "’")
    assert said in html and old not in html


def test_the_statistics_say_how_the_streaks_stand(client):
    """Item 35: «Rekkene nå»."""
    game = golf(holes=1)
    assert send(client, game, 3, 5, 7, number=1).status_code == 302
    remember_games(client, game)
    with translation.override("nb"):
        text = page_words(client.get(reverse("scorepad:statistics")))
    assert "Slik står rekkene nå" in text and "Rekkene nå" not in text


def test_the_four_card_hint_says_the_penalty_in_plain_order(client):
    """Item 30: «er ikke den som gikk ut, blant dem med lavest poengsum, skriver …»."""
    text = page_words(client.get(url("game", golf(variant="four_card", caller_penalty=True), "nb")))
    assert "hvis den som banket, ikke har lavest poengsum, skriver den eller de" in text
    assert "blant dem med lavest poengsum" not in text
