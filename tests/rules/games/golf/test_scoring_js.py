"""Golf's scoring in the page (rules/games/golf/static/scorepad/golf-scoring.js) gives the answers
of rules/games/golf/: every layout's columns, cancelled columns, fours of a kind and
hole score as `score_layout` has them, at every variant and house rule that changes a
score; a typed score read as `read_signed` reads it; the caller penalty and a game's
course as outcome.py has them. Node runs the script; Python gives the answers."""

import json
import os
import random
import shutil
import subprocess

import pytest

from rules.games.golf.cards import (
    FOUR_OF_A_KIND,
    JOKER_READINGS,
    VARIANTS,
    GolfHouse,
    ranks_in_play,
)
from rules.games.golf.outcome import apply_caller_penalty, golf_outcome
from rules.games.golf.pad.forms import layout_json
from rules.games.golf.scoring import score_layout
from rules.games.golf.words import read_signed
from tests.conftest import ROOT

SCRIPT = ROOT / "rules/games/golf/static/scorepad/golf-scoring.js"
NODE = shutil.which("node") or shutil.which("nodejs")
if NODE is None and os.environ.get("CI") == "true":
    raise RuntimeError("CI=true but node is missing: install Debian's nodejs")
pytestmark = pytest.mark.skipif(NODE is None, reason="node is not installed")

# Every table that scores a layout differently: variant × jokers × four of a kind.
SCORING_HOUSES = [
    GolfHouse(variant, jokers, four)
    for variant in VARIANTS
    for jokers in (None, *JOKER_READINGS)
    for four in ((None, *FOUR_OF_A_KIND) if VARIANTS[variant].pairs else (None,))
]
LAYOUTS_PER_HOUSE = 400


def layout_data(house: GolfHouse) -> dict:
    """What the hole form's data-golf-layout carries (rules/games/golf/pad/forms.py)."""
    return json.loads(layout_json(house))


def run_node(body: str, data) -> object:
    program = f"const g = require({json.dumps(str(SCRIPT))});\n" + (
        "const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));\n"
        f"{body}\nprocess.stdout.write(JSON.stringify(answer));"
    )
    out = subprocess.run(
        [NODE, "-e", program], input=json.dumps(data), capture_output=True, text=True, check=True
    )
    return json.loads(out.stdout)


def layouts_for(house: GolfHouse, rnd: random.Random) -> list[list[str]]:
    """Layouts drawn from a few ranks at a time, so that columns cancel, fours of a kind
    lie in every pair of columns and six or nine equal cards come up; then some of every
    rank."""
    ranks = list(ranks_in_play(house.jokers))
    size = house.rules_variant.cards
    found = []
    for n in range(LAYOUTS_PER_HOUSE):
        few = rnd.sample(ranks, 1 + n % 4) if n % 5 else ranks
        found.append([rnd.choice(few) for _ in range(size)])
    return found


def python_score(cards, house):
    score = score_layout(cards, house)
    return {
        "columns": [
            {"ranks": list(c.ranks), "points": c.points, "cancelled": c.cancelled}
            for c in score.columns
        ],
        "fours": [
            {"rank": f.rank, "columns": list(f.columns), "points": f.points} for f in score.fours
        ],
        "total": score.total,
    }


def test_every_layout_scores_as_the_server_scores_it():
    rnd = random.Random(30)
    cases = [
        {"layout": layout_data(house), "cards": cards, "expect": python_score(cards, house)}
        for house in SCORING_HOUSES
        for cards in layouts_for(house, rnd)
    ]
    # The drawn layouts reach what the rules single out, or the comparison proves little.
    fours = [c for c in cases if c["expect"]["fours"]]
    assert {c["layout"]["four_of_a_kind"] for c in fours} == set(FOUR_OF_A_KIND)
    assert any(
        c["layout"]["variant"] == "nine_card" and c["expect"]["columns"][1]["cancelled"]
        for c in cases
    )
    assert any(c["expect"]["total"] < 0 for c in cases)
    assert any(sum(col["cancelled"] for col in c["expect"]["columns"]) == 3 for c in cases)
    answers = run_node("const answer = data.map(c => g.scoreLayout(c.cards, c.layout));", cases)
    assert len(answers) == len(cases)
    for case, answer in zip(cases, answers, strict=True):
        assert answer == case["expect"], (case["layout"], case["cards"])


@pytest.mark.parametrize(
    "cards,house,total",
    [
        # Four of a kind only counts in neighbouring columns with "square".
        (["Q", "5", "Q", "Q", "9", "Q"], GolfHouse(four_of_a_kind="square"), 14),
        (["Q", "5", "Q", "Q", "9", "Q"], GolfHouse(four_of_a_kind="two_columns"), 4),
        (["Q", "Q", "5", "Q", "Q", "9"], GolfHouse(four_of_a_kind="square"), -6),
        # Six equal cards: one bonus; two jokers cancel like any pair.
        (["K"] * 6, GolfHouse(four_of_a_kind="two_columns"), -10),
        (["X", "2", "X", "2"], GolfHouse("four_card", "pagat"), 0),
        (["X", "2", "3", "2"], GolfHouse("four_card", "minus_five"), -2),
        (["X", "2", "3", "K"], GolfHouse("four_card", "minus_five"), -4),
    ],
)
def test_hand_counted_layouts(cards, house, total):
    assert score_layout(cards, house).total == total
    assert (
        run_node(
            "const answer = g.scoreLayout(data[0], data[1]).total;", [cards, layout_data(house)]
        )
        == total
    )


