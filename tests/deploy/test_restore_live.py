"""The README's SQLite restore, run against the server `make serve` runs while it kept
writing: a backup taken online, more rounds, a checkpoint, more rounds (so the log holds
pages newer than the file), the site stopped as `systemctl stop` stops it, `manage.py
restore`, the site started again. The database then holds exactly the backup's rounds,
passes its integrity check, and takes new rounds.

Before: a stopped Granian left `db.sqlite3-wal` behind, and copying the backup over
`db.sqlite3` let the next start replay that log over it (the restore did nothing, or
the database was malformed)."""

import sqlite3
import subprocess
import urllib.request

from tests.deploy.conftest import GAMES, play, start_games
from tests.deploy.served import manage, production_env, serve


def rounds(path) -> set[tuple]:
    db = sqlite3.connect(f"{path.resolve().as_uri()}?mode=ro", uri=True)
    try:
        return set(db.execute("SELECT id, game_id, number, status FROM scorepad_round"))
    finally:
        db.close()


def test_a_restore_brings_back_exactly_the_backup(built, tmp_path):
    live = tmp_path / "live.sqlite3"
    saved = tmp_path / "backup.sqlite3"
    database = f"sqlite:///{live}"
    env = production_env(built, database)
    manage(env, "migrate", "--verbosity", "0")
    log = tmp_path / "serve.log"
    with serve(built, database, log) as (base, _server):
        games = start_games(base)
        play(base, games, range(1, 6))
        # the README's online backup, while the site runs
        subprocess.run(["sqlite3", str(live), f".backup '{saved}'"], check=True)
        play(base, games, range(6, 9))
        with sqlite3.connect(live) as db:  # what SQLite does by itself every 1000 pages
            db.execute("PRAGMA wal_checkpoint(TRUNCATE)")
        db.close()
        play(base, games, range(9, 12))
    # stopped: every worker emptied the log before it closed, so there is none to replay
    left = live.with_name(live.name + "-wal")
    assert not left.exists() or left.stat().st_size == 0
    backed_up = rounds(saved)
    assert len(backed_up) == GAMES * 5
    assert rounds(live) > backed_up

    out = manage(env, "restore", str(saved))
    assert "scorepad_round: 15" in out
    assert rounds(live) == backed_up
    with serve(built, database, log) as (base, _server):
        for phone, _token, address in games:
            assert phone.open(base + address).status == 200
        play(base, games, [6])
        with urllib.request.urlopen(base + "/en/rules/") as page:
            assert page.status == 200
    after = rounds(live)
    assert backed_up < after and len(after) == GAMES * 6
    db = sqlite3.connect(live)
    try:
        assert db.execute("PRAGMA integrity_check").fetchone() == ("ok",)
    finally:
        db.close()
