"""Each game's part of the scorepad (scorepad/pads.py, its words in each game's pad/words.py,
`{% word %}` in scorepad/templatetags/pad.py): the shared templates and scripts name no
game, every word they ask of a game is there in both languages, every template and
script a pad names exists, and each game's script registers the module its board names."""

import re
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.staticfiles import finders
from django.template import Context, Template
from django.template.loader import get_template
from django.utils import translation

from ghost_site.views import precached_static
from rules import games
from scorepad import pads
from scorepad.models import Game
from tests.conftest import make_game, play, url

ROOT = Path(settings.BASE_DIR) / "scorepad"
SHARED_TEMPLATES = sorted((ROOT / "templates" / "scorepad").glob("*.html"))
SHARED_SCRIPTS = [
    ROOT / "static" / "scorepad" / name
    for name in (
        "common.js",
        "together.js",
        "new-game.js",
        "outbox.js",
        "offline-standings.js",
        "page.js",
    )
]
ALL_PADS = [pads.get(key) for key in pads.game_keys()]
# A word only a game whose players may play on while others wait has (its extra hole):
# asked for under `outcome.playing`, which no other game's outcome sets.
PLAYING_WORDS = {
    "playing_heading",
    "playing_played",
    "playing_news",
    "playing_save",
    "playing_row",
    "playing_edit",
}
# A word only a game with a loss threshold has: asked for where the chart draws one.
THRESHOLD_WORDS = {"chart_caption_threshold"}
# The site's own name, not a game's: the phones' storage keys (a rename would lose the
# rounds kept on them), the template library, a picture's fallback file name.
SITE_NAME = re.compile(r"ghost-(outbox|sent|putback|wake-lock)|\{% load [^%]*%\}|ghost\.png")


def asked_words() -> set[str]:
    found = set()
    for path in SHARED_TEMPLATES:
        found |= set(re.findall(r"""\{% word ["'](\w+)["']""", path.read_text()))
    return found


def test_the_shared_templates_and_scripts_name_no_game():
    assert len(SHARED_TEMPLATES) > 20
    for path in SHARED_TEMPLATES + SHARED_SCRIPTS:
        text = SITE_NAME.sub("", path.read_text())
        for key in games.known_keys():
            assert not re.search(rf"\b{key}\b", text, re.IGNORECASE), (path.name, key)


@pytest.mark.parametrize("pad", ALL_PADS, ids=lambda p: p.key)
def test_every_word_a_shared_template_asks_for_is_the_games(pad):
    asked = asked_words()
    assert {"heading", "save", "undo", "table_caption", "full"} <= asked
    missing = {w for w in asked if w not in pad.words and w not in pad.texts}
    assert missing <= PLAYING_WORDS | THRESHOLD_WORDS, missing


@pytest.mark.parametrize("optional", [PLAYING_WORDS, THRESHOLD_WORDS])
def test_a_game_has_all_of_a_set_of_optional_words_or_none(optional):
    for pad in ALL_PADS:
        has = optional & set(pad.words)
        assert has in (set(), optional), pad.key
    assert any(set(pad.words) >= optional for pad in ALL_PADS)


@pytest.mark.parametrize("pad", ALL_PADS, ids=lambda p: p.key)
def test_every_word_is_translated_and_takes_its_values(pad):
    values = {"n": 3, "d": "Bo", "names": "Anna", "status": "undone"}
    for key, text in pad.words.items():
        with translation.override("en"):
            english = str(text) % values
        with translation.override("nb"):
            norwegian = str(text) % values
        assert english != norwegian, key  # every word has its Norwegian
        assert "%(" not in english + norwegian, key


@pytest.mark.parametrize("pad", ALL_PADS, ids=lambda p: p.key)
def test_the_games_own_templates_and_scripts_exist(pad):
    assert set(pad.templates) == {
        "start",
        "fields",
        "form_data",
        "settings",
        "outcome",
        "standing",
    }
    for name in pad.templates.values():
        assert name.startswith(f"scorepad/{pad.key}/")  # named by its pad, in its folder
        found = get_template(name).origin.name  # in the game's own package
        assert Path(found).is_relative_to(games.folder(pad.key)), found
    for name in (*pad.scripts, *pad.form_scripts, *pad.start_scripts):
        found = finders.find(name)  # in the game's own package, found like an app's
        assert found and Path(found).is_relative_to(games.folder(pad.key)), name


@pytest.mark.parametrize("pad", ALL_PADS, ids=lambda p: p.key)
def test_the_games_script_registers_the_module_its_board_names(pad):
    # The shared scripts find a game's module by the board's "game" (pages/board.py).
    sources = "".join(Path(finders.find(name)).read_text() for name in pad.scripts)
    assert sources.count(f'S.register("{pad.key}"') == 1
    for other in ALL_PADS:
        if other is not pad:
            assert f'S.register("{other.key}"' not in sources


def test_the_service_worker_takes_in_every_games_scripts():
    precached = precached_static()
    assert len(precached) == len(set(precached))
    for pad in ALL_PADS:
        for name in (*pad.scripts, *pad.form_scripts, *pad.start_scripts):
            assert name in precached


