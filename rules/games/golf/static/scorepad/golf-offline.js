// Golf's holes kept on the phone, for outbox.js and offline-standings.js, which ask the
// game's module (window.GameModules.golf, the key the board's data names): a hole form's
// scores read as the server reads them (forms/golf.py: its pattern, then
// words.read_signed) and refused as it refuses them, the scores kept by seat with who
// called; a kept hole counted as outcome.py counts it (the caller penalty, the extra
// hole for the tied only), the standings' lines with the gap to the lead, and the form
// at an extra hole the kept holes lead to. golf-scoring.js counts.
(function () {
  "use strict";
  var S = window.Scorepad, G = window.GolfScoring, fill = S.fill;

  // ------------------------------------------------------------------ the hole form
  // Its players' fields in seat order with their names (at the extra hole, the tied's).
  function fields(form) {
    return Array.prototype.filter.call(form.querySelectorAll("input[name^=points_]"), function (input) {
      return /^points_\d+$/.test(input.name) && !input.disabled;  // not in the extra hole
    }).map(function (input) {
      var label = input.labels && input.labels[0];
      return {input: input, seat: Number(input.name.slice(7)), name: label ? label.textContent.trim() : input.name};
    }).sort(function (a, b) { return a.seat - b.seat; });
  }
  // As the server reads a score (forms/golf.py): its pattern, then words.read_signed; a
  // score no layout makes is refused with the nearest possible ones, as it words it.
  function problem(typed, form, name, t) {
    var data = S.pageData(form), possible = data.possible || [];
    var value = data.number && !new RegExp(data.number).test(typed) ? null : G.readSigned(typed);
    if (value === null) return fill(t.not_number, {name: name});
    if (possible.indexOf(value) >= 0) return null;
    if (!t.nearest_one || !possible.length) return fill(t.impossible, {name: name, value: G.formatSigned(value)});
    var distance = Math.min.apply(null, possible.map(function (p) { return Math.abs(p - value); }));
    var nearest = possible.filter(function (p) { return Math.abs(p - value) === distance; })
      .sort(function (a, b) { return a - b; });
    return fill(nearest.length === 1 ? t.nearest_one : t.nearest_other,
                {name: name, value: G.formatSigned(value), nearest: S.andList(nearest.map(G.formatSigned))});
  }
  // A kept Golf hole: the scores by seat (null for a player not in this hole, as in the
  // extra hole), who called (null: nobody chosen, or no caller penalty at this table).
  function keepHole(form, entry, players) {
    entry.points = [];
    for (var seat = 0; seat < players; seat++) entry.points.push(null);
    fields(form).forEach(function (field) {
      var value = G.readSigned(field.input.value);
      entry.points[field.seat] = value;
      entry.shown.push(field.name + " " + G.formatSigned(value));
    });
    var called = form.querySelector("input[name=caller]:checked:not(:disabled)");
    entry.caller = called ? Number(called.value) : null;
    if (called) entry.fields.caller = called.value;
    penaltyShown(form, entry);
  }
  // A kept hole the caller penalty changes is listed as it will count, with the note its
  // row will carry (pages.penalty_note), as the table of holes shows it: one set of
  // numbers for one hole.
  function penaltyShown(form, entry) {
    var list = fields(form), t = S.pageData(form).texts || {};
    if (entry.caller === null || list.length < 2 || !t.penalty_one) return;
    var applied = G.applyCallerPenalty(entry.points, entry.caller);
    if (!applied.zeroed.length) return;
    var name = function (seat) { return list.filter(function (f) { return f.seat === seat; })[0].name; };
    entry.shown = list.map(function (f) { return f.name + " " + G.formatSigned(applied.scores[f.seat]); });
    var zeroed = applied.zeroed.filter(function (seat) { return seat !== entry.caller; });
    entry.note = fill(zeroed.length === 1 ? t.penalty_one : t.penalty_other, {
      caller: name(entry.caller), added: G.formatSigned(applied.added),
      zeroed: S.andList(zeroed.map(name)), written: G.formatSigned(applied.scores[zeroed[0]])});
  }

  // ------------------------------------------------------------------ the standings
  // A Golf board: the agreed holes and the extra-hole rule; its
  // rounds are the server's holes as they count (after the caller penalty), null for a
  // player not in the extra hole.
  function outcome(board, holes) {
    return G.outcome(board.names.length, holes, board.holes, board.extra_hole, board.first_dealer);
  }
  // A kept hole as it counts after the holes `before` it: the caller penalty on the
  // scores as typed, when the form asked who called (only at a table that plays it),
  // among the players of the hole; at the extra hole, only the tied players' scores.
  // null: a hole the game has no room for (it was decided before).
  function counted(entry, board, before) {
    var points = entry.points;
    if (before.length >= board.holes) {
      var course = outcome(board, before);
      if (!course.extra_hole_pending) return null;
      points = points.map(function (p, seat) { return course.extra_players.indexOf(seat) >= 0 ? p : null; });
    }
    var playing = points.filter(function (p) { return p !== null; }).length;
    if (typeof entry.caller !== "number" || points[entry.caller] === null || playing < 2) return points;
    return G.applyCallerPenalty(points, entry.caller).scores;
  }
  // The hole form after the kept holes: at an extra hole they lead to, only the tied
  // players' scores, and who called among them (the server's form for it is so).
  function players(form, result) {
    var extra = result.extra_hole_pending;
    var playing = form.querySelectorAll("input[name^=points_]");
    var seats = [];
    playing.forEach(function (input) {
      var seat = Number(input.name.slice(7)), plays = !extra || result.extra_players.indexOf(seat) >= 0;
      var entry = input.closest(".player-entry") || input;
      entry.hidden = !plays;
      input.disabled = !plays;
      if (plays) seats.push(seat);
    });
    var caller = form.querySelector("input[name=caller]");
    var group = caller && (caller.closest("fieldset") || caller);
    if (group) {
      form.querySelectorAll("input[name=caller]").forEach(function (i) {
        var plays = seats.indexOf(Number(i.value)) >= 0;
        (i.closest("label") || i).hidden = !plays;
        i.disabled = !plays;
        if (!plays) i.checked = false;
      });
    }
    if (form.dataset.offlinePlaying !== seats.join()) {
      var first = form.dataset.offlinePlaying === undefined;
      form.dataset.offlinePlaying = seats.join();
      if (!first && S.resetLayouts) S.resetLayouts(form);
    }
  }
  // One line of Golf's standings: the lowest total leads; the others, their gap to it.
  function standing(li, i, board, played, result, t) {
    var n = board.names.length, total = result.totals[i];
    var open = played > 0 && !result.finished;
    var leaders = open ? result.leaders : [];
    // Those who play the extra hole are the tied leaders: "plays the extra hole" says both.
    var extra = result.extra_hole_pending && result.extra_players.indexOf(i) >= 0;
    li.className = result.finished && result.winners.indexOf(i) >= 0 ? "won" : "";
    S.writeMarks(li, [[result.finished && result.winners.indexOf(i) >= 0, "mark good", t.won],
                      [i === result.next_dealer && !result.finished, "mark", t.deals],
                      [leaders.indexOf(i) >= 0 && leaders.length < n && !extra, "mark good", t.leads],
                      [extra, "mark", t.plays_extra]]);
    li.querySelector(".total").textContent = G.formatSigned(total);
    // The server writes the gap only behind the lead (scorepad/golf/_standing.html).
    var gap = li.querySelector(".distance");
    if (!gap) { gap = li.appendChild(document.createElement("span")); gap.className = "distance"; }
    gap.textContent = open && result.gaps[i] > 0 && t.behind ? fill(t.behind, {d: G.formatSigned(result.gaps[i])}) : "";
  }

  // The hole's scores checked together, as forms/golf.py does: can the decks deal
  // layouts making all of them at once? The players who cannot all have theirs.
  function together(form) {
    var data = S.pageData(form);
    if (!G.together || !data.rank_order) return null;
    var list = fields(form), scores = [];
    list.forEach(function (f) {
      while (scores.length < f.seat) scores.push(null);
      scores[f.seat] = G.readSigned(f.input.value);
    });
    var spec = {rows: data.layout.rows, columns: data.layout.columns, values: data.layout.values,
                four_of_a_kind: data.layout.four_of_a_kind, four_bonus: data.layout.four_bonus,
                ranks: data.rank_order, copies: data.copies};
    var clash = G.together(spec, scores, data.possible);
    if (!clash) return null;
    // why, when one rank says it ("at least six twos, and the deck has only four")
    var short = G.shortRank(spec, scores, clash), words = data.count_words || [];
    function counted(n) { return n < words.length ? words[n] : String(n); }
    return {named: clash.map(function (seat) {
      var f = list.filter(function (x) { return x.seat === seat; })[0];
      return f.name + " " + G.formatSigned(scores[seat]);
    }), copies: data.together ? data.together.copies : 4,
    short: short && {needed: counted(short.needed), ranks: data.rank_plurals[short.rank], held: counted(short.held)}};
  }

  // The form's heading at an extra hole the kept holes lead to.
  function heading(result, t) { return result.extra_hole_pending && t.extra_hole; }
  // The note that a hole is kept on the phone, the extra hole's by its name (outbox.js).
  function keptText(number, board, t) { return number > board.holes ? t.kept_extra : null; }

  // What the chart draws, as the server's (Game.counted_running): the holes that count,
  // never the extra hole, which only the tied play and which adds to nobody's total;
  // the words say it was played (pad/pages.py course_description).
  // A kept row's name: the extra hole is named, not numbered (pages/board.py).
  function rowLabel(index, board, t) { return index >= board.holes ? t.extra_row : null; }
  // Whose is a row's lowest score, shaded in the table as the server shades it: a hole's
  // lowest, or the extra hole's among those who played it.
  function rowWinners(result, index) {
    if (index < result.hole_winners.length) return result.hole_winners[index];
    return result.extra_scores ? G.lowest(result.extra_scores) : [];
  }
  // A sent hole's name in a sentence, where it is not its number: "the extra hole".
  function sentName(index, board, t) { return index >= board.holes ? t.sent_extra : null; }
  // Whether the next hole's dealer plays it: at the extra hole only the tied do.
  function dealerPlays(result) {
    return !result.extra_hole_pending || result.extra_players.indexOf(result.next_dealer) >= 0;
  }
  function course(result) {
    return {running: result.running.slice(0, result.holes), extra: result.extra_scores !== null};
  }

  S.register("golf", {fields: fields, problem: problem, keep: keepHole, keptText: keptText, outcome: outcome,
                      counted: counted, standing: standing, players: players,
                      heading: heading, together: together, course: course, rowLabel: rowLabel,
                      rowWinners: rowWinners, dealerPlays: dealerPlays, sentName: sentName,
                      format: G.formatSigned});
})();
