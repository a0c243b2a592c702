"""Issue 35: a house rule's word in an address may change; its word from before (the
rule's `former`, rules/engine/address.py) still reads, and the page answers with a 301
to the word now, in any game (here Golf's caller penalty, whose Norwegian word became
«straff-for-a-avslutte-hullet»). The static export keeps a file there that sends on."""

import pytest

from rules import games
from rules.engine import address
from rules.games.golf import cards
from rules.views import house_url, moved_paths

pytestmark = pytest.mark.django_db

OLD = "straff-for-den-som-gar-ut"
NEW = "straff-for-a-avslutte-hullet"


def test_the_caller_penaltys_norwegian_word():
    [rule] = [r for r in cards.HOUSE_RULES if r.condition == "caller_penalty"]
    assert rule.words["nb"] == NEW and OLD in rule.former["nb"]


@pytest.mark.parametrize(
    ("old", "new"),
    [
        (f"/nb/golf/regler/{OLD}/", f"/nb/golf/regler/{NEW}/"),
        (
            f"/nb/golf/regler/fire-kort+{OLD}+ekstra-hull/",
            f"/nb/golf/regler/fire-kort+{NEW}+ekstra-hull/",
        ),
        (f"/nb/golf/huskekort/{OLD}/", f"/nb/golf/huskekort/{NEW}/"),
        (f"/en/golf/rules/{OLD}/", "/en/golf/rules/caller-penalty/"),
    ],
)
def test_the_old_word_answers_with_a_301_to_the_new(client, old, new):
    response = client.get(old)
    assert response.status_code == 301
    assert response["Location"] == new
    page = client.get(new)
    assert page.status_code == 200


def test_every_games_former_words_read_as_their_rule():
    for game in map(games.get, games.known_keys()):
        for rule in game.house_rules:
            for word in (w for words in address.former(rule).values() for w in words):
                house = address.from_slug(word, game)
                assert rule.holds(house)
                assert word not in house_url("rules", house)


def test_the_static_export_sends_the_old_word_on():
    moved = moved_paths()
    assert moved[f"/nb/golf/regler/{OLD}/"] == f"/nb/golf/regler/{NEW}/"
