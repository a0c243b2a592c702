from functools import lru_cache

from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language


def same_page_in(path: str, code: str) -> str:
    return _same_page_in(path, code, get_language())


@lru_cache(maxsize=4096)
def _same_page_in(path: str, code: str, _active: str) -> str:
    """translate_url resolves and reverses the path (resolving depends on the active
    language); for one path and language the answer never changes."""
    return translate_url(path, code)


def absolute_url(request, path: str) -> str:
    """From the configured site origin; in development, from the request."""
    if settings.SITE_URL:
        return settings.SITE_URL + path
    return request.build_absolute_uri(path)


def languages(request):
    """The same page in each language: for the switch, hreflang and canonical links.

    A view may set `request.canonical_path` when the page answers a POST (a 409 or 422
    from a form): the links then point to the page, not to the POST-only address."""
    current = get_language()
    path = getattr(request, "canonical_path", request.path)
    links = []
    for code, _name in settings.LANGUAGES:
        url = same_page_in(path, code)
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
        "canonical_url": absolute_url(request, same_page_in(path, current)),
        "x_default_url": absolute_url(request, "/") if is_home else english["absolute"],
    }
