"""The pre-rendered rules pages: built through Django, replayed byte for byte from memory."""

import gzip
import io
from pathlib import Path

import brotli
import pytest
from django.core.management import call_command
from django.test import Client, override_settings

from ghost_site.serving import prerendered
from rules.engine import schema
from rules.games.ghost import cards
from rules.views import prerendered_paths

ORIGIN = "https://ghost.example"
PRODUCTION_ORIGIN = {
    "SITE_URL": ORIGIN,
    "ALLOWED_HOSTS": ["ghost.example"],
    # what settings.py sets with DJANGO_DEBUG=0 and DJANGO_BEHIND_TLS_PROXY=1
    "SECURE_SSL_REDIRECT": True,
    "SECURE_HSTS_SECONDS": 60 * 60 * 24 * 365,
    "SECURE_HSTS_INCLUDE_SUBDOMAINS": True,
    "SECURE_PROXY_SSL_HEADER": ("HTTP_X_FORWARDED_PROTO", "https"),
}
PAGES = [
    "/en/",
    "/en/rules/",
    "/en/variants/",
    "/nb/",
    "/nb/regler/",
    "/nb/varianter/",
    "/en/rules/jack-11+stock-only/",
    "/nb/regler/tre-pa-handen+en-runde/",
    "/nb/huskekort/",
    "/en/sheet/2/",
]


@pytest.fixture(scope="module")
def built(tmp_path_factory, django_db_blocker):
    out = tmp_path_factory.mktemp("prerendered")
    with (
        django_db_blocker.unblock(),
        override_settings(**PRODUCTION_ORIGIN),
        # What is stored is checked by decompressing it; how small it gets is brotli's
        # business, and level 11 on every page made this fixture most of the file's time.
        pytest.MonkeyPatch.context() as patch,
    ):
        patch.setattr(prerendered, "BROTLI_QUALITY", 5)
        call_command("prerender", out=out, verbosity=0)
    return out


@pytest.fixture(scope="module")
def app(built):
    calls = []

    def django_app(environ, start_response):
        calls.append((environ["REQUEST_METHOD"], environ["PATH_INFO"]))
        start_response("200 OK", [("Content-Type", "text/plain")])
        return [b"from Django"]

    wrapped = prerendered.wrap(django_app, built)
    wrapped.calls = calls
    return wrapped


@pytest.fixture(autouse=True)
def _production_origin(settings):
    for name, value in PRODUCTION_ORIGIN.items():
        setattr(settings, name, value)


def call(app, path, method="GET", query="", scheme="https", host="ghost.example", **headers):
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "SERVER_NAME": "ghost.example",
        "SERVER_PORT": "443" if scheme == "https" else "80",
        "HTTP_HOST": host,
        "wsgi.url_scheme": scheme,
        "wsgi.input": io.BytesIO(),
        "wsgi.errors": io.StringIO(),
    }
    environ.update({"HTTP_" + k.upper(): v for k, v in headers.items()})
    answer = {}

    def start_response(status, headers):
        answer["status"], answer["headers"] = status, dict(headers)

    answer["body"] = b"".join(app(environ, start_response))
    return answer


def test_every_rules_page_in_both_languages_is_prerendered():
    """The rules, variants, card and sheet pages, and the rules page for every
    combination of house rules but the other thresholds, in both languages; Golf's rules
    page for every combination but the other numbers of holes."""
    from rules.games.golf import GAME as GOLF

    paths = prerendered_paths()
    assert set(PAGES) <= set(paths)
    assert len(paths) == len(set(paths))
    houses = [h for h in schema.all_houses() if h.threshold in (cards.LOSS_THRESHOLD, None)]
    golf = [h for h in schema.all_houses(GOLF) if h.holes == GOLF.number_rule.default]
    assert len(paths) == 2 * (5 + len(houses) - 1 + len(golf) + 3)  # card, sheet, variants
    assert not any("/to-" in path or "/holes-" in path for path in paths)
    assert {"/en/golf/rules/", "/nb/golf/regler/"} <= set(paths)


@pytest.mark.django_db
@pytest.mark.parametrize("path", PAGES)
@override_settings(**PRODUCTION_ORIGIN)
def test_a_stored_page_is_what_django_sends(app, path):
    django = Client().get(path, secure=True, HTTP_HOST="ghost.example")
    stored = call(app, path)
    assert stored["status"] == "200 OK"
    assert stored["body"] == django.content
    for header in ("Content-Type", "Content-Security-Policy", "Cache-Control", "X-Frame-Options"):
        assert stored["headers"][header] == django[header]
    assert stored["headers"]["Vary"].endswith("Accept-Encoding")
    assert stored["headers"]["Expires"] != ""  # made per answer, never a stale date


