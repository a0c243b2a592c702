"""The application as the README's command and `make serve` run it: the WSGI application
(ghost_site/serving/wsgi.py) behind an ASGI front that reads request bodies in the event loop
with a deadline, so that slow clients never hold a thread (ghost_site/serving/front.py)."""

from ghost_site.serving import front, wsgi

application = front.AsyncFront(wsgi.application, inline=getattr(wsgi.application, "serves", None))
