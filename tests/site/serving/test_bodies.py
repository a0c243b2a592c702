"""The body guard's refusals (ghost_site/serving/bodies.py): the site's security headers,
no hop-by-hop header, and a 413 from Django's own development server (`make run`)."""

import http.client
from urllib.parse import urlsplit

import pytest
from django.core.files import uploadhandler
from django.core.files.uploadedfile import InMemoryUploadedFile, SimpleUploadedFile
from django.test import Client, RequestFactory

from scorepad.models import Round
from tests.conftest import POINTS, make_game, url

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


def test_oversized_body_is_refused_before_it_is_read(client, game):
    response = client.post(url("add-round", game), {"number": "1", "points_0": "x" * 40_000})
    assert response.status_code == 413
    assert Round.objects.count() == 0


def test_oversized_multipart_is_refused_before_parsing(client, game, monkeypatch):
    from io import BytesIO

    from django.http import multipartparser

    parsed = []
    monkeypatch.setattr(multipartparser.MultiPartParser, "parse", lambda self: parsed.append(1))
    upload = BytesIO(b"x" * 200_000)
    upload.name = "big.bin"
    response = client.post(url("add-round", game, "nb"), {"number": "1", "file": upload})
    assert response.status_code == 413
    assert "ingenting ble lagret" in response.content.decode()
    assert parsed == []
    assert Round.objects.count() == 0


def test_uploads_are_never_spooled_to_disk(client, game, monkeypatch):
    def no_temporary_files(*args, **kwargs):
        raise AssertionError("an upload was spooled to a temporary file")

    monkeypatch.setattr(uploadhandler, "TemporaryUploadedFile", no_temporary_files)
    # Under the body limit, but over what a file kept in memory may be: dropped, not
    # written to disk; the round itself is still read and saved.
    big = SimpleUploadedFile("big.bin", b"x" * 31 * 1024)
    response = client.post(url("add-round", game), {"number": "1", "file": big} | POINTS)
    assert response.status_code == 302
    assert game.rounds.count() == 1
    request = RequestFactory().post("/", {"file": SimpleUploadedFile("big.bin", b"x" * 40000)})
    assert "file" not in request.FILES
    small = RequestFactory().post("/", {"file": SimpleUploadedFile("s.txt", b"hi")})
    assert isinstance(small.FILES["file"], InMemoryUploadedFile)
