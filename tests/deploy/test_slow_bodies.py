"""Sixteen clients that send a form's headers and then only a few bytes of its body, some
waiting for their answer and some giving up and coming back, against `make serve`'s
server and the README's production command, with no proxy in front: a phone's rounds all
land, its pages answer, and every slow post is answered in the end (503: its body did not
come in time), never left holding a thread (ghost_site/serving/front.py). The same behind the
documented nginx: tests/deploy/test_proxy_logs.py.

No assertion here is about time: how long pages take under this load is measured by
`bench/slow_bodies.py` and written in docs/performance.md."""

import re
import socket
import urllib.request

import pytest

from tests.deploy.served import (
    RECONNECTING,
    SlowClients,
    manage,
    phone_plays,
    production_env,
    readme_flags,
    serve,
    serve_flags,
)

ROUNDS = 12


def csrf_cookie(base: str) -> str:
    with urllib.request.urlopen(base + "/en/scorepad/", timeout=30) as page:
        return re.search(r"csrftoken=([^;]+)", page.headers["Set-Cookie"])[1]


@pytest.mark.parametrize("command", ["make serve", "README"])
def test_sixteen_slow_bodies_stop_no_round(built, tmp_path, command):
    flags = serve_flags() if command == "make serve" else readme_flags()
    database = f"sqlite:///{tmp_path / 'slow.sqlite3'}"
    manage(production_env(built, database), "migrate", "--verbosity", "0")
    with serve(built, database, tmp_path / "serve.log", flags) as (base, _server):
        port = int(base.rsplit(":", 1)[1])

        def connect():
            return socket.create_connection(("127.0.0.1", port), timeout=60)

        with SlowClients(connect, f"127.0.0.1:{port}", csrf_cookie(base)) as slow:
            _game, rounds = phone_plays(base, ROUNDS)
        assert len(rounds) == ROUNDS
        # Every held body was answered in the end: refused unread, never a server error
        # or a socket left open; the others gave up and came back at least once.
        assert slow.answers and set(slow.answers) == {b"HTTP/1.1 503 Service Unavailable"}
        assert slow.given_up >= RECONNECTING
