"""Issue 35: one set of cases (tests/data/together_cases.json) for a round's totals
possible together, run against the server (rules/games/ghost/together.py,
rules/games/golf/together.py) and the page's scripts (the scorepad's search, together.js,
asked by each game's: scoring.js, golf-scoring.js), fed the data the page gets: both
must name the same players, or none."""

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


SHARED_SCRIPT = ROOT / "scorepad/static/scorepad/together.js"
GHOST_SCRIPT = ROOT / "rules/games/ghost/static/scorepad/scoring.js"
GOLF_SCRIPT = ROOT / "rules/games/golf/static/scorepad/golf-scoring.js"


def python_answer(case):
    if case["game"] == "ghost":
        variant = ghost.VARIANTS[case["variant"]]
        totals = [Decimal(t) for t in case["totals"]]
        # the hands typed as cards ("hands"), taken out of the deck first
        return ghost_together.check(variant, Decimal(case["jack"]), totals, case.get("hands", ()))
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
        fixed = [[hand.count(rank) for rank in ghost.RANKS] for hand in case.get("hands", ())]
        return {
            "game": "ghost",
            "spec": spec,
            "totals": halves,
            "possible": possible,
            "fixed": fixed,
        }
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
    globalThis.ScorepadTogether = require({json.dumps(str(SHARED_SCRIPT))});
    const ghost = require({json.dumps(str(GHOST_SCRIPT))});
    const golf = require({json.dumps(str(GOLF_SCRIPT))});
    const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    process.stdout.write(JSON.stringify(data.map(c => c.game === "ghost"
      ? ghost.together(c.spec, c.totals, c.possible, c.fixed)
      : golf.together(c.spec, c.totals, c.possible))));
    """
    data = [page_input(case) for case in CASES]
    out = subprocess.run(
        [NODE, "-e", program], input=json.dumps(data), capture_output=True, text=True, check=True
    )
    answers = json.loads(out.stdout)
    for case, answer in zip(CASES, answers, strict=True):
        assert answer == case["expect"], case["name"]


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_shared_search_says_nothing_past_its_budget_and_names_the_fewest_players():
    """together.js on a made-up game: one kind of card, a hand of `total` of them (the
    game gives only the hands that fit in what is left, as every game's script does).
    Past its steps it says nothing (null), as rules/together.py does; otherwise it names
    the fewest players whose totals the decks cannot give at once."""
    program = f"""
    const T = require({json.dumps(str(SHARED_SCRIPT))});
    function hands(total, left, steps, visit) {{
      T.tick(steps);
      if (total <= left[0]) visit([total]);
    }}
    function endless(total, left, steps, visit) {{ for (;;) T.tick(steps); }}
    process.stdout.write(JSON.stringify([
      T.clash([1, 2], hands, [3], [1, 2, 3]),
      T.clash([1, 2, 1], hands, [3], [1, 2, 3]),
      T.clash([3, 1], hands, [3], [1, 2, 3]),
      T.dealTogether([1], endless, [3], [0], 10),
      T.dealTogether([1], hands, [-1], [0]),
      T.rankShort([2, 2], hands, [3], [0, 1]),
      T.rankShort([2, 1], hands, [3], [0, 1]),
      T.rankShort([2, 2], hands, [3], [0, 1], 1),
    ]));
    """
    out = subprocess.run([NODE, "-e", program], capture_output=True, text=True, check=True)
    fits, three, most, endless, short, twice, enough, past = json.loads(out.stdout)
    assert fits is None  # 1 and 2 of 3 cards: dealt
    assert three == [0, 1, 2]  # 1, 2 and 1 of 3 cards: no two of them clash, all three do
    assert most == [0, 1]  # 3 of 3 cards leave none for the 1
    assert endless is None and short is False
    # rankShort, as rules/together.py rank_short: 2 and 2 of one rank, 3 held
    assert twice == {"rank": 0, "needed": 4}
    assert enough is None and past is None  # 2 and 1 fit; past its steps, nothing


@pytest.mark.skipif(NODE is None, reason="node is not installed")
def test_the_page_script_says_which_rank_runs_short_as_the_server_does():
    """Golf's refused cases: the rank the named players need more of than the decks hold
    (rules/games/golf/together.py short_rank, golf-scoring.js shortRank), or none."""
    refused = [c for c in CASES if c["game"] == "golf" and c["expect"]]
    program = f"""
    globalThis.ScorepadTogether = require({json.dumps(str(SHARED_SCRIPT))});
    const golf = require({json.dumps(str(GOLF_SCRIPT))});
    const data = JSON.parse(require('fs').readFileSync(0, 'utf8'));
    process.stdout.write(JSON.stringify(data.map(c => {{
      const found = golf.shortRank(c.spec, c.totals, c.clash);
      return found && [found.rank, found.needed, found.held];
    }})));
    """
    data = [page_input(case) | {"clash": case["expect"]} for case in refused]
    out = subprocess.run(
        [NODE, "-e", program], input=json.dumps(data), capture_output=True, text=True, check=True
    )
    answers = json.loads(out.stdout)
    said = 0
    for case, answer in zip(refused, answers, strict=True):
        house = golf.GolfHouse(**case["house"])
        server = golf_together.short_rank(house, case["scores"], case["players"], case["expect"])
        assert answer == (list(server) if server else None), case["name"]
        said += server is not None
    assert said >= 3  # most refusals say why; "60 three times" is ten-point cards together
