"""Without signal: the installable site, the service worker and the outbox for rounds.

Playwright drives Debian's Chromium at phone size; `context.set_offline` cuts the network
for the page and its service worker alike.
"""

import pytest

from scorepad.models import Round
from tests.browser.conftest import HAVE_CHROMIUM, enter_offline, game_url, outbox, wait_for_worker
from tests.conftest import enter, make_game

pytestmark = pytest.mark.django_db(transaction=True)
TEXT = {
    "en": {
        "waiting": "waiting to send",
        "two": "2 rounds are waiting to be sent",
        "rules": "The rules of Ghost",
    },
    "nb": {
        "waiting": "venter på å bli sendt",
        "two": "2 runder venter på å bli sendt",
        "rules": "Reglene",
    },
}


@pytest.mark.browser
@pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed")
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_installable_and_the_rules_open_offline(live_server, phone, lang):
    page = phone(lang)
    page.goto(f"{live_server.url}/{lang}/")
    wait_for_worker(page)
    cdp = page.context.new_cdp_session(page)
    errors = cdp.send("Page.getInstallabilityErrors")["installabilityErrors"]
    # A test browser's context is private ("in-incognito"); nothing else may be missing.
    assert [e["errorId"] for e in errors if e["errorId"] != "in-incognito"] == []
    # The rules page was never opened, but the worker took it in with the first visit.
    rules = {"en": "/en/rules/", "nb": "/nb/regler/"}[lang]
    kept = f"""() => new Promise(done => {{
        const look = () => caches.open('pages').then(c => c.match('{rules}'))
            .then(hit => hit ? done(true) : setTimeout(look, 50));
        look();
    }})"""
    assert page.evaluate(kept)
    page.context.set_offline(True)
    page.goto(live_server.url + rules)
    assert TEXT[lang]["rules"] in page.locator("h1").inner_text()
    page.reload()
    assert TEXT[lang]["rules"] in page.locator("h1").inner_text()


@pytest.mark.browser
@pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed")
@pytest.mark.parametrize("lang", ["en", "nb"])
def test_rounds_entered_offline_are_kept_and_sent_once_in_order(live_server, phone, lang):
    game = make_game(threshold=500)
    page = phone(lang)
    page.goto(live_server.url + game_url(game, lang))
    wait_for_worker(page)
    page.context.set_offline(True)
    enter_offline(page, "3,5", "12")
    enter_offline(page, "7", "0.5")
    board = page.locator("[data-outbox]")
    assert TEXT[lang]["two"] in board.inner_text()
    assert board.locator("li.waiting", has_text=TEXT[lang]["waiting"]).count() == 2
    assert Round.objects.filter(game=game).count() == 0
    # The table of rounds, empty on the server, shows the kept ones with their sums.
    rows = [["3.5", "3.5", "12", "12"], ["7", "10.5", "0.5", "12.5"]]
    if lang == "nb":
        rows = [[cell.replace(".", ",") for cell in row] for row in rows]

    def kept_rows():
        table = page.locator("table.scores")
        assert table.is_visible()
        return [  # each cell's total and running sum (a shaded lowest's star aside)
            [
                word
                for td in tr.locator("td").all()
                for word in td.evaluate(
                    "td => td.firstChild.textContent + ' ' + td.querySelector('small').textContent"
                ).split()
            ]
            for tr in table.locator("tbody tr.kept").all()
        ]

    assert kept_rows() == rows
    page.reload()  # still offline: the page is the phone's copy, the rounds still wait
    assert page.locator("[data-offline-note]").is_visible()
    assert page.locator("[data-outbox] li.waiting").count() == 2
    assert kept_rows() == rows
    kept = outbox(page)
    with page.expect_navigation():  # sent, then the page reloads with the server's table
        page.context.set_offline(False)
    assert outbox(page) == []
    rounds = Round.objects.filter(game=game, status="active").order_by("number")
    stored = [[str(s.points) for s in r.scores.order_by("player__position")] for r in rounds]
    assert stored == [["3.5", "12.0"], ["7.0", "0.5"]]
    assert [r.client_id for r in rounds] == [e["id"] for e in kept]
    # The same outbox sent again stores nothing new.
    page.evaluate("kept => localStorage.setItem('ghost-outbox', JSON.stringify(kept))", kept)
    with page.expect_navigation():
        page.evaluate("window.dispatchEvent(new Event('online'))")
    assert outbox(page) == []
    assert Round.objects.filter(game=game).count() == 2


