"""What a flood of rules pages no one asked for before does to other readers:
`make bench-flood`.

Starts the README's command twice: with the render budget (ghost_site/serving/budget.py, the
default) and without it (GHOST_RENDERERS=0, as before). Against each, one reader reads a
game page and a kept rules page (not pre-rendered, so served by Django from the page
cache) for BENCH_SECONDS, first on a quiet server, then while 16 clients ask for a
different threshold's rules page each time (500 of them, none kept yet). Prints each
case's requests, p50, p99 and the slowest, and what the flood got.
"""

from __future__ import annotations

import os
import sys
import threading
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from clients import Table, fetch, reads  # noqa: E402
from phones import Tally  # noqa: E402
from serve import app_server  # noqa: E402

SECONDS = int(os.environ.get("BENCH_SECONDS", "10"))
TABLE = Table(SECONDS, 44)
FLOODERS = 16
KEPT = "/en/rules/to-22/"


def flood_paths(thresholds, lock):
    """Rules pages no one asked for yet, each asked for once across the flood (then each
    thread goes round the ones it had: those refused are still not kept)."""
    while True:
        with lock:
            t = next(thresholds, None)
        if t is None:
            return
        yield f"/en/rules/to-{t}/"


def main():
    print(f"\nA flood of rules pages not kept: {SECONDS} s a case, {os.cpu_count()} cores\n")
    print(TABLE.heading())
    for renderers, label in (("1", "budget (1 renderer)"), ("0", "no budget")):
        os.environ["GHOST_RENDERERS"] = renderers
        with app_server(seed_spec={"writers": 1, "watched": 1}) as (base, seeded, *_):
            port = int(base.rsplit(":", 1)[1])
            mine = [f"/en/scorepad/g/{seeded['one']}/", KEPT]
            fetch(port, KEPT)  # kept from here on
            quiet = Tally()
            reads(port, mine, SECONDS, quiet)
            print(TABLE.line(f"{label}, quiet: game page, kept rules", quiet))
            thresholds = iter(t for t in range(1, 501) if t not in (21, 22))
            lock = threading.Lock()
            flood, flooded = Tally(), Tally()
            stop = threading.Event()
            flooders = [
                threading.Thread(
                    target=reads, args=(port, flood_paths(thresholds, lock), SECONDS, flood, stop)
                )
                for _ in range(FLOODERS)
            ]
            for thread in flooders:
                thread.start()
            reads(port, mine, SECONDS, flooded)
            stop.set()
            for thread in flooders:
                thread.join()
            print(TABLE.line(f"{label}, flood: game page, kept rules", flooded))
            print(TABLE.line(f"{label}, flood: the flood itself", flood))
    os.environ.pop("GHOST_RENDERERS", None)


if __name__ == "__main__":
    main()
