"""`make bench`: throughput and latency of the real server, measured on loopback.

Starts Granian with production settings (pre-rendered rules pages in front of Django) and
nginx with as many workers serving a saved copy of the same rules page, then drives each
GET case with wrk (32 connections, 10 s each) and round entry with 32 phones posting in
parallel (bench/phones.py), each over its own games. The "1 c." cases show what a request
costs the server with no queue in front of it. Then gunicorn on the same page, to compare
servers, and, with BENCH_POSTGRES_URL set, round entry again on PostgreSQL. Last, round 1
against round 100 (the cap) on each database: a round's cost should not grow with the
rounds (BENCH_ONLY=rounds runs that alone; ROOT=<checkout> serves another checkout, the
code before, with this bench). Prints the figures and their ratios from this one run;
nothing here is a pass/fail test.
"""

from __future__ import annotations

import json
import os
import re
import secrets
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.parse
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from phones import Phone, Tally, floor_posts, round_entry  # noqa: E402
from serve import ROOT, app_server, floor_server, free_port  # noqa: E402

SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
CONNECTIONS = 32
THREADS = 2  # wrk's
WORKERS = 2  # the app server's processes, and nginx's: equal, so the ratio is fair
APP_THREADS = int(os.environ.get("BENCH_THREADS", "4"))  # Granian's --blocking-threads
OTHER = "SQLite, Granian WSGI"  # the README's command before ghost_site/serving/front.py, same run
SLICES = 5  # one phone on round entry and one on the floor take turns this many times
SINGLE_GAMES = 64  # the single phone's games; the 32 phones share the other 192
TODAY_32_PHONES = 190  # req/s, SQLite, before issue 18 (README)
SEEDED_ROUNDS = 1 + 300 + 1  # the one-round game, the game at the cap (rows), one watched
AT_ROUND = int(os.environ.get("BENCH_AT_ROUND", "200"))  # games each at round 1 and 100
CAP = 100  # scorepad.models.MAX_ROUNDS: the last round a game takes
ROOT_NAME = ROOT.name


def need(tool: str, package: str) -> str:
    path = shutil.which(tool) or (
        f"/usr/sbin/{tool}" if Path(f"/usr/sbin/{tool}").exists() else None
    )
    if not path:
        sys.exit(f"{tool} is missing: apt-get install {package}")
    return path


def wrk(url: str, connections: int = CONNECTIONS) -> dict:
    command = [
        need("wrk", "wrk"),
        f"-t{min(THREADS, connections)}",
        f"-c{connections}",
        f"-d{SECONDS}s",
        "--latency",
        "--timeout",
        "5s",
    ]
    out = subprocess.run(command + [url], capture_output=True, text=True, check=True).stdout

    def millis(label):
        match = re.search(rf"^\s+{label}%\s+([\d.]+)(us|ms|s)\s*$", out, re.M)
        value, unit = float(match.group(1)), match.group(2)
        return value / 1000 if unit == "us" else value * 1000 if unit == "s" else value

    non_2xx = re.search(r"Non-2xx or 3xx responses: (\d+)", out)
    socket_errors = re.search(
        r"Socket errors: connect (\d+), read (\d+), write (\d+), timeout (\d+)", out
    )
    return {
        "rps": float(re.search(r"Requests/sec:\s+([\d.]+)", out).group(1)),
        "requests": int(re.search(r"(\d+) requests in", out).group(1)),
        "p50": millis("50"),
        "p99": millis("99"),
        "errors": (int(non_2xx.group(1)) if non_2xx else 0)
        + (sum(map(int, socket_errors.groups())) if socket_errors else 0),
    }


