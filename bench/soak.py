"""`make soak`: a bounded mix of real traffic against a production-settings server.

For SOAK_SECONDS (default 45, at most 60) on loopback: readers fetch rules pages in both
languages, watchers poll 50 games, phones enter rounds in those 50 games, and a few
people start new games and play them. At the end it counts server errors and checks that
every round the server accepted is in the database with the totals that were sent.
"""

from __future__ import annotations

import http.client
import json
import os
import random
import re
import secrets
import subprocess
import sys
import threading
import time
import urllib.parse
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))
from phones import Tally, round_entry  # noqa: E402
from serve import gunicorn  # noqa: E402

SECONDS = min(int(os.environ.get("SOAK_SECONDS", "45")), 60)


def loop(port, seconds, tally, work):
    deadline = time.monotonic() + seconds
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    while time.monotonic() < deadline:
        start = time.perf_counter()
        try:
            status = work(connection)
        except OSError:
            connection.close()
            connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
            status = 0
        tally.add(status, time.perf_counter() - start)
    connection.close()


def get(connection, path):
    connection.request("GET", path)
    response = connection.getresponse()
    response.read()
    return response.status


def reader(connection, pages=("/en/rules/", "/nb/regler/", "/en/", "/nb/varianter/")):
    return get(connection, random.choice(pages))


def watcher_for(watched):
    versions = {token: version for token, version, _edit in watched}

    def watch(connection):
        token = random.choice(list(versions))
        connection.request("GET", f"/en/scorepad/watch/{token}/poll/?v={versions[token]}")
        response = connection.getresponse()
        body = response.read().decode()
        found = re.search(r"\?v=(\d+)", body)
        if found:
            versions[token] = int(found.group(1))
        return response.status

    return watch


def creator(port, seconds, tally, accepted):
    """Start a game through the form, play a few rounds in it, start another."""
    csrf = secrets.token_hex(16)
    headers = {"Content-Type": "application/x-www-form-urlencoded", "Cookie": f"csrftoken={csrf}"}
    deadline = time.monotonic() + seconds
    connection = http.client.HTTPConnection("127.0.0.1", port, timeout=10)
    while time.monotonic() < deadline:
        body = urllib.parse.urlencode(
            {
                "csrfmiddlewaretoken": csrf,
                "player_count": 2,
                "name_0": "Kari",
                "name_1": "Ola",
                "variant": "standard",
                "jack_value": "0.5",
                "game_length": "threshold",
                "first_dealer": 0,
            }
        )
        start = time.perf_counter()
        connection.request("POST", "/nb/poengblokk/", body, headers)
        response = connection.getresponse()
        response.read()
        tally.add(response.status, time.perf_counter() - start)
        if response.status != 302:
            continue
        token = response.getheader("Location").rstrip("/").rsplit("/", 1)[1]
        for number in range(1, 4):
            body = urllib.parse.urlencode(
                {"csrfmiddlewaretoken": csrf, "number": number, "points_0": "3,5", "points_1": "2"}
            )
            start = time.perf_counter()
            connection.request("POST", f"/nb/poengblokk/s/{token}/runde/", body, headers)
            response = connection.getresponse()
            response.read()
            tally.add(
                response.status,
                time.perf_counter() - start,
                (token, number) if response.status == 302 else None,
            )
    connection.close()


CHECK = """
import json, sys
from decimal import Decimal
import django
django.setup()
from scorepad.models import Round
accepted = json.load(open(sys.argv[1]))
live = {}
for token, number, points in Round.objects.filter(status="active").values_list(
        "game__edit_token", "number", "scores__points"):
    live.setdefault((token, number), []).append(points)
missing = [a for a in accepted if tuple(a) not in live]
wrong = [a for a in accepted if tuple(a) in live and sorted(live[tuple(a)]) not in (
    [Decimal("1"), Decimal("2")], [Decimal("2"), Decimal("3.5")])]
print(json.dumps({"missing": len(missing), "wrong": len(wrong)}))
"""


def main():
    with gunicorn(seed_spec={"writers": 0, "watched": 50}) as (base, seeded, workdir, env):
        port = int(base.rsplit(":", 1)[1])
        kinds = {
            name: Tally()
            for name in (
                "rules reads",
                "watch polls",
                "round entries",
                "new games and their rounds",
            )
        }
        threads = [
            threading.Thread(target=loop, args=(port, SECONDS, kinds["rules reads"], reader))
            for _ in range(6)
        ]
        threads += [
            threading.Thread(
                target=loop,
                args=(port, SECONDS, kinds["watch polls"], watcher_for(seeded["watched"])),
            )
            for _ in range(6)
        ]
        edit_tokens = [edit for _t, _v, edit in seeded["watched"]]
        threads.append(
            threading.Thread(
                target=round_entry, args=(port, edit_tokens, 10, SECONDS, kinds["round entries"], 3)
            )
        )
        threads += [
            threading.Thread(
                target=creator, args=(port, SECONDS, kinds["new games and their rounds"], None)
            )
            for _ in range(2)
        ]
        started = time.monotonic()
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        elapsed = time.monotonic() - started
        accepted = kinds["round entries"].accepted + kinds["new games and their rounds"].accepted
        listing = workdir / "accepted.json"
        listing.write_text(json.dumps(accepted))
        check = json.loads(
            subprocess.run(
                [sys.executable, "-c", CHECK, str(listing)],
                cwd=Path(__file__).resolve().parent.parent,
                env={**env, "DJANGO_SETTINGS_MODULE": "ghost_site.settings"},
                capture_output=True,
                text=True,
                check=True,
            )
            .stdout.strip()
            .splitlines()[-1]
        )
        log = (workdir / "gunicorn.log").read_text()

    print(f"\nGhost soak: {elapsed:.0f} s of mixed traffic on loopback, production settings\n")
    print(f"{'traffic':28} {'requests':>9} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7}  statuses")
    server_errors = unexpected = 0
    for name, tally in kinds.items():
        s = tally.summary(elapsed)
        server_errors += sum(n for code, n in s["statuses"].items() if code >= 500 or code == 0)
        unexpected += sum(n for code, n in s["statuses"].items() if code not in (200, 204, 302))
        print(
            f"{name:28} {s['requests']:9d} {s['rps']:7.0f} {s['p50']:7.1f} {s['p99']:7.1f}"
            f"  {s['statuses']}"
        )
    print(f"\nserver errors (5xx or dropped): {server_errors}; other unexpected: {unexpected}")
    print(f"'database is locked' in the server log: {log.count('database is locked')}")
    print(
        f"rounds accepted: {len(accepted)}; missing from the database: {check['missing']}; "
        f"stored with other totals: {check['wrong']}"
    )
    ok = unexpected == 0 and check["missing"] == 0 and check["wrong"] == 0
    print("soak:", "0 server errors and every accepted round stored" if ok else "FAILED")
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
