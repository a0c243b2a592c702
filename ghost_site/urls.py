from django.conf.urls.i18n import i18n_patterns
from django.contrib.sitemaps.views import sitemap
from django.urls import include, path

from rules.sitemaps import SITEMAPS
from scorepad import urls as scorepad_urls  # noqa: F401  (registers the token converter)
from scorepad.views.watch_link import watch_in_readers_language

from . import views

urlpatterns = [
    path("", views.choose_language, name="choose-language"),
    path("robots.txt", views.robots_txt, name="robots-txt"),
    path("sitemap.xml", sitemap, {"sitemaps": SITEMAPS}, name="sitemap"),
    path("sw.js", views.service_worker, name="service-worker"),
    path("w/<token:token>/", watch_in_readers_language, name="watch-link"),
]
urlpatterns += i18n_patterns(
    path("manifest.webmanifest", views.manifest, name="manifest"),
    # The scorepad first: its addresses are the ones asked for many times a minute.
    path("", include("scorepad.urls")),
    path("", include("rules.urls")),
)

handler400 = "ghost_site.views.bad_request"
handler404 = "ghost_site.views.page_not_found"
handler500 = "ghost_site.views.server_error"
