"""Settings for the Ghost / Spøkelse site.

Everything that differs between a laptop and production comes from the environment:
DJANGO_DEBUG, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DJANGO_SITE_URL, DATABASE_URL (and
optionally DJANGO_SECURE_SSL_REDIRECT, DJANGO_BEHIND_TLS_PROXY, DJANGO_CSRF_TRUSTED_ORIGINS,
DJANGO_HSTS_PRELOAD). The defaults suit development; production refuses to start without a
secret key and the site's origin.
"""

import os
from pathlib import Path

import dj_database_url
from csp.constants import NONE, SELF
from django.core.exceptions import ImproperlyConfigured
from django.utils.translation import gettext_lazy as _

BASE_DIR = Path(__file__).resolve().parent.parent


def env_flag(name: str, default: bool) -> bool:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    return value.strip().lower() in ("1", "true", "yes", "on")


def env_list(name: str, default: str) -> list[str]:
    return [item.strip() for item in os.environ.get(name, default).split(",") if item.strip()]


DEBUG = env_flag("DJANGO_DEBUG", True)

SECRET_KEY = os.environ.get("DJANGO_SECRET_KEY", "")
if not SECRET_KEY:
    if not DEBUG:
        raise ImproperlyConfigured("Set DJANGO_SECRET_KEY when DJANGO_DEBUG is off.")
    SECRET_KEY = "django-insecure-development-only-key-never-use-in-production-000000"

ALLOWED_HOSTS = env_list("DJANGO_ALLOWED_HOSTS", "localhost,127.0.0.1,[::1]")
# The origin absolute links are built from (canonical, hreflang, the watch link in
# exports), never the request's Host header. In development the request's own origin.
SITE_URL = os.environ.get("DJANGO_SITE_URL", "").rstrip("/")
if not SITE_URL and not DEBUG:
    raise ImproperlyConfigured("Set DJANGO_SITE_URL (such as https://ghost.example).")
CSRF_TRUSTED_ORIGINS = env_list("DJANGO_CSRF_TRUSTED_ORIGINS", "")

INSTALLED_APPS = [
    "django.contrib.sessions",
    "django.contrib.messages",
    "django.contrib.staticfiles",
    "django.contrib.sitemaps",
    "django_htmx",
    "template_partials",
    "csp",
    "ghost_site",
    "rules",
    "scorepad",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "ghost_site.middleware.ContentSecurityPolicy",
    "django.middleware.gzip.GZipMiddleware",
    "django.middleware.http.ConditionalGetMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.locale.LocaleMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    # After every middleware that sets a header, before anything reads a body (the CSRF
    # check reads the form in process_view, after this): a refusal carries every header.
    "ghost_site.serving.bodies.guard_request_bodies",
    "django_htmx.middleware.HtmxMiddleware",
    "ghost_site.middleware.private_pages",
]

ROOT_URLCONF = "ghost_site.urls"
WSGI_APPLICATION = "ghost_site.serving.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [],
        "OPTIONS": {
            # Django's own two loaders, and between them each game's templates in its
            # package (rules/engine/folders.py), all kept in memory once read; partials
            # (django-template-partials) over them.
            "loaders": [
                (
                    "template_partials.loader.Loader",
                    [
                        (
                            "django.template.loaders.cached.Loader",
                            [
                                "django.template.loaders.filesystem.Loader",
                                "rules.engine.folders.GameTemplates",
                                "django.template.loaders.app_directories.Loader",
                            ],
                        )
                    ],
                )
            ],
            "context_processors": [
                "django.template.context_processors.request",
                "django.template.context_processors.i18n",
                "django.contrib.messages.context_processors.messages",
                "ghost_site.context_processors.languages",
                "ghost_site.context_processors.game_switch",
            ],
        },
    },
]

