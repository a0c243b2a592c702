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
  var api = {outcome: outcome, lowest: lowest, highest: highest};
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.GhostScoring = api;
})(this);
