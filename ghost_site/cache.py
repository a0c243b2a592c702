"""Two per-process memory caches: one bounded in bytes (pages), one of objects as they are
(boards).

Django's LocMemCache bounds a cache by its number of entries. The game page cache keeps
whole rendered pages, from 10 KB for a new game to some 200 KB at the round cap (more
with long or non-Latin names), so a bound by count is no bound on memory. This backend
counts what it holds: every value is stored pickled (as LocMemCache does), so the bytes
of the pickle, with its key and a fixed allowance per entry for the dict and its
bookkeeping, are what the entry costs. A new entry evicts the least recently used ones
until the total fits under MAX_BYTES; a value larger than the whole bound is not kept.
"""

import threading
import time
from collections import OrderedDict

from django.core.cache.backends.base import DEFAULT_TIMEOUT, BaseCache
from django.core.cache.backends.locmem import LocMemCache
from django.utils.module_loading import import_string

ENTRY_OVERHEAD = 400  # bytes per entry besides key and value: dict slots, expiry, objects

_sizes: dict[str, dict[str, int]] = {}
_MISSING = object()


class BoundedMemoryCache(LocMemCache):
    def __init__(self, name, params):
        super().__init__(name, params)
        options = params.get("OPTIONS", {})
        self.max_bytes = int(options.get("MAX_BYTES", 32 * 1024 * 1024))
        self._sizes = _sizes.setdefault(name, {})

    @property
    def total_bytes(self) -> int:
        return sum(self._sizes.values())

    def _set(self, key, value, timeout=DEFAULT_TIMEOUT):
        size = len(key) + len(value) + ENTRY_OVERHEAD
        self._delete(key)
        if size > self.max_bytes:
            return
        total = sum(self._sizes.values())
        while self._cache and total + size > self.max_bytes:
            old, _value = self._cache.popitem()  # the least recently used: at the end
            self._expire_info.pop(old, None)
            total -= self._sizes.pop(old, 0)
        super()._set(key, value, timeout)
        self._sizes[key] = size

    def incr(self, key, delta=1, version=None):
        value = super().incr(key, delta, version)
        full_key = self.make_and_validate_key(key, version=version)
        with self._lock:
            if full_key in self._cache:
                pickled = self._cache[full_key]
                self._sizes[full_key] = len(full_key) + len(pickled) + ENTRY_OVERHEAD
        return value

    def _cull(self):
        super()._cull()
        for key in [k for k in self._sizes if k not in self._cache]:
            del self._sizes[key]

    def _delete(self, key):
        self._sizes.pop(key, None)
        return super()._delete(key)

    def clear(self):
        with self._lock:
            self._cache.clear()
            self._expire_info.clear()
            self._sizes.clear()


class _Shelf:
    """What one ObjectMemoryCache holds: shared by every thread of the process, as
    Django makes a cache object per thread."""

    def __init__(self):
        self.entries: OrderedDict[str, tuple[object, float | None, int]] = OrderedDict()
        self.weight = 0
        self.lock = threading.RLock()

    def drop(self, key) -> bool:
        entry = self.entries.pop(key, None)
        if entry is None:
            return False
        self.weight -= entry[2]
        return True


_shelves: dict[str, _Shelf] = {}


def default_weight(value) -> int:
    try:
        return 1 + len(value)
    except TypeError:
        return 1


class ObjectMemoryCache(BaseCache):
    """A per-process memory cache that keeps values as they are, not pickled.

    For values read on every request and never changed once made (a game's board: a tuple
    of frozen rounds; its players and its row: tuples), where pickling them in and out
    would cost more than the query they save. What is put in must not be changed
    afterwards: every reader gets the very object. Bounded by weight: OPTIONS["WEIGHT"]
    names the function that weighs a value (by default one plus its length), and the
    least recently used entries go until the total fits under MAX_WEIGHT.
    """

    def __init__(self, name, params):
        super().__init__(params)
        options = params.get("OPTIONS", {})
        self.max_weight = int(options.get("MAX_WEIGHT", 100_000))
        self.weight = import_string(options["WEIGHT"]) if "WEIGHT" in options else default_weight
        self._shelf = _shelves.setdefault(name, _Shelf())

    def make_and_validate_key(self, key, version=None):
        # No memcached here to keep keys portable to: the check's walk over every
        # character of the key would be most of what a read costs.
        return self.make_key(key, version=version)

    def get(self, key, default=None, version=None):
        key = self.make_and_validate_key(key, version=version)
        shelf = self._shelf
        with shelf.lock:
            entry = shelf.entries.get(key)
            if entry is None:
                return default
            value, expires, _weight = entry
            if expires is not None and expires <= time.monotonic():
                shelf.drop(key)
                return default
            shelf.entries.move_to_end(key)
            return value

    def set(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        key = self.make_and_validate_key(key, version=version)
        until = self.get_backend_timeout(timeout)  # a wall-clock time, or None: for ever
        expires = None if until is None else time.monotonic() + (until - time.time())
        weight = self.weight(value)
        shelf = self._shelf
        with shelf.lock:
            shelf.drop(key)
            if weight > self.max_weight:
                return
            while shelf.entries and shelf.weight + weight > self.max_weight:
                shelf.drop(next(iter(shelf.entries)))  # the least recently used
            shelf.entries[key] = (value, expires, weight)
            shelf.weight += weight

    def add(self, key, value, timeout=DEFAULT_TIMEOUT, version=None):
        with self._shelf.lock:  # the lock is re-entrant: get and set take it again
            if self.has_key(key, version=version):
                return False
            self.set(key, value, timeout, version)
            return True

    def has_key(self, key, version=None):
        return self.get(key, _MISSING, version) is not _MISSING

    def delete(self, key, version=None):
        key = self.make_and_validate_key(key, version=version)
        with self._shelf.lock:
            return self._shelf.drop(key)

    def touch(self, key, timeout=DEFAULT_TIMEOUT, version=None):
        value = self.get(key, _MISSING, version)
        if value is _MISSING:
            return False
        self.set(key, value, timeout, version)
        return True

    def clear(self):
        with self._shelf.lock:
            self._shelf.entries.clear()
            self._shelf.weight = 0

    @property
    def total_weight(self) -> int:
        return self._shelf.weight
