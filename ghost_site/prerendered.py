"""Rules pages rendered once at deploy and replayed from memory, in front of Django.

`manage.py prerender` renders every page that changes only with a deploy (home, rules,
variants, both languages) through the real Django stack, so the stored headers (CSP,
Cache-Control, canonical and hreflang in the body) are exactly what Django sends. It
writes each page with gzip and brotli variants and a manifest of their headers.

`PrerenderedPages` wraps the WSGI application: a GET or HEAD for one of those paths,
without a query string, is answered from memory (`If-None-Match` → 304, the encoding
chosen by `Accept-Encoding`, `Vary: Accept-Encoding`). Anything else goes to Django
untouched. Measured on this project's machine, Django's stack costs about 0.8 ms a
request even for a cached page; this layer costs a dictionary lookup.
"""

from __future__ import annotations

import gzip
import hashlib
import json
import logging
from pathlib import Path

import brotli

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


def write(out: Path, pages: dict[str, tuple[int, list[tuple[str, str]], bytes]]) -> None:
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
            "file": name,
            "headers": [(k, v) for k, v in headers if k.lower() not in DROPPED],
        }
    (out / MANIFEST).write_text(json.dumps(manifest, indent=1, ensure_ascii=False))


class Page:
    """One page's answers, built once: per encoding the header list and the body."""

    def __init__(self, status: int, headers: list[tuple[str, str]], bodies: dict[str, bytes]):
        self.status = f"{status} OK" if status == 200 else str(status)
        tag = hashlib.blake2b(bodies["identity"], digest_size=12).hexdigest()
        own = [v for k, v in headers if k.lower() == "vary"]
        headers = [(k, v) for k, v in headers if k.lower() != "vary"]
        vary = ", ".join([*own, "Accept-Encoding"])
        self.answers = {}
        self.etags = {}
        for encoding, body in bodies.items():
            etag = f'"{tag}"' if encoding == "identity" else f'"{tag}-{encoding}"'
            extra = [("ETag", etag), ("Vary", vary)]
            if encoding != "identity":
                extra.append(("Content-Encoding", encoding))
            full = [*headers, *extra, ("Content-Length", str(len(body)))]
            not_modified = [(k, v) for k, v in full if k.lower() != "content-length"]
            self.answers[encoding] = (full, not_modified, body)
            self.etags[encoding] = etag


def chosen_encoding(accept: str) -> str:
    """br, then gzip, then none: what the client accepts (q=0 means refused)."""
    if not accept:
        return "identity"
    accept = accept.lower()
    for encoding, _suffix in ENCODINGS:
        if encoding in accept:
            if "q=0" not in accept:
                return encoding
            for part in accept.split(","):
                name, _, params = part.strip().partition(";")
                if name.strip() == encoding:
                    q = params.replace(" ", "").removeprefix("q=")
                    if not params or _positive(q):
                        return encoding
    return "identity"


def _positive(q: str) -> bool:
    try:
        return float(q) > 0
    except ValueError:
        return False


def load(root: Path) -> dict[str, Page]:
    manifest = json.loads((root / MANIFEST).read_text())
    pages = {}
    for path, entry in manifest.items():
        name = entry["file"]
        bodies = {"identity": (root / name).read_bytes()}
        for encoding, suffix in ENCODINGS:
            bodies[encoding] = (root / (name + suffix)).read_bytes()
        pages[path] = Page(entry["status"], [tuple(h) for h in entry["headers"]], bodies)
    return pages


class PrerenderedPages:
    """WSGI middleware: serve the stored pages, pass everything else to `app`."""

    def __init__(self, app, pages: dict[str, Page]):
        self.app = app
        self.pages = pages

    def __call__(self, environ, start_response):
        page = self.pages.get(environ.get("PATH_INFO", ""))
        method = environ.get("REQUEST_METHOD")
        if page is None or method not in ("GET", "HEAD") or environ.get("QUERY_STRING"):
            return self.app(environ, start_response)
        encoding = chosen_encoding(environ.get("HTTP_ACCEPT_ENCODING", ""))
        headers, not_modified, body = page.answers[encoding]
        match = environ.get("HTTP_IF_NONE_MATCH")
        if match and (match.strip() == "*" or page.etags[encoding] in match.replace("W/", "")):
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
