"""`manage.py restore <backup>`: put a backup back, checked, with the app stopped.

SQLite: the backup (from `sqlite3 db.sqlite3 ".backup …"`) is checked (`PRAGMA
integrity_check`), then copied into the live database through SQLite's own backup API,
which writes through the database's write-ahead log, so whatever an old `-wal` file
still holds is part of what gets replaced and can never be replayed over the restored
pages (copying the file over `db.sqlite3` can: the app's next start would apply the old
log to the new file). Then the log is checkpointed and emptied, the database checked
again and its row counts compared with the backup's, table by table.

PostgreSQL: `pg_restore --clean --if-exists --single-transaction` from a
`pg_dump --format=custom` file (all or nothing), then the row counts are printed.
"""

import os
import sqlite3
import subprocess
import urllib.parse
from pathlib import Path

from django.core.management.base import BaseCommand, CommandError
from django.db import connection


def sqlite_tables(db: sqlite3.Connection) -> list[str]:
    rows = db.execute(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%'"
        " ORDER BY name"
    )
    return [name for (name,) in rows]


def row_counts(db: sqlite3.Connection) -> dict[str, int]:
    return {
        table: db.execute(f'SELECT count(*) FROM "{table}"').fetchone()[0]
        for table in sqlite_tables(db)
    }


def integrity(db: sqlite3.Connection) -> str:
    return "; ".join(row[0] for row in db.execute("PRAGMA integrity_check"))


def restore_sqlite(backup: Path, target: Path) -> dict[str, int]:
    """Restore `backup` into the SQLite database at `target`; its row counts."""
    source = sqlite3.connect(f"{backup.resolve().as_uri()}?mode=ro", uri=True)
    try:
        checked = integrity(source)
        if checked != "ok":
            raise CommandError(f"{backup} is damaged ({checked}); nothing was restored.")
        expected = row_counts(source)
        live = sqlite3.connect(target, timeout=20)
        try:
            # Takes the write lock for the whole copy; the log (old frames and new) is
            # then folded into the file and emptied.
            source.backup(live)
            live.execute("PRAGMA wal_checkpoint(TRUNCATE)")
            checked = integrity(live)
            found = row_counts(live)
        finally:
            live.close()
    finally:
        source.close()
    if checked != "ok":
        raise CommandError(f"{target} failed its integrity check after the restore: {checked}")
    if found != expected:
        differ = {t: (expected.get(t), found.get(t)) for t in expected.keys() | found.keys()}
        differ = {t: pair for t, pair in differ.items() if pair[0] != pair[1]}
        raise CommandError(f"row counts differ from the backup's (backup, now): {differ}")
    return found


def postgres_url(settings_dict) -> str:
    if os.environ.get("DATABASE_URL", "").startswith(("postgres://", "postgresql://")):
        return os.environ["DATABASE_URL"]
    quote = urllib.parse.quote
    user = quote(settings_dict["USER"] or "")
    password = quote(settings_dict["PASSWORD"] or "")
    host = settings_dict["HOST"] or "127.0.0.1"
    port = settings_dict["PORT"] or 5432
    return f"postgresql://{user}:{password}@{host}:{port}/{settings_dict['NAME']}"


class Command(BaseCommand):
    help = "Restore a backup into the site's database (stop the app first), and check it."

    def add_arguments(self, parser):
        parser.add_argument("backup", type=Path, help="an SQLite backup or a pg_dump custom file")

    def handle(self, *args, backup: Path, **options):
        if not backup.is_file():
            raise CommandError(f"{backup}: no such file")
        if connection.vendor == "sqlite":
            target = Path(connection.settings_dict["NAME"])
            connection.close()
            counts = restore_sqlite(backup, target)
        elif connection.vendor == "postgresql":
            url = postgres_url(connection.settings_dict)
            connection.close()
            done = subprocess.run(
                [
                    "pg_restore",
                    "--clean",
                    "--if-exists",
                    "--single-transaction",
                    "--no-owner",
                    f"--dbname={url}",
                    str(backup),
                ],
                capture_output=True,
                text=True,
            )
            if done.returncode != 0:
                raise CommandError(f"pg_restore failed, nothing was restored:\n{done.stderr}")
            with connection.cursor() as cursor:
                counts = {}
                for table in sorted(connection.introspection.table_names(cursor)):
                    cursor.execute(f'SELECT count(*) FROM "{table}"')
                    counts[table] = cursor.fetchone()[0]
        else:
            raise CommandError(f"restore knows SQLite and PostgreSQL, not {connection.vendor}")
        for table, count in counts.items():
            self.stdout.write(f"{table}: {count}")
        self.stdout.write(self.style.SUCCESS(f"Restored {backup} and checked it."))
