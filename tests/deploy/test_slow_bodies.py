"""Eight clients that send a form's headers and then only a few bytes of its body must
not hold the server `make serve` runs: at most two threads of a process read bodies, so
the pages go on answering, and the posts that find no reader get 503
(ghost_site/workers.py)."""

import re
import socket
import urllib.request

import pytest

from tests.deploy.served import manage, production_env, serve

SLOW = 8  # as many as `make serve` has threads: 2 workers × 4


def slow_post(port: int, cookie: str, chunked: bool = False) -> socket.socket:
    """A form's headers and the first bytes of its body, then nothing: with a length, or
    chunked (no length at all)."""
    sock = socket.create_connection(("127.0.0.1", port), timeout=60)
    length = (
        "Transfer-Encoding: chunked\r\n\r\n6\r\n" if chunked else "Content-Length: 1000\r\n\r\n"
    )
    sock.sendall(
        (
            "POST /en/scorepad/ HTTP/1.1\r\n"
            f"Host: 127.0.0.1:{port}\r\n"
            f"Cookie: csrftoken={cookie}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            f"{length}"
            "names="
        ).encode()
    )
    return sock


@pytest.mark.parametrize("chunked", [False, True], ids=["with a length", "chunked"])
def test_eight_slow_bodies_do_not_stall_the_pages(built, tmp_path, chunked):
    database = f"sqlite:///{tmp_path / 'slow.sqlite3'}"
    manage(production_env(built, database), "migrate", "--verbosity", "0")
    with serve(built, database, tmp_path / "serve.log") as (base, _server):
        port = int(base.rsplit(":", 1)[1])
        with urllib.request.urlopen(base + "/en/scorepad/", timeout=30) as page:
            cookie = re.search(r"csrftoken=([^;]+)", page.headers["Set-Cookie"])[1]
        slow = [slow_post(port, cookie, chunked) for _ in range(SLOW)]
        try:
            # "Not stalled": without the deadline these wait as long as the sockets stay
            # open. A generous timeout, not a measure of speed.
            for path in ("/en/scorepad/", "/en/rules/", "/nb/"):
                with urllib.request.urlopen(base + path, timeout=20) as page:
                    assert page.status == 200
            # Readers hold at most 2 × 2 of them; a post refused unread gets 503, never
            # a server error (how many are refused depends on which worker took which).
            answers = []
            for sock in slow:
                sock.settimeout(0.5)
                try:
                    answers.append(sock.recv(100).split(b"\r\n", 1)[0])
                except TimeoutError:
                    answers.append(b"still reading")
            # A chunked post has no length to read it by: refused unread, 413.
            allowed = {b"413", b"still reading"} if chunked else {b"503", b"still reading"}
            assert {a.split(b" ")[1] if a.startswith(b"HTTP/") else a for a in answers} <= allowed
        finally:
            for sock in slow:
                sock.close()