def nginx(html: bytes, workdir: Path):
    binary = need("nginx", "nginx-light")
    root = workdir / "www"
    root.mkdir()
    (root / "rules.html").write_bytes(html)
    for path in (workdir, root, root / "rules.html"):
        path.chmod(0o755)  # nginx's workers drop root and must read the page
    port = free_port()
    conf = workdir / "nginx.conf"
    conf.write_text(
        textwrap.dedent(f"""
        worker_processes {WORKERS};
        pid {workdir}/nginx.pid;
        error_log {workdir}/nginx-error.log;
        daemon off;
        events {{ worker_connections 1024; }}
        http {{
            access_log off;
            default_type text/html;
            client_body_temp_path {workdir}/nginx-body;
            proxy_temp_path {workdir}/nginx-proxy;
            fastcgi_temp_path {workdir}/nginx-fastcgi;
            uwsgi_temp_path {workdir}/nginx-uwsgi;
            scgi_temp_path {workdir}/nginx-scgi;
            server {{ listen 127.0.0.1:{port}; root {root}; }}
        }}
    """)
    )
    process = subprocess.Popen(
        [binary, "-c", str(conf), "-p", str(workdir)],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    url = f"http://127.0.0.1:{port}/rules.html"
    for _ in range(100):
        try:
            assert urllib.request.urlopen(url, timeout=2).read() == html
            return process, url
        except OSError:
            time.sleep(0.1)
    process.terminate()
    sys.exit("nginx did not start: " + (workdir / "nginx-error.log").read_text())


def stored_rounds(env) -> int:
    return int(
        subprocess.run(
            [
                sys.executable,
                "-c",
                "import django; django.setup(); from scorepad.models import Round; "
                "print(Round.objects.count())",
            ],
            cwd=ROOT,
            env={**env, "DJANGO_SETTINGS_MODULE": "ghost_site.settings"},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()
    )


def phones(base, seeded, env, results, label, floor_base=None):
    """One phone alone, taking turns with one phone on the floor (with `floor_base`);
    then 32 at once, each over its own games."""
    port = int(base.rsplit(":", 1)[1])
    single, golf = Tally(), Tally()
    if floor_base:
        # Turn about, in slices of a second: the machine's other work, which comes and
        # goes, then weighs on round entry and the floor alike, and their ratio is fair.
        # Over 64 games: one phone enters some 500 rounds a second, some 40 a game in
        # the run, as in a real game; 8 games would reach the cap of live rounds within
        # the run and answer "full".
        floor_port = int(floor_base.rsplit(":", 1)[1])
        floor_single = Tally()
        numbers = dict.fromkeys(seeded["writers"][:SINGLE_GAMES], 0)
        entry_time = floor_time = 0.0
        for _slice in range(SLICES):
            seconds = SECONDS / 2 / SLICES
            entry_time += round_entry(port, list(numbers), 1, seconds, single, numbers=numbers)
            floor_time += floor_posts(floor_port, "/floor/", 1, seconds, floor_single)
        results[f"round entry, 1 phone, {label}"] = single.summary(entry_time)
        results[f"floor, 1 phone, {label}"] = floor_single.summary(floor_time)
        # A hole of Golf the same way: signed scores checked against the possible ones.
        golf_floor = Tally()
        holes = dict.fromkeys(seeded["golf"], 0)
        entry_time = floor_time = 0.0
        for _slice in range(SLICES):
            seconds = SECONDS / 2 / SLICES
            entry_time += round_entry(
                port, list(holes), 1, seconds, golf, numbers=holes, points=("\u22122", "4")
            )
            floor_time += floor_posts(floor_port, "/floor/", 1, seconds, golf_floor)
        results[f"Golf hole entry, 1 phone, {label}"] = golf.summary(entry_time)
        results[f"floor beside Golf, 1 phone, {label}"] = golf_floor.summary(floor_time)
    tally = Tally()
    elapsed = round_entry(port, seeded["writers"][SINGLE_GAMES:], CONNECTIONS, SECONDS, tally)
    results[f"round entry, 32 phones, {label}"] = tally.summary(elapsed)
    return len(single.accepted) + len(golf.accepted) + len(tally.accepted), stored_rounds(env)


def at_rounds(base, seeded, results, label):
    """Round 1 against round 100 (the cap), one phone: it enters round 1 in games that
    have none and round 100 in games at 99, the two taking turns slice by slice (the
    machine's other work weighs on both alike). Before each round it reads the game's
    page, as a phone does after the last round's redirect (not timed), on the same
    connection: the worker has seen the game, as in play."""
    port = int(base.rsplit(":", 1)[1])
    csrf = secrets.token_hex(16)
    device = Phone(port, csrf)
    tallies = {1: Tally(), CAP: Tally()}
    games = {1: seeded["at_1"], CAP: seeded["at_100"]}
    per = len(games[1]) // SLICES
    for turn in range(SLICES):
        for number, tally in tallies.items():
            for token in games[number][turn * per : (turn + 1) * per]:
                device.get(f"/en/scorepad/g/{token}/")
                fields = {"csrfmiddlewaretoken": csrf, "number": number}
                body = urllib.parse.urlencode(fields | {"points_0": "3", "points_1": "5"})
                start = time.perf_counter()
                status = device.post(f"/en/scorepad/g/{token}/round/", body)
                tally.add(status, time.perf_counter() - start)
    device.close()
    for number, tally in tallies.items():
        results[f"round {number}, 1 phone, {label}"] = tally.summary(sum(tally.latencies))


def print_at_rounds(results):
    for database in ("SQLite", "PostgreSQL"):
        if f"round 1, 1 phone, {database}" in results:
            value = (
                results[f"round {CAP}, 1 phone, {database}"]["p50"]
                / results[f"round 1, 1 phone, {database}"]["p50"]
            )
            name = f"round {CAP} p50 / round 1 p50, 1 phone, {database}"
            print(f"{name:58} {value:7.2f}x  (goal: flat, 1.00x)")


def rounds_only():
    """BENCH_ONLY=rounds: round 1 against round 100 alone (a few seconds of load), on
    SQLite and, with BENCH_POSTGRES_URL, PostgreSQL; ROOT=<checkout> for another code."""
    results = {}
    spec = {"writers": 0, "watched": 0, "at_round": AT_ROUND}
    databases = [("SQLite", None)]
    if os.environ.get("BENCH_POSTGRES_URL"):
        databases.append(("PostgreSQL", os.environ["BENCH_POSTGRES_URL"]))
    for label, database_url in databases:
        with app_server(
            workers=WORKERS,
            threads=APP_THREADS,
            seed_spec=spec,
            database_url=database_url,
            prerender=False,  # the rules pages play no part
        ) as (base, seeded, _workdir, _env):
            at_rounds(base, seeded, results, label)
    print(f"\nRound 1 against round {CAP} ({ROOT_NAME}), one phone, {AT_ROUND} games each\n")
    print(f"{'case':46} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
    for name, r in results.items():
        print(f"{name:46} {r['rps']:9.0f} {r['p50']:8.2f} {r['p99']:8.2f} {r['errors']:7d}")
    print()
    print_at_rounds(results)


def floor(base, results, label):
    """bench/floor.py on the same database, server and flags: one INSERT in a
    transaction answering 302, and a 302 without the database."""
    port = int(base.rsplit(":", 1)[1])
    results[f"floor: one INSERT, 1 c., {label}"] = wrk(base + "/floor/", connections=1)
    results[f"floor: no database, 1 c., {label}"] = wrk(base + "/nothing/", connections=1)
    many = Tally()
    elapsed = floor_posts(port, "/floor/", CONNECTIONS, SECONDS, many)
    results[f"floor, 32 phones, {label}"] = many.summary(elapsed)


def main():
    if os.environ.get("BENCH_ONLY") == "rounds":
        return rounds_only()
    results = {}
    notes = []
    seed_spec = {"writers": 256, "watched": 1, "golf": 256, "at_round": AT_ROUND}
    with app_server(workers=WORKERS, threads=APP_THREADS, seed_spec=seed_spec) as (
        base,
        seeded,
        workdir,
        env,
    ):
        rules_html = urllib.request.urlopen(base + "/en/rules/").read()
        static = Path(tempfile.mkdtemp(prefix="ghost-nginx-"))
        nginx_process, nginx_url = nginx(rules_html, static)
        try:
            results["nginx, the same rules page"] = wrk(nginx_url)
        finally:
            nginx_process.terminate()
            nginx_process.wait(10)
            shutil.rmtree(static, ignore_errors=True)
        results["rules page (en), pre-rendered"] = wrk(base + "/en/rules/")
        results["rules page (nb), pre-rendered"] = wrk(base + "/nb/regler/")
        results["rules page through Django"] = wrk(base + "/en/rules/?via=django")
        results["the same page as WhiteNoise's static file"] = wrk(
            base + "/static/bench/rules.html"
        )
        game = f"{base}/en/scorepad/g/{seeded['one']}/"
        cap = f"{base}/en/scorepad/g/{seeded['cap']}/"
        results["game page, 1 round"] = wrk(game)
        token, version, _edit = seeded["watched"][0]
        results["watch poll, unchanged (204)"] = wrk(
            f"{base}/en/scorepad/watch/{token}/poll/?v={version}"
        )
        # One connection: what a request costs the server with no queue in front of it.
        results["rules page through Django, 1 c."] = wrk(
            base + "/en/rules/?via=django", connections=1
        )
        results["game page, 1 round, 1 c."] = wrk(game, connections=1)
        results["game page, round cap, 1 c."] = wrk(cap, connections=1)
        for label, key in (("1 round", "one_watch"), ("round cap", "cap_watch")):
            results[f"watch poll rendering, {label}, 1 c."] = wrk(
                f"{base}/en/scorepad/watch/{seeded[key]}/poll/?v=-1", connections=1
            )
        with floor_server(env, workdir, workers=WORKERS, threads=APP_THREADS) as floor_base:
            accepted, stored = phones(base, seeded, env, results, "SQLite", floor_base)
            floor(floor_base, results, "SQLite")
        at_rounds(base, seeded, results, "SQLite")
        locked = (workdir / "server.log").read_text().count("database is locked")
        notes.append(
            f"SQLite: {accepted} rounds accepted, {stored} in the database (with "
            f"{SEEDED_ROUNDS} seeded); 'database is locked': {locked}"
        )

    # The README's command before the front (Granian's WSGI interface, 4 blocking
    # threads): what reading bodies in the event loop costs, in the same run.
    with app_server("granian-wsgi", workers=WORKERS, threads=APP_THREADS, seed_spec=seed_spec) as (
        base,
        seeded,
        workdir,
        env,
    ):
        results["rules page (en), Granian WSGI"] = wrk(base + "/en/rules/")
        with floor_server(env, workdir, WORKERS, APP_THREADS, server="granian-wsgi") as floor_base:
            phones(base, seeded, env, results, OTHER, floor_base)
            floor(floor_base, results, OTHER)

    with app_server("gunicorn", workers=WORKERS, threads=APP_THREADS, seed_spec=seed_spec) as (
        base,
        _seeded,
        _workdir,
        _env,
    ):
        results["rules page (en), gunicorn gthread"] = wrk(base + "/en/rules/")

    postgres = os.environ.get("BENCH_POSTGRES_URL")
    if postgres:
        with app_server(
            workers=WORKERS, threads=APP_THREADS, seed_spec=seed_spec, database_url=postgres
        ) as (base, seeded, workdir, env):
            results["game page, 1 round, 1 c., PostgreSQL"] = wrk(
                f"{base}/en/scorepad/g/{seeded['one']}/", connections=1
            )
            with floor_server(env, workdir, workers=WORKERS, threads=APP_THREADS) as floor_base:
                accepted, stored = phones(base, seeded, env, results, "PostgreSQL", floor_base)
                floor(floor_base, results, "PostgreSQL")
            at_rounds(base, seeded, results, "PostgreSQL")
            notes.append(f"PostgreSQL: {accepted} rounds accepted, {stored} in the database")

    print(
        f"\nGhost benchmark: Granian (ASGI front) {WORKERS} workers x {APP_THREADS} app "
        f"threads, nginx {WORKERS} workers, wrk {CONNECTIONS} connections unless '1 c.', "
        f"{SECONDS} s a case, "
        f"{os.cpu_count()} cores shared with the load generator\n"
    )
    print(f"{'case':46} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
    for name, r in results.items():
        print(f"{name:46} {r['rps']:9.0f} {r['p50']:8.2f} {r['p99']:8.2f} {r['errors']:7d}")
    print()
    for note in notes:
        print(note)

    def ratio(label, a, b, key, goal=""):
        value = results[a][key] / results[b][key]
        shown = f"{value:.1%}" if key == "rps" else f"{value:.2f}x"
        print(f"{label:58} {shown:>8}  {goal}")

    print("\nRatios from this run:")
    for lang in ("en", "nb"):
        ratio(
            f"rules page ({lang}) req/s / nginx",
            f"rules page ({lang}), pre-rendered",
            "nginx, the same rules page",
            "rps",
            "(goal: at least 50%)",
        )
    ratio(
        "rules page req/s, pre-rendered / WhiteNoise's file",
        "rules page (en), pre-rendered",
        "the same page as WhiteNoise's static file",
        "rps",
    )
    ratio(
        "rules page req/s, gunicorn / Granian",
        "rules page (en), gunicorn gthread",
        "rules page (en), pre-rendered",
        "rps",
    )
    ratio(
        "game page p50 / rules page through Django p50 (1 c.)",
        "game page, 1 round, 1 c.",
        "rules page through Django, 1 c.",
        "p50",
    )
    ratio(
        "game page p50, round cap / 1 round (1 c.)",
        "game page, round cap, 1 c.",
        "game page, 1 round, 1 c.",
        "p50",
    )
    ratio(
        "watch poll p50, round cap / 1 round (1 c.)",
        "watch poll rendering, round cap, 1 c.",
        "watch poll rendering, 1 round, 1 c.",
        "p50",
    )
    # The floor: the same server, flags and database, one INSERT in a transaction.
    game_page = {
        "SQLite": "game page, 1 round, 1 c.",
        "PostgreSQL": "game page, 1 round, 1 c., PostgreSQL",
    }
    for database in ("SQLite", OTHER, "PostgreSQL"):
        if f"floor, 1 phone, {database}" not in results:
            continue
        ratio(
            f"round entry p50 / floor p50, 1 phone, {database}",
            f"round entry, 1 phone, {database}",
            f"floor, 1 phone, {database}",
            "p50",
            "(goal: at most 5x)",
        )
        ratio(
            f"Golf hole entry p50 / floor p50, 1 phone, {database}",
            f"Golf hole entry, 1 phone, {database}",
            f"floor beside Golf, 1 phone, {database}",
            "p50",
            "(goal: at most 5x)",
        )
        if database in game_page:
            ratio(
                f"game page p50 / floor p50, 1 c., {database}",
                game_page[database],
                f"floor: one INSERT, 1 c., {database}",
                "p50",
            )
        ratio(
            f"no database p50 / floor p50, 1 c., {database}",
            f"floor: no database, 1 c., {database}",
            f"floor: one INSERT, 1 c., {database}",
            "p50",
        )
        ratio(
            f"round entry req/s / floor req/s, 32 phones, {database}",
            f"round entry, 32 phones, {database}",
            f"floor, 32 phones, {database}",
            "rps",
        )
    for database in ("SQLite", OTHER, "PostgreSQL"):
        name = f"round entry, 32 phones, {database}"
        if name in results:
            value = results[name]["p99"] / results[name]["p50"]
            print(f"{'round entry p99 / p50, 32 phones, ' + database:58} {value:7.2f}x  (goal: 3)")
    sqlite = results["round entry, 32 phones, SQLite"]["rps"]
    print(
        f"{'round entry req/s, 32 phones, SQLite / before (190)':58} "
        f"{sqlite / TODAY_32_PHONES:7.2f}x  (goal: at least 2x)"
    )
    ratio(
        "round entry req/s, 32 phones, SQLite, ASGI front / WSGI",
        "round entry, 32 phones, SQLite",
        f"round entry, 32 phones, {OTHER}",
        "rps",
    )
    ratio(
        "rules page (en) req/s, ASGI front / WSGI",
        "rules page (en), pre-rendered",
        "rules page (en), Granian WSGI",
        "rps",
    )
    print_at_rounds(results)
    out = Path(__file__).resolve().parent / "out"
    out.mkdir(exist_ok=True)
    (out / "bench.json").write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
