"""A per-process memory cache bounded in bytes, not in entries.

Django's LocMemCache bounds a cache by its number of entries. The game page cache keeps
whole rendered pages, from 10 KB for a new game to some 200 KB at the round cap (more
with long or non-Latin names), so a bound by count is no bound on memory. This backend
counts what it holds: every value is stored pickled (as LocMemCache does), so the bytes
of the pickle, with its key and a fixed allowance per entry for the dict and its
bookkeeping, are what the entry costs. A new entry evicts the least recently used ones
until the total fits under MAX_BYTES; a value larger than the whole bound is not kept.
"""

from django.core.cache.backends.base import DEFAULT_TIMEOUT
from django.core.cache.backends.locmem import LocMemCache

ENTRY_OVERHEAD = 400  # bytes per entry besides key and value: dict slots, expiry, objects

_sizes: dict[str, dict[str, int]] = {}


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
