// A round possible together, for every game's rounds kept on the phone, as rules/together.py
// has it: each player's total (in the game's own units) needs a hand, given as cards per
// rank, that fits in what is left of the decks; the most constrained players first,
// failures remembered, and the same bound: past BUDGET steps nothing is said (null).
// A game's module (its scoring script) supplies `hands(total, left, steps, visit)`, which
// calls visit(hand) for each hand in order until visit returns true, and `tick(steps)`
// for each step it takes. Pure, no page: Node runs it with the games' scripts
// (tests/scorepad/logic/test_together_js.py).
(function (root) {
  "use strict";
  var BUDGET = 20000, SHORT_BUDGET = 5000, OUT = {};
  function tick(steps) { steps.left -= 1; if (steps.left < 0) throw OUT; }
  function tightnessOrder(totals, possible) {
    var low = Math.min.apply(null, possible), high = Math.max.apply(null, possible);
    return totals.map(function (_t, i) { return i; }).sort(function (a, b) {
      var ka = Math.min(totals[a] - low, high - totals[a]), kb = Math.min(totals[b] - low, high - totals[b]);
      return ka - kb || a - b;
    });
  }
  // true: the decks deal them; false: they cannot; null: the search ran out of steps.
  function dealTogether(totals, hands, copies, order, budget) {
    var steps = {left: budget === undefined ? BUDGET : budget}, failed = new Set();
    function search(depth, left) {
      if (depth === order.length) return true;
      var key = depth + ":" + left.join();
      if (failed.has(key)) return false;
      var found = false;
      hands(totals[order[depth]], left, steps, function (hand) {
        tick(steps);
        found = search(depth + 1, left.map(function (n, i) { return n - hand[i]; }));
        return found;
      });
      if (!found) failed.add(key);
      return found;
    }
    if (copies.some(function (n) { return n < 0; })) return false;
    try { return search(0, copies); } catch (e) { if (e === OUT) return null; throw e; }
  }
  function playersWhoClash(totals, hands, copies, order) {
    for (var size = 1; size <= order.length; size++) {
      var some = order.slice(0, size);
      if (dealTogether(totals, hands, copies, some) === false) return some.slice().sort(function (a, b) { return a - b; });
    }
    return [];
  }
  // The players (indices into `totals`) whose totals the decks (`copies`, per rank)
  // cannot deal together, fewest first; null when they can, or the search could not tell.
  function clash(totals, hands, copies, possible) {
    var order = tightnessOrder(totals, possible);
    if (dealTogether(totals, hands, copies, order) !== false) return null;
    var found = playersWhoClash(totals, hands, copies, order);
    return found.length ? found : order;
  }
  // Why `players` clash, when one rank says it: rules/together.py rank_short.
  function rankShort(totals, hands, copies, players, budget) {
    var steps = {left: budget === undefined ? SHORT_BUDGET : budget};
    var needed = copies.map(function () { return 0; });
    try {
      for (var p = 0; p < players.length; p++) {
        var fewest = null;
        hands(totals[players[p]], copies, steps, function (hand) {
          tick(steps);
          fewest = fewest === null ? hand.slice() : fewest.map(function (n, i) { return Math.min(n, hand[i]); });
          return false;
        });
        if (fewest === null) return null;
        needed = needed.map(function (n, i) { return n + fewest[i]; });
      }
    } catch (e) { if (e === OUT) return null; throw e; }
    var best = null;
    needed.forEach(function (n, i) {
      if (n > copies[i] && (best === null || n - copies[i] > needed[best] - copies[best])) best = i;
    });
    return best === null ? null : {rank: best, needed: needed[best]};
  }
  var api = {BUDGET: BUDGET, tick: tick, dealTogether: dealTogether, clash: clash, rankShort: rankShort};
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.ScorepadTogether = api;
})(this);
