"""Site-wide views: the language choice at /, robots.txt and the error pages."""

from django.conf import settings
from django.http import HttpResponse, HttpResponseRedirect
from django.shortcuts import render
from django.template import loader
from django.urls import reverse
from django.utils import translation
from django.utils.translation.trans_real import parse_accept_lang_header
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from .middleware import error_page

# Every Norwegian tag a phone may send; Nynorsk readers read Bokmål better than English.
NORWEGIAN_TAGS = {"nb", "no", "nn"}


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
    return HttpResponse("User-agent: *\nAllow: /\n", content_type="text/plain; charset=utf-8")


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
