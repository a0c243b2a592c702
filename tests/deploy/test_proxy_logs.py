"""The nginx configuration of docs/deploy.md, run as written (only its ports, certificate
and log folder changed) in front of the README's command: a game, its watch page,
refusals, 404s, a browser that sends the whole Referer, and 16 slow bodies go through it,
then the app is stopped and asked again. Every round lands, and no token appears in
nginx's access or error logs, nor in the app's."""

import re
import shutil
import socket
import ssl
import subprocess
import time
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.deploy.served import (
    Phone,
    SlowClients,
    free_port,
    manage,
    phone_plays,
    production_env,
    readme_flags,
    serve,
)

NGINX = shutil.which("nginx") or "/usr/sbin/nginx"
HOST = "ghost.example"
ORIGIN = f"https://{HOST}"
TOKEN_RUN = re.compile(r"[A-Za-z0-9_-]{20,}")

pytestmark = pytest.mark.skipif(
    not (Path(NGINX).exists() and shutil.which("openssl")), reason="needs nginx and openssl"
)


def documented_config() -> str:
    """The ```nginx block of docs/deploy.md."""
    text = (ROOT / "docs" / "deploy.md").read_text()
    return re.search(r"```nginx\n(.*?)```", text, re.S)[1]


def config(folder: Path, app_port: int, tls_port: int, plain_port: int) -> str:
    """The documented file inside an http block, as Debian's nginx.conf includes it, with
    that file's own default access log (nginx's `combined`) beside it."""
    subprocess.run(
        ["openssl", "req", "-x509", "-newkey", "rsa:2048", "-nodes", "-days", "1"]
        + ["-subj", f"/CN={HOST}", "-keyout", folder / "key.pem", "-out", folder / "cert.pem"],
        check=True,
        capture_output=True,
    )
    site = documented_config()
    for old, new in (
        ("listen 443 ssl http2;", f"listen 127.0.0.1:{tls_port} ssl http2;"),
        ("listen 80;", f"listen 127.0.0.1:{plain_port};"),
        (
            "# ssl_certificate …; ssl_certificate_key …;",
            f"ssl_certificate {folder}/cert.pem; ssl_certificate_key {folder}/key.pem;",
        ),
        ("proxy_pass http://127.0.0.1:8000;", f"proxy_pass http://127.0.0.1:{app_port};"),
        ("/var/log/nginx/", f"{folder}/"),
    ):
        assert old in site, f"docs/deploy.md's nginx block no longer says {old!r}"
        site = site.replace(old, new)
    return (
        f"pid {folder}/nginx.pid;\nerror_log {folder}/error.log;\nworker_processes 1;\n"
        "daemon off;\nevents {}\n"
        f"http {{\naccess_log {folder}/access.log;\n{site}\n}}\n"
    )


def wait_for(port: int) -> None:
    for _ in range(100):
        try:
            socket.create_connection(("127.0.0.1", port), timeout=1).close()
            return
        except OSError:
            time.sleep(0.1)
    raise AssertionError(f"nothing listens on {port}")


def tls_context() -> ssl.SSLContext:
    context = ssl.create_default_context()
    context.check_hostname = False
    context.verify_mode = ssl.CERT_NONE
    return context


def browser_phone() -> Phone:
    """A browser behind the proxy: the site's Host, its origin, and the Referer a game's
    page allows (the origin alone)."""
    headers = {"Host": HOST, "Origin": ORIGIN, "Referer": ORIGIN + "/"}
    return Phone(headers, tls_context())