# SQLite by default; PostgreSQL (psycopg 3) through DATABASE_URL.
DATABASES = {
    "default": dj_database_url.config(
        default=f"sqlite:///{BASE_DIR / 'db.sqlite3'}",
        conn_max_age=int(os.environ.get("DJANGO_CONN_MAX_AGE", "60")),
        conn_health_checks=True,
    )
}
# PostgreSQL: Django's own connection pool (psycopg_pool), one per process; a server
# holds at most workers × DJANGO_DB_POOL connections (README: "Several app servers").
# Measured with 2 workers × 4 threads: 2 per worker served as many requests as 4 or a
# connection per thread, with half the connections. 0 turns the pool off (a connection
# per thread, kept DJANGO_CONN_MAX_AGE seconds). Off in debug mode.
DB_POOL = int(os.environ.get("DJANGO_DB_POOL", "0" if DEBUG else "2"))
if DATABASES["default"]["ENGINE"] == "django.db.backends.postgresql" and DB_POOL > 0:
    DATABASES["default"]["CONN_MAX_AGE"] = 0  # the pool keeps the connections
    DATABASES["default"].setdefault("OPTIONS", {})["pool"] = {
        "min_size": 1,
        "max_size": DB_POOL,
        "timeout": 10,  # seconds a request waits for a free connection before failing
        "max_idle": 300,
    }
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # Many phones writing at once: WAL lets readers go on while one writes, IMMEDIATE
    # takes the write lock at BEGIN (no upgrade deadlock), and writers queue instead of
    # failing with "database is locked".
    DATABASES["default"]["ENGINE"] = "ghost_site.sqlite"  # a fairer wait for the lock
    DATABASES["default"]["OPTIONS"] = {
        "transaction_mode": "IMMEDIATE",
        "timeout": 20,
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # Tests use a file too, so concurrent requests meet real SQLite locking.
    DATABASES["default"]["TEST"] = {"NAME": str(BASE_DIR / ".test-db.sqlite3")}

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

# "pages" holds whole rendered rules pages (other thresholds, rendered on request); they
# only change with a deploy, so each process may keep its own copy. "default" holds the
# game pages (kept per game version) and small fragments, keyed by what they show. Both
# are bounded in bytes per process (ghost_site/cache.py): 32 + 16 MiB at most, whatever
# the pages hold. Nothing that must be counted or shared lives in a cache: the rate
# limit is in the database.
MiB = 1024 * 1024
CACHES = {
    "default": {
        "BACKEND": "ghost_site.cache.BoundedMemoryCache",
        "LOCATION": "fragments",
        "OPTIONS": {"MAX_BYTES": 32 * MiB, "MAX_ENTRIES": 100_000},
    },
    "pages": {
        "BACKEND": "ghost_site.cache.BoundedMemoryCache",
        "LOCATION": "pages",
        "OPTIONS": {"MAX_BYTES": 16 * MiB, "MAX_ENTRIES": 100_000},
    },
    # Boards, players and the game rows last seen, as objects (not pickled), read on
    # every request of a game: weighed in rounds and scores, 150 000 are some 30 MiB.
    "boards": {
        "BACKEND": "ghost_site.cache.ObjectMemoryCache",
        "LOCATION": "boards",
        "OPTIONS": {"MAX_WEIGHT": 150_000, "WEIGHT": "scorepad.models.reading.held_weight"},
    },
}

# The game page and the watch board kept per version (scorepad/pages/pagecache.py), in
# development too, so that `make run` exercises the cache; a changed template empties it
# there (the autoreloader's signal). GHOST_KEEP_PAGES=0 draws every answer anew.
KEEP_PAGES = env_flag("GHOST_KEEP_PAGES", True)

SESSION_ENGINE = "django.contrib.sessions.backends.db"
SESSION_COOKIE_AGE = 60 * 60 * 24 * 365  # "my games" should outlive a card evening
# Messages ride in a signed cookie: a round entry then writes nothing but the round.
MESSAGE_STORAGE = "django.contrib.messages.storage.fallback.FallbackStorage"

LANGUAGE_CODE = "en"
LANGUAGES = [("en", _("English")), ("nb", _("Norwegian Bokmål"))]
LOCALE_PATHS = [BASE_DIR / "locale"]
FORMAT_MODULE_PATH = ["ghost_site.formats"]  # one date format per language
USE_I18N = True
USE_TZ = True
TIME_ZONE = "Europe/Oslo"

# Rules pages rendered at deploy (`manage.py prerender`) and served from memory in front
# of Django when debug is off (ghost_site/serving/prerendered.py).
PRERENDER_ROOT = Path(os.environ.get("DJANGO_PRERENDER_ROOT", BASE_DIR / "prerendered"))

STATIC_URL = "/static/"
STATIC_ROOT = Path(os.environ.get("DJANGO_STATIC_ROOT", BASE_DIR / "staticfiles"))
STATICFILES_FINDERS = [
    "django.contrib.staticfiles.finders.FileSystemFinder",
    "django.contrib.staticfiles.finders.AppDirectoriesFinder",
    "rules.engine.folders.GameStatic",  # each game's static/ in its package
]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}
WHITENOISE_MAX_AGE = 60 * 60 * 24 * 365 if not DEBUG else 0
# Serve straight from the apps' static folders in development and tests (no collectstatic).
WHITENOISE_USE_FINDERS = DEBUG

