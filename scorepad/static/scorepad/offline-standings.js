// The rounds kept on the phone (outbox.js) counted in: the server's rounds and the kept
// ones together, by the same rules as the server (the game's module, common.js), in the
// standings, the round form and the table of rounds, each marked as not yet sent.
(function () {
  "use strict";
  var S = window.Scorepad, fill = S.fill;

  // `entries` are all this game's rounds on the phone, refused ones too; `kept` the
  // waiting ones that count.
  function countKept(list, board, kept, entries, form, t) {
    // The game's module counts: a kept round as it counts after the rounds before it
    // (null: no room for it), the course of the game, its numbers as the page writes them.
    var game = S.gameModule(board);
    var rounds = board.rounds.slice(), notes = [];
    kept.forEach(function (e) {
      var counted = game.counted(e, board, rounds);
      if (counted) { rounds.push(counted); notes.push(e.note || ""); }
    });
    var result = game.outcome(board, rounds);
    var serverDecided = game.outcome(board, board.rounds).finished;
    var points = game.format;
    var note = list.querySelector("[data-outbox-included]");
    note.hidden = kept.length === 0;
    note.textContent = fill(kept.length === 1 ? list.dataset.includedOne : list.dataset.includedOther, {n: kept.length});
    var standings = document.querySelector("#board .standings, .standings");
    if (standings) {
      standings.classList.toggle("provisional", kept.length > 0);
      standings.querySelectorAll("li").forEach(function (li, i) {
        if (result.totals[i] === undefined) return;
        if (!serverState.has(li)) serverState.set(li, {html: li.innerHTML, className: li.className});
        if (kept.length) game.standing(li, i, board, rounds.length, result, t);
        else { li.innerHTML = serverState.get(li).html; li.className = serverState.get(li).className; }
      });
    }
    var figure = document.getElementById("course");
    if (figure && figure.querySelector("svg")) {
      var svg = figure.querySelector("svg");
      if (!serverState.has(svg)) serverState.set(svg, {html: svg.innerHTML, hidden: figure.hidden});
      figure.classList.toggle("provisional", kept.length > 0);
      // the game's module says which rounds the chart draws (not a round played apart
      // that adds to nobody's total, which its words name instead); else every one
      var course = game.course ? game.course(result) : {running: result.running, extra: false};
      if (kept.length && course.running.length) { drawCourse(svg, board, result, course, t, points); figure.hidden = false; }
      else { svg.innerHTML = serverState.get(svg).html; figure.hidden = serverState.get(svg).hidden; }
    }
    keptRows(board, rounds.slice(board.rounds.length), result, t, points, game, notes);
    var provisional = document.querySelector("[data-provisional-result]");
    var decided = result.finished && !serverDecided;
    if (form) {
      form.hidden = decided;
      var next = board.rounds.length + kept.length + 1;
      entries.forEach(function (e) { next = Math.max(next, e.number + 1); });
      form.elements.number.value = next;
      var heading = form.querySelector("[data-round-heading]");
      if (heading) heading.textContent = (game.heading && game.heading(result, t)) || fill(t.round, {n: next});
      if (game.players) game.players(form, result);
      var save = form.querySelector("button[type=submit]");
      var extra = result.extra_hole_pending && t.save_extra;
      if (save && !save.disabled) save.textContent = extra ? t.save_extra : fill(t.save, {n: next});
      var hint = form.querySelector("[data-deals]");
      var out = game.dealerPlays && !game.dealerPlays(result);  // a round only some play
      if (hint) hint.textContent = fill(out ? list.dataset.dealsOutText : list.dataset.dealsText, {d: board.names[result.next_dealer], s: board.names[result.next_starter]});
    }
    if (provisional) {
      provisional.hidden = !decided;
      if (decided) {
        var names = function (seats) { return S.andList(seats.map(function (i) { return board.names[i]; })); };
        provisional.querySelector(".big").textContent = result.losers && result.losers.length
          ? fill(list.dataset.provisional, {names: names(result.losers)})
          : fill(list.dataset.provisionalWon, {names: names(result.winners)});
        provisional.querySelector("p:last-child").textContent = list.dataset.provisionalNext;
      }
    }
  }
  S.countKept = countKept;

  // What the server showed, put back when no kept round counts any more.
  var serverState = new WeakMap();

  // ------------------------------------------------------------------ the chart
  // The course of the game as scorepad/logic/chart.py draws it (and _chart.html writes
  // it): the same box, steps, ticks and label places, numbers to one decimal.
  var WIDTH = 320, HEIGHT = 200, LEFT = 30, TOP = 14, BOTTOM = HEIGHT - 22, RIGHT = WIDTH - 80;
  var LABEL_X = RIGHT + 8, LABEL_GAP = 13, LABEL_CHARS = 8;
  var SHAPES = ["circle", "square", "triangle", "diamond", "down", "cross"];
  var DASHES = ["", "6 3", "2 3", "8 3 2 3", "1 3"];
  var NICE_STEPS = [1, 2, 5, 10, 20, 25, 50, 100, 200, 250, 500];

  // Python's "%.1f": both round the exact value of the double, but an exact tie (only
  // quarters are exact ties: 56.25) goes to the even digit there, up here.
  function f1(x) {
    var tenths = x * 10, floor = Math.floor(tenths);
    if (Number.isInteger(x * 4) && tenths - floor === 0.5) return ((floor % 2 === 0 ? floor : floor + 1) / 10).toFixed(1);
    return x.toFixed(1);
  }
  function esc(text) {
    return String(text).replace(/[&<>"]/g, function (c) { return {"&": "&amp;", "<": "&lt;", ">": "&gt;", "\"": "&quot;"}[c]; });
  }
  function shorten(name) {
    var chars = Array.from(name);
    return chars.length <= LABEL_CHARS ? name : chars.slice(0, LABEL_CHARS - 1).join("").replace(/\s+$/, "") + "…";
  }
  function spread(wanted, low, high, gap) {
    var order = wanted.map(function (_w, i) { return i; }).sort(function (a, b) { return wanted[a] - wanted[b]; });
    var placed = wanted.map(function () { return 0; });
    gap = Math.min(gap, (high - low) / Math.max(wanted.length - 1, 1));
    var previous = low - gap;
    order.forEach(function (i) { placed[i] = Math.max(wanted[i], previous + gap, low); previous = placed[i]; });
    if (previous - high > 0) {
      var following = high + gap;
      order.slice().reverse().forEach(function (i) { placed[i] = Math.min(placed[i], following - gap); following = placed[i]; });
    }
    return placed;
  }
  function markerPath(shape, x, y) {
    var r = 3.5, d = 2 * r;
    if (shape === "cross") return "M" + f1(x - r) + "," + f1(y - r) + "l" + f1(d) + "," + f1(d) + "m0," + f1(-d) + "l" + f1(-d) + "," + f1(d);
    var corners = {
      square: [[x - r, y - r], [x + r, y - r], [x + r, y + r], [x - r, y + r]],
      triangle: [[x, y - r - 0.5], [x + r, y + r], [x - r, y + r]],
      diamond: [[x, y - r - 1], [x + r + 1, y], [x, y + r + 1], [x - r - 1, y]],
      down: [[x, y + r + 0.5], [x + r, y - r], [x - r, y - r]]
    }[shape];
    if (corners) return "M" + corners.map(function (c) { return f1(c[0]) + "," + f1(c[1]); }).join("L") + "z";
    var arc = "a" + f1(r) + "," + f1(r) + " 0 1,0";
    return "M" + f1(x - r) + "," + f1(y) + arc + " " + f1(d) + ",0" + arc + " " + f1(-d) + ",0z";
  }

  // From 0 up, or from below 0 where a total is; `formatPoints` is the game's (a real
  // minus sign where a total may be below 0).
  function drawCourse(svg, board, result, course, t, formatPoints) {
    var running = course.running, rounds = running.length, threshold = board.threshold;
    var highest = Math.max.apply(null, running.map(function (totals) { return Math.max.apply(null, totals); }));
    var lowest = Math.min.apply(null, running.map(function (totals) { return Math.min.apply(null, totals); }));
    var reach = Math.max(highest, threshold || 0, 1), depth = Math.max(-lowest, 0);
    var step = NICE_STEPS.filter(function (s) { return (reach + depth) / s <= 5; })[0] || NICE_STEPS[NICE_STEPS.length - 1];
    var top = Math.ceil(reach / step) * step, bottom = -Math.ceil(depth / step) * step || 0;
    function x(number) { return rounds <= 1 ? (LEFT + RIGHT) / 2 : LEFT + (number - 1) * (RIGHT - LEFT) / (rounds - 1); }
    function y(value) { return BOTTOM - (value - bottom) / (top - bottom) * (BOTTOM - TOP); }
    var thresholdY = threshold === null ? null : y(threshold);
    var html = "<defs>" + board.names.map(function (_n, seat) {
      return '<marker id="mark-' + seat + '" class="c' + seat % 6 + '" viewBox="0 0 10 10" refX="5" refY="5" markerWidth="8" markerHeight="8" markerUnits="userSpaceOnUse"><path d="' + markerPath(SHAPES[seat % 6], 5, 5) + '"/></marker>';
    }).join("") + '</defs><g class="grid">';
    for (var v = bottom; v <= top; v += step) {
      if (thresholdY !== null && Math.abs(y(v) - thresholdY) < LABEL_GAP) continue;
      html += '<line x1="' + LEFT + '" x2="' + RIGHT + '" y1="' + f1(y(v)) + '" y2="' + f1(y(v)) + '"/><text x="' + (LEFT - 4) + '" y="' + f1(y(v)) + '" dy="3.5" text-anchor="end">' + formatPoints(v) + "</text>";
    }
    var every = Math.max(1, Math.ceil(rounds / 10)), numbers = [];
    for (var n = 1; n <= rounds; n += every) numbers.push(n);
    if (numbers[numbers.length - 1] !== rounds) {
      if (rounds - numbers[numbers.length - 1] < every / 2 && numbers.length > 1) numbers.pop();
      numbers.push(rounds);
    }
    numbers.forEach(function (number) {
      html += '<text x="' + f1(x(number)) + '" y="' + (HEIGHT - 8) + '" text-anchor="middle">' + number + "</text>";
    });
    html += '<text class="axis-name" x="' + (RIGHT + 10) + '" y="' + (HEIGHT - 8) + '" text-anchor="start">' + esc(svg.dataset.axisName || "") + "</text></g>";
    if (thresholdY !== null) {
      html += '<g class="threshold" data-threshold="' + threshold + '"><line x1="' + LEFT + '" x2="' + RIGHT + '" y1="' + f1(thresholdY) + '" y2="' + f1(thresholdY) + '"/><text x="' + (LEFT - 4) + '" y="' + f1(thresholdY) + '" dy="3.5" text-anchor="end">' + formatPoints(threshold) + "</text></g>";
    }
    var ends = board.names.map(function (_n, seat) { return y(running[rounds - 1][seat]) + 4; });
    var baselines = spread(ends, TOP + 8, BOTTOM + 4, LABEL_GAP);
    board.names.forEach(function (name, seat) {
      var dash = DASHES[(seat + Math.floor(seat / 6)) % DASHES.length];
      var points = running.map(function (totals, index) { return f1(x(index + 1)) + "," + f1(y(totals[seat])); }).join(" ");
      html += '<g class="player c' + seat % 6 + '" data-seat="' + seat + '" data-total="' + result.totals[seat] + '"><polyline points="' + points + '"' +
        (dash ? ' stroke-dasharray="' + dash + '"' : "") + ' marker-start="url(#mark-' + seat + ')" marker-mid="url(#mark-' + seat + ')" marker-end="url(#mark-' + seat + ')"/>' +
        '<path class="label-mark" d="' + markerPath(SHAPES[seat % 6], WIDTH - 80 + 11, baselines[seat] - 3.5) + '"/><text class="name" x="' + (LABEL_X + 8) + '" y="' + f1(baselines[seat]) + '">' + esc(board.labels ? board.labels[seat] : shorten(name)) + "</text></g>";
    });
    var totals = board.names.map(function (name, seat) { return name + " " + formatPoints(result.totals[seat]); }).join(", ");
    var words = course.extra ? [t.course_extra_one, t.course_extra_other] : [t.course_one, t.course_other];
    var description = fill(rounds === 1 ? words[0] : words[1], {n: rounds, totals: totals});
    if (threshold !== null) description += " " + fill(t.course_threshold, {t: threshold});
    var title = svg.querySelector("title"), desc = svg.querySelector("desc");
    svg.innerHTML = html;
    svg.classList.add("course-svg");  // not on the empty one a page has before its first round
    svg.dataset.rounds = rounds;
    svg.dataset.top = top;
    svg.dataset.bottom = bottom;
    desc.textContent = description;
    svg.insertBefore(desc, svg.firstChild);
    svg.insertBefore(title, desc);
  }

  // The kept rounds are rows of the table of rounds too, after the server's, each marked
  // "not sent", with the running sums they make.
  // A kept round's note (a penalty that changed it) under its row, as the server writes it.
  // The lowest score of a kept row is shaded and starred as the server's rows are: the
  // game's module says whose it is (rowWinners), its word for it is the table's.
  function keptRows(board, kept, result, t, points, game, notes) {  // kept: the kept rounds as they count
    var wrap = document.getElementById("rounds");
    var body = wrap && wrap.querySelector("table.scores tbody");
    var winner = wrap && wrap.querySelector("table.scores").dataset.winner;
    if (!body) return;
    body.querySelectorAll("tr.kept, tr.kept-note").forEach(function (tr) { tr.remove(); });
    kept.forEach(function (counted, k) {
      var index = board.rounds.length + k, tr = document.createElement("tr");
      var th = document.createElement("th"), note = document.createElement("small");
      tr.className = "kept";
      th.scope = "row";
      note.textContent = t.unsent;
      // the row's name as the server writes it: its number, or the game's word for it
      var label = (game.rowLabel && game.rowLabel(index, board, t)) || String(index + 1);
      th.append(label, document.createElement("br"), note);
      tr.appendChild(th);
      counted.forEach(function (hole, seat) {
        var td = document.createElement("td"), sum = document.createElement("small");
        var running = result.running[index];
        if (hole === null) { tr.appendChild(td); return; }  // a player not in this round
        sum.textContent = running ? points(running[seat]) : "";
        td.append(points(hole));
        if (game.rowWinners && game.rowWinners(result, index).indexOf(seat) >= 0) {
          var star = document.createElement("span"), said = document.createElement("span");
          td.className = "round-win";
          star.className = "star"; star.setAttribute("aria-hidden", "true"); star.textContent = "★";
          said.className = "sr"; said.textContent = winner || "";
          td.append(" ", star, said);
        }
        td.append(document.createElement("br"), sum);
        tr.appendChild(td);
      });
      body.appendChild(tr);
      if (notes && notes[k]) {
        tr.classList.add("penalty");
        var row = body.appendChild(document.createElement("tr")), cell = document.createElement("td");
        var small = cell.appendChild(document.createElement("small"));
        row.className = "kept-note penalty-note";
        cell.colSpan = counted.length + 1;
        small.textContent = notes[k];
        row.appendChild(cell);
      }
    });
    wrap.hidden = !body.rows.length;
  }
})();
