"""What a server process does around Django: request bodies read through a gate, and
the database connections closed when the process stops.

**Slow bodies.** Granian hands a request to one of its few blocking threads as soon as
the headers are in, and the body is read from that thread, with no deadline (Granian has
none, and a read cannot be abandoned from Python): a client that sends
`Content-Length: 1000` and three bytes holds the thread for as long as it keeps the
socket open. So a body is read here, before Django, and only by `READERS` threads of a
process at once (of Granian's 4); a post that finds them all taken waits `WAIT` seconds
for one, then gets a 503 without its body being read, and its thread goes back to
answering pages. Slow clients can hold at most `READERS` threads a process, never all
of them: the pages keep answering. A phone's form comes with its headers and is read in
microseconds, so the gate is only ever full of slow clients; a round refused then stays
in the phone's outbox and is sent again. Behind the README's nginx, which reads the
whole body before it passes the request on, no slow body reaches the app at all. The
README's command and `make serve` no longer run the WSGI interface: their ASGI front
(ghost_site/serving/front.py) reads every body in the event loop with a deadline, and the gate
then reads it from memory. The gate stays for a WSGI server (gunicorn, the WSGI
interface), where it bounds the harm: 16 slow bodies there still refuse every post.

**Stopping.** When a process exits, its SQLite connections fold the write-ahead log into
the database file and empty it (`wal_checkpoint(TRUNCATE)`), then close. The last
connection to close deletes the log; but two workers stopping at the same moment can
each see the other still open, and then neither deletes it. That is why each checkpoints
first: whatever file is left is empty, with nothing a restore could trip over. Granian's
workers are multiprocessing children, which skip `atexit`; they run multiprocessing's
finalizers.
"""

import atexit
import io
import logging
import multiprocessing.util
import threading
import weakref

from django.conf import settings
from django.db.backends.signals import connection_created

logger = logging.getLogger(__name__)

READERS = 2  # threads per process that may read a body at once (Granian has 4)
WAIT = 2.0  # seconds a post waits for a reader before its 503


class BodyGate:
    """WSGI middleware: the body read by one of `readers` threads, then handed to Django
    in memory. A post that finds no reader in time reaches Django as `ghost.body_busy`
    with no body; the body guard (bodies.py) answers it 503 with the site's
    headers."""

    def __init__(self, app, readers=READERS, wait=WAIT):
        self.app = app
        self.readers = threading.BoundedSemaphore(readers)
        self.wait = wait

    def __call__(self, environ, start_response):
        length = environ.get("CONTENT_LENGTH") or ""
        if (
            length.isdecimal()
            and 0 < int(length) <= settings.MAX_REQUEST_BODY
            and environ.get("REQUEST_METHOD") not in ("GET", "HEAD", "OPTIONS")
        ):
            if self.readers.acquire(timeout=self.wait):
                try:
                    body = read(environ["wsgi.input"], int(length))
                finally:
                    self.readers.release()
            else:
                environ["ghost.body_busy"] = True
                body = b""
            environ["wsgi.input"] = io.BytesIO(body)
        return self.app(environ, start_response)


def read(stream, length: int) -> bytes:
    got, left = [], length
    while left > 0:
        chunk = stream.read(left)
        if not chunk:
            break
        got.append(chunk)
        left -= len(chunk)
    return b"".join(got)


# ------------------------------------------------------------------ stopping

_open = weakref.WeakSet()


def _remember(sender, connection, **kwargs):
    _open.add(connection)


def close_connections() -> None:
    """Empty the log and close every thread's database connection (SQLite's allow it
    from any thread)."""
    for wrapper in list(_open):
        raw = getattr(wrapper, "connection", None)
        if raw is not None and wrapper.vendor == "sqlite":
            try:
                raw.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            except Exception:  # a process on its way out: nothing left to tell
                logger.debug("emptying the log at exit failed", exc_info=True)
            try:
                raw.close()
            except Exception:
                logger.debug("closing a connection at exit failed", exc_info=True)


def close_connections_at_exit() -> None:
    connection_created.connect(_remember, weak=False, dispatch_uid="ghost-close-at-exit")
    atexit.register(close_connections)
    multiprocessing.util.Finalize(None, close_connections, exitpriority=10)
