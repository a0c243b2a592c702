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

  // The round's totals checked together, as forms/__init__.py does: can one deck deal
  // hands making all of them at once? A round with cards typed is left to the server,
  // which takes those cards out first.
  function together(form) {
    var data = S.pageData(form);
    if (!data.together) return null;
    var typed = Array.prototype.some.call(form.querySelectorAll("input.cards-input"), function (i) { return i.value.trim(); });
    if (typed) return null;
    var list = fields(form);
    var totals = list.map(function (f) { return Math.round(S.toNumber(f.input.value.trim()) * 2); });
    var possible = (data.possible || []).map(function (p) { return Math.round(p * 2); });
    var clash = window.GhostScoring.together(data.together, totals, possible);
    if (!clash) return null;
    return {named: clash.map(function (i) { return list[i].name + " " + formatPoints(totals[i] / 2); }),
            copies: data.together.copies};
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

  S.register("ghost", {fields: fields, problem: problem, keep: keep, outcome: outcome,
                       counted: counted, standing: standing, together: together,
                       format: formatPoints});
})();