@pytest.mark.parametrize(
    ("accept", "encoding", "decode"),
    [
        ("gzip, deflate, br", "br", brotli.decompress),
        ("gzip", "gzip", gzip.decompress),
        ("br;q=0, gzip", "gzip", gzip.decompress),
        ("identity", None, bytes),
        ("", None, bytes),
    ],
)
def test_the_encoding_follows_accept_encoding(app, accept, encoding, decode):
    plain = call(app, "/en/rules/")["body"]
    answer = call(app, "/en/rules/", accept_encoding=accept)
    assert answer["headers"].get("Content-Encoding") == encoding
    assert decode(answer["body"]) == plain
    assert answer["headers"]["Content-Length"] == str(len(answer["body"]))


def test_revalidation_gets_304_without_a_body(app):
    first = call(app, "/nb/regler/", accept_encoding="br")
    again = call(app, "/nb/regler/", accept_encoding="br", if_none_match=first["headers"]["ETag"])
    assert again["status"] == "304 Not Modified"
    assert again["body"] == b""
    assert again["headers"]["ETag"] == first["headers"]["ETag"]
    other = call(app, "/nb/regler/", if_none_match=first["headers"]["ETag"])
    assert other["status"] == "200 OK"  # the br tag is not the identity body's


def test_head_has_the_headers_and_no_body(app):
    answer = call(app, "/en/", method="HEAD")
    assert answer["status"] == "200 OK"
    assert answer["body"] == b""
    assert int(answer["headers"]["Content-Length"]) > 1000


@pytest.mark.parametrize(
    ("method", "path", "query"),
    [("POST", "/en/rules/", ""), ("GET", "/en/rules/", "jack=11"), ("GET", "/en/scorepad/", "")],
)
def test_anything_else_goes_to_django_untouched(app, method, path, query):
    before = len(app.calls)
    assert call(app, path, method=method, query=query)["body"] == b"from Django"
    assert app.calls[before:] == [(method, path)]


def test_the_export_is_a_folder_a_static_host_can_serve(built):
    for path in PAGES:
        page = Path(built) / prerendered.file_for(path)
        assert page.read_bytes().startswith(b"<!doctype html>")
        assert gzip.decompress(Path(str(page) + ".gz").read_bytes()) == page.read_bytes()


def test_without_a_build_the_app_is_django_alone(tmp_path):
    def django_app(environ, start_response):
        return []

    assert prerendered.wrap(django_app, tmp_path) is django_app


# ------------------------------------------- the layer and Django, header by header

# Values that describe one rendering, not the page: both must send them, with any value.
PER_ANSWER = {"etag", "expires", "date", "content-length"}


def compared(answer: dict) -> list[tuple[str, str]]:
    """The status, then each header (its name in lower case), in sorted order."""
    headers = {k.lower(): v for k, v in answer["headers"].items()}
    for name in PER_ANSWER & headers.keys():
        headers[name] = "(present)"
    return [("status", answer["status"].split()[0]), *sorted(headers.items())]


@pytest.fixture
def django_app(settings):
    """Django alone, its middleware built under the production settings of this module;
    `calls` records what reached it."""
    from django.core.handlers.wsgi import WSGIHandler

    handler = WSGIHandler()
    calls = []

    def application(environ, start_response):
        calls.append(environ["PATH_INFO"])
        return handler(environ, start_response)

    application.calls = calls
    return application


@pytest.fixture
def layered(built, django_app):
    return prerendered.wrap(django_app, built)


DJANGO_CASES = {
    "over https from the proxy": {"x_forwarded_proto": "https"},
    "https, gzip accepted": {"x_forwarded_proto": "https", "accept_encoding": "gzip"},
    "plain http from the proxy": {"x_forwarded_proto": "http"},
    "no proxy header, plain http": {"scheme": "http"},
    "a forged proto list": {"x_forwarded_proto": "http, https"},
    "an unknown host": {"x_forwarded_proto": "https", "host": "evil.example"},
    "an unknown host over http": {"x_forwarded_proto": "http", "host": "evil.example"},
    "a host with a port": {"x_forwarded_proto": "https", "host": "ghost.example:8443"},
    "HEAD over https": {"x_forwarded_proto": "https", "method": "HEAD"},
}


