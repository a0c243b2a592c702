// Progressive enhancement for the scorepad. Every form works without this file.
// Event delegation on document, so boards swapped in by htmx need no re-binding.
(function () {
  "use strict";
  var lang = document.documentElement.lang;

  // Rank words, card values and labels all come from the page, which has them from the
  // server's one card table; nothing about the cards is typed twice here.
  // What the server gives the script comes in a json_script element the form names.
  function pageData(form) {
    var script = document.getElementById(form.dataset.json);
    return script ? JSON.parse(script.textContent) : {};
  }
  function parseRanks(form, text) {
    var words = pageData(form).ranks || {};
    var token = new RegExp(Object.keys(words).sort(function (a, b) { return b.length - a.length; }).join("|"), "g");
    return (text.toLowerCase().match(token) || []).map(function (t) { return words[t]; });
  }
  function formatPoints(value) {
    var text = String(value);
    return lang === "nb" ? text.replace(".", ",") : text;
  }

  // The card helper: rank buttons write into the cards field; the total follows.
  function refresh(form) {
    var values = pageData(form).values || {};
    var hand = Number(form.dataset.hand);
    var used = {};
    form.querySelectorAll(".player-entry").forEach(function (entry) {
      var input = entry.querySelector(".cards-input");
      if (!input) return;
      var ranks = parseRanks(form, input.value);
      ranks.forEach(function (r) { used[r] = (used[r] || 0) + 1; });
      var count = entry.querySelector(".count");
      var sum = ranks.reduce(function (total, r) { return total + values[r]; }, 0);
      if (count) {
        count.textContent = input.value.trim()
          ? form.dataset.countText.replace("{given}", ranks.length).replace("{hand}", hand)
              .replace("{points}", formatPoints(sum))
          : "";
      }
      if (ranks.length === hand && input.value.trim()) {
        var total = ranks.reduce(function (sum, r) { return sum + values[r]; }, 0);
        entry.querySelector("input[inputmode=decimal]").value = formatPoints(total);
      }
    });
    form.querySelectorAll(".rank[data-rank]").forEach(function (button) {
      var full = (used[button.dataset.rank] || 0) >= 4;
      button.disabled = full;
    });
  }

  // The helper opens over the lines below and closes back to its own line: by itself
  // once the hand is complete (open, one tap a card: six taps for five cards), or "Done".
  function closeHelper(entry) {
    var details = entry.querySelector("details.helper");
    if (details) details.open = false;
    var total = entry.querySelector("input[inputmode=decimal]");
    if (total) { total.focus({preventScroll: true}); total.scrollIntoView({block: "nearest"}); }
  }
  document.addEventListener("click", function (event) {
    var done = event.target.closest("[data-helper-done]");
    if (done) { closeHelper(done.closest(".player-entry")); return; }
    var button = event.target.closest(".rank");
    if (!button) return;
    var entry = button.closest(".player-entry");
    var input = entry.querySelector(".cards-input");
    var form = button.closest("form");
    var hand = Number(form.dataset.hand);
    if (button.hasAttribute("data-clear")) {
      input.value = "";
      entry.querySelector("input[inputmode=decimal]").value = "";
    } else if (parseRanks(form, input.value).length < hand) {
      input.value = (input.value.trim() + " " + button.textContent.trim()).trim();
    }
    refresh(form);
    if (!button.hasAttribute("data-clear") && parseRanks(form, input.value).length === hand) closeHelper(entry);
  });

  // Enter in a total moves on to the next empty total; it saves only a whole round.
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input.matches || !input.matches("form.round-form input[inputmode=decimal]")) return;
    var totals = Array.prototype.slice.call(input.form.querySelectorAll("input[inputmode=decimal]"));
    var empty = totals.filter(function (t) { return !t.value.trim(); });
    if (empty.length) {
      event.preventDefault();
      var after = empty.filter(function (t) { return totals.indexOf(t) > totals.indexOf(input); })[0];
      (after || empty[0]).focus();
    }
  });

  document.addEventListener("input", function (event) {
    if (event.target.classList.contains("cards-input")) refresh(event.target.closest("form"));
    if (event.target.form && event.target.form.classList.contains("new-game")) newGame(event.target.form);
  });
  document.addEventListener("change", function (event) {
    if (event.target.form && event.target.form.classList.contains("new-game")) newGame(event.target.form);
  });

  // The new-game form: show only the names in play, name the dealer choices.
  function newGame(form) {
    var count = Number(form.elements.player_count.value);
    form.querySelectorAll(".name-field").forEach(function (field) {
      field.hidden = Number(field.dataset.seat) >= count;
    });
    var dealer = form.elements.first_dealer;
    Array.prototype.forEach.call(dealer.options, function (option) {
      var seat = Number(option.value);
      var name = form.elements["name_" + seat].value.trim();
      option.hidden = seat >= count;
      option.textContent = name || option.dataset.label || option.textContent;
      if (!option.dataset.label) option.dataset.label = option.textContent;
    });
    // More players than the chosen variant takes: the choice stays as the reader made
    // it, and the conflict is said beside both choices, in the server's own words.
    var problem = variantConflict(form);
    form.querySelectorAll("[data-variant-conflict]").forEach(function (note) {
      note.textContent = problem;
      note.hidden = !problem;
    });
    var variants = form.querySelector("#field-variant");
    if (variants) variants.classList.toggle("invalid", !!problem);
    var custom = form.querySelector("input[name=game_length][value=custom]");
    var threshold = form.querySelector("#field-threshold");
    if (custom && threshold) threshold.hidden = !custom.checked;
  }

  function variantConflict(form) {
    var limits = pageData(form);
    var chosen = form.querySelector("input[name=variant]:checked");
    var count = Number(form.elements.player_count.value);
    var limit = chosen && limits[chosen.value];
    if (!limit) return "";
    var more = form.elements.more_players && form.elements.more_players.checked && limit.more_max;
    if (more) return count > limit.more_max ? limit.more_message : "";
    return count > limit.max ? limit.message : "";
  }
  // Start with a conflict: nothing is sent; the reader lands on the choice to change.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form.new-game") || !variantConflict(form)) return;
    event.preventDefault();
    var chosen = form.querySelector("input[name=variant]:checked");
    chosen.focus();
    chosen.scrollIntoView({block: "center"});
  });

  // ------------------------------------------------------------------ the outbox
  // A round saved without a connection is kept on the phone (localStorage survives a
  // closed browser and a restart) with an id made here, shown at once as waiting, and
  // sent in order when the connection returns. The server stores the id with the round,
  // so a resent round is the same round. The kept rounds count at once: the standings
  // are worked out by the server's rules (scoring.js), and a kept round that decides the
  // game ends it on this phone. What the server refuses stays, with its reason, on every
  // page of the game until the player puts it back in the form or discards it; nothing
  // leaves the phone's storage without the page saying so.
  var STORE = "ghost-outbox";
  var SENT = "ghost-sent:";

  function loadAll() {
    try { return JSON.parse(localStorage.getItem(STORE) || "[]"); } catch (e) { return []; }
  }
  function saveAll(list) { localStorage.setItem(STORE, JSON.stringify(list)); }
  function waitingFor(game) {
    return loadAll().filter(function (e) { return e.game === game; })
      .sort(function (a, b) { return a.number - b.number; });
  }
  function newId() {
    if (window.crypto && crypto.randomUUID) return crypto.randomUUID();
    return "r" + Date.now().toString(36) + Math.random().toString(36).slice(2, 12);
  }
  function outboxBox() { return document.querySelector("[data-outbox][data-game]"); }
  // The round form names its json_script; the kept rounds' list carries the same texts.
  function texts(el) {
    var named = el && el.dataset.json ? el : outboxBox();
    return named ? pageData(named).texts || {} : {};
  }
  function fill(text, values) {
    // "%(n)s" from the server's catalogue, "{n}" from a template's own attributes
    return text.replace(/%\((\w+)\)s|\{(\w+)\}/g, function (_m, key, other) { return values[key || other]; });
  }
  function roundForm() { return document.querySelector("form.round-form[data-game]"); }
  function toNumber(text) { return Number(String(text).trim().replace(",", ".")); }
  function andList(names) {
    if (names.length < 2) return names.join("");
    var and = lang === "nb" ? " og " : " and ";
    return names.slice(0, -1).join(", ") + and + names[names.length - 1];
  }

  // The totals are checked against the possible set that came with the page, from the
  // server's card table: nothing impossible is kept to be refused later.
  function checkTotals(form) {
    var possible = pageData(form).possible || [];
    var t = texts(form), firstBad = null;
    form.querySelectorAll(".player-entry").forEach(function (entry) {
      var input = entry.querySelector("input[inputmode=decimal]");
      var name = entry.querySelector(".player-name").textContent.trim();
      var old = entry.querySelector(".error[data-offline]");
      if (old) old.remove();
      var text = input.value.trim().replace(",", ".");
      var problem = null;
      if (!text) problem = fill(t.missing, {name: name});
      else if (!/^\d{1,4}(\.\d?)?$|^\.\d$/.test(text)) problem = fill(t.not_number, {name: name});
      else if (possible.indexOf(Number(text)) < 0) problem = fill(t.impossible, {name: name, value: formatPoints(Number(text))});
      if (problem) {
        var p = document.createElement("p");
        p.className = "error"; p.dataset.offline = ""; p.textContent = problem;
        input.insertAdjacentElement("afterend", p);
        firstBad = firstBad || input;
      }
    });
    if (firstBad) { firstBad.focus(); firstBad.scrollIntoView({block: "center"}); }
    return !firstBad;
  }

  function keep(form) {
    if (!checkTotals(form)) return;
    var entry = {id: newId(), game: form.dataset.game, url: form.action, status: "waiting",
                 number: Number(form.elements.number.value), fields: {}, shown: [], points: []};
    form.querySelectorAll("input[name^=points_], input[name^=cards_]").forEach(function (input) {
      entry.fields[input.name] = input.value;
    });
    form.querySelectorAll(".player-entry").forEach(function (row) {
      // In the page's number format, whichever separator was typed: "Bo 3,5" only in Norwegian.
      var value = row.querySelector("input[inputmode=decimal]").value.trim();
      entry.shown.push(row.querySelector(".player-name").textContent.trim() + " " + formatPoints(toNumber(value)));
      entry.points.push(toNumber(value));
    });
    var all = loadAll(); all.push(entry); saveAll(all);
    say(fill(texts(form).kept, {n: entry.number}));
    form.querySelectorAll("input[name^=points_], input[name^=cards_]").forEach(function (i) { i.value = ""; });
    form.querySelectorAll("details.helper[open]").forEach(function (d) { d.open = false; });
    refresh(form);
    showOutbox();
    if (!form.hidden) {
      var first = form.querySelector("input[inputmode=decimal]");
      if (first) first.focus();
    }
  }

  function say(text) {
    var box = document.querySelector("[data-outbox-message]");
    if (box) { box.textContent = text; box.hidden = false; }
  }

  // The standings, the form and the list follow the outbox: the kept rounds count.
  function showOutbox() {
    var list = outboxBox();
    if (!list) return;
    var t = texts(list), entries = waitingFor(list.dataset.game), form = roundForm();
    var board = JSON.parse(list.dataset.board || "{}");
    var kept = entries.filter(function (e) { return e.status === "waiting" && e.points && e.points.length === board.names.length; });
    var items = list.querySelector("ul");
    items.textContent = "";
    entries.forEach(function (e) {
      var li = document.createElement("li");
      li.dataset.outboxRound = e.number;
      li.className = e.status;
      var label = e.status === "refused" ? fill(t.refused, {reason: e.reason}) : t.waiting;
      li.appendChild(document.createTextNode(fill(t.round, {n: e.number}) + ": " + e.shown.join(" · ") + " (" + label + ")"));
      if (e.status === "refused") {
        [["putback", putBack], ["discard", discard]].forEach(function (pair) {
          var b = document.createElement("button");
          b.type = "button"; b.className = "button secondary"; b.textContent = t[pair[0]];
          b.dataset[pair[0]] = "";
          b.addEventListener("click", function () { pair[1](e.id); });
          li.appendChild(b);
        });
      }
      items.appendChild(li);
    });
    list.querySelector("[data-outbox-count]").textContent =
      fill(entries.length === 1 ? t.count_one : t.count_other, {n: entries.length});
    list.hidden = entries.length === 0;
    if (board.names) countKept(list, board, kept, form, t);
  }

  // The server's rounds and the kept ones together, by the same rules as the server.
  function countKept(list, board, kept, form, t) {
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
      entriesAfter(list).forEach(function (e) { next = Math.max(next, e.number + 1); });
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
        var names = function (seats) { return andList(seats.map(function (i) { return board.names[i]; })); };
        provisional.querySelector(".big").textContent = result.losers.length
          ? fill(list.dataset.provisional, {names: names(result.losers)})
          : fill(list.dataset.provisionalWon, {names: names(result.winners)});
        provisional.querySelector("p:last-child").textContent = list.dataset.provisionalNext;
      }
    }
  }
  function entriesAfter(list) { return waitingFor(list.dataset.game); }

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

  function discard(id) {
    var all = loadAll(), gone = all.filter(function (e) { return e.id === id; })[0];
    all = all.filter(function (e) { return e.id !== id; });
    all.forEach(function (e) { if (e.game === gone.game && e.number > gone.number) e.number -= 1; });
    saveAll(all);
    showOutbox();
  }
  function putBack(id) {
    var all = loadAll(), entry = all.filter(function (e) { return e.id === id; })[0];
    var list = outboxBox(), form = roundForm();
    if (!form && list && window.location.pathname !== list.dataset.gameUrl) {
      // Only the game page has the form: go there, the round still kept until it is in it.
      sessionStorage.setItem("ghost-putback:" + entry.game, entry.id);
      window.location.href = list.dataset.gameUrl;
      return;
    }
    if (!form) { say(list.dataset.noForm); return; }
    sessionStorage.setItem("ghost-putback:" + entry.game, entry.id);
    window.location.reload();
  }
  // The round leaves the outbox only once its numbers are in the form on screen.
  function restorePutBack(form) {
    var key = "ghost-putback:" + form.dataset.game, id = sessionStorage.getItem(key);
    if (!id) return;
    sessionStorage.removeItem(key);
    var all = loadAll(), entry = all.filter(function (e) { return e.id === id; })[0];
    if (!entry) return;
    Object.keys(entry.fields).forEach(function (name) { if (form.elements[name]) form.elements[name].value = entry.fields[name]; });
    saveAll(all.filter(function (e) { return e.id !== id; }));
    say(texts(form).put_back);
  }
  function restoreElsewhere(list) {
    var key = "ghost-putback:" + list.dataset.game;
    if (sessionStorage.getItem(key) && !roundForm()) { sessionStorage.removeItem(key); say(list.dataset.noForm); }
  }
  // Rounds that left the phone because the server stored them: said once, after the reload.
  function showSent(list) {
    var key = SENT + list.dataset.game, sent = sessionStorage.getItem(key);
    if (!sent) return;
    sessionStorage.removeItem(key);
    say(fill(list.dataset.sent, {rounds: sent}));
  }

  var sending = false;
  function flush() {
    var list = outboxBox();
    if (!list || sending || !navigator.onLine) return;
    var entries = waitingFor(list.dataset.game);
    if (!entries.length || entries[0].status !== "waiting") return;
    sending = true;
    sendFrom(list, entries, 0, []);
  }
  function sendFrom(list, entries, i, sent) {
    function done() {
      sending = false;
      if (sent.length) {
        var key = SENT + list.dataset.game, t = texts(list);
        sessionStorage.setItem(key, sent.map(function (n) { return fill(t.round, {n: n}); }).join(", "));
        window.location.reload();  // the table as the server has it now
      } else {
        showOutbox();
      }
    }
    if (i >= entries.length || entries[i].status !== "waiting") return done();
    var e = entries[i], body = new URLSearchParams(e.fields);
    body.set("number", e.number);
    body.set("client_id", e.id);
    body.set("csrfmiddlewaretoken", document.querySelector("[name=csrfmiddlewaretoken]").value);
    fetch(e.url, {method: "POST", body: body, credentials: "same-origin", redirect: "manual"})
      .then(function (response) {
        if (response.type === "opaqueredirect" || response.ok) {
          saveAll(loadAll().filter(function (x) { return x.id !== e.id; }));
          sent.push(e.number);
          sendFrom(list, entries, i + 1, sent);
        } else if (response.status === 409 || response.status === 422) {
          return response.text().then(function (html) {
            var page = new DOMParser().parseFromString(html, "text/html");
            var reason = page.querySelector(".messages .warning, .errors, .error");
            var all = loadAll();
            all.forEach(function (x) {
              if (x.id === e.id) { x.status = "refused"; x.reason = reason ? reason.textContent.trim() : String(response.status); }
            });
            saveAll(all);
            done();
          });
        } else {
          sending = false;  // the server could not take it now: keep it and try later
          if (sent.length) done(); else retryLater();
        }
      })
      .catch(function () { sending = false; if (sent.length) done(); else retryLater(); });
  }
  // A send that failed is tried again by itself, sooner first and then every half
  // minute: a phone may say it is online when it is not (a page opened from its copy
  // without signal), and then no "online" event comes when the signal returns.
  var retryDelay = 0, retryTimer = null;
  function retryLater() {
    if (retryTimer) return;
    retryDelay = Math.min(retryDelay ? retryDelay * 2 : 2000, 30000);
    retryTimer = setTimeout(function () { retryTimer = null; flush(); }, retryDelay);
  }

  // No connection: a round is kept; a change that needs the server is refused here.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (navigator.onLine) return;
    if (form.matches("form.round-form[data-game]")) {
      event.preventDefault(); event.stopPropagation();
      keep(form);
    } else if (form.method === "post" && document.querySelector("[data-offline-refusal]")) {
      event.preventDefault(); event.stopPropagation();
      refuseOffline();
    }
  }, true);
  document.addEventListener("click", function (event) {
    var link = event.target.closest("a[data-needs-server]");
    if (link && !navigator.onLine) { event.preventDefault(); refuseOffline(); }
  }, true);
  function refuseOffline() {
    var p = document.querySelector("[data-offline-refusal]");
    if (p) { p.hidden = false; p.scrollIntoView({block: "center"}); }
  }

  // Bad mobile data: the request failed on the way. A round is kept; anything else says
  // that nothing was saved, with everything typed still in place.
  function sendError(show) {
    document.querySelectorAll("[data-send-error]").forEach(function (p) { p.hidden = !show; });
  }
  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    if (form && form.matches("form.round-form[data-game]")) keep(form); else sendError(true);
  });
  document.addEventListener("htmx:responseError", function (event) {
    var button = saveButton(event.detail.elt);
    if (button) { button.disabled = false; button.textContent = button.dataset.failed; }
    else sendError(true);
  });
  document.addEventListener("htmx:beforeRequest", function (event) {
    sendError(false);
    var button = saveButton(event.detail.elt);
    if (button) {
      button.dataset.label = button.dataset.label || button.textContent;
      button.disabled = true;
      button.textContent = button.dataset.saving;
    }
  });
  document.addEventListener("htmx:afterRequest", function (event) {
    var button = saveButton(event.detail.elt);
    if (button && event.detail.successful !== false && button.isConnected) {
      button.disabled = false;
      if (button.textContent === button.dataset.saving) button.textContent = button.dataset.label;
    }
  });
  function saveButton(elt) {
    var form = elt && elt.closest && elt.closest("form.round-form");
    return form && form.querySelector("button[data-saving]");
  }

  // After a swap the eye goes where the news is: the first invalid field, else the
  // message and the standings at the top of the board.
  // The form's first problem carries `autofocus` (for pages without this script); in a
  // swapped board htmx would focus it before its own scroll to the board's top, so the
  // focus waits for ours, and both happen at once.
  var firstProblem = null;
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "board") return;
    firstProblem = document.querySelector("#board [autofocus]");
    if (firstProblem) firstProblem.removeAttribute("autofocus");
  });
  function lookHere() {
    var bad = (firstProblem && firstProblem.isConnected && firstProblem) ||
      document.querySelector(".player-entry.invalid input[inputmode=decimal], .player-entry.invalid .cards-input");
    firstProblem = null;
    if (bad) { bad.focus(); bad.scrollIntoView({block: "center"}); return; }
    var news = document.querySelector("#board .result, #board .messages");
    if (news) { news.setAttribute("tabindex", "-1"); news.focus({preventScroll: true}); }
  }
  document.addEventListener("htmx:afterSettle", function (event) {
    // After htmx's own scroll to the board's top (`show:`), so that ours wins.
    if (event.detail.target && event.detail.target.id === "board") {
      requestAnimationFrame(lookHere);
      // The board changed in place: the phone's copy of the page follows it.
      var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
      if (worker) worker.postMessage({type: "refresh", urls: [window.location.pathname]});
    }
  });

  // A short name in the round table's header: a tap shows the full name under the table.
  document.addEventListener("click", function (event) {
    var th = event.target.closest && event.target.closest(".scores th[data-full]");
    if (!th) return;
    var line = th.closest(".table-wrap").parentNode.querySelector("[data-full-name]");
    if (line) line.textContent = th.querySelector("[aria-hidden]").textContent + ": " + th.dataset.full;
  });

  // Share the watch link: the phone's own share sheet, or the clipboard.
  document.addEventListener("click", function (event) {
    var button = event.target.closest("[data-share]");
    if (!button) return;
    var url = button.dataset.share, done = document.querySelector("[data-share-done]");
    function copied() { if (done) { done.textContent = button.dataset.copied; done.hidden = false; } }
    if (navigator.share) {
      navigator.share({title: button.dataset.shareTitle, url: url}).catch(function () {});
    } else if (navigator.clipboard) {
      navigator.clipboard.writeText(url).then(copied, function () {});
    }
  });

  // Keep the screen on during a round (Screen Wake Lock). Off until asked for; the
  // choice is remembered on this phone, and the lock is asked for again whenever the
  // page comes back into view (the browser drops it when the page is hidden).
  var lock = null;
  function wakeButton() { return document.querySelector("[data-wake-lock]"); }
  function wanted() { return localStorage.getItem("ghost-wake-lock") === "on"; }
  function showWake() {
    var button = wakeButton();
    if (!button) return;
    button.setAttribute("aria-pressed", wanted() ? "true" : "false");
    button.textContent = wanted() ? button.dataset.on : button.dataset.off;
  }
  function requestLock() {
    if (!wanted() || document.visibilityState !== "visible" || (lock && !lock.released)) return;
    navigator.wakeLock.request("screen").then(function (sentinel) { lock = sentinel; }, function () {});
  }
  document.addEventListener("click", function (event) {
    if (!event.target.closest("[data-wake-lock]")) return;
    localStorage.setItem("ghost-wake-lock", wanted() ? "off" : "on");
    if (wanted()) requestLock(); else if (lock) { lock.release(); lock = null; }
    showWake();
  });
  document.addEventListener("visibilitychange", requestLock);
  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flush();
  });

  function init() {
    var wake = wakeButton();
    if (wake && "wakeLock" in navigator) { wake.hidden = false; showWake(); requestLock(); }
    var share = document.querySelector("[data-share]");
    if (share && (navigator.share || navigator.clipboard)) share.hidden = false;
    var form = roundForm();
    if (form) restorePutBack(form);
    var list = outboxBox();
    if (list) { restoreElsewhere(list); showSent(list); showOutbox(); flush(); }
    document.documentElement.classList.add("js-helper");
    document.querySelectorAll(".ranks, [data-helper-done]").forEach(function (el) { el.hidden = false; });
    document.querySelectorAll("form.round-form").forEach(refresh);
    var start = document.querySelector("form.new-game");
    if (start) {
      Array.prototype.forEach.call(start.elements.first_dealer.options, function (o) { o.dataset.label = o.textContent; });
      newGame(start);
    }
  }
  document.addEventListener("DOMContentLoaded", init);
  document.addEventListener("htmx:afterSettle", init);
})();

