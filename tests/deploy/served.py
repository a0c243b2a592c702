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
import time
from contextlib import contextmanager
from pathlib import Path

import pytest

from tests.conftest import ROOT

BIN = Path(sys.executable).parent


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def serve_flags() -> list[str]:
    """Granian's command line from the Makefile's `serve` recipe, the port left out."""
    recipe = (ROOT / "Makefile").read_text().split("\nserve:", 1)[1].split("\n\n", 1)[0]
    line = re.search(r"exec \$\(BIN\)/granian (.*?)(?:\n\S|\Z)", recipe, re.S)[1]
    words = shlex.split(line.replace("\\\n", " "))
    port = words.index("--port")
    return words[:port] + words[port + 2 :]


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
def serve(built: Path, database_url: str, log: Path):
    """Granian as `make serve` starts it, on a migrated database; yields (base, process)."""
    env = production_env(built, database_url)
    port = free_port()
    with open(log, "ab") as out:
        server = subprocess.Popen(
            [str(BIN / "granian"), *serve_flags(), "--port", str(port)],
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
