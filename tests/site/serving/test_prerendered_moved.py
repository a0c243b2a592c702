"""The pre-rendered pages and the static export with the address words of each language
(issue 29): a table's page is stored under its own language's spelling only; the other
spelling (an English-worded /nb/ link from before) gets a file that sends the reader on,
for a static host, which cannot answer a 301, and is left to Django's 301 by the app."""

import re

import pytest
from django.core.management import call_command
from django.urls import resolve
from django.utils import translation

from ghost_site.serving import prerendered
from rules import views
from rules.engine import address
from rules.management.commands import prerender

OLD = "/nb/regler/jack-11+stock-only/"
OWN = "/nb/regler/knekt-11+bare-trekkbunke/"
OLD_GOLF = "/nb/golf/regler/four-card+extra-hole/"
OWN_GOLF = "/nb/golf/regler/fire-kort+ekstra-hull/"


def test_every_stored_combination_has_its_other_spelling_moved_to_it():
    moved = views.moved_paths()
    stored = set(views.prerendered_paths())
    assert moved[OLD] == OWN and moved[OLD_GOLF] == OWN_GOLF
    assert not any(path.startswith("/en/") for path in moved)  # never an address there
    assert not set(moved) & stored
    assert set(moved.values()) == {p for p in stored if re.search(r"/nb/(golf/)?regler/[^/]+/$", p)}
    for old, own in list(moved.items())[::17]:
        language = old.split("/")[1]
        with translation.override(language):
            table = address.page_arguments
            assert table(resolve(old).kwargs)["house"] == table(resolve(own).kwargs)["house"]


@pytest.mark.django_db
def test_django_answers_the_moved_paths_with_a_301(client):
    for old, own in list(views.moved_paths().items())[::23]:
        response = client.get(old)
        assert (response.status_code, response["Location"]) == (301, own)


@pytest.mark.django_db
def test_the_export_keeps_a_file_that_sends_the_reader_on(tmp_path, monkeypatch, settings):
    settings.SITE_URL = "https://ghost.example"
    settings.ALLOWED_HOSTS = ["ghost.example"]
    monkeypatch.setattr(prerendered, "BROTLI_QUALITY", 1)
    monkeypatch.setattr(prerender, "prerendered_paths", lambda: ["/nb/regler/", OWN, OWN_GOLF])
    monkeypatch.setattr(prerender, "moved_paths", lambda: {OLD: OWN, OLD_GOLF: OWN_GOLF})
    call_command("prerender", out=tmp_path, verbosity=0)
    for old, own in ((OLD, OWN), (OLD_GOLF, OWN_GOLF)):
        html = (tmp_path / prerendered.file_for(old)).read_text()
        assert f'<meta http-equiv="refresh" content="0; url={own}">' in html
        assert f'<link rel="canonical" href="https://ghost.example{own}">' in html
        assert '<meta name="robots" content="noindex">' in html and 'lang="nb"' in html
        assert "Golf" in (tmp_path / prerendered.file_for(own)).read_text()
    # the app replays only the pages; a moved path goes on to Django (its 301)
    pages = prerendered.load(tmp_path)
    assert set(pages) == {"/nb/regler/", OWN, OWN_GOLF}
