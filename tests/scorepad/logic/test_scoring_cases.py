"""One set of cases for the scorepad's conventions, run against the server's rules
(`scorepad/logic/scoring.py`) and the page's (`rules/games/ghost/static/scorepad/scoring.js`, which
counts the rounds kept on a phone without signal): both must give the same answers."""

import json
import os
import shutil
import subprocess
from decimal import Decimal

import pytest

from scorepad.logic.scoring import outcome
from tests.conftest import ROOT

CASES = json.loads((ROOT / "tests/data/scoring_cases.json").read_text())
SCRIPT = ROOT / "rules/games/ghost/static/scorepad/scoring.js"
NODE = shutil.which("node") or shutil.which("nodejs")
if NODE is None and os.environ.get("CI") == "true":
    raise RuntimeError("CI=true but node is missing: install Debian's nodejs")


def python_answer(case):
    rounds = [[Decimal(str(v)) for v in row] for row in case["rounds"]]
    result = outcome(case["players"], rounds, case["threshold"], case.get("first_dealer", 0))
    return {
        "totals": [float(t) for t in result.totals],
        "round_winners": result.round_winners,
        "finished_after": result.finished_after,
        "losers": result.losers,
        "winners": result.winners,
        "next_dealer": result.next_dealer,
    }


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_server_follows_the_cases(case):
    assert python_answer(case) == case["expect"]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_page_script_gives_the_same_answers_as_the_server():
    program = f"""
    const s = require({json.dumps(str(SCRIPT))});
    const cases = require({json.dumps(str(ROOT / "tests/data/scoring_cases.json"))});
    console.log(JSON.stringify(cases.map(c => {{
      const r = s.outcome(c.players, c.rounds, c.threshold, c.first_dealer || 0);
      return {{totals: r.totals, round_winners: r.round_winners, finished_after: r.finished_after,
               losers: r.losers, winners: r.winners, next_dealer: r.next_dealer}};
    }})));
    """
    out = subprocess.run([NODE, "-e", program], capture_output=True, text=True, check=True)
    answers = json.loads(out.stdout)
    for case, answer in zip(CASES, answers, strict=True):
        assert answer == case["expect"], case["name"]
        assert answer == python_answer(case), case["name"]
