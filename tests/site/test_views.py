"""The site's own views (ghost_site/views.py): the manifest in the reader's language and the
service worker at the root."""

import json

import pytest
from django.contrib.staticfiles import finders

pytestmark = pytest.mark.django_db(transaction=True)


@pytest.mark.parametrize("lang", ["en", "nb"])
def test_the_manifest_names_the_app_in_the_readers_language(client, lang):
    response = client.get(f"/{lang}/manifest.webmanifest")
    assert response["Content-Type"] == "application/manifest+json"
    data = json.loads(response.content)
    assert data["lang"] == lang
    assert data["start_url"] == data["scope"] == f"/{lang}/"
    assert data["display"] == "standalone"
    names = {"en": "Ghost: rules and scorepad", "nb": "Spøkelse: regler og poengblokk"}
    assert data["name"] == names[lang]
    sizes = {(icon["sizes"], icon.get("purpose", "any")) for icon in data["icons"]}
    assert {("192x192", "any"), ("512x512", "any"), ("512x512", "maskable")} <= sizes
    for icon in data["icons"]:
        path = finders.find(icon["src"].removeprefix("/static/"))
        with open(path, "rb") as f:
            assert f.read(8) == b"\x89PNG\r\n\x1a\n"


def test_the_service_worker_is_served_at_the_root_and_never_cached_long(client):
    response = client.get("/sw.js")
    assert response["Content-Type"].startswith("text/javascript")
    assert response["Cache-Control"] == "no-cache"
    body = response.content.decode()
    assert "HX-Request" in body  # fragments are never served as pages
    assert "/static/ghost_site/site.css" in body
