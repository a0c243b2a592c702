"""The WSGI application: Django, with the pre-rendered rules pages in front when debug
is off (see ghost_site/prerendered.py)."""

import os

from django.conf import settings
from django.core.wsgi import get_wsgi_application

from ghost_site import prerendered

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "ghost_site.settings")

application = get_wsgi_application()
if not settings.DEBUG:
    application = prerendered.wrap(application, settings.PRERENDER_ROOT)
