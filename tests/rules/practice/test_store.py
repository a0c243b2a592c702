"""Where a practice game is kept (rules/practice/store.py): a few per session, none
older than a day, anything else in the session's slot ignored."""

import time

import pytest

from rules.practice import store


def test_a_session_keeps_the_last_few_games():
    session = {}
    for number in range(store.MOST_GAMES + 2):
        store.save(session, f"t{number}", {"n": number})
        time.sleep(0.001)
    kept = session[store.KEY]
    assert sorted(kept) == [f"t{n}" for n in range(2, store.MOST_GAMES + 2)]
    assert store.load(session, "t0") is None and store.load(session, "t4") == {"n": 4}


def test_a_game_not_touched_for_a_day_is_gone(monkeypatch):
    session = {}
    store.save(session, "old", {"n": 1})
    later = time.time() + store.STALE_SECONDS + 1
    monkeypatch.setattr(store.time, "time", lambda: later)
    assert store.load(session, "old") is None
    store.save(session, "new", {"n": 2})
    assert list(session[store.KEY]) == ["new"]


@pytest.mark.parametrize("junk", [None, "x", [1, 2], {"t": "not a game"}, {"t": {"at": "x"}}])
def test_junk_in_the_sessions_slot_is_no_game(junk):
    session = {store.KEY: junk}
    try:
        found = store.load(session, "t")
    except TypeError:
        pytest.fail("junk in the session raised")
    assert found is None


def test_tokens_are_unguessable_and_fit_the_address():
    tokens = {store.new_token() for _ in range(100)}
    assert len(tokens) == 100 and all(len(t) >= 16 for t in tokens)
