"""The README's deploy, run: `make deploy` with the README's variables (TLS proxy, SSL
redirect on), then Granian behind a stand-in for the README's nginx (tests/deploy/tls_proxy.py),
checked from outside. On PostgreSQL when DATABASE_URL names it (CI's second pass), on a
SQLite file otherwise."""

import os
import re
import secrets
import shutil
import socket
import subprocess
import time
import urllib.parse

import pytest
from django.conf import settings

from ghost_site.serving import prerendered
from rules.views import prerendered_paths
from tests.conftest import ROOT, new_game_data
from tests.deploy.tls_proxy import Proxy

GRANIAN = ROOT / ".venv" / "bin" / "granian"
HOST = "ghost.example"
ORIGIN = f"https://{HOST}"

pytestmark = pytest.mark.skipif(
    not (shutil.which("make") and GRANIAN.exists()), reason="needs make and the venv's granian"
)


def free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        return probe.getsockname()[1]


def stamp() -> str:
    """The Makefile's install stamp: named so that `make` does not reinstall the venv."""
    checksum = subprocess.run(
        "cksum < pyproject.toml | cut -d' ' -f1",
        shell=True,
        cwd=ROOT,
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    return f".venv/.installed-{checksum}"


@pytest.fixture(scope="module")
def deploy_database(django_db_blocker, tmp_path_factory):
    """A database of its own for the deployed app: a fresh PostgreSQL database next to the
    test database when the suite runs on PostgreSQL, a new SQLite file otherwise."""
    database = settings.DATABASES["default"]
    if database["ENGINE"] != "django.db.backends.postgresql":
        yield f"sqlite:///{tmp_path_factory.mktemp('deploy') / 'deploy.sqlite3'}"
        return
    import psycopg

    name = f"{database['NAME']}_deploy"
    params = {
        "host": database["HOST"] or "127.0.0.1",
        "port": database["PORT"] or 5432,
        "user": database["USER"],
        "password": database["PASSWORD"],
    }
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')
        admin.execute(f'CREATE DATABASE "{name}"')
    user = urllib.parse.quote(params["user"])
    password = urllib.parse.quote(params["password"])
    yield f"postgres://{user}:{password}@{params['host']}:{params['port']}/{name}"
    with psycopg.connect(dbname="postgres", autocommit=True, **params) as admin:
        admin.execute(f'DROP DATABASE IF EXISTS "{name}" WITH (FORCE)')


@pytest.fixture(scope="module")
def deployed(deploy_database, tmp_path_factory):
    """`make deploy` with the README's variables, then the README's Granian command."""
    folder = tmp_path_factory.mktemp("deployed")
    # a clean environment, as on a server: nothing the test run set (such as
    # DJANGO_ALLOW_ASYNC_UNSAFE) and DJANGO_SECURE_SSL_REDIRECT at its default, on
    env = {k: v for k, v in os.environ.items() if k in ("PATH", "HOME", "LANG", "TMPDIR")}
    env |= {
        "DJANGO_DEBUG": "0",
        "DJANGO_SECRET_KEY": secrets.token_urlsafe(50),
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DJANGO_SITE_URL": ORIGIN,
        "DJANGO_BEHIND_TLS_PROXY": "1",
        "DATABASE_URL": deploy_database,
        "DJANGO_PRERENDER_ROOT": str(folder / "prerendered"),
        "DJANGO_STATIC_ROOT": str(folder / "static"),
    }
    make = subprocess.run(
        ["make", "-o", stamp(), "deploy"], cwd=ROOT, env=env, capture_output=True, text=True
    )
    assert make.returncode == 0, make.stdout[-3000:] + make.stderr[-3000:]
    # Every rules page the site lists is pre-rendered, and each is on disk to be served.
    pages = len(prerendered_paths())
    assert f"{pages} pages in" in make.stdout, make.stdout[-3000:]
    assert len(prerendered.load(folder / "prerendered")) == pages
    port = free_port()
    server = subprocess.Popen(
        [
            str(GRANIAN),
            "--interface",
            "wsgi",
            "ghost_site.serving.wsgi:application",
            "--host",
            "127.0.0.1",
            "--port",
            str(port),
            "--workers",
            "1",
            "--blocking-threads",
            "2",
            "--no-ws",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    deadline = time.monotonic() + 60
    while True:
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            break
        except OSError:
            assert server.poll() is None, server.stderr.read().decode()[-3000:]
            assert time.monotonic() < deadline, "Granian did not start"
            time.sleep(0.2)
    https, plain = Proxy(port, "https"), Proxy(port, "http")
    yield https, plain
    https.close()
    plain.close()
    server.terminate()
    server.wait(timeout=20)


def test_prerendered_pages_over_https_carry_hsts(deployed):
    https, _plain = deployed
    for path in ("/en/rules/", "/nb/regler/", "/en/"):
        status, headers, _body = https.request("GET", path, headers={"Accept-Encoding": "br"})
        assert status == 200
        assert headers["Content-Encoding"] == "br"  # brotli: only the pre-rendered layer
        assert headers["Strict-Transport-Security"].startswith("max-age=31536000")
        assert "frame-ancestors 'none'" in headers["Content-Security-Policy"]
        assert headers["X-Content-Type-Options"] == "nosniff"


def test_plain_http_is_redirected_to_https(deployed):
    _https, plain = deployed
    for path in ("/en/rules/", "/en/scorepad/"):
        status, headers, _body = plain.request("GET", path)
        assert status == 301
        assert headers["Location"] == f"{ORIGIN}{path}"
        assert "Strict-Transport-Security" not in headers


@pytest.mark.parametrize("path", ["/en/rules/", "/nb/", "/en/scorepad/"])
def test_an_unknown_host_gets_400(deployed, path):
    https, plain = deployed
    assert https.request("GET", path, host="evil.example")[0] == 400
    assert plain.request("GET", path, host="evil.example")[0] == 400


def cookies(headers) -> dict[str, str]:
    jar = {}
    for line in headers.get_all("Set-Cookie") or []:
        name, _, rest = line.partition("=")
        jar[name] = rest.split(";", 1)[0]
        assert "Secure" in line, line
    return jar


def test_the_scorepad_works_through_the_proxy(deployed):
    """A new game and a round over the proxy's https: the CSRF check accepts the https
    origin, and refuses the same post claiming plain http."""
    https, _plain = deployed
    status, headers, body = https.request("GET", "/en/scorepad/")
    assert status == 200
    jar = cookies(headers)
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', body)[1].decode()
    form = new_game_data(csrfmiddlewaretoken=token)

    def post(path, data, origin=ORIGIN):
        return https.request(
            "POST",
            path,
            body=urllib.parse.urlencode(data),
            headers={
                "Content-Type": "application/x-www-form-urlencoded",
                "Cookie": "; ".join(f"{k}={v}" for k, v in jar.items()),
                "Origin": origin,
                "Referer": f"{origin}{path}",
            },
        )

    assert post("/en/scorepad/", form, origin=f"http://{HOST}")[0] == 403
    status, headers, _body = post("/en/scorepad/", form)
    assert status == 302, _body[:500]
    # the new game's page, opened at its board (a fragment: the browser's, never sent)
    assert re.fullmatch(r"/en/scorepad/g/[A-Za-z0-9_-]{32}/#board", headers["Location"])
    game = headers["Location"].removesuffix("#board")
    jar.update(cookies(headers))
    status, _headers, page = https.request(
        "GET", game, headers={"Cookie": "; ".join(f"{k}={v}" for k, v in jar.items())}
    )
    assert status == 200
    token = re.search(rb'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1].decode()
    status, headers, _body = post(
        game + "round/",
        {"csrfmiddlewaretoken": token, "number": "1", "points_0": "7", "points_1": "12.5"},
    )
    assert status in (302, 303), _body[:500]
    status, _headers, page = https.request("GET", game)
    assert status == 200
    assert b"12.5" in page


def test_a_server_holds_its_connection_budget(deployed, deploy_database):
    """Django's pool: one Granian worker with DJANGO_DB_POOL at its default (2) never
    holds more than 2 connections, however many requests it serves."""
    if not deploy_database.startswith("postgres://"):
        pytest.skip("the pool is PostgreSQL's")
    import psycopg

    https, _plain = deployed
    for _ in range(20):
        assert https.request("GET", "/en/scorepad/")[0] == 200
    address = urllib.parse.urlsplit(deploy_database)
    with psycopg.connect(deploy_database.replace(address.path, "/postgres")) as admin:
        held = admin.execute(
            "SELECT count(*) FROM pg_stat_activity WHERE datname = %s", [address.path[1:]]
        ).fetchone()[0]
    assert 1 <= held <= 2
