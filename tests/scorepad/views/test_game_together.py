"""Issue 35 in Ghost's scorepad: a round whose totals one deck cannot deal together is
refused, naming the players, in the reader's language, with everything typed kept."""

import pytest

from tests.conftest import enter, make_game

pytestmark = pytest.mark.django_db


@pytest.mark.parametrize(
    ("lang", "said"),
    [
        (
            "en",
            "Anna 0.5 and Bo 0.5: one deal cannot give these totals – between them they "
            "need at least eight eights, and the deck has only four.",
        ),
        (
            "nb",
            "Anna 0,5 og Bo 0,5: dette går ikke i samme giv – til sammen trengs det minst "
            "åtte åttere, og kortstokken har bare fire.",
        ),
    ],
)
def test_two_totals_of_half_a_point_are_refused_together(client, lang, said):
    game = make_game()
    response = enter(client, game, "0.5", "0.5", lang=lang)
    page = response.content.decode().replace("\N{NO-BREAK SPACE}", " ")
    assert response.status_code == 422, response.status_code
    assert said in page
    assert game.rounds.count() == 0
    assert page.count('value="0.5"') + page.count('value="0,5"') == 2  # nothing typed lost
    assert enter(client, game, "0.5", "3.5", lang=lang).status_code == 302


def test_every_player_the_refusal_names_is_marked_and_points_at_it(client):
    """The message stands under the first named field; the others it names are marked
    too (a red field, aria-invalid) and describe themselves by it, the rest are not."""
    import re

    game = make_game(("Anna", "Bo", "Cy"), threshold=100)
    response = enter(client, game, "0.5", "0.5", "7")
    page = response.content.decode()
    assert response.status_code == 422
    entries = re.findall(r'<div class="player-entry( invalid)?">\s*<label[^>]*>(\w+)<', page)
    assert entries == [(" invalid", "Anna"), (" invalid", "Bo"), ("", "Cy")]
    bo = re.search(r'<input[^>]*name="points_1"[^>]*>', page)[0]
    assert 'aria-invalid="true"' in bo and 'aria-describedby="id_points_0_error"' in bo
    assert 'id="id_points_0_error"' in page
    cy = re.search(r'<input[^>]*name="points_2"[^>]*>', page)[0]
    assert "aria-invalid" not in cy
