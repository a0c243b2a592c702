// The rounds kept on the phone (outbox.js) counted in: the server's rounds and the kept
// ones together, by the same rules as the server (scoring.js), in the standings, the
// round form and the table of rounds, each marked as not yet sent.
(function () {
  "use strict";
  var S = window.Scorepad, fill = S.fill, formatPoints = S.formatPoints;

  // `entries` are all this game's rounds on the phone, refused ones too; `kept` the
  // waiting ones that count.
  function countKept(list, board, kept, entries, form, t) {
    var rounds = board.rounds.concat(kept.map(function (e) { return e.points; }));
    var result = window.GhostScoring.outcome(board.names.length, rounds, board.threshold, board.first_dealer);
    var serverDecided = window.GhostScoring.outcome(board.names.length, board.rounds, board.threshold, board.first_dealer).finished;
    var note = list.querySelector("[data-outbox-included]");
    note.hidden = kept.length === 0;
    note.textContent = fill(kept.length === 1 ? list.dataset.includedOne : list.dataset.includedOther, {n: kept.length});
    var standings = document.querySelector("#board .standings, .standings");
    if (standings) {
      standings.classList.toggle("provisional", kept.length > 0);
      standings.querySelectorAll("li").forEach(function (li, i) {
        var total = li.querySelector(".total"), meter = li.querySelector("meter");
        if (!total || result.totals[i] === undefined) return;
        if (!total.dataset.server) total.dataset.server = total.textContent;
        total.textContent = kept.length ? formatPoints(result.totals[i]) : total.dataset.server;
        if (meter) meter.value = result.totals[i];
        li.classList.toggle("lost", result.losers.indexOf(i) >= 0);
      });
    }
    keptRows(board, kept, result, t);
    var provisional = document.querySelector("[data-provisional-result]");
    var decided = result.finished && !serverDecided;
    if (form) {
      form.hidden = decided;
      var next = board.rounds.length + kept.length + 1;
      entries.forEach(function (e) { next = Math.max(next, e.number + 1); });
      form.elements.number.value = next;
      var heading = form.querySelector("[data-round-heading]");
      if (heading) heading.textContent = fill(t.round, {n: next});
      var save = form.querySelector("button[type=submit]");
      if (save && !save.disabled) save.textContent = fill(t.save, {n: next});
      var hint = form.querySelector("[data-deals]");
      if (hint) hint.textContent = fill(list.dataset.dealsText, {d: board.names[result.next_dealer], s: board.names[result.next_starter]});
    }
    if (provisional) {
      provisional.hidden = !decided;
      if (decided) {
        var names = function (seats) { return S.andList(seats.map(function (i) { return board.names[i]; })); };
        provisional.querySelector(".big").textContent = result.losers.length
          ? fill(list.dataset.provisional, {names: names(result.losers)})
          : fill(list.dataset.provisionalWon, {names: names(result.winners)});
        provisional.querySelector("p:last-child").textContent = list.dataset.provisionalNext;
      }
    }
  }
  S.countKept = countKept;

  // The kept rounds are rows of the table of rounds too, after the server's, each marked
  // "not sent", with the running sums they make.
  function keptRows(board, kept, result, t) {
    var wrap = document.getElementById("rounds");
    var body = wrap && wrap.querySelector("table.scores tbody");
    if (!body) return;
    body.querySelectorAll("tr.kept").forEach(function (tr) { tr.remove(); });
    kept.forEach(function (e, k) {
      var index = board.rounds.length + k, tr = document.createElement("tr");
      var th = document.createElement("th"), note = document.createElement("small");
      tr.className = "kept";
      th.scope = "row";
      note.textContent = t.unsent;
      th.append(String(index + 1), document.createElement("br"), note);
      tr.appendChild(th);
      e.points.forEach(function (points, seat) {
        var td = document.createElement("td"), sum = document.createElement("small");
        sum.textContent = formatPoints(result.running[index][seat]);
        td.append(formatPoints(points), document.createElement("br"), sum);
        tr.appendChild(td);
      });
      body.appendChild(tr);
    });
    wrap.hidden = !body.rows.length;
  }
})();
