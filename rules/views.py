from typing import Any

from django.conf import settings
from django.http import Http404
from django.shortcuts import redirect, render
from django.urls import reverse
from django.utils import translation
from django.utils.cache import patch_vary_headers
from django.utils.translation import get_language
from django.views.decorators.cache import cache_control, cache_page
from django.views.decorators.http import require_safe
from django_htmx.http import push_url

from ghost_site.serving.budget import render_budget
from rules import games

from .engine import rendering, schema
from .engine.address import former_slugs, from_slug, to_slug


def said(game: Any):
    """A game's `house` part: its form, and what a page says of a table (rules/games)."""
    return games.part(game.key, "house")


def template(name: str, game: Any) -> list[str]:
    """A game's own template where it has one (rules/<key>/rules.html, in its package),
    else the shared one."""
    return [f"rules/{game.key}/{name}", f"rules/{name}"]


def table(game: Any, slug: str | None) -> Any | None:
    """The table a page's address names (None: the game's defaults); a 404 for words
    the game does not know or a combination it cannot play."""
    if slug is None:
        return None
    try:
        return from_slug(slug, game)
    except ValueError as error:
        raise Http404("no such table") from error


# Rules pages change only with a deploy: keep the whole response per language, let
# browsers keep it for an hour, and answer revalidations with 304 (ConditionalGet).
# A page not kept yet is rendered within the render budget (ghost_site/serving/budget.py).
def rules_cache(view):
    return cache_page(60 * 60, cache="pages")(render_budget(view))


public = cache_control(public=True, max_age=60 * 60)


def house_url(name: str, house: Any, *args) -> str:
    """The address of a page for a table's house rules; the plain one for the defaults."""
    kwargs = {"game": games.of(house).key}
    if args:
        kwargs["players"] = args[0]
    if house.is_default():
        return reverse(f"rules:{name}", kwargs=kwargs)
    return reverse(f"rules:{name}-for", kwargs=kwargs | {"house": to_slug(house)})


def game_url(name: str, key: str) -> str:
    """A page of a game at its default table (its rules, variants, card)."""
    return reverse(f"rules:{name}", kwargs={"game": key})


def _moved(request, name: str, house: Any | None, *args, game: Any):
    """A combination named in another order or in another language's words (an old
    English-worded /nb/ link), or a number written another way (`02`), is sent to its
    one address in the page's language, the query string kept (an unknown or unplayable
    combination never gets here: the URL converter refuses it, a 404)."""
    if house is None and not args:
        return None
    wanted = house_url(name, house or game.House(), *args)
    if request.path != wanted:
        query = request.META.get("QUERY_STRING", "")
        return redirect(f"{wanted}?{query}" if query else wanted, permanent=True)
    return None


def rules_context(house: Any) -> dict:
    language = get_language()
    game = games.of(house)
    summary, differences = said(game).summary, said(game).differences
    context = {
        "sections": rendering.rendered_sections(language, house),
        "house": house,
        "game": game,
        "game_name": game.names[language],
        "summary": summary(house),
        "differences": differences(house),
        "rules_home": house_url("rules", game.House()),
    }
    context["card_url"] = house_url("card", house)
    context["sheet_url"] = house_url("sheet", house, min(4, house.max_players))
    return context


@require_safe
@public
@rules_cache
def home(request):
    language = get_language()
    others = [
        {
            "key": game.key,
            "name": game.names[language],
            "blurb": game.blurb[language],
            "rules": game_url("rules", game.key),
        }
        for game in games.all()
        if not games.is_default(game.key)
    ]
    first = games.default()  # the home is the default game's: its own home.html, its words
    context = {
        "home_game": {
            "name": first.names[language],
            "title": first.title[language],
            "blurb": first.blurb[language],
        },
        "facts": schema.FACTS,
        "other_games": others,
    }
    return render(request, template("home.html", first), context)


