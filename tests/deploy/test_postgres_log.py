"""PostgreSQL's own log at the settings docs/deploy.md gives ("No token in PostgreSQL's
log"): the two statements that fail with a token in them (the losing insert of a
double-tapped Start, and a read by token cancelled by a timeout) are logged with their
literal values at PostgreSQL's defaults, and without any value once the documented
`ALTER DATABASE … SET` lines are in force. The error itself is still logged.

Runs in CI's PostgreSQL pass, as root (the settings are the superuser's, and the
server's log file is read where Debian's cluster writes it)."""

import os
import shutil
import subprocess
import time
from pathlib import Path
from urllib.parse import urlsplit

import pytest
from django.db import IntegrityError, OperationalError, connection, transaction

from scorepad.models import Game, new_token

URL = os.environ.get("DATABASE_URL", "")
pytestmark = [
    pytest.mark.skipif(
        not URL.startswith("postgres")
        or not shutil.which("pg_lsclusters")
        or not hasattr(os, "geteuid")
        or os.geteuid() != 0,
        reason="PostgreSQL's own log: in CI's PostgreSQL pass, as root (Debian's cluster)",
    ),
    pytest.mark.django_db(transaction=True),
]


def documented_settings() -> list[str]:
    """The `ALTER DATABASE ghost SET …` lines of docs/deploy.md, as written there."""
    text = (Path(__file__).resolve().parents[2] / "docs" / "deploy.md").read_text()
    lines = [
        line.split("--")[0].strip()
        for line in text.splitlines()
        if line.startswith("ALTER DATABASE ghost SET")
    ]
    assert len(lines) == 2, lines
    return lines


def server_log() -> Path:
    """The log file of the cluster DATABASE_URL points at (pg_lsclusters' last column)."""
    port = str(urlsplit(URL).port or 5432)
    for line in subprocess.run(
        ["pg_lsclusters", "-h"], capture_output=True, text=True, check=True
    ).stdout.splitlines():
        fields = line.split()
        if len(fields) >= 7 and fields[2] == port and fields[3] == "online":
            return Path(fields[6])
    pytest.fail(f"no online cluster on port {port}")


def as_superuser(sql: str) -> None:
    port = str(urlsplit(URL).port or 5432)
    subprocess.run(
        ["su", "postgres", "-c", f'psql -qX -p {port} -c "{sql}"'],
        check=True,
        capture_output=True,
        timeout=60,
    )


def new_lines(log: Path, start: int, expect: str) -> str:
    """What the server wrote to its log since `start`, once `expect` is in it."""
    for _ in range(100):
        with log.open("rb") as file:
            file.seek(start)
            text = file.read().decode("utf-8", "replace")
        if expect in text:
            return text
        time.sleep(0.05)
    pytest.fail(f"the server's log never said {expect!r}: {text[-2000:]}")


def fail_with_tokens() -> list[str]:
    """The two failures: a second insert with the same start key (what the slower of two
    taps on Start does), and a read by edit token cancelled by the statement timeout.
    Returns every secret the failing statements carried."""
    key = new_token()[:32]
    first = Game.create_with_players(["Anna", "Bo"], start_key=key)
    loser = Game(start_key=key, **Game.table_fields({}))
    with pytest.raises(IntegrityError), transaction.atomic():
        loser.save(force_insert=True)
    with pytest.raises(OperationalError), transaction.atomic():
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL statement_timeout = 1")
        list(
            Game.objects.filter(edit_token=first.edit_token).extra(
                where=["pg_sleep(0.2) IS NOT NULL"]
            )
        )
    return [key, first.edit_token, loser.edit_token, loser.watch_token]


def test_the_documented_settings_keep_every_token_out_of_postgresqls_log():
    log = server_log()
    name = connection.settings_dict["NAME"]
    # At PostgreSQL's defaults the failing statements and the key's DETAIL carry tokens:
    # the test sees them, so it would see them below.
    start = log.stat().st_size
    secrets = fail_with_tokens()
    text = new_lines(log, start, "canceling statement due to statement timeout")
    assert "duplicate key value violates unique constraint" in text
    assert sum(secret in text for secret in secrets) >= 3, text[-3000:]

    try:
        for line in documented_settings():
            as_superuser(line.replace("ALTER DATABASE ghost", f"ALTER DATABASE {name}"))
        connection.close()  # a new session takes the database's settings
        start = log.stat().st_size
        secrets = fail_with_tokens()
        text = new_lines(log, start, "canceling statement due to statement timeout")
    finally:
        as_superuser(f"ALTER DATABASE {name} RESET ALL")
        connection.close()
    # the error is still there for the operator, without a value of any row
    assert "duplicate key value violates unique constraint" in text
    for secret in secrets:
        assert secret not in text, (secret, text)
    assert "STATEMENT:" not in text and "DETAIL:" not in text