# ------------------------------------------------------------------ {% word %}
def render(source: str, **context) -> str:
    return Template("{% load pad %}" + source).render(Context(context))


def test_a_word_is_the_games_and_filled_in():
    ghost, golf = pads.get("ghost"), pads.get("golf")
    with translation.override("en"):
        assert render('{% word "save" n=4 %}', pad=ghost) == "Save round 4"
        assert render('{% word "save" n=4 %}', pad=golf) == "Save hole 4"
    with translation.override("nb"):
        assert render('{% word "save" n=4 %}', pad=golf) != "Save hole 4"


def test_a_word_falls_back_to_the_games_texts_and_escapes_its_values():
    ghost = pads.get("ghost")
    with translation.override("en"):
        assert render('{% word "edit_label" n=2 %}', pad=ghost) == "Edit round 2"
        html = render('{% word "being_played" n=2 d=name %}', pad=ghost, name="<b>Bo</b>")
    assert "<b>" not in html and "&lt;b&gt;Bo&lt;/b&gt;" in html


def test_a_word_the_game_lacks_is_an_error():
    with pytest.raises(KeyError):
        render('{% word "playing_heading" %}', pad=pads.get("ghost"))


# ------------------------------------------------------------------ the pages
def golf_game(**table):
    return Game.create_with_players(["Anna", "Bo", "Cy"], game="golf", **table)


def scripts(html: str) -> list[str]:
    return re.findall(r'<script src="/static/scorepad/([\w.-]+)"', html)


@pytest.mark.django_db
@pytest.mark.parametrize("kind", ["ghost", "golf"])
def test_a_page_loads_the_shared_scripts_around_the_games_own(client, kind):
    game = golf_game(holes=3) if kind == "golf" else make_game()
    pad = game.pad
    own = [name.removeprefix("scorepad/") for name in pad.scripts]
    helpers = [name.removeprefix("scorepad/") for name in pad.form_scripts]
    shared = ["outbox.js", "offline-standings.js"]
    # The game's module registers itself with common.js, and is there before the
    # shared scripts ask it; the search for a round possible together is there before
    # the game's module that asks it.
    page = scripts(client.get(url("game", game)).content.decode())
    assert page == ["common.js", "together.js", *own, *helpers, *shared, "page.js"]
    history = scripts(client.get(url("history", game)).content.decode())
    assert history == ["common.js", "together.js", *own, *shared]  # no form to help fill in


@pytest.mark.parametrize("pad", ALL_PADS, ids=lambda pad: pad.key)
def test_every_game_asks_the_scorepads_search_for_a_round_possible_together(pad):
    """One search (scorepad/static/scorepad/together.js) for every game: a game's script
    gives its hands and asks the search, and the service worker takes it in."""
    sources = "".join(Path(finders.find(name)).read_text() for name in pad.scripts)
    assert "ScorepadTogether" in sources
    for name in ("function dealTogether", "function playersWhoClash", "function tightnessOrder"):
        assert name not in sources
    assert "scorepad/together.js" in precached_static()


@pytest.mark.django_db
def test_only_a_game_with_losers_marks_who_is_closest_to_losing_the_evening(client):
    # The evening's table is shared: Golf's seats are counted the same way, but nobody
    # loses a game of Golf, so its table has no "Lost" column and no such mark.
    ghost = play(make_game(names=("Anna", "Bo", "Cy"), threshold=10), (1, 2, 12))
    # Golf's next game under way, so that its seats would have such a mark to show.
    golf = play(golf_game(holes=2), (3, -2, 7), (1, 1, 1))
    for game, points in ((ghost, (1, 2, 5)), (golf, (1, 2, 9))):
        client.post(url("rematch", game))
        new = play(Game.objects.get(rematch_of=game), points)
        html = client.get(url("game", new)).content.decode()
        series = html.split('class="series"')[1].split("</section>")[0]
        has_losers = game is ghost
        assert ("closest to losing" in series) is has_losers
        assert ('data-label="Lost"' in series) is has_losers


def test_a_rounds_word_in_an_address_is_written_as_the_sites_paths_are():
    """A pad whose round is «hull» is whole; «Hull» or «øvelse» in an address is not."""
    golf = pads.get("golf")
    assert golf.round_address == {"en": "hole", "nb": "hull"} and golf.missing() == []

    class Written(type(golf)):
        round_address = {"en": "Hole", "nb": "øvelse"}

    lacks = Written().missing()
    assert [lack.split(":")[0] for lack in lacks] == ["round_address['en']", "round_address['nb']"]


def test_a_pad_without_its_own_templates_is_refused_at_start_up():
    """Its templates are found by name in its package: a pad whose key has none lacks
    all six, each named."""
    golf = pads.get("golf")

    class Homeless(type(golf)):
        key = "homeless"

    assert Homeless().missing() == [
        f"the template scorepad/homeless/{name}.html"
        for name in ("start", "_fields", "_form_data", "_settings", "_outcome", "_standing")
    ]
