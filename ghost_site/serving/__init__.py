"""How the site is served, around Django: the ASGI application Granian runs (asgi.py:
the WSGI application, wsgi.py, behind the front, front.py, that reads every request
body in the event loop against a deadline), the body guard (bodies.py), the render
budget for pages not kept yet (budget.py), the rules pages replayed from memory
(prerendered.py), and what a process does around Django (workers.py)."""
