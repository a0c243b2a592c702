"""The floor for `make bench`: the least a Django view that writes costs on this machine.

A minimal Django project with the site's own database settings (the same SQLite backend,
IMMEDIATE transactions and WAL, or the same PostgreSQL), no middleware and two views:
`/floor/` does one INSERT in a transaction and answers 302, as round entry does;
`/nothing/` answers 302 without touching the database. bench.py serves it with the same
server and flags as the site and divides the site's figures by these. The row written is
a session (a table the site has, through Django's own model).
"""

import os
import secrets
from datetime import timedelta

os.environ["DJANGO_SETTINGS_MODULE"] = "bench.floor"

from ghost_site.settings import DATABASES, DEFAULT_AUTO_FIELD, SECRET_KEY  # noqa: E402, F401

DEBUG = False
ALLOWED_HOSTS = ["127.0.0.1", "localhost"]
INSTALLED_APPS = ["django.contrib.sessions"]
MIDDLEWARE = []
ROOT_URLCONF = "bench.floor"
USE_TZ = True


def write(request):
    from django.contrib.sessions.models import Session
    from django.db import transaction
    from django.http import HttpResponseRedirect
    from django.utils import timezone

    with transaction.atomic():
        Session.objects.create(
            session_key=secrets.token_hex(16),
            session_data="",
            expire_date=timezone.now() + timedelta(minutes=5),
        )
    return HttpResponseRedirect("/")


def nothing(request):
    from django.http import HttpResponseRedirect

    return HttpResponseRedirect("/")


from django.urls import path  # noqa: E402

urlpatterns = [path("floor/", write), path("nothing/", nothing)]

from django.core.wsgi import get_wsgi_application  # noqa: E402

application = get_wsgi_application()

# The site's own front (ghost_site/serving/front.py), as the README's command runs the site: the
# floor pays for it too.
from ghost_site.serving.front import AsyncFront  # noqa: E402

asgi = AsyncFront(application, max_body=32 * 1024)
