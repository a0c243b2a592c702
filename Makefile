# Two commands on a fresh machine: `make run` and `make test` (see README.md).
PYTHON ?= python3
VENV   := .venv
BIN    := $(VENV)/bin
STAMP  := $(VENV)/.installed-$(shell cksum < pyproject.toml | cut -d' ' -f1)
PO     := locale/nb/LC_MESSAGES/django.po
MANAGE := $(BIN)/python manage.py

.PHONY: setup run serve deploy export-static test lint check-translations messages bench bench-tools bench-slow bench-flood bench-rename soak bench-inprocess memory clean

$(STAMP): pyproject.toml
	@command -v msgfmt >/dev/null || { echo "gettext is missing: apt-get install gettext"; exit 1; }
	$(PYTHON) -m venv $(VENV)
	$(BIN)/pip install --quiet --upgrade pip
	$(BIN)/pip install --quiet ".[dev]"
	rm -f $(VENV)/.installed-*
	touch $@

setup: $(STAMP)
	$(MANAGE) compilemessages --verbosity 0 --ignore=.venv
	$(MANAGE) migrate --verbosity 0

run: setup
	$(MANAGE) runserver 127.0.0.1:8000

# Production settings on this machine: Granian, WhiteNoise, hashed static files and the
# rules pages pre-rendered. A throw-away secret key unless DJANGO_SECRET_KEY is set;
# plain http on loopback. PORT=8001 make serve for another port. The ASGI front reads
# request bodies in the event loop and runs Django on 4 threads a worker
# (ghost_site/serving/front.py): slow clients hold no thread, with or without a proxy.
PORT ?= 8000
serve: setup
	export DJANGO_DEBUG=0 DJANGO_SECURE_SSL_REDIRECT=0 \
	  DJANGO_SITE_URL="$${DJANGO_SITE_URL:-http://127.0.0.1:8000}" \
	  DJANGO_SECRET_KEY="$${DJANGO_SECRET_KEY:-$$($(BIN)/python -c 'import secrets; print(secrets.token_urlsafe(50))')}"; \
	$(MANAGE) collectstatic --noinput --verbosity 0 && $(MANAGE) prerender && \
	exec $(BIN)/granian --interface asgi ghost_site.serving.asgi:application --host 127.0.0.1 \
	  --port $(PORT) --workers 2 --blocking-threads 1 --no-ws

# The README's deploy, run as one command with the production variables from the
# environment (DJANGO_DEBUG=0, DJANGO_SECRET_KEY, DJANGO_ALLOWED_HOSTS, DJANGO_SITE_URL,
# DJANGO_BEHIND_TLS_PROXY, DATABASE_URL): install, translations, migrate, static files,
# the pre-rendered pages, and Django's deploy check. Then start Granian (see README).
deploy: $(STAMP)
	@test "$$DJANGO_DEBUG" = 0 || { echo "make deploy: export DJANGO_DEBUG=0 and the other variables (README, Deploying)"; exit 1; }
	$(MANAGE) compilemessages --verbosity 0 --ignore=.venv
	$(MANAGE) migrate --noinput
	$(MANAGE) collectstatic --noinput --verbosity 0
	$(MANAGE) prerender
	$(MANAGE) check --deploy --fail-level WARNING

# The rules pages as files, for a static host or a CDN origin (see README).
export-static: setup
	DJANGO_DEBUG=0 DJANGO_SECRET_KEY=static-export-only DJANGO_SECURE_SSL_REDIRECT=0 \
	  DJANGO_ALLOWED_HOSTS="$${DJANGO_ALLOWED_HOSTS:-*}" \
	  DJANGO_SITE_URL="$${DJANGO_SITE_URL:-http://127.0.0.1:8000}" sh -c '\
	  $(MANAGE) collectstatic --noinput --verbosity 0 && \
	  $(MANAGE) prerender --out $${OUT:-site-export} --with-static'

lint: $(STAMP)
	$(BIN)/ruff check .
	$(BIN)/ruff format --check .

check-translations:
	@stats=$$(msgfmt --check --statistics -o /dev/null $(PO) 2>&1); echo "nb: $$stats"; \
	case "$$stats" in *untranslated*|*fuzzy*) echo "The Norwegian catalogue is incomplete."; exit 1;; esac

test: setup lint check-translations
	$(MANAGE) makemigrations --check --dry-run
	$(BIN)/pytest

# Refresh the Norwegian catalogue after changing interface strings.
messages: $(STAMP)
	$(MANAGE) makemessages -l nb --no-location --ignore=.venv --ignore=tests

# wrk and nginx come from Debian; installed here when missing and running as root.
bench-tools:
	@command -v wrk >/dev/null && test -x /usr/sbin/nginx || { \
	  if [ "$$(id -u)" = 0 ]; then apt-get update -qq && apt-get install -y -qq nginx-light wrk >/dev/null; \
	  else echo "Install the load tools first: sudo apt-get install nginx-light wrk"; exit 1; fi; }

# BENCH_POSTGRES_URL=postgres://… adds round entry on PostgreSQL to the same run.
bench: setup bench-tools
	$(BIN)/python bench/bench.py

soak: setup
	$(BIN)/python bench/soak.py

# A phone's rounds and pages while 16 slow bodies come in, no proxy: the README's command
# and the one it replaced.
bench-slow: setup
	$(BIN)/python bench/slow_bodies.py

# A game page and a kept rules page while 16 clients ask for rules pages not kept yet,
# with the render budget and without.
bench-flood: setup
	$(BIN)/python bench/flood.py

# A rename across a 300-game series while another game takes rounds (SQLite file).
bench-rename: setup
	$(BIN)/python bench/rename.py

# One round entry's CPU time inside Django, no server (ROOT=<checkout> times another one).
bench-inprocess: setup
	$(BIN)/python bench/inprocess.py

# One process's memory once every cache is full, with and without MALLOC_ARENA_MAX=2.
memory: setup
	$(BIN)/python bench/memory.py

clean:
	rm -rf $(VENV) staticfiles prerendered site-export db.sqlite3* .pytest_cache .ruff_cache