@require_safe
def rules_page(request, game: str, house: str | None = None):
    played = games.get(game)
    house = table(played, house)
    if "variant" in request.GET:
        return choose(request, house or played.House(), played)
    return rules_for(request, house, played)


@public
@rules_cache
def rules_for(request, house: Any | None, game: Any):
    moved = _moved(request, "rules", house, game=game)
    if moved:
        return moved
    house = house or game.House()
    context = rules_context(house)
    context["form"] = said(game).HouseFields.for_house(house)
    return render(request, template("rules.html", game), context)


@cache_control(private=True, max_age=60 * 60)
def choose(request, current: Any, game: Any):
    """The choices form, sent by GET: to the combination's own address when it is valid
    (htmx gets the page's main part straight away, with that address pushed); otherwise the page
    again with the choices kept and the errors named. Its answers differ by HX-Request,
    so they are `private`: a shared cache that keys only on Accept-Encoding would mix
    the redirect and the page."""
    form_class = said(game).HouseFields
    form = form_class(request.GET)
    # htmx swaps the page's main part: the page answers with that part (htmx_main.html)
    answer = {"base_template": "htmx_main.html"} if request.htmx else {}
    if not form.is_valid():
        context = rules_context(current) | answer
        context["form"] = form
        response = render(request, template("rules.html", game), context, status=422)
        patch_vary_headers(response, ["HX-Request"])
        return response
    house = form.house()
    url = house_url("rules", house)
    if not request.htmx:
        response = redirect(url)
        patch_vary_headers(response, ["HX-Request"])
        return response
    context = rules_context(house) | answer
    context["form"] = form_class.for_house(house)
    request.canonical_path = url
    response = push_url(render(request, template("rules.html", game), context), url)
    patch_vary_headers(response, ["HX-Request"])  # without htmx: a redirect
    return response


@require_safe
@public
@rules_cache
def variants_page(request, game: str):
    """A game's variants, from its variant table, and its house rules where the game's
    texts have a section on them (its section "settle"): the default table's blocks."""
    played = games.get(game)
    language = get_language()
    house = played.House()
    rows = rendering.variant_rows(language, house)
    sections = {s["id"]: s for s in rendering.rendered_sections(language, house)}
    settle = sections.get("settle")
    if settle:
        # the table of questions and what follows it, without the lead that points to
        # the choices at the top of the rules page
        blocks = [
            b for b in settle["blocks"] if b["kind"] != "p" or (b["id"] or "").startswith("settle-")
        ]
        # a question for some variants only says which (copies: the rendering is cached)
        only_in = rendering.settle_only_in(language, house)
        blocks = [
            {**b, "items": [{**i, "only_in": w} for i, w in zip(b["items"], only_in, strict=True)]}
            if b["kind"] == "settle"
            else b
            for b in blocks
        ]
        settle = {"title": settle["title"], "blocks": blocks}
    return render(
        request,
        template("variants.html", played),
        {
            "rows": rows,
            "game_name": played.names[language],
            "house_rules": settle,
            "rules_url": house_url("rules", house),
        },
    )


@require_safe
@public
@rules_cache
def quick_card(request, game: str, house: str | None = None):
    """One A4 page: values, setup, a turn, the end, scoring, with the table's rules."""
    played = games.get(game)
    house = table(played, house)
    moved = _moved(request, "card", house, game=played)
    if moved:
        return moved
    house = house or played.House()
    # keyed with underscores: a template cannot look up "setup-deal"
    sections = {
        s["id"].replace("-", "_"): s for s in rendering.rendered_sections(get_language(), house)
    }
    blocks = {
        b["id"].replace("-", "_"): b for s in sections.values() for b in s["blocks"] if b["id"]
    }
    values = next(b for b in sections["values"]["blocks"] if b["kind"] == "values")
    return render(
        request,
        template("card.html", played),
        {
            "house": house,
            "summary": said(played).summary(house),
            "values": values,
            "sections": sections,
            "blocks": blocks,
            "rules_url": house_url("rules", house),
        },
    )


