"""`make bench`: throughput and latency of the real server, measured on loopback.

Starts gunicorn with production settings and nginx serving a saved copy of the same rules
page, then drives each GET case with wrk (32 connections, 10 s each, at most 30 s) and round
entry with 32 phones posting in parallel (bench/phones.py), each over its own games. The
"1 connection" cases show what a request costs the server with no queue in front of it.
Prints the figures; nothing here is a pass/fail test.
"""

from __future__ import annotations

import json
import os
import re
import shutil
import subprocess
import sys
import tempfile
import textwrap
import time
import urllib.request
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from phones import Tally, round_entry  # noqa: E402
from serve import free_port, gunicorn  # noqa: E402

SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
CONNECTIONS = 32
THREADS = 2


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
        worker_processes 2;
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


def main():
    results = {}
    with gunicorn(seed_spec={"writers": 256, "watched": 50}) as (base, seeded, workdir, env):
        rules_html = urllib.request.urlopen(base + "/en/rules/").read()
        static = Path(tempfile.mkdtemp(prefix="ghost-nginx-"))
        nginx_process, nginx_url = nginx(rules_html, static)
        try:
            results["nginx static rules page"] = wrk(nginx_url)
        finally:
            nginx_process.terminate()
            nginx_process.wait(10)
            shutil.rmtree(static, ignore_errors=True)
        results["rules page (en)"] = wrk(base + "/en/rules/")
        results["rules page (nb)"] = wrk(base + "/nb/regler/")
        results["game page, 1 round"] = wrk(f"{base}/en/scorepad/g/{seeded['one']}/")
        results["game page, at the round cap"] = wrk(f"{base}/en/scorepad/g/{seeded['cap']}/")
        token, version, _edit = seeded["watched"][0]
        results["watch poll, unchanged"] = wrk(
            f"{base}/en/scorepad/watch/{token}/poll/?v={version}"
        )
        # One connection: the time a request costs the server, with no queue in front.
        results["rules page (en), 1 connection"] = wrk(base + "/en/rules/", connections=1)
        results["game page, 1 round, 1 connection"] = wrk(
            f"{base}/en/scorepad/g/{seeded['one']}/", connections=1
        )
        results["game page, round cap, 1 conn."] = wrk(
            f"{base}/en/scorepad/g/{seeded['cap']}/", connections=1
        )
        # A poll that finds a change renders the board: at one round and at the cap.
        for label, key in (("1 round", "one_watch"), ("round cap", "cap_watch")):
            results[f"watch poll changed, {label}, 1 c."] = wrk(
                f"{base}/en/scorepad/watch/{seeded[key]}/poll/?v=-1", connections=1
            )
        port = int(base.rsplit(":", 1)[1])
        single = Tally()
        elapsed = round_entry(port, seeded["writers"][:8], 1, SECONDS / 2, single)
        results["round entry, 1 phone"] = single.summary(elapsed)
        tally = Tally()
        elapsed = round_entry(port, seeded["writers"][8:], CONNECTIONS, SECONDS, tally)
        results["round entry (POST), 256 games"] = tally.summary(elapsed)
        log = (workdir / "gunicorn.log").read_text()
        locked = log.count("database is locked")
        stored = subprocess.run(
            [
                sys.executable,
                "-c",
                "import django; django.setup(); from scorepad.models import Round; "
                "print(Round.objects.count())",
            ],
            cwd=Path(__file__).resolve().parent.parent,
            env={**env, "DJANGO_SETTINGS_MODULE": "ghost_site.settings"},
            capture_output=True,
            text=True,
            check=True,
        ).stdout.strip()

    database = "PostgreSQL" if "postgres" in env["DATABASE_URL"] else "SQLite"
    print(
        f"\nGhost benchmark: gunicorn 4 workers x 2 threads, {database}, wrk "
        f"{CONNECTIONS} connections, {SECONDS} s a case, {os.cpu_count()} cores\n"
    )
    print(f"{'case':34} {'req/s':>9} {'p50 ms':>8} {'p99 ms':>8} {'errors':>7}")
    for name, r in results.items():
        print(f"{name:34} {r['rps']:9.0f} {r['p50']:8.2f} {r['p99']:8.2f} {r['errors']:7d}")
    nginx_rps = results["nginx static rules page"]["rps"]
    for lang in ("en", "nb"):
        ratio = results[f"rules page ({lang})"]["rps"] / nginx_rps
        print(f"rules page ({lang}) / nginx static: {ratio:.1%}")
    growth = results["game page, at the round cap"]["p50"] / results["game page, 1 round"]["p50"]
    print(f"game page p50, at the round cap / 1 round: {growth:.2f}x")
    cap, one = (results[f"watch poll changed, {k}, 1 c."]["p50"] for k in ("round cap", "1 round"))
    print(f"watch poll that renders, p50, at the round cap / 1 round: {cap / one:.2f}x")
    print(f"'database is locked' in the server log: {locked}")
    print(
        f"round entry: {len(tally.accepted) + len(single.accepted)} rounds accepted, "
        f"{stored} in the database (with 251 seeded), "
        f"statuses {results['round entry (POST), 256 games']['statuses']}"
    )
    out = Path(__file__).resolve().parent / "out"
    out.mkdir(exist_ok=True)
    (out / "bench.json").write_text(json.dumps(results, indent=1))


if __name__ == "__main__":
    main()