def test_a_wrong_layout_is_refused_as_the_server_refuses_it():
    answer = run_node(
        """const answer = data.map(c => { try { g.scoreLayout(c[0], c[1]); return "ok"; }
                                          catch (e) { return "refused"; } });""",
        [
            [["A"] * 5, layout_data(GolfHouse())],
            [["X"] * 6, layout_data(GolfHouse())],
            [["X"] * 6, layout_data(GolfHouse(jokers="pagat"))],
        ],
    )
    assert answer == ["refused", "refused", "ok"]


TYPED = [
    "-2", "\u22122", "\u20132", " -2 ", "7", "0", "-0", "60", "+2", "", "-", "2-", "--2",
    "2.5", "2,5", "x", "\u2212\u22122", "- 2", "1 2", "\u00a0-3\u00a0", "\u3000-4\u2003",
    "\x1c5\x1f", "\ufeff5", "\u0663", "-\u0663\u0661", "\uff14\uff12", "\u00b2", "\u2460",
    "\u2212\u0030", "007", "-\u2013", "\u2014-2", "12345678901234567890", "1" * 4301, "1" * 4300,
]  # fmt: skip


def python_read(text):
    try:
        return read_signed(text)
    except ValueError:
        return None


def test_a_typed_score_is_read_as_the_server_reads_it():
    expect = [python_read(t) for t in TYPED]
    assert expect[:3] == [-2, -2, -2] and None in expect
    answers = run_node(
        "const answer = data.map(t => { const v = g.readSigned(t);"
        " return Number.isFinite(v) || v === null ? v : String(v); });",
        TYPED,
    )
    for typed, answer, python in zip(TYPED, answers, expect, strict=True):
        if isinstance(python, int) and abs(python) > 2**53:
            # Beyond a double: as large (no score is ever that large), never refused.
            assert answer == "Infinity" or abs(answer - python) <= abs(python) * 1e-15
        else:
            assert answer == python, repr(typed[:30])


def test_negative_scores_take_a_real_minus_sign():
    assert run_node("const answer = data.map(g.formatSigned);", [-2, 0, 14, -10]) == [
        "\u22122",
        "0",
        "14",
        "\u221210",
    ]


def test_the_caller_penalty_as_the_server_applies_it():
    rnd = random.Random(7)
    cases = []
    for n in range(600):
        players = rnd.randint(2, 6)
        low = rnd.choice([-6, -2, 0, 1, 3])
        raw = [rnd.randint(low, low + (4 if n % 2 else 30)) for _ in range(players)]
        caller = rnd.randrange(players)
        if n % 3 == 0:  # an extra hole: some sit it out (None), the caller plays it
            raw = [s if i == caller or rnd.random() < 0.6 else None for i, s in enumerate(raw)]
        cases.append([raw, caller])
    expect = []
    for raw, caller in cases:
        p = apply_caller_penalty(raw, caller)
        expect.append({"scores": list(p.scores), "zeroed": list(p.zeroed), "added": p.added})
    assert any(e["added"] for e in expect) and any(len(e["zeroed"]) > 1 for e in expect)
    # issue 35: among the players of an extra hole too, the others left as they are
    sat_out = [e for (raw, _c), e in zip(cases, expect, strict=True) if None in raw]
    assert any(e["added"] for e in sat_out)
    assert all(
        (s is None) == (r is None)
        for (raw, _c), e in zip(cases, expect, strict=True)
        for r, s in zip(raw, e["scores"], strict=True)
    )
    answers = run_node(
        "const answer = data.map(c => { const p = g.applyCallerPenalty(c[0], c[1]);"
        " return {scores: p.scores, zeroed: p.zeroed, added: p.added}; });",
        cases,
    )
    assert answers == expect


def python_course(players, holes, number, extra, dealer):
    r = golf_outcome(players, holes, number, extra, dealer)
    return {
        "totals": r.totals,
        "running": r.running,
        "hole_winners": r.hole_winners,
        "leaders": r.leaders,
        "extra_players": r.extra_players,
        "extra_scores": r.extra_scores,
        "winners": r.winners,
        "finished_after": r.finished_after,
        "finished": r.finished,
        "next_dealer": r.next_dealer,
        "next_starter": r.next_starter,
        "gaps": [r.gap(i) for i in range(players)],
    }


def test_a_games_course_as_the_server_has_it():
    rnd = random.Random(9)
    cases = []
    for n in range(300):
        players = rnd.randint(2, 5)
        number = rnd.randint(1, 4)
        extra = n % 2 == 0
        played = rnd.randint(0, number)
        # Few different scores, so that totals tie and extra holes are played.
        holes = [[rnd.choice([-2, 0, 1]) for _ in range(players)] for _ in range(played)]
        if played == number and extra:
            totals = [sum(h[i] for h in holes) for i in range(players)]
            tied = [i for i, t in enumerate(totals) if t == min(totals)]
            if len(tied) > 1 and n % 4 == 0:
                holes.append([rnd.choice([-1, 3]) if i in tied else None for i in range(players)])
        cases.append([players, holes, number, extra, rnd.randrange(players)])
    expect = [python_course(*c) for c in cases]
    assert any(e["extra_scores"] for e in expect) and any(e["extra_players"] for e in expect)
    keys = list(expect[0])
    answers = run_node(
        "const answer = data.cases.map(c => { const r = g.outcome(...c);"
        " return Object.fromEntries(data.keys.map(k => [k, r[k]])); });",
        {"cases": cases, "keys": keys},
    )
    for case, answer, python in zip(cases, answers, expect, strict=True):
        assert answer == python, case
