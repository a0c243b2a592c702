"""The app as Granian runs it: an ASGI front that reads every request body in the event
loop, against a deadline, and only then hands the request to the WSGI application on a
small pool of threads.

**Why.** Under Granian's WSGI interface a request takes one of the worker's few blocking
threads as soon as its headers are in, and its body is read from that thread with no
deadline. A client that sends a form's headers and then a byte a minute holds the
thread; sixteen such clients held every thread a worker could give to bodies, and a real
phone's rounds were refused for as long as they stayed (issue 37). Here a body is
awaited in the event loop, where a slow client costs a coroutine and a socket, never a
thread: the threads only ever run requests whose bodies are complete, so a phone's
round never queues behind a slow body. A body that has not arrived by its deadline
(`BODY_SECONDS` plus a second for every `BODY_RATE` bytes it announced) reaches Django as
`ghost.body_busy` with no body, and the body guard (bodies.py) answers 503
with `Retry-After`, as for any post that could not be read in time.

A body over MAX_REQUEST_BODY, or one without a length (chunked), is not read at all:
Django's body guard answers 413 from the headers. The pre-rendered rules pages
(ghost_site/serving/prerendered.py) are answered from memory on the loop itself: they need no
thread and no database.

Run it with `granian --interface asgi ghost_site.serving.asgi:application … --blocking-threads 1`
(the README's command and `make serve`); `GHOST_APP_THREADS` threads (4) per worker run
Django."""

import asyncio
import io
import logging
import os
import sys
from concurrent.futures import ThreadPoolExecutor

from django.conf import settings

log = logging.getLogger(__name__)

THREADS = int(os.environ.get("GHOST_APP_THREADS") or 4)
BODY_SECONDS = 5.0  # every body may take this long, whatever its length …
BODY_RATE = 1024  # … and a second more for every this many bytes it announced


def deadline(length: int) -> float:
    return BODY_SECONDS + length / BODY_RATE


class AsyncFront:
    """ASGI application around a WSGI one (see the module's docstring)."""

    def __init__(self, wsgi_app, threads: int = THREADS, inline=None, max_body=None):
        self.app = wsgi_app
        self.max_body = max_body or settings.MAX_REQUEST_BODY
        self.pool = ThreadPoolExecutor(threads, thread_name_prefix="ghost-app")
        # A callable that says whether a request may be answered on the loop (from
        # memory, no database): the pre-rendered pages' own test.
        self.inline = inline

    async def __call__(self, scope, receive, send):
        if scope["type"] == "lifespan":
            await lifespan(receive, send)
            return
        if scope["type"] != "http":
            return
        environ = wsgi_environ(scope)
        length = environ.get("CONTENT_LENGTH", "")
        body = b""
        if length.isdecimal() and 0 < int(length) <= self.max_body:
            try:
                async with asyncio.timeout(deadline(int(length))):
                    body = await read_body(receive, int(length))
            except TimeoutError:
                environ["ghost.body_busy"] = True
                body = b""
            if body is None:  # the client went away: nobody to answer
                return
        environ["wsgi.input"] = io.BytesIO(body)
        if self.inline is not None and self.inline(environ):
            status, headers, chunks = run_wsgi(self.app, environ)
        else:
            loop = asyncio.get_running_loop()
            status, headers, chunks = await loop.run_in_executor(
                self.pool, run_wsgi, self.app, environ
            )
        await send({"type": "http.response.start", "status": status, "headers": headers})
        await send({"type": "http.response.body", "body": chunks})


async def read_body(receive, length: int) -> bytes | None:
    """The body, up to `length` bytes (what the client announced), or None when the
    client disconnected first."""
    got, size = [], 0
    while True:
        message = await receive()
        if message["type"] == "http.disconnect":
            return None
        chunk = message.get("body", b"")
        got.append(chunk)
        size += len(chunk)
        if not message.get("more_body") or size >= length:
            return b"".join(got)[:length]


async def lifespan(receive, send) -> None:
    while True:
        message = await receive()
        if message["type"] == "lifespan.startup":
            await send({"type": "lifespan.startup.complete"})
        elif message["type"] == "lifespan.shutdown":
            await send({"type": "lifespan.shutdown.complete"})
            return


def wsgi_environ(scope) -> dict:
    """A WSGI environ from an ASGI scope (PEP 3333; as asgiref's WsgiToAsgi builds it)."""
    server = scope.get("server") or ("localhost", 80)
    environ = {
        "REQUEST_METHOD": scope["method"],
        "SCRIPT_NAME": scope.get("root_path", "").encode().decode("latin1"),
        "PATH_INFO": scope["path"].encode().decode("latin1"),
        "QUERY_STRING": scope["query_string"].decode("latin1"),
        "SERVER_NAME": server[0],
        "SERVER_PORT": str(server[1] or 0),
        "SERVER_PROTOCOL": f"HTTP/{scope['http_version']}",
        "wsgi.version": (1, 0),
        "wsgi.url_scheme": scope.get("scheme", "http"),
        "wsgi.errors": sys.stderr,
        "wsgi.multithread": True,
        "wsgi.multiprocess": True,
        "wsgi.run_once": False,
    }
    if scope.get("client"):
        environ["REMOTE_ADDR"] = scope["client"][0]
    for raw_name, raw_value in scope.get("headers", ()):
        name = raw_name.decode("latin1").upper().replace("-", "_")
        if name not in ("CONTENT_LENGTH", "CONTENT_TYPE"):
            name = "HTTP_" + name
        value = raw_value.decode("latin1")
        if name in environ:  # a field sent twice; HTTP/2 sends each cookie on its own
            value = environ[name] + ("; " if name == "HTTP_COOKIE" else ",") + value
        environ[name] = value
    return environ


def run_wsgi(app, environ) -> tuple[int, list[tuple[bytes, bytes]], bytes]:
    """Runs the WSGI application to the end: its status, headers and whole body (the
    site's answers are small; a static file is read whole, as WhiteNoise's largest is
    some 100 KB)."""
    started = {}

    def start_response(status, headers, exc_info=None):
        started["status"] = int(status.split(" ", 1)[0])
        started["headers"] = [(n.lower().encode("latin1"), v.encode("latin1")) for n, v in headers]

    result = app(environ, start_response)
    try:
        body = b"".join(result)
    finally:
        close = getattr(result, "close", None)
        if close is not None:
            close()
    return started["status"], started["headers"], body
