"""A rename across a long series, and a round of another game meanwhile: `make bench-rename`.

On a SQLite file of its own (or DATABASE_URL), an evening of SERIES games (rematches of
one another, three players), then a player renamed in the first game, which renames them
in every game of the series. Meanwhile another thread enters rounds in an unrelated game,
one after the other. Prints how long the rename took and what the other game's rounds
took during it: with the rename in steps (`RENAME_STEP`, the code as it is) and in one
transaction for the whole series (as before).
"""

from __future__ import annotations

import os
import statistics
import sys
import tempfile
import threading
import time
from decimal import Decimal
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
os.chdir(ROOT)
WORK = Path(tempfile.mkdtemp(prefix="ghost-rename-"))
os.environ.setdefault("DATABASE_URL", f"sqlite:///{WORK / 'rename.sqlite3'}")
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ghost_site.settings")

import django  # noqa: E402

django.setup()

from django.core.management import call_command  # noqa: E402
from django.db import connection  # noqa: E402

from scorepad.models import Game, Result, changes  # noqa: E402

SERIES = int(os.environ.get("RENAME_SERIES", "300"))
STEP = changes.RENAME_STEP


def evening(games: int) -> Game:
    first = Game.create_with_players(["Anna", "Øyvind", "Cato"], threshold=500)
    last = first
    for _ in range(1, games):
        change = Game.objects.get(pk=last.pk).rematch()
        assert change.result is Result.SAVED
        last = change.game
    return first


def other_rounds(game_pk: int, stop: threading.Event, took: list[float]) -> None:
    """Rounds of another game, one after the other (a new game when one is full)."""
    number = Game.objects.get(pk=game_pk).next_number
    while not stop.is_set():
        game = Game.objects.get(pk=game_pk)
        start = time.perf_counter()
        change = game.add_round(number, [Decimal(1)] * 2, [""] * 2)
        if change.result is Result.FULL:
            game_pk, number = Game.create_with_players(["Per", "Pål"], threshold=500).pk, 1
            continue
        took.append(time.perf_counter() - start)
        assert change.result is Result.SAVED, change
        number += 1
    connection.close()


def case(step: int, name: str) -> None:
    changes.RENAME_STEP = step
    first = evening(SERIES)
    other = Game.create_with_players(["Per", "Pål"], threshold=500)
    quiet: list[float] = []
    stop = threading.Event()
    thread = threading.Thread(target=other_rounds, args=(other.pk, stop, quiet))
    thread.start()
    time.sleep(1)
    stop.set()
    thread.join()
    during: list[float] = []
    stop = threading.Event()
    thread = threading.Thread(target=other_rounds, args=(other.pk, stop, during))
    thread.start()
    time.sleep(0.2)
    start = time.perf_counter()
    change = Game.objects.get(pk=first.pk).rename_player(1, name)
    renamed = time.perf_counter() - start
    stop.set()
    thread.join()
    assert change.result is Result.SAVED
    ms = 1000
    label = f"steps of {step}" if step < SERIES else "one transaction"
    print(
        f"{label:18} "
        f"rename {renamed * ms:7.0f} ms | other game's rounds: quiet p50 "
        f"{statistics.median(quiet) * ms:6.1f} ms; during the rename p50 "
        f"{statistics.median(during) * ms:6.1f} ms, slowest {max(during) * ms:6.0f} ms "
        f"({len(during)} rounds)"
    )


def main() -> None:
    call_command("migrate", verbosity=0)
    print(f"\nA rename across {SERIES} games, {connection.vendor}, {os.cpu_count()} cores\n")
    for _ in range(2):
        case(STEP, "Øivind")
        case(10**6, "Øivind")


if __name__ == "__main__":
    main()
