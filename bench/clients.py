"""The clients the benches share: one connection that does the same piece of work again
until a deadline (or a stop), a reader going round a list of pages, and a case's line in
a bench's table. Every answer's status and time goes into a `Tally` (phones.py); a
connection that fails counts as status 0 and is opened again."""

from __future__ import annotations

import http.client
import itertools
import threading
import time
from collections.abc import Callable, Iterable

from phones import Tally


def connect(port: int, timeout: float) -> http.client.HTTPConnection:
    return http.client.HTTPConnection("127.0.0.1", port, timeout=timeout)


def client_loop(
    port: int,
    seconds: float,
    tally: Tally,
    work: Callable[[http.client.HTTPConnection], int],
    stop: threading.Event | None = None,
    timeout: float = 60,
) -> None:
    """`work` (a request on the connection, its status returned) again and again for
    `seconds`, or until `stop` is set."""
    deadline = time.monotonic() + seconds
    connection = connect(port, timeout)
    while time.monotonic() < deadline and not (stop is not None and stop.is_set()):
        start = time.perf_counter()
        try:
            status = work(connection)
        except OSError:
            connection.close()
            connection = connect(port, timeout)
            status = 0
        tally.add(status, time.perf_counter() - start)
    connection.close()


def get(connection: http.client.HTTPConnection, path: str) -> int:
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    return response.status


def fetch(port: int, path: str) -> int:
    """One page, on a connection of its own (a page to keep before a case)."""
    connection = connect(port, 60)
    try:
        return get(connection, path)
    finally:
        connection.close()


def reads(
    port: int,
    paths: Iterable[str],
    seconds: float,
    tally: Tally,
    stop: threading.Event | None = None,
) -> None:
    """A reader going round `paths` in order (an iterator: round the ones it gave)."""
    pages = itertools.cycle(paths)
    client_loop(port, seconds, tally, lambda connection: get(connection, next(pages)), stop)


class Table:
    """A bench's table of cases, each run for `seconds`: its heading, and a case's row
    (requests, p50, p99, the slowest in ms, and the statuses)."""

    def __init__(self, seconds: float, width: int):
        self.seconds, self.width = seconds, width

    def heading(self) -> str:
        return (
            f"{'case':{self.width}} {'reqs':>6} {'p50 ms':>8} {'p99 ms':>8} {'max ms':>8}  statuses"
        )

    def line(self, name: str, tally: Tally) -> str:
        summary = tally.summary(self.seconds)
        slowest = max(tally.latencies, default=0) * 1000
        return (
            f"{name:{self.width}} {summary['requests']:6d} {summary['p50']:8.2f} "
            f"{summary['p99']:8.2f} {slowest:8.0f}  {summary['statuses']}"
        )
