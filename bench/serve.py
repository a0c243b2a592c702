"""Shared by `make bench` and `make soak`: the production server on loopback.

Sets up a throw-away SQLite database (or the DATABASE_URL given), seeds games through the
ORM, and starts Granian (or gunicorn, to compare) with DJANGO_DEBUG=0, hashed and
compressed static files and the rules pages pre-rendered.
"""

from __future__ import annotations

import json
import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
import urllib.error
import urllib.request
from contextlib import contextmanager
from pathlib import Path

# ROOT=/path/to/another/checkout serves that checkout (with this one's venv and bench), so
# that the code before a change can be measured beside it.
ROOT = Path(os.environ.get("ROOT", Path(__file__).resolve().parent.parent))
BIN = Path(sys.executable).parent


def _ports() -> list[int]:
    """BENCH_PORTS=8218-8228 keeps every server of the bench on those ports (on a machine
    shared with other servers); without it the system picks free ones."""
    spec = os.environ.get("BENCH_PORTS", "")
    if not spec:
        return []
    low, _dash, high = spec.partition("-")
    return list(range(int(low), int(high or low) + 1))


def free_port() -> int:
    for port in _ports() or [0]:
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue
            return s.getsockname()[1]
    raise RuntimeError(f"no free port in BENCH_PORTS={os.environ['BENCH_PORTS']}")


def production_env(workdir: Path, database_url: str | None = None) -> dict[str, str]:
    env = dict(os.environ)
    if database_url:
        env["DATABASE_URL"] = database_url
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="127.0.0.1,localhost",
        DJANGO_SITE_URL="http://127.0.0.1",
        DJANGO_SECURE_SSL_REDIRECT="0",  # plain http on loopback; TLS is the proxy's job
        GHOST_GAMES_PER_HOUR="1000000",
        DJANGO_PRERENDER_ROOT=str(workdir / "prerendered"),
        DJANGO_STATIC_ROOT=str(workdir / "static"),
    )
    env.setdefault("DATABASE_URL", f"sqlite:///{workdir / 'bench.sqlite3'}")
    return env


SEED = """
import json, sys
from decimal import Decimal
import django
django.setup()
from scorepad.models import MAX_ROUND_ROWS, MAX_ROUNDS, Game, Player, Round, Score

def game(rounds, players=2, threshold=500, history=0):
    g = Game.objects.create(table={"threshold": threshold})
    ps = Player.objects.bulk_create(Player(game=g, position=i, name=f"P{i + 1}")
                                    for i in range(players))
    for n in range(1, history + 1):  # edits and undos kept as history
        r = Round.objects.create(game=g, number=1 + n % max(rounds, 1), status="replaced")
        Score.objects.bulk_create(Score(round=r, player=p, points=Decimal(2)) for p in ps)
    live = Round.objects.bulk_create(Round(game=g, number=n) for n in range(1, rounds + 1))
    Score.objects.bulk_create(Score(round=r, player=p, points=Decimal(1)) for r in live for p in ps)
    Game.objects.filter(pk=g.pk).update(version=rounds + history)
    g.refresh_from_db()
    return g

def golf(holes=18):
    return Game.create_with_players(["P1", "P2"], game="golf", holes=holes)


spec = json.loads(sys.argv[1])
out = {
    "golf": [golf().edit_token for _ in range(spec.get("golf", 0))],
    "writers": [game(0).edit_token for _ in range(spec["writers"])],
    "watched": [(g.watch_token, g.poll_mark, g.edit_token)
                for g in (game(3) for _ in range(spec["watched"]))],
    "one": game(1).edit_token,
    "cap": game(MAX_ROUNDS, history=MAX_ROUND_ROWS - MAX_ROUNDS).edit_token,
    # round 1 against round 100 (the cap): games about to take either
    "at_1": [game(0).edit_token for _ in range(spec.get("at_round", 0))],
    "at_100": [game(MAX_ROUNDS - 1).edit_token for _ in range(spec.get("at_round", 0))],
}
out["cap_watch"] = Game.objects.get(edit_token=out["cap"]).watch_token
out["one_watch"] = Game.objects.get(edit_token=out["one"]).watch_token
print(json.dumps(out))
"""


def manage(env, *args):
    subprocess.run([str(BIN / "python"), "manage.py", *args], cwd=ROOT, env=env, check=True)


def seed(env, writers=256, watched=50, golf=0, at_round=0) -> dict:
    spec = {"writers": writers, "watched": watched, "golf": golf, "at_round": at_round}
    result = subprocess.run(
        [str(BIN / "python"), "-c", SEED, json.dumps(spec)],
        cwd=ROOT,
        env={**env, "DJANGO_SETTINGS_MODULE": "ghost_site.settings"},
        check=True,
        capture_output=True,
        text=True,
    )
    return json.loads(result.stdout.strip().splitlines()[-1])


