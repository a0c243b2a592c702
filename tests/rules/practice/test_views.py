"""The practice pages (rules/practice/views.py): the link on the rules pages at their
table, the start page, a game played by forms with and without htmx, refusals of stale
and forged moves, the end page, and nothing hidden in the page."""

import re

import pytest
from django.test import override_settings

from rules.games.ghost import play as ghost_play
from rules.games.golf import play as golf_play
from rules.words import card_name

pytestmark = pytest.mark.django_db


def winner_line(winners: list[int], lang: str) -> str:
    """The end's heading as a reader would say it: the reader is seat 0, the computer's
    seats are Bo, Kari and Ola."""
    names = ("Bo", "Kari", "Ola")
    if winners == [0]:
        return {"en": "You win.", "nb": "Du vinner."}[lang]
    if 0 in winners:
        return {"en": "You share the win.", "nb": "Du deler seieren."}[lang]
    return names[winners[0] - 1] + {"en": " wins.", "nb": " vinner."}[lang]


def link_of(html: str) -> str:
    return re.search(r'class="practice-link[^"]*"><a[^>]*href="([^"]+)"', html)[1]


@pytest.mark.parametrize(
    ("page", "practice"),
    [
        ("/en/rules/", "/en/practice/"),
        ("/en/rules/jack-11/", "/en/practice/jack-11/"),
        ("/nb/regler/knekt-11+bare-trekkbunke/", "/nb/trening/knekt-11+bare-trekkbunke/"),
        ("/en/card/jack-11/", "/en/practice/jack-11/"),
        ("/en/golf/rules/jokers-pagat/", "/en/golf/practice/jokers-pagat/"),
        ("/nb/golf/huskekort/", "/nb/golf/trening/"),
    ],
)
def test_the_rules_pages_link_to_practice_at_their_table(client, page, practice):
    response = client.get(page)
    assert response.status_code == 200
    assert link_of(response.content.decode()) == practice


def test_the_start_page_in_both_languages(client):
    assert "Practise Ghost against the computer" in client.get("/en/practice/").content.decode()
    html = client.get("/nb/golf/trening/").content.decode()
    assert "Øv på Golf mot datamaskinen" in html and 'name="opponents"' in html


def test_a_start_deals_at_the_pages_table(client, practice):
    response = client.post("/en/practice/jack-11/", {"opponents": "1", "level": "beginner"})
    state = practice.state(client, practice.token(response))
    assert state["house"]["jack"] == "11" and state["levels"] == ["reader", "beginner"]
    response = client.post(
        "/en/golf/practice/jokers-pagat/", {"opponents": "3", "level": "careful"}
    )
    state = practice.state(client, practice.token(response))
    assert state["house"]["jokers"] == "pagat" and len(state["layouts"]) == 4


@pytest.mark.parametrize(
    "data",
    [{}, {"opponents": "9", "level": "careful"}, {"opponents": "1", "level": "cheat"},
     {"opponents": "x" * 5000, "level": "\x00"}],
)  # fmt: skip
def test_a_bad_start_is_refused_without_a_game(client, data):
    response = client.post("/en/practice/", data)
    assert response.status_code == 422
    assert "practice" not in client.session


def test_the_five_card_game_for_two_offers_one_computer(client):
    html = client.get("/en/practice/").content.decode()
    assert re.findall(r'name="opponents" value="(\d)"', html) == ["1"]
    html = client.get("/en/practice/more-players/").content.decode()
    assert re.findall(r'name="opponents" value="(\d)"', html) == ["1", "2", "3"]


@override_settings(GAMES_PER_HOUR_PER_CLIENT=2)
def test_starting_is_rate_limited(client):
    data = {"opponents": "1", "level": "careful"}
    assert client.post("/en/practice/", data).status_code == 302
    assert client.post("/en/golf/practice/", data).status_code == 302
    response = client.post("/en/practice/", data)
    assert response.status_code == 429 and "minute" in response.content.decode()


def test_the_game_page_never_holds_a_hidden_card(client, practice):
    response = client.post("/en/practice/", {"opponents": "1", "level": "careful"})
    token = practice.token(response)
    html = client.get(response["Location"]).content.decode()
    state = practice.state(client, token)
    hidden = [state["ghosts"][0], *state["rows"][1], state["ghosts"][1], *state["stock"]]
    hidden += [c for p, c in enumerate(state["rows"][0], 1) if p not in state["seen"][0]]
    public = set(state["discard"]) | {e["card"] for e in state["events"] if e["place"] is None}
    public |= {e["replaced"] for e in state["events"]} | {
        e["card"] for e in state["events"] if e["took"] == "discard"
    }
    for code in set(hidden) - public:
        assert card_name(code, "en") not in html
    assert str(state["seed"]) not in html
    assert set(response.cookies) <= {"sessionid", "csrftoken"}  # the state stays on the server


