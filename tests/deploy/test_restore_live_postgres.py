"""The README's PostgreSQL backup and restore (docs/deploy.md), run against the server
`make serve` runs while it kept writing: `pg_dump` taken online, more rounds, the site
stopped, `manage.py restore` (pg_restore --clean, all or nothing), the site started
again. The database then holds exactly the dump's rounds, and takes new rounds. Runs in
CI's PostgreSQL pass, on a database of its own beside the test database."""

import os
import shutil
import subprocess
import urllib.request
from urllib.parse import urlsplit, urlunsplit

import pytest

from tests.deploy.conftest import GAMES, play, start_games
from tests.deploy.served import manage, production_env, serve

URL = os.environ.get("DATABASE_URL", "")
pytestmark = pytest.mark.skipif(
    not URL.startswith("postgres") or not shutil.which("pg_dump"),
    reason="PostgreSQL's restore: in CI's PostgreSQL pass (DATABASE_URL, pg_dump)",
)
NAME = "ghost_restore_check"


def rounds(url: str) -> set[tuple]:
    import psycopg

    with psycopg.connect(url) as db:
        return set(db.execute("SELECT id, game_id, number, status FROM scorepad_round"))


@pytest.fixture
def database():
    """A database of its own, dropped afterwards (the role may create databases)."""
    import psycopg

    parts = urlsplit(URL)
    own = urlunsplit(parts._replace(path="/" + NAME))
    with psycopg.connect(URL, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {NAME}")
        admin.execute(f"CREATE DATABASE {NAME}")
    yield own
    with psycopg.connect(URL, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {NAME} WITH (FORCE)")


def test_a_postgresql_restore_brings_back_exactly_the_dump(built, tmp_path, database):
    dump = tmp_path / "ghost.dump"
    env = production_env(built, database)
    manage(env, "migrate", "--verbosity", "0")
    log = tmp_path / "serve.log"
    with serve(built, database, log) as (base, _server):
        games = start_games(base)
        play(base, games, range(1, 6))
        # the README's online backup, while the site runs
        subprocess.run(
            ["pg_dump", "--format=custom", f"--file={dump}", database], check=True, timeout=120
        )
        play(base, games, range(6, 9))
    dumped = rounds(database)
    assert len(dumped) == GAMES * 8  # before the restore: every round since the dump too

    out = manage(env, "restore", str(dump))
    assert f"scorepad_round: {GAMES * 5}" in out
    restored = rounds(database)
    assert len(restored) == GAMES * 5 and restored < dumped
    with serve(built, database, log) as (base, _server):
        for phone, _token, address in games:
            assert phone.open(base + address).status == 200
        play(base, games, [6])  # the sequences are back too: the next rounds are taken
        with urllib.request.urlopen(base + "/en/rules/") as page:
            assert page.status == 200
    assert len(rounds(database)) == GAMES * 6
