"""The body guard's refusals: the site's security headers, no hop-by-hop header, and a 413
from Django's own development server (`make run`)."""

import http.client
from urllib.parse import urlsplit

import pytest
from django.test import Client

from tests.conftest import make_game

SECURITY = {
    "Content-Security-Policy",
    "X-Content-Type-Options",
    "X-Frame-Options",
    "Referrer-Policy",
    "Cross-Origin-Opener-Policy",
    "Strict-Transport-Security",
}
HOP_BY_HOP = {"connection", "keep-alive", "transfer-encoding", "upgrade", "te", "trailer"}


@pytest.fixture
def production_headers(settings):
    settings.SECURE_HSTS_SECONDS = 60 * 60 * 24 * 365
    settings.SECURE_HSTS_INCLUDE_SUBDOMAINS = True


@pytest.mark.django_db
@pytest.mark.parametrize(
    ("body", "content_type", "status"),
    [
        ("points_0=" + "x" * 40_000, "application/x-www-form-urlencoded", 413),
        ("number=1", "application/x-www-form-urlencoded; charset=no-such-charset", 400),
    ],
)
def test_a_refused_body_gets_the_sites_headers(production_headers, body, content_type, status):
    game = make_game()
    response = Client().generic(
        "POST",
        f"/en/scorepad/g/{game.edit_token}/round/",
        body.encode(),
        content_type=content_type,
        secure=True,
    )
    assert response.status_code == status
    assert set(response.headers) >= SECURITY
    assert not HOP_BY_HOP & {name.lower() for name in response.headers}


@pytest.mark.django_db(transaction=True)
def test_the_development_server_answers_413(live_server):
    """runserver's handler refuses hop-by-hop headers from an application with a 500."""
    game = make_game()
    address = urlsplit(live_server.url)
    connection = http.client.HTTPConnection(address.hostname, address.port, timeout=20)
    body = b"points_0=" + b"x" * 40_000
    connection.request(
        "POST",
        f"/nb/scorepad/g/{game.edit_token}/round/",
        body=body,
        headers={"Content-Type": "application/x-www-form-urlencoded"},
    )
    response = connection.getresponse()
    text = response.read().decode()
    connection.close()
    assert response.status == 413
    assert "ingenting ble lagret" in text
    assert response.getheader("Content-Security-Policy")
