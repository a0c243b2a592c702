"""Issue 35: one set of cases (tests/data/together_cases.json) for a round's totals
possible together, run against the server (rules/games/ghost/together.py,
rules/games/golf/together.py) and the page's scripts (scoring.js, golf-scoring.js), fed
the data the page gets: both must name the same players, or none."""

import json
import os
import shutil
import subprocess
from decimal import Decimal

import pytest

from rules.games.ghost import cards as ghost
from rules.games.ghost import together as ghost_together
from rules.games.golf import cards as golf
from rules.games.golf import scoring
from rules.games.golf import together as golf_together
from tests.conftest import ROOT

CASES = json.loads((ROOT / "tests/data/together_cases.json").read_text())
NODE = shutil.which("node") or shutil.which("nodejs")
if NODE is None and os.environ.get("CI") == "true":
    raise RuntimeError("CI=true but node is missing: install Debian's nodejs")


GHOST_SCRIPT = ROOT / "rules/games/ghost/static/scorepad/scoring.js"
GOLF_SCRIPT = ROOT / "rules/games/golf/static/scorepad/golf-scoring.js"


def python_answer(case):
    if case["game"] == "ghost":
        variant = ghost.VARIANTS[case["variant"]]
        totals = [Decimal(t) for t in case["totals"]]
        return ghost_together.check(variant, Decimal(case["jack"]), totals)
    house = golf.GolfHouse(**case["house"])
    return golf_together.check(house, case["scores"], case["players"])


def page_input(case):
    """What the page's script is handed: the card table, the decks, the possible set."""
    if case["game"] == "ghost":
        variant = ghost.VARIANTS[case["variant"]]
        jack = Decimal(case["jack"])
        spec = {
            "units": list(ghost_together.units(jack)),
            "size": variant.hand_size,
            "copies": ghost.COPIES_PER_RANK,
        }
        halves = [int(Decimal(t) * 2) for t in case["totals"]]
        possible = sorted(int(t * 2) for t in ghost.possible_totals(variant, jack))
        return {"game": "ghost", "spec": spec, "totals": halves, "possible": possible}
    house = golf.GolfHouse(**case["house"])
    spec = {
        "rows": house.rules_variant.rows,
        "columns": house.rules_variant.columns,
        "values": house.values,
        "four_of_a_kind": house.four_of_a_kind,
        "four_bonus": house.four_bonus,
        "ranks": list(golf.ranks_in_play(house.jokers)),
        "copies": golf.copies_in(golf.decks_for(case["players"]), house.jokers),
    }
    possible = sorted(scoring.possible_hole_scores(house, case["players"]))
    return {"game": "golf", "spec": spec, "totals": case["scores"], "possible": possible}


@pytest.mark.parametrize("case", CASES, ids=[c["name"] for c in CASES])
def test_the_server_follows_the_cases(case):
    assert python_answer(case) == case["expect"]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_page_scripts_give_the_same_answers_as_the_server():
    program = f"""
    const ghost = require({json.dumps(str(GHOST_SCRIPT))});
    const golf = require({json.dumps(str(GOLF_SCRIPT))});
    const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    process.stdout.write(JSON.stringify(data.map(c => c.game === "ghost"
      ? ghost.together(c.spec, c.totals, c.possible)
      : golf.together(c.spec, c.totals, c.possible))));
    """
    data = [page_input(case) for case in CASES]
    out = subprocess.run(
        [NODE, "-e", program], input=json.dumps(data), capture_output=True, text=True, check=True
    )
    answers = json.loads(out.stdout)
    for case, answer in zip(CASES, answers, strict=True):
        assert answer == case["expect"], case["name"]
