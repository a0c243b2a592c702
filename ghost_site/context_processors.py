from django.conf import settings
from django.urls import translate_url
from django.utils.translation import get_language


def languages(request):
    """The same page in each language: for the switch, hreflang and canonical links."""
    current = get_language()
    path = request.path
    links = []
    for code, _name in settings.LANGUAGES:
        url = translate_url(path, code)
        links.append(
            {
                "code": code,
                "name": {"en": "English", "nb": "Norsk"}[code],
                "url": url,
                "absolute": request.build_absolute_uri(url),
                "current": code == current,
            }
        )
    english = next(link for link in links if link["code"] == "en")
    is_home = request.resolver_match and request.resolver_match.view_name == "rules:home"
    return {
        "language_links": links,
        "other_languages": [link for link in links if not link["current"]],
        "canonical_url": request.build_absolute_uri(translate_url(path, current)),
        "x_default_url": request.build_absolute_uri("/") if is_home else english["absolute"],
    }