def server_command(
    server: str,
    port: int,
    workers: int,
    threads: int,
    app: str = "ghost_site.serving.asgi:application",
) -> list[str]:
    """The production server as the README deploys it (Granian's ASGI interface, Django on
    GHOST_APP_THREADS threads behind ghost_site/serving/front.py), Granian's WSGI interface as
    the README ran it before (`granian-wsgi`, `threads` blocking threads), or gunicorn."""
    if server.startswith("granian"):
        wsgi = server == "granian-wsgi"
        if wsgi:  # the same application without the front
            app = {
                "ghost_site.serving.asgi:application": "ghost_site.serving.wsgi:application"
            }.get(app, app)
            app = app.replace(":asgi", ":application")
        return [
            str(BIN / "granian"),
            "--interface",
            "wsgi" if wsgi else "asgi",
            app,
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            str(workers),
            "--blocking-threads",
            str(threads if wsgi else 1),
            "--log-level",
            "warning",
            "--no-ws",
        ]
    return [
        str(BIN / "gunicorn"),
        "ghost_site.serving.wsgi",
        "--bind",
        f"127.0.0.1:{port}",
        "--workers",
        str(workers),
        "--threads",
        str(threads),
        "--worker-class",
        "gthread",
        "--keep-alive",
        "5",
        "--log-level",
        "warning",
        "--error-logfile",
        "-",
    ]


@contextmanager
def app_server(
    server: str = "granian",
    workers: int = 2,
    threads: int = 4,
    seed_spec: dict | None = None,
    database_url: str | None = None,
    prerender: bool = True,
):
    """Migrate, collect static files, pre-render the rules pages, seed games, then start
    the server on a free loopback port. Yields (base URL, seeded tokens, workdir, env)."""
    workdir = Path(tempfile.mkdtemp(prefix="ghost-bench-"))
    env = production_env(workdir, database_url) | {"GHOST_APP_THREADS": str(threads)}
    manage(env, "migrate", "--verbosity", "0")
    if "postgres" in env["DATABASE_URL"]:
        manage(env, "flush", "--noinput", "--verbosity", "0")
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    if prerender:  # the rules pages; a bench of the scorepad alone goes without
        manage(env, "prerender", "--verbosity", "0")
        # The same pre-rendered rules page as a static file, with its compressed variants:
        # what WhiteNoise alone would serve in place of ghost_site/serving/prerendered.py.
        page = workdir / "prerendered" / "en" / "rules" / "index.html"
        for suffix in ("", ".gz", ".br"):
            target = workdir / "static" / "bench" / ("rules.html" + suffix)
            target.parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(str(page) + suffix, target)
    seeded = seed(env, **(seed_spec or {}))
    port = free_port()
    log = open(workdir / "server.log", "w")  # noqa: SIM115 - closed below
    try:
        with running(server_command(server, port, workers, threads), port, env, log, "/en/rules/"):
            yield f"http://127.0.0.1:{port}", seeded, workdir, env
    finally:
        log.close()
        if os.environ.get("KEEP_BENCH") != "1":
            shutil.rmtree(workdir, ignore_errors=True)


@contextmanager
def running(command: list[str], port: int, env: dict, log, probe: str):
    """Start a server and wait (a minute at most, BENCH_START_SECONDS) until `probe`
    answers; stop it afterwards, its workers with it."""
    process = subprocess.Popen(
        command, cwd=ROOT, env=env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
    )
    base = f"http://127.0.0.1:{port}"
    try:
        # A busy machine (other engineers' suites on the same cores) can take half a
        # minute to start the workers.
        deadline = time.monotonic() + float(os.environ.get("BENCH_START_SECONDS", "60"))
        while time.monotonic() < deadline:
            try:
                urllib.request.urlopen(base + probe, timeout=2).read()
                break
            except urllib.error.HTTPError:
                break  # it answers
            except OSError:
                time.sleep(0.1)
        else:
            raise RuntimeError(f"{command[0]} did not start: " + Path(log.name).read_text())
        yield process
    finally:
        process.terminate()
        try:
            process.wait(30)
        except subprocess.TimeoutExpired:  # still starting: its workers with it
            os.killpg(process.pid, signal.SIGKILL)
            process.wait(10)


@contextmanager
def floor_server(
    env: dict, workdir: Path, workers: int = 2, threads: int = 4, server: str = "granian"
):
    """bench/floor.py on the same database, server and flags: yields its base URL."""
    port = free_port()
    env = env | {"GHOST_APP_THREADS": str(threads)}
    with (
        open(workdir / "floor.log", "w") as log,
        running(
            server_command(server, port, workers, threads, app="bench.floor:asgi"),
            port,
            env,
            log,
            "/nothing/",
        ),
    ):
        yield f"http://127.0.0.1:{port}"
