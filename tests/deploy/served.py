"""The server `make serve` runs (Granian with the Makefile's own flags, production
settings, hashed static files and the rules pages pre-rendered), on a free port and a
database of the test's own, stopped as `systemctl stop` stops it: SIGTERM to the whole
process group. The static files and pre-rendered pages are built once per test run."""

import os
import re
import secrets
import shlex
import signal
import socket
import subprocess
import sys
import threading
import time
import urllib.error
import urllib.parse
import urllib.request
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conftest import ROOT, NoRedirect, board_rounds, new_game_data

BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def without_port(line: str) -> list[str]:
    words = shlex.split(line.replace("\\\n", " "))
    port = words.index("--port")
    return words[:port] + words[port + 2 :]


def serve_flags() -> list[str]:
    """Granian's command line from the Makefile's `serve` recipe, the port left out."""
    recipe = (ROOT / "Makefile").read_text().split("\nserve:", 1)[1].split("\n\n", 1)[0]
    return without_port(re.search(r"exec \$\(BIN\)/granian (.*?)(?:\n\S|\Z)", recipe, re.S)[1])


def readme_flags() -> list[str]:
    """Granian's command line from the README's "Deploying", the port left out."""
    section = (ROOT / "README.md").read_text().split("\n## Deploying", 1)[1]
    return without_port(re.search(r"\.venv/bin/granian (.*?)\n```", section, re.S)[1])


def production_env(folder: Path, database_url: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "TMPDIR")}
    return env | {
        "DJANGO_DEBUG": "0",
        "DJANGO_SECURE_SSL_REDIRECT": "0",
        "DJANGO_SECRET_KEY": "served-test-" + secrets.token_urlsafe(30),
        "DJANGO_SITE_URL": "http://127.0.0.1:8000",
        "DATABASE_URL": database_url,
        "DJANGO_PRERENDER_ROOT": str(folder / "prerendered"),
        "DJANGO_STATIC_ROOT": str(folder / "static"),
    }


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [str(BIN / "python"), "manage.py", *args],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=600,
    )
    assert done.returncode == 0, done.stdout[-2000:] + done.stderr[-2000:]
    return done.stdout


@pytest.fixture(scope="session")
def built(tmp_path_factory) -> Path:
    """`make serve`'s build steps, once: collectstatic and prerender."""
    folder = tmp_path_factory.mktemp("served")
    env = production_env(folder, f"sqlite:///{folder / 'build.sqlite3'}")
    manage(env, "migrate", "--verbosity", "0")
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    manage(env, "prerender")
    return folder


@contextmanager
def serve(
    built: Path,
    database_url: str,
    log: Path,
    flags: list[str] | None = None,
    env: dict[str, str] | None = None,
    port: int | None = None,
):
    """Granian as `make serve` starts it (or with `flags`, such as the README's), on a
    migrated database, with `env` over the production variables, on `port` or a free
    one; yields (base, process)."""
    env = production_env(built, database_url) | (env or {})
    port = port or free_port()
    with open(log, "ab") as out:
        server = subprocess.Popen(
            [str(BIN / "granian"), *(flags or serve_flags()), "--port", str(port)],
            cwd=ROOT,
            env=env,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,
        )
    try:
        deadline = time.monotonic() + 120
        while True:
            try:
                socket.create_connection(("127.0.0.1", port), timeout=1).close()
                break
            except OSError:
                if server.poll() is not None or time.monotonic() > deadline:
                    started = log.read_text()[-3000:]
                    raise AssertionError(f"Granian did not start: {started}") from None
                time.sleep(0.3)
        yield f"http://127.0.0.1:{port}", server
    finally:
        stop(server)


def stop(server: subprocess.Popen) -> None:
    """As `systemctl stop`: SIGTERM to every process of the group, then wait for all."""
    try:
        os.killpg(server.pid, signal.SIGTERM)
    except ProcessLookupError:
        return
    try:
        server.wait(timeout=60)
    except subprocess.TimeoutExpired:
        os.killpg(server.pid, signal.SIGKILL)
        server.wait()
    deadline = time.monotonic() + 30  # the workers, which may outlive the main process
    while time.monotonic() < deadline:
        try:
            os.killpg(server.pid, 0)
        except ProcessLookupError:
            return
        time.sleep(0.1)


