from functools import lru_cache

from django.conf import settings
from django.urls import NoReverseMatch, Resolver404, ResolverMatch, resolve, reverse
from django.utils import translation
from django.utils.translation import get_language
from django.utils.translation import gettext_lazy as _

from rules import games


def same_page_in(match: ResolverMatch | None, path: str, code: str) -> str:
    """The page `match` resolved, addressed in language `code`; `path` itself when it
    resolved to nothing (a 404 keeps its address in every language)."""
    if match is None or not match.url_name:
        return path
    try:
        return _reversed_in(match.view_name, tuple(match.args), tuple(match.kwargs.items()), code)
    except TypeError:  # an unhashable argument: reversed without the cache
        return _reversed_in.__wrapped__(match.view_name, match.args, match.kwargs.items(), code)
    except NoReverseMatch:
        return path


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


OFFLINE_PAGES = (
    "home",
    "rules",
    "card",
    "variants",
    "golf-rules",
    "golf-card",
    "golf-variants",
)


@lru_cache
def offline_pages(language: str) -> list[str]:
    with translation.override(language):
        return [reverse(f"rules:{name}") for name in OFFLINE_PAGES]


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


# Each game's name as a page title ends with it, and the footer's line about it.
GAME_TITLES = {
    "ghost": (
        _("Ghost, the card game"),
        _("Ghost is a folk game with no official rule book. These pages collect how it is played."),
    ),
    "golf": (
        _("Golf, the card game"),
        _(
            "Golf is played in many homes in slightly different ways, with no official rule "
            "book. These pages collect how it is played."
        ),
    ),
}
# The page kinds every game has: the game switch leads to the other game's page of the
# same kind (its rules, variants or card at a glance); from any other page, to its rules.
SHARED_KINDS = ("rules", "variants", "card")


def page_kind(match: ResolverMatch | None) -> str:
    """A page's kind ("golf-card-for" is a card); a page of no shared kind: rules."""
    name = (match.url_name or "") if match and match.namespace == "rules" else ""
    game = match.kwargs.get("game") if match else None
    if game and name.startswith(f"{game}-"):
        name = name[len(game) + 1 :]
    name = name.removesuffix("-for")
    return name if name in SHARED_KINDS else "rules"


@lru_cache(maxsize=64)
def _game_links(current: str, kind: str, language: str) -> tuple[dict, ...]:
    with translation.override(language):
        return tuple(
            {
                "key": key,
                "name": games.get(key).names[language],
                "url": reverse(_url_name(kind, key)),
                "current": key == current,
                "icon": icon(key),
            }
            for key in games.known_keys()
        )


def _url_name(kind: str, key: str) -> str:
    return f"rules:{kind}" if key == games.DEFAULT_KEY else f"rules:{key}-{kind}"


def icon(key: str) -> str:
    """A game's picture in the header: its own, or the default game's."""
    return f"icons/{key if key in GAME_TITLES else games.DEFAULT_KEY}.svg"


def current_game(request) -> str:
    """The game a page is about: a view may name it (`request.game_key`, a scorepad game
    of another game), a rules page of another game has it in its URL; else the default."""
    key = getattr(request, "game_key", None)
    if key is None and request.resolver_match is not None:
        key = request.resolver_match.kwargs.get("game")
    return key if key in games.known_keys() else games.DEFAULT_KEY


def game_switch(request):
    """The game the page belongs to, for the header (its name, its rules and variants)
    and the title; and the switch to the same kind of page of each game."""
    key, language = current_game(request), get_language()
    return {
        "site_game": _site_game(key, language),
        "game_links": _game_links(key, page_kind(request.resolver_match), language),
    }


@lru_cache(maxsize=16)
def _site_game(key: str, language: str) -> dict:
    title, about = GAME_TITLES.get(key, GAME_TITLES[games.DEFAULT_KEY])
    with translation.override(language):
        return {
            "key": key,
            "name": games.get(key).names[language],
            "title": title,
            "icon": icon(key),
            "about": about,
            "rules": reverse(_url_name("rules", key)),
            "variants": reverse(_url_name("variants", key)),
        }
