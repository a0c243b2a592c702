"""The watch link as the table shares it: without a language, so that each phone that
scans or opens it gets the watch page in its own language (the page's language switch
still changes it)."""

from django.http import HttpResponseRedirect
from django.urls import reverse
from django.utils import translation
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_safe
from django.views.decorators.vary import vary_on_headers

from ghost_site.views import language_for


@require_safe
@vary_on_headers("Accept-Language")
@cache_control(private=True, max_age=0)
def watch_in_readers_language(request, token):
    language = language_for(request.headers.get("Accept-Language", ""))
    with translation.override(language):
        return HttpResponseRedirect(reverse("scorepad:watch", args=[token]))


def shared_watch_path(game) -> str:
    return reverse("watch-link", args=[game.watch_token])
