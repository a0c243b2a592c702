"""The site's URLs plus one view that fails, to see the 500 page as a reader would."""

from django.conf.urls.i18n import i18n_patterns
from django.urls import path

from ghost_site.urls import handler404, handler500  # noqa: F401
from ghost_site.urls import urlpatterns as site_urls


def fail(request):
    raise RuntimeError("secret detail: /srv/ghost/settings.py line 42")


urlpatterns = site_urls + i18n_patterns(path("fail/", fail))
