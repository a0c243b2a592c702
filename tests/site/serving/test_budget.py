"""The render budget (ghost_site/serving/budget.py): while every render slot of the process is
taken, a rules page not kept yet gets 503 at once, kept out of every cache, and a page
already kept is answered as always; the next try renders it."""

import pytest

from ghost_site.serving import budget

pytestmark = pytest.mark.django_db

NOT_KEPT = "/en/rules/to-15/"
KEPT = "/en/rules/to-16/"


@pytest.fixture
def budget_spent(monkeypatch):
    monkeypatch.setattr(budget, "WAIT", 0.01)
    slots = budget._slots
    assert slots is not None, "the budget is on by default"
    for _ in range(budget.RENDERERS):
        slots.acquire()
    yield
    for _ in range(budget.RENDERERS):
        slots.release()


def test_a_render_over_the_budget_gets_503_and_is_kept_nowhere(client, budget_spent):
    busy = client.get(NOT_KEPT)
    assert busy.status_code == 503
    assert busy["Retry-After"] == "2"
    assert busy["Cache-Control"] == "no-store"


def test_a_kept_page_is_answered_while_the_budget_is_spent(client, monkeypatch):
    assert client.get(KEPT).status_code == 200  # rendered and kept
    monkeypatch.setattr(budget, "WAIT", 0.01)
    for _ in range(budget.RENDERERS):
        budget._slots.acquire()
    try:
        kept = client.get(KEPT)
    finally:
        for _ in range(budget.RENDERERS):
            budget._slots.release()
    assert kept.status_code == 200 and "public" in kept["Cache-Control"]


def test_the_next_try_renders_the_page(client, budget_spent):
    assert client.get(NOT_KEPT).status_code == 503
    for _ in range(budget.RENDERERS):
        budget._slots.release()
    try:
        assert client.get(NOT_KEPT).status_code == 200
    finally:
        for _ in range(budget.RENDERERS):
            budget._slots.acquire()


@pytest.mark.parametrize("page", ["/en/rules/", "/nb/golf/huskekort/", "/en/variants/"])
def test_a_games_pages_at_its_default_table_are_never_refused(client, budget_spent, page):
    # a handful, asked for together when a phone keeps them offline: no flood
    assert client.get(page).status_code == 200
