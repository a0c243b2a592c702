"""What 16 slow request bodies do to a phone, with no proxy in front: `make bench-slow`.

Starts the README's command (Granian's ASGI interface behind ghost_site/serving/front.py) and,
to compare, the command it replaced (Granian's WSGI interface, 4 blocking threads, the
body read from the request's thread). Against each, one phone enters rounds and one
reader reads a game page and a rules page, for BENCH_SECONDS, first on a quiet server,
then while 16 clients send a form's headers and a few bytes of its body: 8 wait for
their answer and start again, 8 give up after a second and start again. Prints each
case's requests, p50, p99, the slowest, and the statuses.
"""

from __future__ import annotations

import os
import socket
import sys
import threading
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from clients import Table, reads  # noqa: E402
from phones import Tally, round_entry  # noqa: E402
from serve import app_server  # noqa: E402

SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
TABLE = Table(SECONDS, 52)
HELD = RECONNECTING = 8


class SlowBodies:
    def __init__(self, port: int):
        self.port = port
        self.stop = threading.Event()
        self.answers: dict[str, int] = {}
        self.threads = [threading.Thread(target=self.client, args=(True,)) for _ in range(HELD)]
        self.threads += [
            threading.Thread(target=self.client, args=(False,)) for _ in range(RECONNECTING)
        ]

    def client(self, held: bool) -> None:
        while not self.stop.is_set():
            with socket.create_connection(("127.0.0.1", self.port), timeout=60) as sock:
                sock.sendall(
                    b"POST /en/scorepad/ HTTP/1.1\r\nHost: 127.0.0.1\r\n"
                    b"Cookie: csrftoken=abc\r\n"
                    b"Content-Type: application/x-www-form-urlencoded\r\n"
                    b"Content-Length: 1000\r\n\r\nnames="
                )
                sock.settimeout(60 if held else 1)
                try:
                    line = sock.recv(100).split(b"\r\n", 1)[0].decode() or "closed"
                except TimeoutError:
                    line = "gave up"
                except OSError:
                    line = "reset"
                self.answers[line] = self.answers.get(line, 0) + 1

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        time.sleep(1)  # every slow body in
        return self

    def __exit__(self, *exc):
        self.stop.set()
        for thread in self.threads:
            thread.join()


def case(port: int, seeded: dict, numbers: dict) -> tuple[Tally, Tally]:
    entries, pages = Tally(), Tally()
    paths = [f"/en/scorepad/g/{seeded['one']}/", "/en/rules/", "/nb/"]
    reader = threading.Thread(target=reads, args=(port, paths, SECONDS, pages))
    reader.start()
    round_entry(port, list(numbers), 1, SECONDS, entries, numbers=numbers)
    reader.join()
    return entries, pages


def main():
    print(f"\n16 slow bodies, no proxy: {SECONDS} s a case, {os.cpu_count()} cores\n")
    print(TABLE.heading())
    for server, label in (("granian", "README (ASGI front)"), ("granian-wsgi", "before (WSGI)")):
        with app_server(server, seed_spec={"writers": 64, "watched": 1}) as (base, seeded, *_):
            port = int(base.rsplit(":", 1)[1])
            numbers = dict.fromkeys(seeded["writers"], 0)
            entries, pages = case(port, seeded, numbers)
            print(TABLE.line(f"{label}, quiet: round entry", entries))
            print(TABLE.line(f"{label}, quiet: pages", pages))
            with SlowBodies(port) as slow:
                entries, pages = case(port, seeded, numbers)
            print(TABLE.line(f"{label}, 16 slow bodies: round entry", entries))
            print(TABLE.line(f"{label}, 16 slow bodies: pages", pages))
            print(f"{'':52} the slow bodies' answers: {slow.answers}")


if __name__ == "__main__":
    main()
