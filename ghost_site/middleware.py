"""The site's middleware: django-csp's with its policy built once, one after the
header-setting ones and before anything reads a body, one after everything."""

import codecs

from csp.constants import HEADER
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.http import HttpResponse
from django.template import loader
from django.utils import translation
from django.utils.cache import add_never_cache_headers
from django.utils.http import parse_header_parameters


def error_page(request, template: str, status: int) -> HttpResponse:
    """An error page in the language of the address, before LocaleMiddleware has run."""
    language = translation.get_language_from_path(request.path_info) or settings.LANGUAGE_CODE
    with translation.override(language):
        body = loader.render_to_string(template, {"LANGUAGE_CODE": language})
    return HttpResponse(body, status=status)


def known_charset(content_type: str) -> bool:
    charset = parse_header_parameters(content_type)[1].get("charset")
    if charset is None:
        return True
    try:
        codecs.lookup(charset)
    except LookupError:
        return False
    return True


def guard_request_bodies(get_response):
    """A body over MAX_REQUEST_BODY gets 413 before anything reads it: no form parsing,
    no multipart spooling, no temporary file. A body without a length (chunked) is
    refused too; phones always send one. A body in a charset Python does not know gets
    400 here rather than an exception deep in the form parser. A post whose body
    no reader could take in time (ghost_site/workers.py) gets 503. These answers pass back
    through the security, CSP and frame-options middleware, and carry no hop-by-hop header
    (`Connection` is the server's to set: WSGI forbids it to an application)."""

    def middleware(request):
        if request.META.get("ghost.body_busy"):  # ghost_site.workers.BodyGate
            busy = error_page(request, "503.html", 503)
            busy["Retry-After"] = "2"
            return busy
        if request.method not in ("GET", "HEAD", "OPTIONS"):
            length = request.META.get("CONTENT_LENGTH") or "0"
            chunked = "chunked" in request.META.get("HTTP_TRANSFER_ENCODING", "").lower()
            if chunked or not length.isdecimal() or int(length) > settings.MAX_REQUEST_BODY:
                return error_page(request, "413.html", 413)
            if not known_charset(request.META.get("CONTENT_TYPE", "")):
                return error_page(request, "400.html", 400)
        return get_response(request)

    return middleware


# Pages whose address holds a token and that post nothing send no Referer at all. The
# pages that post (the game, editing a round) send only the site's origin
# ("strict-origin"): under "no-referrer" a browser sends `Origin: null` with every POST,
# which the CSRF check rightly refuses, while "strict-origin" keeps the real `Origin`.
# Either way the token reaches no Referer: not another site's, and not the site's own
# (where a proxy's log would keep it).
NO_REFERRER = {"watch", "watch-poll", "history", "export-csv", "export-json"}


def private_pages(get_response):
    """Scorepad pages are not for search engines, are kept by no cache (a shared one
    would hand a game to whoever asks next), and a page whose address holds a game's
    token hands that token to no one as a Referer."""

    def middleware(request):
        response = get_response(request)
        if getattr(response, "render_budget_spent", False):  # ghost_site/budget.py
            response["Cache-Control"] = "no-store"
        match = request.resolver_match
        if match is None:
            return response
        scorepad = match.app_name == "scorepad"
        if scorepad:
            response["X-Robots-Tag"] = "noindex, nofollow"
        if scorepad or "token" in match.kwargs:
            add_never_cache_headers(response)
            if match.url_name in NO_REFERRER:
                response["Referrer-Policy"] = "no-referrer"
            elif "token" in match.kwargs:
                response["Referrer-Policy"] = "strict-origin"
        return response

    return middleware


class ContentSecurityPolicy(CSPMiddleware):
    """django-csp's middleware with the site's one policy built once. No view of the site
    changes the policy or asks for a nonce, so every answer carries the same header;
    building it anew for each one cost a quarter of what all other middleware costs a
    round entry. A response or request that does use django-csp's per-view tools still
    gets django-csp's own handling."""

    PER_VIEW = ("_csp_exempt", "_csp_config", "_csp_update", "_csp_replace")

    def __init__(self, get_response):
        super().__init__(get_response)
        self.policy = build_policy()
        # A report-only policy or excluded prefixes: django-csp's own handling throughout.
        self.simple = not getattr(settings, "CONTENT_SECURITY_POLICY_REPORT_ONLY", None) and not (
            settings.CONTENT_SECURITY_POLICY.get("EXCLUDE_URL_PREFIXES")
        )

    def process_response(self, request, response):
        if (
            not self.simple
            or settings.DEBUG  # django-csp leaves Django's debug pages without a policy
            or getattr(request, "_csp_nonce", None) is not None
            or any(hasattr(response, name) for name in self.PER_VIEW)
        ):
            return super().process_response(request, response)
        if self.policy and HEADER not in response:
            response[HEADER] = self.policy
        request.csp_nonce = CheckableLazyObject(self._csp_nonce_post_response)
        return response
