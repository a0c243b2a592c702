"""A render budget for the pages kept once rendered.

The rules pages for every combination of house rules are rendered on first request and
then kept (the page cache, `cache_page` in rules/views.py). A flood of combinations no
one asked for before makes each request a render, and a render costs tens of
milliseconds of a thread: with every thread rendering, a game page or a kept rules page
waited a quarter to half a second (issue 37). So at most `RENDERERS` threads of a process
render such a page at once; a request that finds them busy gets 503
with `Retry-After` at once, and its thread goes back to the pages that are kept and the
scorepad. The pre-rendered pages (ghost_site/serving/prerendered.py), a game's pages at its
default table and every page already kept are answered without the budget, and a
reader who meets the 503 gets the page on the next try. Measured in docs/performance.md
("A flood of rules pages")."""

import functools
import os
import threading

from ghost_site.middleware import error_page

# Two: a phone keeping its game's own table offline asks for its rules page and card at
# once, and both should come; the other threads of a worker stay free.
RENDERERS = int(os.environ.get("GHOST_RENDERERS", "2"))  # 0: no budget
WAIT = 0.0  # no wait for a slot: a thread waiting is a thread held

_slots = threading.BoundedSemaphore(RENDERERS) if RENDERERS > 0 else None


def render_budget(view):
    """Decorates the view that `cache_page` calls on a miss (so only renders count)."""

    @functools.wraps(view)
    def budgeted(request, *args, **kwargs):
        # A game's pages at its default table are a handful, rendered once each (and
        # pre-rendered in production): no flood can come of them, and a browser asking
        # for several at once (the service worker keeping them offline) gets them all.
        match = request.resolver_match
        if _slots is None or not (match and match.kwargs.get("house")):
            return view(request, *args, **kwargs)
        if not _slots.acquire(timeout=WAIT):
            busy = error_page(request, "503.html", 503)
            busy["Retry-After"] = "2"
            busy.render_budget_spent = True  # ghost_site.middleware keeps it out of caches
            return busy
        try:
            return view(request, *args, **kwargs)
        finally:
            _slots.release()

    return budgeted
