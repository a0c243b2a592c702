// The scorepad's conventions, as scorepad/logic/scoring.py has them, for the rounds kept on the
// phone: threshold (reaching it loses), ties, several losers, a single round, the deal.
// The same test cases (tests/data/scoring_cases.json) are run against both.
// Points are halves at most, which binary floating point holds exactly.
(function (root) {
  "use strict";
  function lowest(values) {
    var best = Math.min.apply(null, values);
    return values.map(function (v, i) { return v === best ? i : -1; }).filter(function (i) { return i >= 0; });
  }
  function highest(values, among) {
    var top = Math.max.apply(null, among.map(function (i) { return values[i]; }));
    return among.filter(function (i) { return values[i] === top; });
  }
  function outcome(players, rounds, threshold, firstDealer) {
    var result = {players: players, threshold: threshold, first_dealer: firstDealer || 0,
                  running: [], round_winners: [], totals: [], finished_after: null,
                  losers: [], winners: []};
    var totals = [];
    for (var p = 0; p < players; p++) totals.push(0);
    rounds.forEach(function (points, index) {
      var number = index + 1;
      if (points.length !== players) throw new Error("round " + number + " has " + points.length + " totals");
      totals = totals.map(function (t, i) { return t + points[i]; });
      result.running.push(totals);
      result.round_winners.push(lowest(points));
      if (result.finished_after !== null) return;
      if (threshold === null || threshold === undefined) {
        result.finished_after = number;
        result.winners = lowest(points);
        return;
      }
      var crossed = totals.map(function (t, i) { return t >= threshold ? i : -1; }).filter(function (i) { return i >= 0; });
      if (crossed.length) {
        result.finished_after = number;
        result.losers = highest(totals, crossed);
        var low = lowest(totals);
        result.winners = low.filter(function (i) { return result.losers.indexOf(i) < 0; });
      }
    });
    result.totals = totals;
    result.finished = result.finished_after !== null;
    result.next_dealer = ((result.first_dealer + rounds.length) % players);
    result.next_starter = (result.next_dealer + 1) % players;
    return result;
  }

  // ------------------------------------------------------------------ together
  // A round possible together, as rules/together.py has it: the hands (cards per rank)
  // that make each total and fit in what is left of the decks, the most constrained
  // players first, failures remembered, and the same bound: past BUDGET steps nothing
  // is said (null). `hands(total, left, steps, visit)` calls visit(hand) for each hand in
  // order until visit returns true.
  var BUDGET = 20000, OUT = {};
  function tick(steps) { steps.left -= 1; if (steps.left < 0) throw OUT; }
  function tightnessOrder(totals, possible) {
    var low = Math.min.apply(null, possible), high = Math.max.apply(null, possible);
    return totals.map(function (_t, i) { return i; }).sort(function (a, b) {
      var ka = Math.min(totals[a] - low, high - totals[a]), kb = Math.min(totals[b] - low, high - totals[b]);
      return ka - kb || a - b;
    });
  }
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
  function clash(totals, hands, copies, possible) {
    var order = tightnessOrder(totals, possible);
    if (dealTogether(totals, hands, copies, order) !== false) return null;
    var found = playersWhoClash(totals, hands, copies, order);
    return found.length ? found : order;
  }

  // Ghost's hands (rules/games/ghost/together.py): `spec` = {units: value per rank in
  // half points, in the deck's rank order; size: cards in a hand; copies: of a rank}.
  var handCache = new Map();
  function handsFor(spec, total) {
    var key = spec.units.join() + "/" + spec.size + "/" + total;
    if (handCache.has(key)) return handCache.get(key);
    var count = spec.units.length, size = spec.size, low = [], high = [];
    for (var r = count; r >= 0; r--) {
      var rest = [];
      for (var q = r; q < count; q++) for (var c = 0; c < spec.copies; c++) rest.push(spec.units[q]);
      rest.sort(function (a, b) { return a - b; });
      low[r] = []; high[r] = [];
      for (var k = 0; k <= size; k++) {
        low[r][k] = k <= rest.length ? rest.slice(0, k).reduce(function (s, v) { return s + v; }, 0) : null;
        high[r][k] = k === 0 ? 0 : k <= rest.length ? rest.slice(rest.length - k).reduce(function (s, v) { return s + v; }, 0) : null;
      }
    }
    var found = [], counts = spec.units.map(function () { return 0; });
    (function walk(r, left, worth) {
      if (left === 0) { if (worth === 0) found.push(counts.slice()); return; }
      if (r === count || low[r][left] === null || !(low[r][left] <= worth && worth <= high[r][left])) return;
      for (var c = 0; c <= Math.min(spec.copies, left); c++) {
        counts[r] = c;
        walk(r + 1, left - c, worth - c * spec.units[r]);
      }
      counts[r] = 0;
    })(0, size, total);
    handCache.set(key, found);
    return found;
  }
  // The players (indices into `totals`, in half points) whose totals one deck cannot
  // deal together, the cards typed for others (`fixed`, counts per rank) taken out
  // first; null when it can (or the search could not tell).
  function together(spec, totals, possible, fixed) {
    var copies = spec.units.map(function () { return spec.copies; });
    (fixed || []).forEach(function (hand) { hand.forEach(function (n, i) { copies[i] -= n; }); });
    function hands(total, left, steps, visit) {
      var list = handsFor(spec, total);
      for (var i = 0; i < list.length; i++) {
        tick(steps);
        var hand = list[i];
        if (hand.every(function (h, j) { return h <= left[j]; }) && visit(hand)) return;
      }
    }
    return clash(totals, hands, copies, possible);
  }
  var api = {outcome: outcome, lowest: lowest, highest: highest, handsFor: handsFor, together: together,
             dealTogether: dealTogether, BUDGET: BUDGET};
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.GhostScoring = api;
})(this);
