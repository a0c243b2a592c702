"""Issue 35, the read-through's site-wide words: the note on a copy kept offline
(SI-EN-01, base.html) and the Norwegian error headings (SI-NB-01)."""

import re

import pytest
from django.template.loader import render_to_string
from django.utils import translation

from tests.conftest import page_words

pytestmark = pytest.mark.django_db


def test_the_offline_note_says_when_the_copy_was_saved(client):
    text = client.get("/en/rules/").content.decode()
    note = re.search(r"<p[^>]*data-offline-note[^>]*>(.*?)</p>", text, re.S)[1]
    assert page_words(note).startswith("No connection: this is the copy this phone saved on ")
    assert "kept from" not in note


def test_the_norwegian_error_headings_are_norwegian_sentences():
    with translation.override("nb"):
        bad = page_words(render_to_string("400.html", {"LANGUAGE_CODE": "nb"}))
        busy = page_words(render_to_string("503.html", {"LANGUAGE_CODE": "nb"}))
    assert "Forespørselen kunne ikke leses" in bad and "Ikke forstått" not in bad
    assert "Serveren har det travelt akkurat nå" in busy and "Opptatt et øyeblikk" not in busy
