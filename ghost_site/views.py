"""Site-wide views: the language choice at /, robots.txt and the error pages."""

import hashlib
import json
from functools import lru_cache

from django.conf import settings
from django.http import HttpResponse, HttpResponseRedirect, JsonResponse
from django.shortcuts import render
from django.template import loader
from django.templatetags.static import static
from django.urls import reverse
from django.utils import translation
from django.utils.translation import gettext as _
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from rules import games

from .middleware import error_page

# Every Norwegian tag a phone may send; Nynorsk readers read Bokmål better than English.
NORWEGIAN_TAGS = {"nb", "no", "nn"}
THEME_COLOR = "#1d4d3a"


def language_for(accept_language: str) -> str:
    for tag, _quality in parse_accept_lang_header(accept_language or ""):
        primary = tag.split("-")[0].lower()
        if primary in NORWEGIAN_TAGS:
            return "nb"
        if primary == "en":
            return "en"
    return settings.LANGUAGE_CODE


@require_safe
@vary_on_headers("Accept-Language")
@cache_control(private=True, max_age=0)
def choose_language(request):
    language = language_for(request.headers.get("Accept-Language", ""))
    with translation.override(language):
        return HttpResponseRedirect(reverse("rules:home"))


@require_safe
@cache_control(public=True, max_age=60 * 60 * 24)
def robots_txt(request):
    # Nothing is hidden here: scorepad pages say noindex themselves (a header and a meta
    # tag), which a crawler can only read if it may fetch them.
    sitemap = (settings.SITE_URL or request.build_absolute_uri("/").rstrip("/")) + reverse(
        "sitemap"
    )
    return HttpResponse(
        f"User-agent: *\nAllow: /\n\nSitemap: {sitemap}\n",
        content_type="text/plain; charset=utf-8",
    )


# What every page needs offline: the hashed static files, taken in at install; each
# game's own scripts are its pad's (scorepad/pads.py).
PRECACHED_STATIC = (
    "ghost_site/site.css",
    "ghost_site/site.js",
    "ghost_site/favicon.svg",
    "scorepad/common.js",
    "scorepad/together.js",
    "scorepad/new-game.js",
    "scorepad/outbox.js",
    "scorepad/offline-standings.js",
    "scorepad/page.js",
    "django_htmx/htmx-2.min.js",
)


def precached_static() -> tuple[str, ...]:
    from scorepad import pads  # the pads reach the models: not at this module's import

    return PRECACHED_STATIC + pads.static_files()


@lru_cache
def service_worker_source(debug: bool) -> str:
    precache = [static(name) for name in precached_static()]
    context = {
        "precache": json.dumps(precache),
        "static_prefix": settings.STATIC_URL,
        "immutable": not debug,  # hashed names only when debug is off
    }
    body = loader.render_to_string("sw.js", {**context, "version": "v"})
    # The version is the hash of everything the worker holds, hashed static names
    # included: each deploy that changes anything makes a new worker, and only then.
    version = hashlib.blake2b(body.encode(), digest_size=8).hexdigest()
    return loader.render_to_string("sw.js", {**context, "version": version})


@require_safe
def service_worker(request):
    """At the site's root, so its scope covers both languages; never cached long, so an
    update reaches installed phones on their next visit."""
    response = HttpResponse(
        service_worker_source(settings.DEBUG), content_type="text/javascript; charset=utf-8"
    )
    response["Cache-Control"] = "no-cache"
    return response


@require_safe
@cache_control(public=True, max_age=60 * 60 * 24)
def manifest(request):
    """The installable app, one per language: the scope is that language's pages."""
    home = reverse("rules:home")
    language = translation.get_language()
    name = games.default().names[language]  # the site is its default game's, by name
    data = {
        "id": home,
        "name": _("%(game)s: rules and scorepad") % {"game": name},
        "short_name": name,
        "description": _("The rules of the card game %(game)s and a scorepad for the table.")
        % {"game": name},
        "lang": language,
        "start_url": home,
        "scope": home,
        "display": "standalone",
        "theme_color": THEME_COLOR,
        "background_color": THEME_COLOR,
        "icons": [
            {"src": static(f"ghost_site/icons/{name}"), "sizes": size, "type": "image/png"}
            | ({"purpose": "maskable"} if name.startswith("maskable") else {})
            for name, size in (
                ("icon-192.png", "192x192"),
                ("icon-512.png", "512x512"),
                ("maskable-512.png", "512x512"),
            )
        ],
    }
    return JsonResponse(
        data,
        content_type="application/manifest+json",
        json_dumps_params={"ensure_ascii": False},
    )


def bad_request(request, exception):
    """A request Django could not read (a body in another charset than UTF-8, say),
    answered in the language of its address."""
    return error_page(request, "400.html", 400)


def page_not_found(request, exception):
    return render(request, "404.html", status=404)


def server_error(request):
    # No context processors, nothing from the failing request: show as little as we can.
    language = translation.get_language() or settings.LANGUAGE_CODE
    with translation.override(language):
        body = loader.get_template("500.html").render({"LANGUAGE_CODE": language})
    return HttpResponse(body, status=500)
