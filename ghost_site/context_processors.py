from functools import lru_cache

from django.conf import settings
from django.urls import NoReverseMatch, Resolver404, ResolverMatch, resolve, reverse
from django.utils import translation
from django.utils.translation import get_language

from rules import games
from rules.engine.address import page_arguments
from scorepad import pads


def same_page_in(match: ResolverMatch | None, path: str, code: str) -> str:
    """The page `match` resolved, addressed in language `code`. A path that resolved to
    nothing (a 404) keeps its address under the other language's prefix, so that the
    language link answers the same "not found" in the language asked for."""
    if match is None or not match.url_name:
        return in_language_prefix(path, code)
    try:
        kwargs = page_arguments(match.kwargs)
        return _reversed_in(match.view_name, tuple(match.args), tuple(kwargs.items()), code)
    except TypeError:  # an unhashable argument: reversed without the cache
        return _reversed_in.__wrapped__(match.view_name, match.args, kwargs.items(), code)
    except (NoReverseMatch, ValueError):
        return path


def in_language_prefix(path: str, code: str) -> str:
    """`path` (from "/") under the prefix of language `code`: its own language prefix
    replaced, or the prefix added where it has none."""
    first, _, rest = path.removeprefix("/").partition("/")
    if first in dict(settings.LANGUAGES):
        return f"/{code}/{rest}"
    return f"/{code}{path}"


@lru_cache(maxsize=4096)
def _reversed_in(view_name: str, args: tuple, kwargs: tuple, code: str) -> str:
    """Keyed by the resolved page (view and converted arguments), never by the raw path:
    `/en/sheet/02/` and `/en/sheet/2/` are one entry, and a client sending long or endless
    distinct paths that resolve to nothing adds nothing here. Each entry is one short
    address, so 4096 of them stay within a megabyte."""
    with translation.override(code):
        return reverse(view_name, args=args, kwargs=dict(kwargs))


def absolute_url(request, path: str) -> str:
    """From the configured site origin; in development, from the request."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    return request.build_absolute_uri(path)


# The pages of every game a phone keeps for a table without signal.
OFFLINE_KINDS = ("rules", "card", "variants")


@lru_cache
def offline_pages(language: str) -> list[str]:
    with translation.override(language):
        return [reverse("rules:home")] + [
            reverse(f"rules:{kind}", kwargs={"game": key})
            for key in games.known_keys()
            for kind in OFFLINE_KINDS
        ]


def languages(request):
    """The same page in each language: for the switch, hreflang and canonical links.

    A view may set `request.canonical_path` when the page answers a POST (a 409 or 422
    from a form): the links then point to the page, not to the POST-only address."""
    current = get_language()
    path = getattr(request, "canonical_path", None)
    if path is None:
        path, match = request.path, request.resolver_match
    else:
        try:
            match = resolve(path)
        except Resolver404:
            match = None
    links = []
    for code, _name in settings.LANGUAGES:
        url = same_page_in(match, path, code)
        links.append(
            {
                "code": code,
                "name": {"en": "English", "nb": "Norsk"}[code],
                "url": url,
                "absolute": absolute_url(request, url),
                "current": code == current,
            }
        )
    english = next(link for link in links if link["code"] == "en")
    is_home = request.resolver_match and request.resolver_match.view_name == "rules:home"
    return {
        "language_links": links,
        "other_languages": [link for link in links if not link["current"]],
        "canonical_url": absolute_url(request, same_page_in(match, path, current)),
        "x_default_url": absolute_url(request, "/") if is_home else english["absolute"],
        # The reader's language's rules pages, for the service worker to keep offline.
        "offline_pages": offline_pages(current),
    }


# The page kinds every game has: the game switch leads to the other game's page of the
# same kind (its rules, variants or card at a glance); from any other page, to its rules.
SHARED_KINDS = ("rules", "variants", "card")


def page_kind(match: ResolverMatch | None) -> str:
    """A page's kind ("card-for" is a card); a page of no shared kind: rules."""
    name = (match.url_name or "") if match and match.namespace == "rules" else ""
    name = name.removesuffix("-for")
    return name if name in SHARED_KINDS else "rules"


@lru_cache(maxsize=64)
def _game_links(current: str, kind: str, language: str) -> tuple[dict, ...]:
    with translation.override(language):
        return tuple(
            {
                "key": game.key,
                "name": game.names[language],
                "url": reverse(f"rules:{kind}", kwargs={"game": game.key}),
                "current": game.key == current,
                "icon": icon(game.key),
            }
            for game in games.all()
        )


def icon(key: str) -> str:
    """A game's picture in the header, from its package (templates/icons/<key>.svg)."""
    return f"icons/{key}.svg"


def current_game(request) -> str:
    """The game a page is about: a view may name it (`request.game_key`, a scorepad game
    of another game), a rules page has it in its URL; an address that resolved to
    nothing (a 404), the game word after its language (/en/<game>/…); else the default."""
    key = getattr(request, "game_key", None)
    if key is None and request.resolver_match is not None:
        key = request.resolver_match.kwargs.get("game")
    elif key is None:
        key = game_in_address(request.path)
    return key if key in games.known_keys() else games.DEFAULT_KEY


def game_in_address(path: str) -> str | None:
    """The game whose word follows the language in an address ("/en/<game>/x/": that game)."""
    parts = path.split("/", 3)  # "", "en", a game's word, the rest
    if len(parts) < 4 or parts[1] not in dict(settings.LANGUAGES):
        return None
    return games.by_word(parts[2])


def game_switch(request):
    """The game the page belongs to, for the header (its name, its rules and variants)
    and the title; and the switch to the same kind of page of each game."""
    key, language = current_game(request), get_language()
    return {
        "site_game": site_game(key, language),
        "game_links": _game_links(key, page_kind(request.resolver_match), language),
    }


@lru_cache(maxsize=16)
def site_game(key: str, language: str) -> dict:
    """What the header, title and footer say of a game, and where they lead."""
    game = games.get(key)
    with translation.override(language):
        return {
            "key": key,
            "name": game.names[language],
            "title": game.title[language],
            "icon": icon(key),
            "about": game.about[language],
            "blurb": game.blurb[language],  # a page's description where it has none
            "rules": reverse("rules:rules", kwargs={"game": key}),
            "variants": reverse("rules:variants", kwargs={"game": key}),
            "scorepad": pads.start_url(key),  # "Scorepad", "new game": this game's
        }


def _forget() -> None:
    for made in (offline_pages, _game_links, site_game, _reversed_in):
        made.cache_clear()


games.on_change(_forget)
