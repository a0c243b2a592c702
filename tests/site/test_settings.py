"""Headers, production settings and error pages."""

import os
import secrets
import subprocess
import sys

import pytest
from django.test import Client, override_settings

from tests.conftest import (
    ROOT,
    make_game,
)

PAGES = ["/en/", "/nb/regler/", "/en/scorepad/", "/nb/poengblokk/"]


def production_env(**extra):
    env = {k: v for k, v in os.environ.items() if not k.startswith("DJANGO_")}
    env.update(
        DJANGO_DEBUG="0",
        DJANGO_SECRET_KEY=secrets.token_urlsafe(50),
        DJANGO_ALLOWED_HOSTS="ghost.example",
        DJANGO_SITE_URL="https://ghost.example",
        **extra,
    )
    return env


def test_check_deploy_passes_with_production_variables():
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        cwd=ROOT,
        env=production_env(),
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "no issues" in result.stdout


def test_production_refuses_to_start_without_a_secret_key():
    env = production_env()
    del env["DJANGO_SECRET_KEY"]
    result = subprocess.run(
        [sys.executable, "manage.py", "check"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        check=False,
    )
    assert result.returncode != 0
    assert "DJANGO_SECRET_KEY" in result.stderr


def test_the_policy_built_once_is_django_csps_own_and_per_view_changes_still_count(rf):
    """The site's middleware keeps the header it built at start-up; a response that asks
    for another policy (django-csp's decorators) or a page that takes a nonce gets
    exactly what django-csp's own middleware gives."""
    from csp.middleware import CSPMiddleware
    from django.http import HttpResponse

    from ghost_site.middleware import ContentSecurityPolicy

    def plain(request):
        return HttpResponse("ok")

    def widened(request):
        response = HttpResponse("ok")
        response._csp_update = {"img-src": ["https://cards.example"]}
        return response

    def replaced(request):
        response = HttpResponse("ok")
        response._csp_replace = {"script-src": ["https://cards.example"]}
        return response

    def exempt(request):
        response = HttpResponse("ok")
        response._csp_exempt = True
        return response

    def with_nonce(request):
        return HttpResponse(str(request.csp_nonce))

    headers = []
    for view in (plain, widened, replaced, exempt, with_nonce):
        ours = ContentSecurityPolicy(view)(rf.get("/")).get("Content-Security-Policy")
        theirs = CSPMiddleware(view)(rf.get("/")).get("Content-Security-Policy")
        assert ours == theirs, view.__name__
        headers.append(ours)
    assert "img-src 'self' https://cards.example" in headers[1]
    assert "script-src https://cards.example" in headers[2]
    assert headers[3] is None


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES)
def test_security_headers(client, url):
    response = client.get(url)
    csp = response["Content-Security-Policy"]
    directives = dict(d.strip().split(" ", 1) for d in csp.split(";"))
    assert directives["script-src"] == "'self'"
    assert "unsafe-inline" not in csp and "unsafe-eval" not in csp
    assert directives["frame-ancestors"] == "'none'"
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["Referrer-Policy"] == "same-origin"
    assert response["X-Frame-Options"] == "DENY"


@pytest.mark.django_db
@pytest.mark.parametrize("url", PAGES)
def test_no_inline_script_or_style(client, url):
    html = client.get(url).content.decode()
    assert "<script>" not in html and " style=" not in html and "<style" not in html
    assert " on" not in html.replace(" only", "").split("<body")[1].split(">")[0]


@pytest.mark.django_db
@override_settings(ROOT_URLCONF="tests.urls_failing")
@pytest.mark.parametrize(
    ("lang", "text"), [("en", "Something went wrong"), ("nb", "Noe gikk galt")]
)
def test_500_page_in_the_readers_language_reveals_nothing(lang, text):
    client = Client(raise_request_exception=False)
    response = client.get(f"/{lang}/fail/")
    html = response.content.decode()
    assert response.status_code == 500
    assert text in html
    assert f'lang="{lang}"' in html
    for leak in ("secret detail", "Traceback", "settings.py", "RuntimeError", "/srv/"):
        assert leak not in html


@pytest.mark.django_db
@pytest.mark.parametrize(("lang", "text"), [("en", "Page not found"), ("nb", "Fant ikke siden")])
def test_404_reveals_nothing(client, lang, text):
    response = client.get(f"/{lang}/scorepad/g/../../etc/passwd")
    html = response.content.decode()
    assert response.status_code == 404
    assert text in html
    assert "urlpatterns" not in html and "Django" not in html


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("lang", "text"), [("en", "Nothing was saved."), ("nb", "Ingenting ble lagret.")]
)
def test_csrf_failure_explains_in_the_readers_language(lang, text):

    game = make_game()
    client = Client(enforce_csrf_checks=True)
    prefix = "/en/scorepad/g/" if lang == "en" else "/nb/poengblokk/s/"
    suffix = "round/" if lang == "en" else "runde/"
    response = client.post(f"{prefix}{game.edit_token}/{suffix}", {"number": "1"})
    assert response.status_code == 403
    assert text in response.content.decode()


@pytest.mark.parametrize("status", [404, 500, 200])
def test_the_policy_built_once_keeps_django_csps_debug_pages_free(rf, status):
    """In development (DEBUG) django-csp leaves Django's own 404 and 500 pages without a
    policy, which would block their inline styles and scripts: so must the site's."""
    from csp.middleware import CSPMiddleware
    from django.http import HttpResponse
    from django.test import override_settings

    from ghost_site.middleware import ContentSecurityPolicy

    def view(request):
        return HttpResponse("page", status=status)

    with override_settings(DEBUG=True):
        ours = ContentSecurityPolicy(view)(rf.get("/")).get("Content-Security-Policy")
        theirs = CSPMiddleware(view)(rf.get("/")).get("Content-Security-Policy")
    assert ours == theirs
    assert (ours is None) is (status != 200)