class Phone:
    """A phone talking to the served app. Keeps its cookies itself: production cookies
    are Secure, and urllib's cookie jar would not send them back over plain http.
    `headers` go with every request (a Host, an Origin, as a browser behind the proxy
    sends them); `context` is the TLS context for https."""

    def __init__(self, headers: dict[str, str] | None = None, context=None):
        self.cookies: dict[str, str] = {}
        self.headers = headers or {}
        self.opener = urllib.request.build_opener(
            NoRedirect, urllib.request.HTTPSHandler(context=context)
        )

    def open(self, address, data=None, headers=None):
        request = urllib.request.Request(address, data)
        request.add_header("Cookie", "; ".join(f"{k}={v}" for k, v in self.cookies.items()))
        for name, value in {**self.headers, **(headers or {})}.items():
            request.add_header(name, value)
        try:
            answer = self.opener.open(request, timeout=60)
        except urllib.error.HTTPError as error:
            answer = error
        for header in answer.headers.get_all("Set-Cookie") or ():
            name, _eq, value = header.split(";", 1)[0].partition("=")
            self.cookies[name.strip()] = value
        return answer


def http_phone(base, page, phone: Phone | None = None):
    phone = phone or Phone()
    html = phone.open(base + page).read().decode()
    return phone, re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html)[1]


def post(phone, address, data) -> tuple[int, str]:
    """Status and Location without its fragment (a browser keeps "#board" to itself and
    asks for the page; test_deploy reads the whole header), or the body when there is
    none."""
    answer = phone.open(address, urllib.parse.urlencode(data).encode())
    location = answer.headers.get("Location")
    return answer.status, location.partition("#")[0] if location else answer.read().decode()


# ------------------------------------------------------------------ slow clients

HELD = 8  # slow bodies that wait for their answer, then start again
RECONNECTING = 8  # slow bodies that give up after a second and start again


def slow_post(connect, host: str, cookie: str, path: str = "/en/scorepad/") -> socket.socket:
    """A form's headers and the first bytes of its body, then nothing. `connect()` opens
    the socket (plain or TLS)."""
    sock = connect()
    sock.sendall(
        (
            f"POST {path} HTTP/1.1\r\n"
            f"Host: {host}\r\n"
            f"Cookie: csrftoken={cookie}\r\n"
            "Content-Type: application/x-www-form-urlencoded\r\n"
            "Content-Length: 1000\r\n\r\n"
            "names="
        ).encode()
    )
    return sock


class SlowClients:
    """HELD and RECONNECTING slow bodies, each on its own thread, until the block ends."""

    def __init__(self, connect, host: str, cookie: str):
        self.post = lambda: slow_post(connect, host, cookie)
        self.stopping = threading.Event()
        self.answers: list[bytes] = []  # the held ones' status lines
        self.given_up = 0
        self.threads = [threading.Thread(target=self.hold) for _ in range(HELD)] + [
            threading.Thread(target=self.reconnect) for _ in range(RECONNECTING)
        ]

    def __enter__(self):
        for thread in self.threads:
            thread.start()
        return self

    def __exit__(self, *exc):
        self.stopping.set()
        for thread in self.threads:
            thread.join(timeout=90)

    def hold(self) -> None:
        while not self.stopping.is_set():
            with self.post() as sock:
                try:
                    line = sock.recv(200).split(b"\r\n", 1)[0] or b"closed unanswered"
                except OSError as error:
                    line = type(error).__name__.encode()
            self.answers.append(line)

    def reconnect(self) -> None:
        while not self.stopping.is_set():
            with self.post() as sock:
                sock.settimeout(1)
                try:
                    sock.recv(200)
                except TimeoutError:
                    self.given_up += 1
                except OSError:
                    pass


def phone_plays(base: str, rounds: int, phone: Phone | None = None) -> tuple[str, list]:
    """A phone starts a game and enters `rounds` rounds, reading its page after each, as
    the scorepad's form does without JavaScript, and a few other pages between. Returns
    the game's address and the rounds its page shows."""
    phone, token = http_phone(base, "/en/scorepad/", phone)
    form = new_game_data(csrfmiddlewaretoken=token, game_length="custom", threshold="500")
    status, game = post(phone, base + "/en/scorepad/", form)
    assert status == 302, game[:300]
    for number in range(1, rounds + 1):
        page = phone.open(base + game).read().decode()
        token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
        data = {"csrfmiddlewaretoken": token, "number": str(number), "points_0": "5"}
        # 5 and 3: totals one deck deals together (issue 35)
        status, body = post(phone, base + game + "round/", data | {"points_1": "3"})
        assert status == 302, f"round {number}: {status} {body[:300]}"
        for path in ("/en/rules/", "/nb/", game + "history/"):
            assert phone.open(base + path).status == 200, path
    return game, board_rounds(phone.open(base + game).read().decode())