@require_safe
@public
@rules_cache
def score_sheet(request, game: str, players: int, house: str | None = None):
    """A paper score sheet for this many players, with how the game ends printed on it:
    a row per round (as many as a game of a set number of rounds has: holes, say)."""
    played = games.get(game)
    house = table(played, house)
    resolved = house or played.House()
    if not played.least_players <= players <= resolved.max_players:
        raise Http404("no such number of players for these rules")
    moved = _moved(request, "sheet", house, players, game=played)
    if moved:
        return moved
    return render(
        request, template("sheet.html", played), sheet_context(resolved, range(1, players + 1))
    )


def sheet_context(house: Any, players) -> dict:
    """The sheet for these players: numbers (1, 2, …) or a game's players by name; a row
    per round (as many as a game of a set number of rounds has: holes, say)."""
    game = games.of(house)
    counts = range(game.least_players, house.max_players + 1)
    return {
        "house": house,
        "game_name": game.names[get_language()],
        "summary": said(game).summary(house),
        "players": players,
        # a single round is one row, with no running sum to keep; a game of a set number
        # of rounds (holes, say) has that many
        "rounds": range(
            1,
            (
                1
                if getattr(house, "single_round", False)
                else getattr(game.ending(house), "rounds", SHEET_ROUNDS)
            )
            + 1,
        ),
        "rules_url": house_url("rules", house),
        "counts": counts,
        "count_urls": [(n, house_url("sheet", house, n)) for n in counts],
        "count": len(players),
        "named": not isinstance(players, range),
    }


SHEET_ROUNDS = 20  # rows on the paper sheet: a game to 21 rarely lasts longer


def _numbered(house: Any) -> bool:
    """Whether a table names a number of its own in its address ("to-15", "holes-5")."""
    game = games.of(house)
    rule = game.number_rule
    if rule is None:
        return False
    value = getattr(house, rule.field)
    named = {r.value for r in game.house_rules if r.field == rule.field}
    return value != rule.default and value not in named


def prerendered_paths() -> list[str]:
    """The pages that change only with a deploy: rendered once, served from memory.
    Every combination of house rules of every game is among them, except other numbers
    (a threshold from 1 to 500, holes from 1 to 18: those are rendered on request and
    kept in the page cache)."""
    paths = []
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            paths.append(reverse("rules:home"))
            for game in games.all():
                default = game.House()
                paths.append(house_url("rules", default))
                paths += [house_url("card", default), house_url("sheet", default, 2)]
                paths.append(rendering.variants_url(game.key, code))
                houses = [h for h in schema.all_houses(game) if not _numbered(h)]
                paths += [house_url("rules", h) for h in houses if not h.is_default()]
    return paths


def moved_paths() -> dict[str, str]:
    """The pre-rendered combinations under another language than English, spelled in
    English words, as every address was before each language had its own (an old
    `/nb/regler/<a house rule's English word>/` link), and every language's with a house
    rule's word from before (its `former`): {that path: the page's own}.
    Django answers them with a 301; the static export keeps a file for each that sends the reader on
    (ghost_site/serving/prerendered.py `write_moved`). Another language's words under /en/ were
    never an address, so they get no file (Django still answers them with a 301)."""
    moved = {}
    old = settings.LANGUAGE_CODE  # the words of every address before
    for code, _name in settings.LANGUAGES:
        with translation.override(code):
            for game in map(games.get, games.known_keys()):
                for house in schema.all_houses(game):
                    if house.is_default() or _numbered(house):
                        continue
                    own = house_url("rules", house)
                    head, slug = own.rstrip("/").rsplit("/", 1)
                    spelled = to_slug(house, old)
                    if spelled != slug:
                        moved[f"{head}/{spelled}/"] = own
                    for before in former_slugs(house, code):  # a house rule's word before
                        moved[f"{head}/{before}/"] = own
    return moved
