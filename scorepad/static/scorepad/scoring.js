// The scorepad's conventions, as scorepad/logic/scoring.py has them, for the rounds kept on the
// phone: threshold (reaching it loses), ties, several losers, a single round, the deal.
// The same test cases (tests/data/scoring_cases.json) are run against both.
// Points are halves at most, which binary floating point holds exactly. In a browser,
// Ghost's module for the shared scripts follows (one file: one request fewer).
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
// Ghost's module for the rounds kept on the phone (outbox.js, offline-standings.js): the
// round form's totals checked and kept, counted as above, a line of the standings.
(function () {
  "use strict";
  if (typeof window === "undefined") return;  // Node runs the scoring above alone
  var S = window.Scorepad, fill = S.fill, formatPoints = S.formatPoints;

  // The round form's fields in seat order with their names.
  function fields(form) {
    return Array.prototype.map.call(form.querySelectorAll(".player-entry"), function (entry) {
      return {input: entry.querySelector("input[inputmode=decimal]"),
              name: entry.querySelector(".player-name").textContent.trim()};
    });
  }
  // As the server reads a total: the page's pattern, then the possible totals.
  function problem(typed, form, name, t) {
    var data = S.pageData(form), text = typed.replace(",", ".");
    if (!new RegExp(data.number).test(typed)) return fill(t.not_number, {name: name});
    if ((data.possible || []).indexOf(Number(text)) < 0) return fill(t.impossible, {name: name, value: formatPoints(Number(text))});
    return null;
  }
  // Shown in the page's number format, whichever separator was typed.
  function keep(form, entry) {
    fields(form).forEach(function (field) {
      var value = S.toNumber(field.input.value.trim());
      entry.shown.push(field.name + " " + formatPoints(value));
      entry.points.push(value);
    });
  }

  function outcome(board, rounds) {
    return window.GhostScoring.outcome(board.names.length, rounds, board.threshold, board.first_dealer);
  }
  function counted(entry) { return entry.points; }
  // One line of the standings as scorepad/ghost/_standing.html and pages/board.py make it.
  function standing(li, i, board, played, result, t) {
    var n = board.names.length, threshold = board.threshold, total = result.totals[i];
    var open = played > 0 && !result.finished;
    var leaders = open ? window.GhostScoring.lowest(result.totals) : [];
    var others = board.names.map(function (_n, seat) { return seat; })
      .filter(function (seat) { return leaders.indexOf(seat) < 0; });
    var closest = open && others.length ? window.GhostScoring.highest(result.totals, others) : [];
    var lost = result.losers.indexOf(i) >= 0;
    li.className = lost ? "lost" : result.finished && result.winners.indexOf(i) >= 0 ? "won" : "";
    S.writeMarks(li, [[i === result.next_dealer && !result.finished, "mark", t.deals],
                      [leaders.indexOf(i) >= 0 && leaders.length < n, "mark good", t.leads],
                      [closest.indexOf(i) >= 0 && threshold !== null && closest.length < n, "mark bad", t.closest]]);
    li.querySelector(".total").textContent = formatPoints(total);
    var meter = li.querySelector("meter");
    if (meter) { meter.value = threshold ? Math.min(total, threshold) : total; meter.textContent = formatPoints(total); }
    var distance = li.querySelector(".distance");
    if (distance) {
      var left = threshold === null ? 0 : Math.max(threshold - total, 0);
      distance.textContent = lost ? t.reached : threshold && total >= threshold ? t.reached_too
        : !result.finished ? fill(t.left, {d: formatPoints(left)}) : "";
    }
  }

  S.register("ghost", {fields: fields, problem: problem, keep: keep, outcome: outcome,
                       counted: counted, standing: standing, format: formatPoints});
})();
