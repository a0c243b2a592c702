from functools import lru_cache

from django.conf import settings
from django.urls import NoReverseMatch, Resolver404, ResolverMatch, resolve, reverse
from django.utils import translation
from django.utils.translation import get_language


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


OFFLINE_PAGES = ("home", "rules", "card", "variants", "golf-rules", "golf-card")


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