@pytest.mark.django_db
@pytest.mark.parametrize("path", ["/en/rules/", "/nb/"])
@pytest.mark.parametrize("case", DJANGO_CASES)
def test_the_layer_answers_as_django_would(layered, django_app, path, case):
    """The same request to the layer and to Django alone: the same status and the same
    headers (HSTS, CSP, nosniff, frame options, referrer and opener policies, cache
    control, Vary, redirect target), one by one."""
    options = dict(DJANGO_CASES[case])
    method = options.pop("method", "GET")
    scheme = options.pop("scheme", "https")
    host = options.pop("host", "ghost.example")
    layer = call(layered, path, method=method, scheme=scheme, host=host, **options)
    from_memory = not django_app.calls
    django = call(django_app, path, method=method, scheme=scheme, host=host, **options)
    if method == "HEAD" and from_memory:
        # RFC 9110 9.3.2: HEAD gets GET's headers. Django's ConditionalGetMiddleware tags
        # only GET; the layer keeps the tag. Every other header must be the same.
        assert "ETag" not in django["headers"]
        del layer["headers"]["ETag"]
    assert compared(layer) == compared(django)
    assert layer["status"] != "200 OK" or from_memory  # the 200s came from the layer


@pytest.mark.django_db
def test_a_304_carries_what_djangos_304_carries(layered, django_app):
    secure = {"x_forwarded_proto": "https"}
    layer = call(layered, "/en/rules/", **secure)
    layer_304 = call(layered, "/en/rules/", if_none_match=layer["headers"]["ETag"], **secure)
    assert not django_app.calls
    django = call(django_app, "/en/rules/", **secure)
    django_304 = call(django_app, "/en/rules/", if_none_match=django["headers"]["ETag"], **secure)
    assert layer_304["status"] == django_304["status"] == "304 Not Modified"
    # RFC 9110 15.4.5: a 304 carries the Vary the 200 would. Django's comes without it
    # (GZipMiddleware adds Vary only to bodies it could compress); the layer keeps it.
    assert layer_304["headers"].pop("Vary") == layer["headers"]["Vary"]
    assert compared(layer_304) == compared(django_304)
    assert "Strict-Transport-Security" in layer_304["headers"]


# ------------------------------------------------------------ HTTP by the book


@pytest.mark.parametrize(
    ("accept", "encoding"),
    [
        ("x-brotli", None),  # not br: nothing the page has, identity acceptable by default
        ("gzip;q=0.5, br;q=0.4", "gzip"),
        ("br;q=0.1, gzip;q=0.1", "br"),
        ("*", "br"),
        ("*;q=0, identity", None),
        ("gzip;q=0, br;q=0", None),
        ("GZIP", "gzip"),
        ("x-gzip", "gzip"),
        ("br;q=2, gzip", "gzip"),  # a malformed weight drops that element
        ("br;q=0.000, gzip;q=0.001", "gzip"),
        ("br ; q=1.0 , identity", "br"),
    ],
)
def test_accept_encoding_weighs_q_values(app, accept, encoding):
    answer = call(app, "/en/rules/", accept_encoding=accept)
    assert answer["status"] == "200 OK"
    assert answer["headers"].get("Content-Encoding") == encoding


@pytest.mark.parametrize("accept", ["identity;q=0", "*;q=0", "deflate, identity;q=0"])
def test_nothing_acceptable_is_a_406_with_the_sites_headers(app, accept):
    answer = call(app, "/en/rules/", accept_encoding=accept)
    assert answer["status"] == "406 Not Acceptable"
    headers = answer["headers"]
    assert "Content-Encoding" not in headers
    for name in ("Content-Security-Policy", "X-Content-Type-Options", "Referrer-Policy"):
        assert name in headers
    assert headers["Strict-Transport-Security"].startswith("max-age=")


def test_vary_names_each_field_once(app):
    for accept in ("", "br", "gzip"):
        vary = call(app, "/en/rules/", accept_encoding=accept)["headers"]["Vary"]
        fields = [field.strip().lower() for field in vary.split(",")]
        assert fields.count("accept-encoding") == 1
        assert len(fields) == len(set(fields))


@pytest.mark.parametrize(
    ("make_header", "status"),
    [
        (lambda tag: tag, "304 Not Modified"),
        (lambda tag: f'"other", {tag}', "304 Not Modified"),
        (lambda tag: f'W/"other",W/{tag}', "304 Not Modified"),
        (lambda tag: f"W/{tag}", "304 Not Modified"),
        (lambda tag: "*", "304 Not Modified"),
        (lambda tag: f"x{tag}", "200 OK"),
        (lambda tag: f"{tag}x", "200 OK"),
        (lambda tag: tag.strip('"'), "200 OK"),
        (lambda tag: f'"a{tag.strip(chr(34))}"', "200 OK"),
    ],
)
def test_if_none_match_is_a_list_of_tags_compared_weakly(app, make_header, status):
    tag = call(app, "/nb/regler/", accept_encoding="br")["headers"]["ETag"]
    answer = call(app, "/nb/regler/", accept_encoding="br", if_none_match=make_header(tag))
    assert answer["status"] == status
