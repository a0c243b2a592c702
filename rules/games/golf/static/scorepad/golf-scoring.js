// Golf's scoring as rules/games/golf/ has it, for the layout helper and the holes kept on
// the phone: a layout's score (scoring.py), a typed signed score (words.read_signed), the
// caller penalty and the course of a game (outcome.py). Pure, no page: Node runs it
// against the Python (tests/rules/games/golf/test_scoring_js.py). The numbers (card
// values, the bonus) come from the page, which has them from the server's card table.
(function (root) {
  "use strict";
  var MINUS = "\u2212";
  var CANCELLED = 0;  // what a column of equal cards scores
  var PENALTY_WRITTEN = 0;  // the caller penalty: what the lowest players write

  // ------------------------------------------------------------------ a layout
  // `layout`: {rows, columns, values: {rank: points}, four_of_a_kind: null or a rule,
  // four_bonus: its points}; `ranks` row by row from the top left ("X" is the joker).
  function columnsOf(ranks, columns) {
    var found = [];
    for (var c = 0; c < columns; c++) {
      var column = [];
      for (var i = c; i < ranks.length; i += columns) column.push(ranks[i]);
      found.push(column);
    }
    return found;
  }
  function scoreColumn(ranks, values) {
    var cancelled = ranks.every(function (r) { return r === ranks[0]; });
    var points = cancelled ? CANCELLED : ranks.reduce(function (sum, r) { return sum + values[r]; }, 0);
    return {ranks: ranks, points: points, cancelled: cancelled};
  }
  // The fours of a kind among the cancelled columns (a rank per column, null where a
  // column does not cancel), each card in one four at most; "square": neighbours only.
  function fours(cancelledRank, rule, points) {
    if (!rule) return [];
    var found = [], waiting = new Map();  // rank -> column not yet in a four
    cancelledRank.forEach(function (rank, column) {
      if (rule === "square") {
        waiting.forEach(function (c, r) { if (c !== column - 1) waiting.delete(r); });
      }
      if (rank === null) return;
      if (waiting.has(rank)) {
        found.push({rank: rank, columns: [waiting.get(rank), column], points: points});
        waiting.delete(rank);
      } else {
        waiting.set(rank, column);
      }
    });
    return found;
  }
  function scoreLayout(ranks, layout) {
    var cards = layout.rows * layout.columns;
    if (ranks.length !== cards) throw new Error(ranks.length + " cards; this layout holds " + cards);
    ranks.forEach(function (r) {
      if (!Object.prototype.hasOwnProperty.call(layout.values, r)) throw new Error("no rank " + r + " at this table");
    });
    var columns = columnsOf(ranks, layout.columns).map(function (c) { return scoreColumn(c, layout.values); });
    var found = fours(columns.map(function (c) { return c.cancelled ? c.ranks[0] : null; }),
                      layout.four_of_a_kind, layout.four_bonus);
    var total = columns.concat(found).reduce(function (sum, part) { return sum + part.points; }, 0);
    return {columns: columns, fours: found, total: total};
  }

  // ------------------------------------------------------------------ typed scores
  // As Python's str.strip() and int(): its whitespace, any decimal digit (Nd), at most
  // 4300 digits; "-2", "−2" (U+2212) and "–2" (U+2013) are minus two. null: refused.
  var SPACE = "[\\t\\n\\v\\f\\r\\x1c-\\x1f \\x85\\xa0\\u1680\\u2000-\\u200a\\u2028\\u2029\\u202f\\u205f\\u3000]";
  var STRIP = new RegExp("^" + SPACE + "+|" + SPACE + "+$", "g");
  var SIGNED = /^-?\p{Nd}+$/u, DIGIT = /\p{Nd}/u;
  var MAX_DIGITS = 4300;
  // A decimal digit's value: Unicode encodes each set of ten in a run from 0 to 9.
  function digitValue(ch) {
    var code = ch.codePointAt(0), start = code;
    while (DIGIT.test(String.fromCodePoint(start - 1))) start--;
    return (code - start) % 10;
  }
  function readSigned(text) {
    var cleaned = String(text).replace(STRIP, "").split(MINUS).join("-").split("\u2013").join("-");
    if (!SIGNED.test(cleaned)) return null;
    var negative = cleaned[0] === "-";
    var digits = Array.from(negative ? cleaned.slice(1) : cleaned);
    if (digits.length > MAX_DIGITS) return null;
    var value = Number(digits.map(digitValue).join(""));
    return negative && value !== 0 ? -value : value;
  }
  function formatSigned(points) {
    return points < 0 ? MINUS + String(-points) : String(points);
  }

  // ------------------------------------------------------------------ a game
  function lowest(scores) {
    var playing = scores.filter(function (s) { return s !== null && s !== undefined; });
    var best = Math.min.apply(null, playing);
    return scores.map(function (s, i) { return s === best ? i : -1; }).filter(function (i) { return i >= 0; });
  }
  // Among the players of the hole: at the extra hole, null for those who sit it out.
  function applyCallerPenalty(raw, caller) {
    if (!(caller >= 0 && caller < raw.length) || raw[caller] === null || raw[caller] === undefined) {
      throw new Error("no player " + caller + " playing among " + raw.length);
    }
    var best = Math.min.apply(null, raw.filter(function (s) { return s !== null && s !== undefined; }));
    if (raw[caller] === best || best <= 0) return {raw: raw, caller: caller, scores: raw.slice(), zeroed: [], added: 0};
    var zeroed = lowest(raw);
    var scores = raw.map(function (s, i) { return zeroed.indexOf(i) >= 0 ? PENALTY_WRITTEN : s; });
    scores[caller] += best;
    return {raw: raw, caller: caller, scores: scores, zeroed: zeroed, added: best};
  }

  // The course of a game from its holes (each every player's score in seat order; a hole
  // after the agreed ones is the extra hole, null for those who do not play it).
  function outcome(players, holes, numberOfHoles, extraHole, firstDealer) {
    var result = {players: players, holes: numberOfHoles, extra_hole_rule: !!extraHole,
                  first_dealer: firstDealer || 0, scores: [], running: [], hole_winners: [],
                  totals: [], leaders: [], extra_players: [], extra_scores: null,
                  winners: [], finished_after: null};
    var totals = [];
    for (var p = 0; p < players; p++) totals.push(0);
    holes.forEach(function (points, index) {
      var number = index + 1;
      if (points.length !== players) throw new Error("hole " + number + " has " + points.length + " scores for " + players + " players");
      if (number > numberOfHoles) { extra(result, number, points); return; }
      if (points.some(function (s) { return s === null || s === undefined; })) throw new Error("hole " + number + ": every player plays it");
      totals = totals.map(function (t, i) { return t + points[i]; });
      result.scores.push(points.slice());
      result.running.push(totals);
      result.hole_winners.push(lowest(points));
    });
    result.totals = totals;
    result.leaders = result.scores.length ? lowest(totals) : totals.map(function (_t, i) { return i; });
    if (result.scores.length === numberOfHoles && result.extra_scores === null) {
      if (result.leaders.length > 1 && extraHole) {
        result.extra_players = result.leaders;
      } else {
        result.winners = result.leaders;
        result.finished_after = numberOfHoles;
      }
    }
    result.finished = result.finished_after !== null;
    result.extra_hole_pending = result.extra_players.length > 0 && result.extra_scores === null;
    var played = result.scores.length + (result.extra_scores !== null ? 1 : 0);
    result.next_dealer = (result.first_dealer + played) % players;
    result.next_starter = null;
    for (var step = 1; step <= players; step++) {
      var seat = (result.next_dealer + step) % players;
      if (!result.extra_hole_pending || result.extra_players.indexOf(seat) >= 0) { result.next_starter = seat; break; }
    }
    var best = Math.min.apply(null, totals);
    result.gaps = totals.map(function (t) { return t - best; });
    return result;
  }
  function extra(result, number, points) {
    if (number > result.holes + 1 || result.extra_scores !== null) throw new Error("one extra hole at most");
    var tied = result.scores.length ? lowest(result.scores.reduce(function (totals, hole) {
      return totals.map(function (t, i) { return t + hole[i]; });
    }, points.map(function () { return 0; }))) : [];
    if (!result.extra_hole_rule || tied.length < 2) throw new Error("an extra hole is played only after a tie, with that house rule");
    var playing = points.map(function (s, i) { return s === null || s === undefined ? -1 : i; }).filter(function (i) { return i >= 0; });
    if (playing.join() !== tied.join()) throw new Error("only the tied players play the extra hole");
    result.extra_players = tied;
    result.extra_scores = points.map(function (s) { return s === undefined ? null : s; });
    result.winners = lowest(result.extra_scores);
    result.finished_after = number;
  }


  // ------------------------------------------------------------------ together
  // A round possible together: the search is the scorepad's, for every game
  // (scorepad/static/scorepad/together.js, loaded before this script; under Node, whoever
  // requires this file sets `globalThis.ScorepadTogether` first). Asked when it is used.
  function shared() { return root.ScorepadTogether; }

  // Golf's layouts (rules/games/golf/together.py): `spec` = {rows, columns, values,
  // four_of_a_kind, four_bonus, ranks: in play, in order; copies: per rank in the decks}.
  var kindCache = new Map();
  function kindsFor(spec) {
    var key = JSON.stringify([spec.rows, spec.columns, spec.values, spec.ranks, spec.copies]);
    if (kindCache.has(key)) return kindCache.get(key);
    var ranks = spec.ranks, kinds = [];
    (function pick(start, combo) {
      if (combo.length === spec.rows) {
        var counts = ranks.map(function () { return 0; });
        combo.forEach(function (i) { counts[i] += 1; });
        if (counts.some(function (n, i) { return n > spec.copies[ranks[i]]; })) return;
        var column = scoreColumn(combo.map(function (i) { return ranks[i]; }), spec.values);
        kinds.push({ranks: column.ranks, counts: counts, points: column.points, index: kinds.length});
        return;
      }
      for (var i = start; i < ranks.length; i++) pick(i, combo.concat([i]));
    })(0, []);
    kinds.sort(function (a, b) { return a.points - b.points || a.index - b.index; });
    var byPoints = new Map();
    kinds.forEach(function (kind, index) {
      if (!byPoints.has(kind.points)) byPoints.set(kind.points, []);
      byPoints.get(kind.points).push(index);
    });
    var found = {kinds: kinds, byPoints: byPoints, worths: kinds.map(function (k) { return k.points; })};
    kindCache.set(key, found);
    return found;
  }
  function permutationsOf(n) {
    if (n === 0) return [[]];
    var found = [];
    permutationsOf(n - 1).forEach(function (p) {
      for (var at = 0; at <= p.length; at++) found.push(p.slice(0, at).concat([n - 1], p.slice(at)));
    });
    return found;
  }
  function setScores(spec, chosen) {
    var plain = chosen.reduce(function (s, k) { return s + k.points; }, 0);
    if (!spec.four_of_a_kind) return [plain];
    return permutationsOf(chosen.length).map(function (order) {
      var ranks = [];
      for (var r = 0; r < spec.rows; r++) order.forEach(function (i) { ranks.push(chosen[i].ranks[r]); });
      return scoreLayout(ranks, spec).total;
    });
  }
  function bisectLeft(a, x) { var lo = 0, hi = a.length; while (lo < hi) { var m = (lo + hi) >> 1; if (a[m] < x) lo = m + 1; else hi = m; } return lo; }
  function bisectRight(a, x) { var lo = 0, hi = a.length; while (lo < hi) { var m = (lo + hi) >> 1; if (x < a[m]) hi = m; else lo = m + 1; } return lo; }
  function layoutsFor(spec, score, left, steps, visit) {
    var tick = shared().tick, table = kindsFor(spec), kinds = table.kinds, width = spec.columns;
    var lowest = table.worths[0], highest = table.worths[table.worths.length - 1];
    var step = spec.four_of_a_kind ? spec.four_bonus : 0, bonus = step * Math.floor(width / 2);
    var seen = new Set(), stop = false;
    function fits(used, counts) { return counts.every(function (c, i) { return used[i] + c <= left[i]; }); }
    function walk(start, chosen, used, worth) {
      if (chosen.length === width - 1) {
        var wanted = [];
        for (var b = bonus; b <= 0; b += (-step || 1)) if (wanted.indexOf(score - worth - b) < 0) wanted.push(score - worth - b);
        wanted.sort(function (x, y) { return x - y; });
        for (var w = 0; w < wanted.length && !stop; w++) {
          var list = table.byPoints.get(wanted[w]) || [];
          for (var j = 0; j < list.length && !stop; j++) {
            var index = list[j];
            tick(steps);
            if (index < start || !fits(used, kinds[index].counts)) continue;
            var all = chosen.concat([kinds[index]]);
            if (setScores(spec, all).indexOf(score) < 0) continue;
            var counts = used.map(function (u, i) { return u + kinds[index].counts[i]; });
            var key = counts.join();
            if (seen.has(key)) continue;
            seen.add(key);
            if (visit(counts)) stop = true;
          }
        }
        return;
      }
      var rest = width - chosen.length - 1;
      var least = score - worth - rest * highest, most = score - worth - rest * lowest - bonus;
      var end = bisectRight(table.worths, most);
      for (var i = Math.max(start, bisectLeft(table.worths, least)); i < end && !stop; i++) {
        tick(steps);
        var kind = kinds[i];
        if (!fits(used, kind.counts)) continue;
        walk(i, chosen.concat([kind]), used.map(function (u, q) { return u + kind.counts[q]; }), worth + kind.points);
      }
    }
    walk(0, [], left.map(function () { return 0; }), 0);
  }
  // The seats (null: not playing) whose scores the decks cannot deal together; null
  // when they can (or the search could not tell). `possible`: the possible hole scores.
  function together(spec, scores, possible) {
    var seats = [], wanted = [];
    scores.forEach(function (s, i) { if (s !== null && s !== undefined) { seats.push(i); wanted.push(s); } });
    var copies = spec.ranks.map(function (r) { return spec.copies[r]; });
    var found = shared().clash(wanted, function (total, left, steps, visit) { layoutsFor(spec, total, left, steps, visit); }, copies, possible);
    return found && found.map(function (i) { return seats[i]; });
  }
  // For the seats `together` named: the rank their layouts need more of than the decks
  // hold, {rank, needed, held}; null when no one rank says why (together.py short_rank).
  function shortRank(spec, scores, clash) {
    var seats = [], wanted = [];
    scores.forEach(function (s, i) { if (s !== null && s !== undefined) { seats.push(i); wanted.push(s); } });
    var copies = spec.ranks.map(function (r) { return spec.copies[r]; });
    var found = shared().rankShort(wanted, function (total, left, steps, visit) { layoutsFor(spec, total, left, steps, visit); },
                                   copies, clash.map(function (seat) { return seats.indexOf(seat); }));
    return found && {rank: spec.ranks[found.rank], needed: found.needed, held: copies[found.rank]};
  }
  var api = {MINUS: MINUS, columnsOf: columnsOf, scoreColumn: scoreColumn, scoreLayout: scoreLayout,
             together: together, layoutsFor: layoutsFor, shortRank: shortRank,
             readSigned: readSigned, formatSigned: formatSigned, lowest: lowest,
             applyCallerPenalty: applyCallerPenalty, outcome: outcome};
  if (typeof module === "object" && module.exports) module.exports = api;
  else root.GolfScoring = api;
})(typeof globalThis === "object" ? globalThis : this);
