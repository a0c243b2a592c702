"""A bounded load of phones entering rounds: each phone owns its games and, like a person,
waits for the answer before sending the next round. Used by `make bench` and `make soak`.
"""

from __future__ import annotations

import http.client
import secrets
import threading
import time
import urllib.parse
from dataclasses import dataclass, field


@dataclass
class Tally:
    latencies: list[float] = field(default_factory=list)
    statuses: dict[int, int] = field(default_factory=dict)
    accepted: list[tuple[str, int]] = field(default_factory=list)  # (edit token, round number)
    lock: threading.Lock = field(default_factory=threading.Lock)

    def add(self, status, seconds, accepted=None):
        with self.lock:
            self.latencies.append(seconds)
            self.statuses[status] = self.statuses.get(status, 0) + 1
            if accepted:
                self.accepted.append(accepted)

    def summary(self, elapsed):
        ordered = sorted(self.latencies) or [0.0]

        def pct(p):
            return ordered[min(len(ordered) - 1, int(len(ordered) * p))] * 1000

        errors = sum(n for status, n in self.statuses.items() if status >= 400 or status == 0)
        return {
            "rps": len(self.latencies) / elapsed,
            "requests": len(self.latencies),
            "p50": pct(0.50),
            "p99": pct(0.99),
            "errors": errors,
            "statuses": dict(self.statuses),
        }


class Phone:
    """One phone's keep-alive connection to the server, and its CSRF cookie: it posts a
    form and waits for the answer, as a person does; a dropped connection is opened again
    and counts as status 0."""

    def __init__(self, port: int, csrf: str):
        self.port = port
        self.headers = {
            "Content-Type": "application/x-www-form-urlencoded",
            "Cookie": f"csrftoken={csrf}",
        }
        self.connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)

    def post(self, path: str, body: str | None, method: str = "POST") -> int:
        try:
            self.connection.request(method, path, body, self.headers)
            response = self.connection.getresponse()
            response.read()
            return response.status
        except OSError:
            self.close()
            self.connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=10)
            return 0

    def get(self, path: str) -> int:
        return self.post(path, None, method="GET")

    def close(self):
        self.connection.close()


def together(work, each: list[tuple]) -> float:
    """`work(*args)` in a thread for each args in `each`; the seconds until all ended."""
    threads = [threading.Thread(target=work, args=args) for args in each]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    return time.monotonic() - started


def round_entry(
    port: int,
    games: list[str],
    phones: int,
    seconds: float,
    tally: Tally,
    played: int = 0,
    numbers: dict[str, int] | None = None,
    points: tuple[str, ...] = ("3", "5"),  # one deck deals them together (issue 35)
):
    """`phones` threads; phone k enters rounds in games k, k+phones, ... in turn, after the
    `played` rounds each game already has, or after `numbers[game]` (which the phones then
    keep up to date, for a next call). `points`: what each player scores (a Golf hole's
    are signed, with a real minus sign as a phone may send it)."""
    csrf = secrets.token_hex(16)
    deadline = time.monotonic() + seconds
    if numbers is None:
        numbers = dict.fromkeys(games, played)

    def phone(mine):
        device = Phone(port, csrf)
        i = 0
        while time.monotonic() < deadline:
            token = mine[i % len(mine)]
            i += 1
            number = numbers[token] + 1
            scores = {f"points_{seat}": value for seat, value in enumerate(points)}
            body = urllib.parse.urlencode({"csrfmiddlewaretoken": csrf, "number": number, **scores})
            start = time.perf_counter()
            status = device.post(f"/en/scorepad/g/{token}/round/", body)
            if status == 302:
                numbers[token] = number
            tally.add(
                status, time.perf_counter() - start, (token, number) if status == 302 else None
            )
        device.close()

    return together(phone, [(games[k::phones],) for k in range(phones)])


def floor_posts(port: int, path: str, phones: int, seconds: float, tally: Tally):
    """The same posts as round_entry (body, cookie, one answer awaited at a time) to one
    path of bench/floor.py."""
    csrf = secrets.token_hex(16)
    body = urllib.parse.urlencode(
        {"csrfmiddlewaretoken": csrf, "number": 1, "points_0": "1", "points_1": "2"}
    )
    deadline = time.monotonic() + seconds

    def phone():
        device = Phone(port, csrf)
        while time.monotonic() < deadline:
            start = time.perf_counter()
            status = device.post(path, body)
            tally.add(status, time.perf_counter() - start)
        device.close()

    return together(phone, [() for _ in range(phones)])
