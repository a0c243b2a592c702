"""The body guard: the middleware that refuses a request body before anything reads it
(settings.MIDDLEWARE, after every middleware that sets a header)."""

import codecs

from django.conf import settings
from django.utils.http import parse_header_parameters

from ghost_site.middleware import error_page


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
    400 here rather than an exception deep in the form parser. A post whose body no
    reader could take in time (workers.py, front.py) gets 503. These answers pass back
    through the security, CSP and frame-options middleware, and carry no hop-by-hop
    header (`Connection` is the server's to set: WSGI forbids it to an application)."""

    def middleware(request):
        if request.META.get("ghost.body_busy"):  # ghost_site.serving.workers.BodyGate
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
