"""The pre-rendered rules pages: built through Django, replayed byte for byte from memory."""

import gzip
import io
from pathlib import Path

import brotli
import pytest
from django.core.management import call_command
from django.test import Client, override_settings

from ghost_site import prerendered
from rules import cards, schema
from rules.views import prerendered_paths

ORIGIN = "https://ghost.example"
PRODUCTION_ORIGIN = {"SITE_URL": ORIGIN, "ALLOWED_HOSTS": ["ghost.example"]}
PAGES = [
    "/en/",
    "/en/rules/",
    "/en/variants/",
    "/nb/",
    "/nb/regler/",
    "/nb/varianter/",
    "/en/rules/jack-11+stock-only/",
    "/nb/regler/three-in-hand+one-round/",
    "/nb/huskekort/",
    "/en/sheet/2/",
]


@pytest.fixture(scope="module")
def built(tmp_path_factory, django_db_blocker):
    out = tmp_path_factory.mktemp("prerendered")
    with (
        django_db_blocker.unblock(),
        override_settings(**PRODUCTION_ORIGIN),
    ):
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


def call(app, path, method="GET", query="", **headers):
    environ = {
        "REQUEST_METHOD": method,
        "PATH_INFO": path,
        "QUERY_STRING": query,
        "wsgi.input": io.BytesIO(),
    }
    environ.update({"HTTP_" + k.upper(): v for k, v in headers.items()})
    answer = {}

    def start_response(status, headers):
        answer["status"], answer["headers"] = status, dict(headers)

    answer["body"] = b"".join(app(environ, start_response))
    return answer


def test_every_rules_page_in_both_languages_is_prerendered():
    """The rules, variants, card and sheet pages, and the rules page for every
    combination of house rules but the other thresholds, in both languages."""
    paths = prerendered_paths()
    assert set(PAGES) <= set(paths)
    assert len(paths) == len(set(paths))
    houses = [h for h in schema.all_houses() if h.threshold in (cards.LOSS_THRESHOLD, None)]
    assert len(paths) == 2 * (5 + len(houses) - 1)
    assert not any("/to-" in path for path in paths)


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
    assert "Expires" not in stored["headers"]  # a fixed date would go stale


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
