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
      // a round kept after the deciding one (an earlier round corrected) no longer counts
      if (result.finished_after === null) totals = totals.map(function (t, i) { return t + points[i]; });
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
  // A round possible together: the search is the scorepad's, for every game
  // (scorepad/static/scorepad/together.js, loaded before this script; under Node, whoever
  // requires this file sets `globalThis.ScorepadTogether` first). Asked when it is used.
  function shared() { return root.ScorepadTogether; }

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
    var T = shared();
    function hands(total, left, steps, visit) {
      var list = handsFor(spec, total);
      for (var i = 0; i < list.length; i++) {
        T.tick(steps);
        var hand = list[i];
        if (hand.every(function (h, j) { return h <= left[j]; }) && visit(hand)) return;
      }
    }
    return T.clash(totals, hands, copies, possible);
  }
  var api = {outcome: outcome, lowest: lowest, highest: highest, handsFor: handsFor, together: together};
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.GhostScoring = api;
})(typeof globalThis === "object" ? globalThis : this);
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
    if (!new RegExp(data.number).test(typed)) {
      if (data.negative && new RegExp(data.negative).test(typed) && (data.possible || []).length)
        return fill(t.below, {name: name, low: formatPoints(Math.min.apply(null, data.possible))});
      return fill(t.not_number, {name: name});
    }
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

  // The round's totals checked together, as forms/__init__.py does: can one deck deal
  // hands making all of them at once? The cards typed for a player are taken out of the
  // deck first, and the others' totals dealt from what is left. A hand the server will
  // refuse on its own (not a whole hand, more of a rank than the deck holds) is left
  // to the server, which says why.
  function together(form) {
    var data = S.pageData(form), spec = data.together;
    if (!spec) return null;
    var list = fields(form), seats = [], fixed = [], left = spec.ranks.map(function () { return spec.copies; });
    for (var i = 0; i < list.length; i++) {
      var box = list[i].input.closest(".player-entry").querySelector("input.cards-input");
      var typed = box ? box.value.trim() : "";
      if (!typed) { seats.push(i); continue; }
      var ranks = S.parseRanks(form, typed);
      if (ranks.length !== spec.size) return null;
      var hand = spec.ranks.map(function (rank) { return ranks.filter(function (r) { return r === rank; }).length; });
      hand.forEach(function (n, r) { left[r] -= n; });
      fixed.push(hand);
    }
    if (!seats.length || seats.length + fixed.length < 2 || left.some(function (n) { return n < 0; })) return null;
    var totals = seats.map(function (i) { return Math.round(S.toNumber(list[i].input.value.trim()) * 2); });
    var possible = (data.possible || []).map(function (p) { return Math.round(p * 2); });
    var clash = window.GhostScoring.together(spec, totals, possible, fixed);
    if (!clash) return null;
    return {named: clash.map(function (c) { return list[seats[c]].name + " " + formatPoints(totals[c] / 2); }),
            copies: spec.copies};
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
    S.writeMarks(li, [[lost, "mark bad", t.lost],
                      [!lost && result.finished && result.winners.indexOf(i) >= 0, "mark good", t.won],
                      [i === result.next_dealer && !result.finished, "mark", t.deals],
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

  // A row's lowest total, shaded in the table as the server shades it.
  function rowWinners(result, index) { return result.round_winners[index] || []; }
  S.register("ghost", {fields: fields, problem: problem, keep: keep, outcome: outcome,
                       counted: counted, standing: standing, together: together,
                       rowWinners: rowWinners, format: formatPoints});
})();
