"""`make soak`: a bounded mix of real traffic against a production-settings server.

For SOAK_SECONDS (default 45, at most 60) on loopback: readers fetch rules pages in both
languages, watchers poll 300 games, phones enter rounds in those games, a few people
start new games and play them, and racers fire two changes at one game at the same
instant (undo and a new round, bring back and undo, edit and undo). At the end it counts
server errors, checks that every round the server accepted is in the database with the
totals that were sent, and that every game's live rounds are numbered 1..n with no gap.
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
from clients import client_loop, get  # noqa: E402
from phones import Phone, Tally, round_entry  # noqa: E402
from serve import app_server  # noqa: E402

SECONDS = min(int(os.environ.get("SOAK_SECONDS", "45")), 60)


def loop(port, seconds, tally, work):
    client_loop(port, seconds, tally, work, timeout=10)


def reader(connection, pages=("/en/rules/", "/nb/regler/", "/en/", "/nb/varianter/")):
    return get(connection, random.choice(pages))


def watcher_for(watched):
    versions = {token: version for token, version, _edit in watched}

    def watch(connection):
        token = random.choice(list(versions))
        connection.request("GET", f"/en/scorepad/watch/{token}/poll/?v={versions[token]}")
        response = connection.getresponse()
        body = response.read().decode()
        found = re.search(r"\?v=([0-9-]+)", body)
        if found:
            versions[token] = found.group(1)
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


RACES = ("undo x add", "restore x undo", "edit x undo")


def racer(port, seconds, tally, games, seed):
    try:
        race_for(port, seconds, tally, games, seed)
    except Exception as error:  # a racer that cannot read a page fails the soak
        print(f"racer stopped: {error!r}")
        tally.add(0, 0.0)


def race_for(port, seconds, tally, games, seed):
    """Two connections, one game at a time: read the game, then send two changes to it at
    the same instant. Refusals (409) are the expected answer to losing a race."""
    rng = random.Random(seed)
    csrf = secrets.token_hex(16)
    phones = [Phone(port, csrf) for _ in range(2)]
    deadline = time.monotonic() + seconds

    def send(phone, path, fields):
        body = urllib.parse.urlencode({"csrfmiddlewaretoken": csrf, **fields})
        start = time.perf_counter()
        tally.add(phone.post(path, body), time.perf_counter() - start)

    while time.monotonic() < deadline:
        token = rng.choice(games)
        page = f"/en/scorepad/g/{token}/"
        reader = phones[0].connection  # opened again if a post dropped it
        reader.request("GET", page)
        html = reader.getresponse().read().decode()
        # The round form says the next round; a finished game has only the undo form.
        form = re.search(r'data-server-next="(\d+)"', html)
        undo_form = re.search(r'name="number" value="(\d+)"', html)
        next_number = int(form.group(1)) if form else int(undo_form.group(1)) + 1
        last = next_number - 1
        undo = (f"{page}undo/", {"number": last})
        race = rng.choice(RACES)
        restore = re.search(r'name="round_id" value="(\d+)"', html)
        if race == "restore x undo" and restore:
            pair = [(f"{page}restore/", {"round_id": restore.group(1)}), undo]
        elif race == "edit x undo" and last >= 1:
            reader.request("GET", f"{page}round/{last}/")
            edit = reader.getresponse().read().decode()
            row = re.search(r'name="round_id"[^>]* value="(\d+)"', edit).group(1)
            fields = {"number": last, "round_id": row, "points_0": "2", "points_1": "1"}
            pair = [(f"{page}round/{last}/", fields), undo]
        else:
            add = {"number": next_number, "points_0": "3", "points_1": "5"}
            pair = [undo, (f"{page}round/", add)]
        barrier = threading.Barrier(2)

        def fire(i, path, fields, barrier=barrier):
            barrier.wait()
            send(phones[i], path, fields)

        both = [
            threading.Thread(target=fire, args=(i, path, fields))
            for i, (path, fields) in enumerate(pair)
        ]
        for t in both:
            t.start()
        for t in both:
            t.join()
    for phone in phones:
        phone.close()


CHECK = """
import json, sys
from decimal import Decimal
import django
django.setup()
from scorepad.models import Game, Round
accepted = json.load(open(sys.argv[1]))
gaps = sum(not game.contiguous() for game in Game.objects.all())
games = Game.objects.count()
live = {}
for token, number, points in Round.objects.filter(status="active").values_list(
        "game__edit_token", "number", "scores__points"):
    live.setdefault((token, number), []).append(points)
missing = [a for a in accepted if tuple(a) not in live]
wrong = [a for a in accepted if tuple(a) in live and sorted(live[tuple(a)]) not in (
    [Decimal("1"), Decimal("2")], [Decimal("2"), Decimal("3.5")])]
print(json.dumps({"missing": len(missing), "wrong": len(wrong), "gaps": gaps, "games": games}))
"""


def main():
    # 300 watched games: the 10 phones enter some 250 rounds a second, and over 100 games
    # they would reach the cap of live rounds within the run and be answered "full".
    with app_server(seed_spec={"writers": 20, "watched": 300}) as (base, seeded, workdir, env):
        port = int(base.rsplit(":", 1)[1])
        kinds = {
            name: Tally()
            for name in (
                "rules reads",
                "watch polls",
                "round entries",
                "new games and their rounds",
                "races (two changes at once)",
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
        threads += [
            threading.Thread(
                target=racer,
                # Each racer its own games: the other's undo cannot take the round it
                # has just read away before it opens the round to edit it.
                args=(
                    port,
                    SECONDS,
                    kinds["races (two changes at once)"],
                    seeded["writers"][k::2],
                    k,
                ),
            )
            for k in range(2)
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
        log = (workdir / "server.log").read_text()

    print(f"\nGhost soak: {elapsed:.0f} s of mixed traffic on loopback, production settings\n")
    print(f"{'traffic':28} {'requests':>9} {'req/s':>7} {'p50 ms':>7} {'p99 ms':>7}  statuses")
    server_errors = unexpected = 0
    for name, tally in kinds.items():
        s = tally.summary(elapsed)
        server_errors += sum(n for code, n in s["statuses"].items() if code >= 500 or code == 0)
        expected = (200, 204, 302, 409) if name.startswith("races") else (200, 204, 302)
        unexpected += sum(n for code, n in s["statuses"].items() if code not in expected)
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
    print(f"games whose live rounds have a gap: {check['gaps']} of {check['games']}")
    ok = unexpected == 0 and check["missing"] == 0 and check["wrong"] == 0
    raced = kinds["races (two changes at once)"].summary(elapsed)["requests"]
    ok = ok and check["gaps"] == 0 and raced > 0  # a racer that died raced nothing
    print(
        "soak:",
        "0 server errors, every accepted round stored, every game contiguous" if ok else "FAILED",
    )
    sys.exit(0 if ok else 1)


if __name__ == "__main__":
    main()
