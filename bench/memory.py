"""`make memory`: what one server process holds once every cache is full.

A process with the production settings (debug off, hashed static files) answers, from
4 threads as a Granian worker does, twice over: the game page (both languages, htmx
board too) and watch poll of GAMES games at the round cap with six long names, and the
rules page for every other threshold in both languages. Then it prints its resident
memory and what each cache holds: the two byte-bounded caches, the boards cache's
weight, and the per-process function caches (rendered rules sections, table facts,
possible totals). Run once as is and once with MALLOC_ARENA_MAX=2 (glibc's arenas: one
per thread by default, each keeping freed memory apart), on SQLite, then as is on
PostgreSQL (its connection pool included) when BENCH_POSTGRES_URL names a database.
Then the same games and pages through a running server as the README starts it, and
each Granian worker's memory read from outside (/proc), as an operator would see it.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
import urllib.error
import urllib.request
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from serve import (  # noqa: E402
    BIN,
    ROOT,
    free_port,
    manage,
    production_env,
    running,
    server_command,
)

GAMES = 160

SEEDING = r"""
import ctypes, json, os, sys, threading
from concurrent.futures import ThreadPoolExecutor
from decimal import Decimal
import django
django.setup()
from django.core.cache import caches
from django.test import Client
from rules.games.ghost import cards
from rules.engine import rendering
from scorepad.models import MAX_ROUNDS, Game, Player, Round, Score

games = int(sys.argv[1])
names = ["Anne-Marthe Kristiansen", "Bjørn-Ståle Ødegård", "Çağla Øyen", "Dmitrij Ivanov",
         "Eirik Fjellheim-Berg", "Frida Marie Solbakken"]
tokens = []
for n in range(games):
    g = Game.objects.create(table={"threshold": 500})
    ps = Player.objects.bulk_create(Player(game=g, position=i, name=f"{name} {n}")
                                    for i, name in enumerate(names))
    rounds = Round.objects.bulk_create(Round(game=g, number=k) for k in range(1, MAX_ROUNDS + 1))
    Score.objects.bulk_create(Score(round=r, player=p, points=Decimal(1), cards="Q K J T 9")
                              for r in rounds for p in ps)
    Game.objects.filter(pk=g.pk).update(version=MAX_ROUNDS)
    tokens.append((g.edit_token, g.watch_token))

paths = []
for edit, watch in tokens:
    paths += [f"/en/scorepad/g/{edit}/", f"/nb/poengblokk/s/{edit}/",
              f"/en/scorepad/watch/{watch}/", f"/nb/poengblokk/folg/{watch}/"]
for t in range(cards.THRESHOLD_RANGE[0], cards.THRESHOLD_RANGE[1] + 1):
    if t != 21:
        paths += [f"/en/rules/to-{t}/", f"/nb/regler/to-{t}/"]
"""

FILL = (
    SEEDING
    + r"""
local = threading.local()

def get(path):
    client = getattr(local, "client", None) or Client()
    local.client = client
    return client.get(path, HTTP_HOST="127.0.0.1").status_code

def rss():
    status = open("/proc/self/status").read()
    return {k: int(line.split()[1]) // 1024 for line in status.splitlines()
            for k in ("VmRSS", "VmHWM") if line.startswith(k + ":")}

statuses = {}
for _ in range(2):
    with ThreadPoolExecutor(4) as pool:
        for code in pool.map(get, paths):
            statuses[code] = statuses.get(code, 0) + 1

def held(alias):
    store = caches[alias]._cache
    return sum(len(k) + len(v) for k, v in store.items()) // (1024 * 1024)

out = {"requests": statuses, **rss(),
       "default MiB": held("default"), "pages MiB": held("pages"),
       "boards weight": caches["boards"].total_weight,
       "rendered_sections": rendering.rendered_sections.cache_info().currsize,
       "table_facts": cards.table_facts.cache_info().currsize,
       "possible_totals": cards.possible_totals.cache_info().currsize}
