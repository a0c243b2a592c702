"""A request with a Host the site does not serve is logged in one line, not with a
traceback of Django's code (a kilobyte for every such request)."""

import io
import logging

import pytest
from django.test import Client

from ghost_site.logs import MaskTokens


@pytest.mark.django_db
def test_a_bad_host_is_logged_in_one_line():
    stream = io.StringIO()
    handler = logging.StreamHandler(stream)
    handler.addFilter(MaskTokens())
    logger = logging.getLogger("django.security")
    logger.addHandler(handler)
    try:
        response = Client().get("/en/", HTTP_HOST="evil.example")
    finally:
        logger.removeHandler(handler)
    assert response.status_code == 400
    logged = stream.getvalue()
    assert "evil.example" in logged
    assert logged.count("\n") == 1 and "Traceback" not in logged