# Nothing a scorepad sends is large; refuse anything that is, before it is read
# (ghost_site/serving/bodies.py), and never spool an upload to a temporary file.
MAX_REQUEST_BODY = 32 * 1024
DATA_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY
FILE_UPLOAD_MAX_MEMORY_SIZE = MAX_REQUEST_BODY
FILE_UPLOAD_HANDLERS = ["django.core.files.uploadhandler.MemoryFileUploadHandler"]
DATA_UPLOAD_MAX_NUMBER_FIELDS = 200

GAMES_PER_HOUR_PER_CLIENT = int(os.environ.get("GHOST_GAMES_PER_HOUR", "30"))
# The result pictures' font: DejaVu Sans from Debian's fonts-dejavu-core.
GHOST_FONT_DIR = os.environ.get("GHOST_FONT_DIR", "/usr/share/fonts/truetype/dejavu")
# Where the fonts for the scripts DejaVu lacks are: the Debian packages of
# scorepad/pages/picture_fonts.py's FALLBACKS, each optional.
GHOST_FALLBACK_FONT_DIR = os.environ.get("GHOST_FALLBACK_FONT_DIR", "/usr/share/fonts/truetype")

# ----------------------------------------------------------------- security
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
SECURE_CROSS_ORIGIN_OPENER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"
SESSION_COOKIE_HTTPONLY = True
SESSION_COOKIE_SAMESITE = "Lax"
CSRF_COOKIE_HTTPONLY = True
# A refused form of a game keeps that game's header and footer (scorepad/views/refused.py).
CSRF_FAILURE_VIEW = "scorepad.views.refused.csrf_failure"
SESSION_COOKIE_SECURE = not DEBUG
CSRF_COOKIE_SECURE = not DEBUG
SECURE_SSL_REDIRECT = env_flag("DJANGO_SECURE_SSL_REDIRECT", not DEBUG)
SECURE_HSTS_SECONDS = 0 if DEBUG else 60 * 60 * 24 * 365
SECURE_HSTS_INCLUDE_SUBDOMAINS = not DEBUG
# Preloading is a promise to browsers that is slow to take back: the operator opts in.
SECURE_HSTS_PRELOAD = env_flag("DJANGO_HSTS_PRELOAD", False) and not DEBUG
# check --deploy warns while preloading is off; off is the chosen default, not an oversight.
SILENCED_SYSTEM_CHECKS = [] if SECURE_HSTS_PRELOAD else ["security.W021"]
BEHIND_TLS_PROXY = env_flag("DJANGO_BEHIND_TLS_PROXY", False)
if BEHIND_TLS_PROXY:
    # Only behind a proxy that sets this header itself and strips it from clients.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")

CONTENT_SECURITY_POLICY = {
    "DIRECTIVES": {
        "default-src": [SELF],
        "script-src": [SELF],
        "style-src": [SELF],
        "img-src": [SELF],
        "connect-src": [SELF],
        "font-src": [SELF],
        "form-action": [SELF],
        "frame-ancestors": [NONE],
        "base-uri": [NONE],
        "object-src": [NONE],
    }
}

# Every handler masks edit and watch tokens and cuts long paths (ghost_site/logs.py).
# The "django" and "django.server" loggers are named so that Django's defaults (whose
# handlers would print unmasked lines) are replaced, not kept beside these.
LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "filters": {"private": {"()": "ghost_site.logs.MaskTokens"}},
    "formatters": {
        "django.server": {
            "()": "django.utils.log.ServerFormatter",
            "format": "[{server_time}] {message}",
            "style": "{",
        }
    },
    "handlers": {
        "console": {"class": "logging.StreamHandler", "filters": ["private"]},
        "django.server": {
            "class": "logging.StreamHandler",
            "formatter": "django.server",
            "filters": ["private"],
        },
    },
    "root": {"handlers": ["console"], "level": "WARNING"},
    "loggers": {
        "django": {
            "handlers": ["console"],
            "level": "INFO" if DEBUG else "WARNING",
            "propagate": False,
        },
        "django.server": {"handlers": ["django.server"], "level": "INFO", "propagate": False},
    },
}
