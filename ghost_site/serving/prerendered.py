"""Rules pages rendered once at deploy and replayed from memory, in front of Django.

`manage.py prerender` renders every page that changes only with a deploy (home, rules,
variants, both languages) through the real Django stack, as the TLS proxy hands a request
over, so the stored headers (CSP, HSTS, Cache-Control, canonical and hreflang in the
body) are exactly what Django sends. It writes each page with gzip and brotli variants
and a manifest of their headers and the scheme they were rendered for.

`PrerenderedPages` wraps the WSGI application: a GET or HEAD for one of those paths,
without a query string, from an allowed Host and over that scheme, is answered from
memory (`If-None-Match` → 304, the coding chosen by `Accept-Encoding` q-values, Vary
once). Anything else (an unknown Host, plain http) goes to Django untouched, so those
answers are Django's own. Measured on this project's machine, Django's stack costs about
0.8 ms a request even for a cached page; this layer costs a dictionary lookup.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
import re
import time
from pathlib import Path

import brotli
from django.conf import settings
from django.http.request import split_domain_port, validate_host
from django.utils.http import http_date, parse_etags

MANIFEST = "manifest.json"
ENCODINGS = (("br", ".br"), ("gzip", ".gz"))  # preferred first
# Headers that describe one rendering rather than the page: set again per answer.
DROPPED = {"content-length", "content-encoding", "etag", "expires", "date"}

log = logging.getLogger(__name__)


BROTLI_QUALITY = 11  # the smallest files; done once per deploy


def compress(body: bytes) -> dict[str, bytes]:
    return {
        "br": brotli.compress(body, quality=BROTLI_QUALITY),
        "gzip": gzip.compress(body, compresslevel=9, mtime=0),
    }


def file_for(path: str) -> str:
    """'/en/rules/' -> 'en/rules/index.html': what a static host serves for the path."""
    return path.strip("/") + "/index.html" if path.strip("/") else "index.html"


def write(
    out: Path, pages: dict[str, tuple[int, list[tuple[str, str]], bytes]], scheme: str = "https"
) -> None:
    """Store rendered pages under `out`: each body, its compressed variants, a manifest."""
    manifest = {}
    for path, (status, headers, body) in pages.items():
        name = file_for(path)
        target = out / name
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_bytes(body)
        compressed = compress(body)  # once per page: brotli at 11 is the slow part
        for encoding, suffix in ENCODINGS:
            (out / (name + suffix)).write_bytes(compressed[encoding])
        manifest[path] = {
            "status": status,
            "scheme": scheme,
            "file": name,
            "headers": [(k, v) for k, v in headers if k.lower() not in DROPPED],
        }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False))


def write_moved(out: Path, moved: dict[str, str], origin: str = "") -> None:
    """For a static host, which cannot answer a 301: a file at each moved path (a table
    spelled in another language's words) that sends the reader on to the page's own
    address at once, canonical to it and not to be indexed. Not in the manifest: the app
    leaves those paths to Django, which answers them with a real 301."""
    for old, new in moved.items():
        language = old.strip("/").split("/")[0]
        target = out / file_for(old)
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(
            f'<!doctype html><html lang="{language}"><meta charset="utf-8">'
            f'<meta name="robots" content="noindex"><link rel="canonical" href="{origin}{new}">'
            f'<meta http-equiv="refresh" content="0; url={new}"><title>{new}</title>'
            f'<p><a href="{new}">{origin}{new}</a></p>\n'
        )


# What Django's ConditionalGetMiddleware keeps on a 304, and what the middleware above it
# (security, CSP) adds to every answer: a 304 from here carries exactly these.
NOT_MODIFIED_KEEPS = {
    "cache-control",
    "content-location",
    "etag",
    "expires",
    "last-modified",
    "vary",
    "content-security-policy",
    "strict-transport-security",
    "x-content-type-options",
    "referrer-policy",
    "cross-origin-opener-policy",
}


def merged_vary(values: list[str]) -> str:
    """One Vary value, each field named once (case-insensitive), in first-seen order."""
    seen = {}
    for value in values:
        for field in value.split(","):
            field = field.strip()
            if field and field.lower() not in seen:
                seen[field.lower()] = field
    return ", ".join(seen.values())


class Page:
    """One page's answers, built once: per encoding the header list and the body."""

    def __init__(
        self,
        status: int,
        headers: list[tuple[str, str]],
        bodies: dict[str, bytes],
        scheme: str = "https",
    ):
        self.status = f"{status} OK" if status == 200 else str(status)
        self.scheme = scheme  # the scheme it was rendered for: HSTS only over https
        tag = hashlib.blake2b(bodies["identity"], digest_size=12).hexdigest()
        own = [v for k, v in headers if k.lower() == "vary"]
        headers = [(k, v) for k, v in headers if k.lower() != "vary"]
        vary = merged_vary([*own, "Accept-Encoding"])
        self.max_age = max_age(headers)
        self.answers = {}
        self.etags = {}
        for encoding, body in bodies.items():
            etag = f'"{tag}"' if encoding == "identity" else f'"{tag}-{encoding}"'
            extra = [("ETag", etag), ("Vary", vary)]
            if encoding != "identity":
                extra.append(("Content-Encoding", encoding))
            full = [*headers, *extra, ("Content-Length", str(len(body)))]
            not_modified = [(k, v) for k, v in full if k.lower() in NOT_MODIFIED_KEEPS]
            self.answers[encoding] = (full, not_modified, body)
            self.etags[encoding] = etag
        refused = b"406 Not Acceptable: no content coding this page has is accepted.\n"
        self.not_acceptable = (
            [
                ("Content-Type", "text/plain; charset=utf-8"),
                *[(k, v) for k, v in headers if k.lower() in NOT_MODIFIED_KEEPS],
                ("Vary", vary),
                ("Content-Length", str(len(refused))),
            ],
            refused,
        )


def max_age(headers: list[tuple[str, str]]) -> int | None:
    for key, value in headers:
        if key.lower() == "cache-control":
            for part in value.split(","):
                name, _, number = part.strip().partition("=")
                if name.lower() == "max-age" and number.isdecimal():
                    return int(number)
    return None


_expires: tuple[int, int, str] = (0, 0, "")


def expires(seconds: int) -> str:
    """Expires as Django's cache_page sets it (now + max-age), made once a second."""
    global _expires
    now = int(time.time())
    if _expires[:2] != (now, seconds):
        _expires = (now, seconds, http_date(now + seconds))
    return _expires[2]


QVALUE = re.compile(r"\A(?:0(?:\.[0-9]{0,3})?|1(?:\.0{0,3})?)\Z")


def chosen_encoding(accept: str | None) -> str | None:
    """The coding to send under RFC 9110 section 12.5.3: each coding weighed by its
    q-value (`*` for the ones not named; a coding not named and no `*`: not acceptable,
    except identity, which is acceptable unless refused, below any coding asked for), the
    highest wins, br before gzip before identity on a tie. None: nothing this page has is
    acceptable (406)."""
    if accept is None:
        return "identity"
    weights: dict[str, float] = {}
    for element in accept.split(","):
        name, *params = (part.strip() for part in element.split(";"))
        name = name.lower()
        if not name:
            continue
        q = 1.0
        for param in params:
            key, _, value = param.partition("=")
            if key.strip().lower() == "q":
                value = value.strip()
                if not QVALUE.match(value):
                    q = -1.0  # a malformed weight: the element is ignored
                    break
                q = float(value)
        if q < 0:
            continue
        name = {"x-gzip": "gzip"}.get(name, name)
        weights[name] = max(q, weights.get(name, q))
    best, best_q = None, 0.0
    for encoding in ("br", "gzip", "identity"):
        # identity not named is acceptable, but after any coding the client asked for
        default = 0.0001 if encoding == "identity" and "*" not in weights else 0.0
        q = weights.get(encoding, weights.get("*", default))
        if q > best_q:
            best, best_q = encoding, q
    return best


def none_match(header: str, etag: str) -> bool:
    """If-None-Match by RFC 9110 section 13.1.2: `*`, or a list of entity tags compared
    weakly (W/ ignored on both sides); anything that is not a quoted tag matches nothing."""
    tags = parse_etags(header)
    if tags == ["*"]:
        return True
    plain = etag.removeprefix("W/")
    return any(tag.removeprefix("W/") == plain for tag in tags)


def load(root: Path) -> dict[str, Page]:
    manifest = json.loads((root / MANIFEST).read_text())
    pages = {}
    for path, entry in manifest.items():
        name = entry["file"]
        bodies = {"identity": (root / name).read_bytes()}
        for encoding, suffix in ENCODINGS:
            bodies[encoding] = (root / (name + suffix)).read_bytes()
        pages[path] = Page(
            entry["status"],
            [tuple(h) for h in entry["headers"]],
            bodies,
            entry.get("scheme", "https"),
        )
    return pages


def request_scheme(environ) -> str:
    """http or https, decided as Django's HttpRequest.scheme decides it."""
    if settings.SECURE_PROXY_SSL_HEADER:
        header, secure_value = settings.SECURE_PROXY_SSL_HEADER
        value = environ.get(header)
        if value is not None:
            return "https" if value.split(",", 1)[0].strip() == secure_value else "http"
    return environ.get("wsgi.url_scheme", "http")


def allowed_host(environ) -> bool:
    """The Host check of HttpRequest.get_host(), without building a request."""
    if settings.USE_X_FORWARDED_HOST and "HTTP_X_FORWARDED_HOST" in environ:
        host = environ["HTTP_X_FORWARDED_HOST"]
    elif "HTTP_HOST" in environ:
        host = environ["HTTP_HOST"]
    else:
        host = environ.get("SERVER_NAME", "")
        port = str(environ.get("SERVER_PORT", ""))
        if port != ("443" if request_scheme(environ) == "https" else "80"):
            host = f"{host}:{port}"
    domain, _port = split_domain_port(host)
    return bool(domain) and validate_host(domain, settings.ALLOWED_HOSTS)


class PrerenderedPages:
    """WSGI middleware: serve the stored pages, pass everything else to `app`.

    Only a request Django would answer with the stored page is answered here: an allowed
    Host, and the scheme the page was rendered for. Anything else (an unknown host: 400,
    plain http under SECURE_SSL_REDIRECT: 301, plain http without it: a page without HSTS)
    goes to Django, so those answers are Django's own."""

    def __init__(self, app, pages: dict[str, Page]):
        self.app = app
        self.pages = pages

    def serves(self, environ) -> bool:
        """Whether this request is answered from memory (no thread, no database)."""
        page = self.pages.get(environ.get("PATH_INFO", ""))
        return not (
            page is None
            or environ.get("REQUEST_METHOD") not in ("GET", "HEAD")
            or environ.get("QUERY_STRING")
            or request_scheme(environ) != page.scheme
            or not allowed_host(environ)
        )

    def __call__(self, environ, start_response):
        if not self.serves(environ):
            return self.app(environ, start_response)
        page = self.pages[environ["PATH_INFO"]]
        method = environ["REQUEST_METHOD"]
        encoding = chosen_encoding(environ.get("HTTP_ACCEPT_ENCODING"))
        if encoding is None:
            headers, body = page.not_acceptable
            start_response("406 Not Acceptable", headers)
            return [] if method == "HEAD" else [body]
        headers, not_modified, body = page.answers[encoding]
        if page.max_age is not None:
            stamp = [("Expires", expires(page.max_age))]
            headers, not_modified = [*headers, *stamp], [*not_modified, *stamp]
        match = environ.get("HTTP_IF_NONE_MATCH")
        if match and none_match(match, page.etags[encoding]):
            start_response("304 Not Modified", not_modified)
            return []
        start_response(page.status, headers)
        return [] if method == "HEAD" else [body]


def wrap(app, root: Path | None):
    """The application, behind the stored pages when `root` holds a build."""
    if root is None or not (root / MANIFEST).exists():
        if root is not None:
            log.warning("No pre-rendered pages in %s: run `manage.py prerender`.", root)
        return app
    return PrerenderedPages(app, load(root))