def test_a_move_without_htmx_redirects_and_with_htmx_answers_in_place(client, practice):
    response = client.post("/en/practice/", {"opponents": "1", "level": "careful"})
    game_url, token = response["Location"], practice.token(response)
    step = practice.state(client, token)["step"]
    response = client.post(game_url, {"step": step, "move": "stock"})
    assert response.status_code == 302 and response["Location"] == game_url
    state = practice.state(client, token)
    assert state["held"] is not None
    response = client.post(
        game_url, {"step": state["step"], "move": "throw"}, HTTP_HX_REQUEST="true"
    )
    html = response.content.decode()
    assert response.status_code == 200 and html.startswith('<div id="practice"')
    assert "<html" not in html and "You threw the" in html


def test_a_stale_move_is_refused_with_the_game_as_it_is(client, practice):
    response = client.post("/en/practice/", {"opponents": "1", "level": "careful"})
    game_url, token = response["Location"], practice.token(response)
    step = practice.state(client, token)["step"]
    client.post(game_url, {"step": step, "move": "stock"})
    before = practice.state(client, token)
    response = client.post(game_url, {"step": step, "move": "stock"})  # the other tab
    assert response.status_code == 409
    assert "older view of this game" in response.content.decode()
    assert practice.state(client, token) == before


@pytest.mark.parametrize(
    "move", ["place-9", "knock", "discard; drop table", "", "place-" + "9" * 500, "up-1", "ü"]
)
def test_a_forged_move_is_refused_and_nothing_changes(client, practice, move):
    response = client.post("/en/practice/", {"opponents": "1", "level": "careful"})
    game_url, token = response["Location"], practice.token(response)
    before = practice.state(client, token)
    response = client.post(game_url, {"step": before["step"], "move": move})
    assert response.status_code == 422
    assert "not one you can make now" in response.content.decode()
    assert practice.state(client, token) == before


@pytest.mark.parametrize("step", ["", "x", "-1", "9" * 100, "1e3"])
def test_a_bad_step_is_stale_never_a_server_error(client, practice, step):
    response = client.post("/en/practice/", {"opponents": "1", "level": "careful"})
    response = client.post(response["Location"], {"step": step, "move": "stock"})
    assert response.status_code == 409


def test_a_game_of_another_session_or_none_is_not_found(client, practice):
    from django.test import Client

    response = client.post("/en/practice/", {"opponents": "1", "level": "careful"})
    other = Client()
    assert other.get(response["Location"]).status_code == 404
    assert other.post(response["Location"], {"step": "0", "move": "stock"}).status_code == 404
    assert client.get("/en/practice/game/nothing-here-at-all/").status_code == 404


@pytest.mark.parametrize("htmx", [False, True])
def test_a_round_of_ghost_played_to_its_end(client, practice, htmx):
    token, page, state = practice.play_through(client, "/en/practice/jack-11/", htmx=htmx)
    html = page.content.decode()
    result = ghost_play.result(state)
    for hand in result["hands"]:
        assert f"<strong>{hand['total']}</strong>" in html
    assert "The round is over" in html and "Play again" in html
    assert f'<h2 id="end-title">{winner_line(result["winners"], "en")}</h2>' in html
    assert 'href="/en/scorepad/?table=jack-11"' in html
    again = re.search(r'<form method="post" action="([^"]+)" class="again">', html)[1]
    assert again == "/en/practice/jack-11/"
    assert client.post(again, {"opponents": "1", "level": "careful"}).status_code == 302


def test_a_hole_of_golf_played_to_its_end_in_norwegian(client, practice):
    token, page, state = practice.play_through(
        client, "/nb/golf/trening/jokere-pagat/", {"opponents": "2", "level": "beginner"}
    )
    html = page.content.decode()
    result = golf_play.result(state)
    for score in result["scores"]:
        assert f"<strong>{str(score).replace('-', '−')}</strong>" in html
    assert "Hullet er over" in html and "Spill igjen" in html
    assert f'<h2 id="end-title">{winner_line(result["winners"], "nb")}</h2>' in html
    assert 'href="/nb/poengblokk/ny/golf/?table=jokere-pagat"' in html


def test_a_move_after_the_end_is_refused(client, practice):
    token, page, state = practice.play_through(client, "/en/practice/")
    response = client.post(f"/en/practice/game/{token}/", {"step": state["step"], "move": "stock"})
    assert response.status_code == 422