@pytest.mark.browser
@pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed")
@pytest.mark.parametrize(
    ("lang", "reason"),
    [("en", "was just entered from another phone"), ("nb", "ble nettopp ført fra en annen")],
)
def test_a_round_another_phone_entered_meanwhile_is_refused_with_the_reason(
    live_server, phone, lang, reason
):
    game = make_game(threshold=500)
    page = phone(lang)
    page.goto(live_server.url + game_url(game, lang))
    wait_for_worker(page)
    page.context.set_offline(True)
    enter_offline(page, "4", "5")
    other = phone(lang)
    other.goto(live_server.url + game_url(game, lang))
    other.locator("input[name=points_0]").fill("9")
    other.locator("input[name=points_1]").fill("10")
    other.locator("form.round-form button[type=submit]").click()
    other.locator(".messages").wait_for()
    page.context.set_offline(False)
    refused = page.locator("[data-outbox] li.refused")
    refused.wait_for()
    assert reason in refused.inner_text()
    assert outbox(page)[0]["status"] == "refused"  # kept until fixed or discarded
    stored = Round.objects.get(game=game).scores.order_by("player__position")
    assert [str(s.points) for s in stored] == ["9.0", "10.0"]
    refused.get_by_role("button").last.click()  # discard
    assert outbox(page) == []


@pytest.mark.browser
@pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed")
@pytest.mark.parametrize(("lang", "text"), [("en", "need the server"), ("nb", "krever serveren")])
def test_undo_without_a_connection_is_refused_and_changes_nothing(live_server, phone, lang, text):
    game = make_game(threshold=500)
    page = phone(lang)
    page.goto(live_server.url + game_url(game, lang))
    page.locator("input[name=points_0]").fill("4")
    page.locator("input[name=points_1]").fill("5")
    page.locator("form.round-form button[type=submit]").click()
    undo = page.locator("form.inline button[type=submit]").first
    undo.wait_for()
    page.context.set_offline(True)
    undo.click()
    assert text in page.locator("[data-offline-refusal]").inner_text()
    assert Round.objects.filter(game=game, status="active").count() == 1
    assert outbox(page) == []


@pytest.mark.browser
@pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed")
def test_an_impossible_total_is_not_kept_offline(live_server, phone):
    game = make_game(threshold=500)
    page = phone("en")
    page.goto(live_server.url + game_url(game, "en"))
    page.context.set_offline(True)
    enter_offline(page, "0", "5")  # 0 cannot happen with five cards and the jack at 0.5
    error = page.locator(".player-entry .error").first
    assert "cannot happen" in error.inner_text()
    assert page.evaluate("document.activeElement.name") == "points_0"
    assert outbox(page) == []


@pytest.mark.browser
@pytest.mark.skipif(not HAVE_CHROMIUM, reason="Debian's chromium is not installed")
@pytest.mark.parametrize("viewport", [{"width": 320, "height": 640}, None], ids=["320", "360"])
@pytest.mark.parametrize(
    ("lang", "said"),
    [
        ("en", "Bo: a round total cannot be below 0.5 in this game."),
        ("nb", "Bo: en rundesum kan ikke være under 0,5 i dette spillet."),
    ],
)
def test_a_total_below_zero_is_told_the_lowest_total_offline(
    live_server, phone, client, lang, said, viewport
):
    """Issue 35 (GH-EN-07): the phone says what the server says of "−1"."""
    game = make_game(("Anna", "Bo"), threshold=500)
    page = phone(lang, **({"viewport": viewport} if viewport else {}))
    page.goto(live_server.url + game_url(game, lang))
    page.context.set_offline(True)
    enter_offline(page, "3", "\N{MINUS SIGN}1")
    assert said in page.locator(".player-entry .error").first.inner_text()
    assert outbox(page) == []
    # the server's words for the same total
    assert said in enter(client, game, "3", "\N{MINUS SIGN}1", lang=lang).content.decode()
