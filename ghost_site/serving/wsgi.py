"""The WSGI application: Django, with the pre-rendered rules pages in front when debug
is off (see ghost_site/serving/prerendered.py), request bodies read by a few threads at
most, and the database connections closed when the process stops (workers.py)."""

import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

from ghost_site.serving import prerendered, workers

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ghost_site.settings")

application = get_wsgi_application()
workers.close_connections_at_exit()
application = workers.BodyGate(application)
if not settings.DEBUG:
    application = prerendered.wrap(application, settings.PRERENDER_ROOT)
