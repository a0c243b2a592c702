"""The site's middleware: django-csp's with its policy built once, and one after
everything (no-store and the Referer policy for token addresses). The body guard, which
runs before anything reads a body, is the serving layer's (ghost_site/serving/bodies.py)."""

from csp.constants import HEADER
from csp.middleware import CheckableLazyObject, CSPMiddleware
from csp.utils import build_policy
from django.conf import settings
from django.http import HttpResponse
from django.template import loader
from django.utils import translation
from django.utils.cache import add_never_cache_headers


def error_page(request, template: str, status: int) -> HttpResponse:
    """An error page in the language of the address, before LocaleMiddleware has run."""
    language = translation.get_language_from_path(request.path_info) or settings.LANGUAGE_CODE
    with translation.override(language):
        body = loader.render_to_string(template, {"LANGUAGE_CODE": language})
    return HttpResponse(body, status=status)


# Pages whose address holds a token and that post nothing send no Referer at all. The
# pages that post (the game, editing a round) send only the site's origin
# ("strict-origin"): under "no-referrer" a browser sends `Origin: null` with every POST,
# which the CSRF check rightly refuses, while "strict-origin" keeps the real `Origin`.
# Either way the token reaches no Referer: not another site's, and not the site's own
# (where a proxy's log would keep it).
NO_REFERRER = {"watch", "watch-poll", "history", "export-csv", "export-json"}


def _never_cache_header() -> str:
    response = HttpResponse()
    add_never_cache_headers(response)
    return response["Cache-Control"]


NEVER_CACHE = _never_cache_header()  # what Django's never_cache says, exactly


def private_pages(get_response):
    """Scorepad pages are not for search engines, are kept by no cache (a shared one
    would hand a game to whoever asks next), and a page whose address holds a game's
    token hands that token to no one as a Referer."""

    def middleware(request):
        response = get_response(request)
        if getattr(response, "render_budget_spent", False):  # ghost_site/serving/budget.py
            response["Cache-Control"] = "no-store"
        match = request.resolver_match
        if match is None:
            return response
        scorepad = match.app_name == "scorepad"
        if scorepad:
            response["X-Robots-Tag"] = "noindex, nofollow"
        if scorepad or "token" in match.kwargs:
            if response.get("Cache-Control") != NEVER_CACHE:  # the view's never_cache said it
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
