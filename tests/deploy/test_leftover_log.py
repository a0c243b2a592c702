"""The write-ahead log a stopped or crashed site can leave beside `db.sqlite3`.

A stop: two workers closing at the same moment each see the other still open, and then
neither deletes `db.sqlite3-wal`. So each worker empties the log before it closes
(`ghost_site/serving/workers.py`); whatever file is left holds nothing to replay.

A crash (a worker killed, the power gone) leaves a log full of pages. `manage.py
restore` still brings back exactly the backup; copying the backup over the file, as the
README warns, lets SQLite replay that log over the copy."""

import shutil
import signal
import sqlite3
import subprocess
import sys

from django.db.utils import ConnectionHandler

from ghost_site.serving import workers
from tests.deploy.served import manage, production_env

SQLITE = {
    "ENGINE": "ghost_site.sqlite",
    "OPTIONS": {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    },
}


def wal(path):
    return path.with_name(path.name + "-wal")


def marks(path) -> list[str]:
    db = sqlite3.connect(path)
    try:
        return [name for (name,) in db.execute("SELECT name FROM mark ORDER BY name")]
    finally:
        db.close()


def test_a_worker_stopping_beside_another_leaves_an_empty_log(tmp_path, django_db_blocker):
    live = tmp_path / "live.sqlite3"
    wrapper = ConnectionHandler({"default": SQLITE | {"NAME": str(live)}})["default"]
    with django_db_blocker.unblock(), wrapper.cursor() as cursor:
        workers._remember(None, wrapper)
        cursor.execute("CREATE TABLE mark (name TEXT)")
        cursor.execute("INSERT INTO mark VALUES ('a round')")
    other_worker = sqlite3.connect(live)  # still open: this close is not the last
    try:
        other_worker.execute("SELECT count(*) FROM mark").fetchone()
        assert wal(live).stat().st_size > 0
        workers.close_connections()
        assert wal(live).stat().st_size == 0
        assert other_worker.execute("SELECT name FROM mark").fetchall() == [("a round",)]
    finally:
        other_worker.close()
        wrapper.connection = None
    assert not wal(live).exists()  # the last to close deletes it


CRASH = """
import os, signal, sqlite3, sys
db = sqlite3.connect(sys.argv[1])
db.executemany("INSERT INTO mark VALUES (?)", [(f"after the backup {n}",) for n in range(200)])
db.commit()
os.kill(os.getpid(), signal.SIGKILL)
"""


def test_a_restore_over_a_crashed_sites_log_brings_back_exactly_the_backup(tmp_path):
    live = tmp_path / "live.sqlite3"
    saved = tmp_path / "backup.sqlite3"
    env = production_env(tmp_path, f"sqlite:///{live}")
    manage(env, "migrate", "--verbosity", "0")
    db = sqlite3.connect(live)
    db.execute("CREATE TABLE mark (name TEXT)")
    db.execute("INSERT INTO mark VALUES ('before the backup')")
    db.commit()
    db.close()
    subprocess.run(["sqlite3", str(live), f".backup '{saved}'"], check=True)
    crashed = subprocess.run([sys.executable, "-c", CRASH, str(live)])
    assert crashed.returncode == -signal.SIGKILL
    assert wal(live).stat().st_size > 0  # the crash's log, full of pages

    # what the README warns against: the copy, with the old log beside it
    copied = tmp_path / "copied"
    copied.mkdir()
    shutil.copy(wal(live), wal(copied / live.name))
    shutil.copy(saved, copied / live.name)
    assert len(marks(copied / live.name)) == 201  # the log replayed over the backup

    out = manage(env, "restore", str(saved))
    assert "mark: 1" in out
    assert marks(live) == ["before the backup"]
    assert not wal(live).exists() or wal(live).stat().st_size == 0
    db = sqlite3.connect(live)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        db.close()