def hostile_visits(base: str, phone: Phone, game: str) -> list[str]:
    """The game's other pages, its watch page, refusals and 404s, each with the whole
    address as Referer (a browser that ignores Referrer-Policy). Returns the policies
    the token pages were sent with."""
    page = phone.open(base + game).read().decode()
    watch = re.search(r"/w/([A-Za-z0-9_-]{32})/", page)[1]
    edit = game.split("/")[-2]
    whole = {"Referer": ORIGIN + game}
    policies = []
    paths = [
        game,
        game + "sheet/",
        game + "history/",
        game + "export.csv",
        game + "export.json",
        f"/w/{watch}/",
        f"/en/scorepad/watch/{watch}/",
        f"/en/scorepad/watch/{watch}/poll/?v=-1",
    ]
    for path in paths:
        answer = phone.open(base + path, headers=whole)
        assert answer.status in (200, 302), path
        policies.append(answer.headers["Referrer-Policy"])
    for path, status in (
        (game + "nothing-here/", 404),
        (game + "round/" + "B" * 32 + "/", 404),
        ("/en/scorepad/g/" + "A" * 40 + "/", 404),
        (f"/en/rules/?from={edit}", 200),
        (f"/en/scorepad/g/{edit}x/", 404),
    ):
        assert phone.open(base + path, headers=whole).status == status, path
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', page)[1]
    refused = {"csrfmiddlewaretoken": token, "number": "1", "points_0": "x", "points_1": "1"}
    body = "&".join(f"{k}={v}" for k, v in refused.items()).encode()
    assert phone.open(base + game + "round/", body, headers=whole).status in (409, 422)
    stranger = Phone({"Host": HOST}, tls_context())  # no CSRF cookie, no origin: 403
    assert stranger.open(base + game + "round/", b"number=1").status == 403
    return policies


def test_no_token_in_any_log_of_the_documented_stack(built, tmp_path):
    folder = tmp_path / "nginx"
    folder.mkdir()
    app_port, tls_port, plain_port = free_port(), free_port(), free_port()
    # the app's log handlers write to stderr, which serve() keeps in this file
    app_log = tmp_path / "app.log"
    database = f"sqlite:///{tmp_path / 'proxied.sqlite3'}"
    proxied = {
        "DJANGO_ALLOWED_HOSTS": HOST,
        "DJANGO_SITE_URL": ORIGIN,
        "DJANGO_BEHIND_TLS_PROXY": "1",
        "DJANGO_SECURE_SSL_REDIRECT": "1",
    }
    manage(production_env(built, database), "migrate", "--verbosity", "0")
    (folder / "nginx.conf").write_text(config(folder, app_port, tls_port, plain_port))
    nginx = subprocess.Popen(
        [NGINX, "-p", str(folder), "-c", str(folder / "nginx.conf")],
        stdout=subprocess.DEVNULL,
        stderr=subprocess.PIPE,
    )
    try:
        wait_for(tls_port)
        base = f"https://127.0.0.1:{tls_port}"
        with serve(built, database, app_log, readme_flags(), proxied, app_port):
            game, rounds = phone_plays(base, 4, browser_phone())
            assert len(rounds) == 4
            policies = hostile_visits(base, browser_phone(), game)
            assert set(policies) <= {"no-referrer", "strict-origin"}

            def connect():
                raw = socket.create_connection(("127.0.0.1", tls_port), timeout=60)
                return tls_context().wrap_socket(raw, server_hostname=HOST)

            cookie = browser_phone()
            cookie.open(base + "/en/scorepad/")
            with SlowClients(connect, HOST, cookie.cookies["csrftoken"]) as slow:
                _other, rounds = phone_plays(base, 4, browser_phone())
            assert len(rounds) == 4
            assert slow.answers and slow.given_up
            # plain http, redirected by the documented second server
            plain = Phone({"Host": HOST})
            answer = plain.open(f"http://127.0.0.1:{plain_port}{game}")
            assert answer.status == 301
        # The app is stopped: nginx answers 502, and its error log would say so with the
        # request line whole at any level below crit.
        assert browser_phone().open(base + game).status == 502
    finally:
        nginx.terminate()
        nginx.wait(timeout=20)
    edit = game.split("/")[-2]
    logs = {
        "nginx access": folder / "ghost.access.log",
        "nginx errors": folder / "ghost.error.log",
        "nginx's own": folder / "error.log",
        "nginx's default access": folder / "access.log",
        "app": app_log,
    }
    texts = {name: path.read_text() if path.exists() else "" for name, path in logs.items()}
    access = texts["nginx access"]
    assert access.count("[token]") >= 20 and " 502 " in access and " 301 " in access
    assert not texts["nginx's default access"]
    for name, text in texts.items():
        assert edit not in text, name
        assert not TOKEN_RUN.search(text.replace(HOST, "")), (name, TOKEN_RUN.search(text))
