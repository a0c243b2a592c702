"""Render the rules pages through the real Django stack and store them for replay.

    python manage.py prerender            # into PRERENDER_ROOT, served by the app
    python manage.py prerender --out DIR  # a folder for any static host or CDN
    python manage.py prerender --out DIR --with-static   # and the static files beside

Run after `collectstatic` (the pages name the hashed static files) and with the
production settings, so that headers and absolute links are the ones Django would send.
"""

import shutil
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError
from django.test import Client

from ghost_site.serving import prerendered
from rules.views import moved_paths, prerendered_paths


class Command(BaseCommand):
    help = "Render the rules pages once and store them with gzip and brotli variants."

    def add_arguments(self, parser):
        parser.add_argument("--out", type=Path, default=settings.PRERENDER_ROOT)
        parser.add_argument(
            "--with-static", action="store_true", help="copy the collected static files too"
        )

    def handle(self, *args, out: Path, with_static: bool, **options):
        origin = urlsplit(settings.SITE_URL or "http://localhost")
        secure = origin.scheme == "https"
        # The request as the proxy hands it over: Client's `secure` sets the WSGI scheme,
        # and behind a TLS proxy Django believes only the proxy's header.
        environ = {"HTTP_HOST": origin.netloc}
        if settings.SECURE_PROXY_SSL_HEADER:
            header, value = settings.SECURE_PROXY_SSL_HEADER
            environ[header] = value if secure else "http"
        client = Client(**environ)
        pages = {}
        for path in prerendered_paths():
            response = client.get(path, secure=secure)
            if response.status_code == 400:
                raise CommandError(
                    f"{path} answered 400: is {origin.hostname} in DJANGO_ALLOWED_HOSTS?"
                )
            if response.status_code != 200:
                raise CommandError(f"{path} answered {response.status_code}")
            if response.cookies or "cookie" in response.get("Vary", "").lower():
                raise CommandError(f"{path} depends on cookies and cannot be stored")
            pages[path] = (response.status_code, list(response.items()), response.content)
        if out.exists():
            shutil.rmtree(out)
        out.mkdir(parents=True)
        prerendered.write(out, pages, origin.scheme)
        prerendered.write_moved(out, moved_paths(), settings.SITE_URL or "")
        if with_static:
            if not Path(settings.STATIC_ROOT).exists():
                raise CommandError("Run collectstatic first: STATIC_ROOT is empty.")
            shutil.copytree(settings.STATIC_ROOT, out / settings.STATIC_URL.strip("/"))
        self.stdout.write(f"{len(pages)} pages in {out}")