ctypes.CDLL("libc.so.6").malloc_trim(0)
out["VmRSS after malloc_trim"] = rss()["VmRSS"]
print(json.dumps(out))
"""
)


def measure(env: dict[str, str], arenas: str | None) -> dict:
    """Django's process alone, filled from 4 threads of its own."""
    # every rules page rendered, as over a day: no render budget (ghost_site/serving/budget.py)
    env = dict(env, DJANGO_SETTINGS_MODULE="ghost_site.settings", GHOST_RENDERERS="0")
    env.pop("MALLOC_ARENA_MAX", None)
    if arenas:
        env["MALLOC_ARENA_MAX"] = arenas
    done = subprocess.run(
        [str(BIN / "python"), "-c", FILL, str(GAMES)],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
    )
    if done.returncode:
        raise SystemExit(done.stderr[-3000:])
    return json.loads(done.stdout.strip().splitlines()[-1])


def worker_memory(pid: int) -> list[dict[str, int]]:
    """VmRSS and VmHWM (MiB) of each child process of `pid`: Granian's workers."""
    children = []
    for task in Path(f"/proc/{pid}/task").iterdir():
        children += (task / "children").read_text().split()
    found = []
    for child in children:
        status = Path(f"/proc/{child}/status").read_text().splitlines()
        found.append(
            {
                key: int(line.split()[1]) // 1024
                for line in status
                for key in ("VmRSS", "VmHWM")
                if line.startswith(key + ":")
            }
        )
    return found


def live(work: Path, url: str) -> dict:
    """A running server as the README starts it (Granian's ASGI interface, the front and
    4 Django threads a worker), seeded by another process and filled over HTTP from 8
    clients, twice over; the worker's memory read from /proc, from outside. One worker,
    so that it answers every page and every cache of it fills (the kernel shares the
    connections out between two workers, each of which then holds about half)."""
    work.mkdir(exist_ok=True)
    env = production_env(work, url) | {"GHOST_APP_THREADS": "4", "GHOST_RENDERERS": "0"}
    env["DJANGO_SETTINGS_MODULE"] = "ghost_site.settings"
    manage(env, "migrate", "--verbosity", "0")
    manage(env, "flush", "--noinput", "--verbosity", "0")
    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
    manage(env, "prerender", "--verbosity", "0")
    seeded = subprocess.run(
        [str(BIN / "python"), "-c", SEEDING + "\nprint(json.dumps(paths))", str(GAMES)],
        cwd=ROOT,
        env=env,
        check=True,
        capture_output=True,
        text=True,
    )
    paths = json.loads(seeded.stdout.strip().splitlines()[-1])
    port = free_port()
    base = f"http://127.0.0.1:{port}"

    def get(path: str) -> int:
        try:
            with urllib.request.urlopen(base + path, timeout=60) as answer:
                answer.read()
                return answer.status
        except urllib.error.HTTPError as error:
            return error.code

    with (
        open(work / "server.log", "w") as log,
        running(server_command("granian", port, 1, 4), port, env, log, "/en/rules/") as server,
    ):
        statuses: dict[int, int] = {}
        for _ in range(2):
            with ThreadPoolExecutor(8) as pool:
                for code in pool.map(get, paths):
                    statuses[code] = statuses.get(code, 0) + 1
        workers = worker_memory(server.pid)
    return {"requests": statuses, "workers": workers}


def databases(work: Path):
    """SQLite, and PostgreSQL when BENCH_POSTGRES_URL names a database (emptied first)."""
    yield "SQLite", f"sqlite:///{work / 'memory.sqlite3'}"
    if os.environ.get("BENCH_POSTGRES_URL"):
        yield "PostgreSQL", os.environ["BENCH_POSTGRES_URL"]


def main() -> None:
    with tempfile.TemporaryDirectory() as folder:
        work = Path(folder)
        for database, url in databases(work):
            for arenas in (None, "2") if database == "SQLite" else (None,):
                env = production_env(work, url)
                env["DJANGO_STATIC_ROOT"] = str(work / "static")
                # Django's test client keeps each thread's connection out of the pool
                # (it turns off closing at the request's end): a pool for the 8 threads
                # and the one that seeds.
                env["DJANGO_DB_POOL"] = "10"
                manage(env, "migrate", "--verbosity", "0")
                manage(env, "flush", "--noinput", "--verbosity", "0")
                if not (work / "static").exists():
                    manage(env, "collectstatic", "--noinput", "--verbosity", "0")
                result = measure(env, arenas)
                label = f"{database}, MALLOC_ARENA_MAX={arenas or 'unset'}"
                print(f"{label}: {json.dumps(result)}", flush=True)
            result = live(work / database, url)
            print(f"{database}, a running server's workers: {json.dumps(result)}", flush=True)


if __name__ == "__main__":
    os.chdir(ROOT)
    main()
