"""Django's SQLite backend, with a fairer wait for the write lock.

Every transaction here begins IMMEDIATE, taking the write lock at BEGIN. When another
writer holds it, SQLite's own busy handler sleeps in growing steps (1, 2, 5, 10 … 100 ms)
and so often sleeps on long after the lock is free: with 32 phones saving at once that
was the whole tail of the round-entry latency. Here BEGIN asks again every millisecond
or so instead. Statements outside a transaction keep the ordinary busy timeout.
"""

import random
import time

from django.db import OperationalError
from django.db.backends.sqlite3 import base

LOCK_WAIT_SECONDS = 20


class DatabaseWrapper(base.DatabaseWrapper):
    def _start_transaction_under_autocommit(self):
        deadline = time.monotonic() + LOCK_WAIT_SECONDS
        cursor = self.connection.cursor()
        cursor.execute("PRAGMA busy_timeout = 0")
        try:
            while True:
                try:
                    cursor.execute(f"BEGIN {self.transaction_mode or ''}")
                    return
                except base.Database.OperationalError as error:
                    if "locked" not in str(error) and "busy" not in str(error):
                        raise
                    if time.monotonic() > deadline:
                        raise OperationalError(str(error)) from error
                    time.sleep(random.uniform(0.0005, 0.0015))
        finally:
            cursor.execute(f"PRAGMA busy_timeout = {int(self.timeout_ms)}")
            cursor.close()

    @property
    def timeout_ms(self) -> float:
        return self.settings_dict["OPTIONS"].get("timeout", 5) * 1000