// "Share the result": the phone's share sheet with the picture itself where the browser
// can share files (Web Share API, level 2); elsewhere the link downloads it, as it does
// without this script. The picture is fetched ahead, so the share happens within the tap.
(function () {
  "use strict";
  var ready = {};  // address -> File

  function prepare() {
    if (!navigator.canShare || !window.File) return;
    document.querySelectorAll("[data-share-result]").forEach(function (link) {
      var url = link.getAttribute("href");
      if (ready[url]) return;
      fetch(url, {credentials: "same-origin"}).then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.blob();
      }).then(function (blob) {
        var file = new File([blob], link.getAttribute("download") || "ghost.png", {type: "image/png"});
        if (navigator.canShare({files: [file]})) ready[url] = file;
      }).catch(function () {});
    });
  }

  document.addEventListener("click", function (event) {
    var link = event.target.closest("[data-share-result]");
    if (!link) return;
    var file = ready[link.getAttribute("href")];
    if (!file) return;  // the download, as without JavaScript
    event.preventDefault();
    navigator.share({files: [file], title: link.dataset.shareTitle}).catch(function (error) {
      if (error && error.name === "AbortError") return;  // the player closed the sheet
      delete ready[link.getAttribute("href")];
      link.click();
    });
  });
  document.addEventListener("DOMContentLoaded", prepare);
  document.addEventListener("htmx:afterSettle", prepare);
})();
