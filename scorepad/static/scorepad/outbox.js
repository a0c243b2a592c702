// The outbox. A round saved without a connection is kept on the phone (localStorage
// survives a closed browser and a restart) with an id made here, shown at once as
// waiting, and sent in order when the connection returns. The server stores the id with
// the round, so a resent round is the same round. The kept rounds count at once (see
// offline-standings.js), and a kept round that decides the game ends it on this phone.
// What the server refuses stays, with its reason, on every page of the game until the
// player puts it back in the form or discards it; nothing leaves the phone's storage
// without the page saying so.
(function () {
  "use strict";
  var S = window.Scorepad, fill = S.fill;
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
    return named ? S.pageData(named).texts || {} : {};
  }
  function roundForm() { return document.querySelector("form.round-form[data-game]"); }
  // What differs by game (a form's fields, a total's check, a kept round) is its
  // module's (common.js), which the board's data names.
  function boardData() { return S.attributeData(outboxBox(), "board"); }
  function game() { return S.gameModule(boardData()); }
  // A kept round's name and note: its number, or the game's word (a hole played apart, such as an extra hole).
  function roundName(n, t) {
    var module = game();
    return (module.rowLabel && module.rowLabel(n - 1, boardData(), t)) || fill(t.round, {n: n});
  }
  // The rounds sent as a sentence names them: "holes 2, 3 and 4", "hole 1 and the extra hole".
  function sentList(numbers, t) {
    var module = game(), board = boardData(), numbered = [], named = [];
    if (!t.sent_one) return numbers.map(function (n) { return roundName(n, t); }).join(", ");
    numbers.forEach(function (n) {
      var name = module.sentName && module.sentName(n - 1, board, t);
      (name ? named : numbered).push(name || n);
    });
    var all = numbered.length ? [fill(numbered.length > 1 ? t.sent_other : t.sent_one, {n: numbered[0], list: S.andList(numbered)})] : [];
    return S.andList(all.concat(named));
  }
  function keptText(n, t) {
    var module = game();
    return (module.keptText && module.keptText(n, boardData(), t)) || fill(t.kept, {n: n});
  }

  // The totals are checked against the possible set that came with the page, from the
  // server's card table: nothing impossible is kept to be refused later.
  function checkTotals(form) {
    var t = texts(form), firstBad = null;
    var together = form.querySelector("p.error[data-offline][role=alert]");
    if (together) together.remove();
    pointsFields(form).forEach(function (field) {
      var input = field.input, name = field.name;
      var old = input.parentNode.querySelector(".error[data-offline]");
      if (old) old.remove();
      var typed = input.value.trim(), problem = null;
      if (!typed) problem = fill(t.missing, {name: name});
      else problem = game().problem(typed, form, name, t);
      if (problem) {
        var p = document.createElement("p");
        p.className = "error"; p.dataset.offline = ""; p.textContent = problem;
        input.insertAdjacentElement("afterend", p);
        firstBad = firstBad || input;
      }
    });
    var clash = firstBad ? null : togetherProblem(form, t);
    if (clash) {
      var fields = pointsFields(form), p = document.createElement("p");
      p.className = "error"; p.dataset.offline = ""; p.setAttribute("role", "alert"); p.textContent = clash;
      fields[0].input.closest(".player-entry").insertAdjacentElement("beforebegin", p);
      firstBad = fields[0].input;
    }
    if (firstBad) { firstBad.focus(); firstBad.scrollIntoView({block: "center"}); }
    return !firstBad;
  }
  // The totals checked together, as the server's form does (issue 35): can the decks deal
  // all of them at once? The game's module says who cannot.
  function togetherProblem(form, t) {
    var module = game();
    if (!t.together || !module.together) return null;
    var found = module.together(form);  // {named: ["Anna 3", …], copies: n, short} or null
    if (!found) return null;
    var values = {players: S.andList(found.named), n: found.copies};
    if (found.short && t.together_short) return fill(t.together_short, Object.assign(values, found.short));
    return fill(t.together, values);
  }

  // The players' fields in seat order with their names.
  function pointsFields(form) { return game().fields(form); }

  function keep(form) {
    if (!checkTotals(form)) return;
    var entry = {id: newId(), game: form.dataset.game, url: form.action, status: "waiting",
                 number: Number(form.elements.number.value), fields: {}, shown: [], points: []};
    form.querySelectorAll("input[name^=points_], input[name^=cards_]").forEach(function (input) {
      if (!input.disabled) entry.fields[input.name] = input.value;
    });
    var board = boardData();
    game().keep(form, entry, board.names ? board.names.length : pointsFields(form).length);
    var all = loadAll(); all.push(entry); saveAll(all);
    say(keptText(entry.number, texts(form)));
    form.querySelectorAll("input[name^=points_], input[name^=cards_]").forEach(function (i) { i.value = ""; });
    form.querySelectorAll("input[name=caller]").forEach(function (i) { i.checked = false; });
    form.querySelectorAll("details.helper[open]").forEach(function (d) { d.open = false; });
    if (S.refresh) S.refresh(form);
    if (S.resetLayouts) S.resetLayouts(form);
    showOutbox();
    lookAtNote();
  }
  // As after a save through the server, the eye goes to the news: the note that the
  // round is kept here opens the screen, with the standings and the next round's form
  // and Save below it (the list of waiting rounds above it says the same at length). The
  // focus is on the note, not a total, whose keyboard would push it away.
  function lookAtNote() {
    var note = document.querySelector("[data-outbox-message]");
    if (!note || note.hidden) return;
    note.setAttribute("tabindex", "-1");
    note.focus({preventScroll: true});
    note.scrollIntoView({block: "start"});
  }
  S.keep = keep;

  // One message at a time: what the phone says now replaces what the server said
  // before ("Hole 6 is back" once hole 7 is kept; "Hole 7 saved", "Hole 8 saved" once
  // the phone says both were sent).
  function say(text) {
    var box = document.querySelector("[data-outbox-message]");
    if (!box) return;
    document.querySelectorAll(".messages").forEach(function (said) { said.remove(); });
    box.textContent = text;
    box.hidden = false;
  }

  // The standings, the form and the list follow the outbox: the kept rounds count.
  function showOutbox() {
    var list = outboxBox();
    if (!list) return;
    var t = texts(list), entries = waitingFor(list.dataset.game);
    var board = S.attributeData(list, "board");
    var kept = entries.filter(function (e) { return e.status === "waiting" && e.points && e.points.length === board.names.length; });
    var items = list.querySelector("ul");
    items.textContent = "";
    entries.forEach(function (e) {
      var li = document.createElement("li");
      li.dataset.outboxRound = e.number;
      li.className = e.status;
      var label = e.status === "refused" ? fill(t.refused, {reason: e.reason}) : t.waiting;
      li.appendChild(document.createTextNode(roundName(e.number, t) + ": " + e.shown.join(" · ") + " (" + label + ")"));
      if (e.note) {  // the game's word on how the round counts (a penalty that changed it)
        var note = document.createElement("small");
        note.className = "kept-note";
        note.textContent = e.note;
        li.append(document.createElement("br"), note);
      }
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
    holdChanges(entries.some(function (e) { return e.status === "waiting"; }));
    if (board.names && S.countKept) S.countKept(list, board, kept, entries, roundForm(), t);
  }

  // While a round waits to be sent, the saved ones are not undone, changed or brought back
  // (the kept round was counted after them): the undo and bring-back buttons hide, the
  // edit links are disabled, and a line says why, until the outbox has sent them.
  function holdChanges(held) {
    document.querySelectorAll("[data-held-while-kept]").forEach(function (el) {
      if (el.tagName !== "A") { el.hidden = held; return; }
      if (held) { el.setAttribute("aria-disabled", "true"); el.tabIndex = -1; }
      else { el.removeAttribute("aria-disabled"); el.removeAttribute("tabindex"); }
    });
    document.querySelectorAll("[data-held-note]").forEach(function (p) { p.hidden = !held; });
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
    if (S.refresh) S.refresh(form);
    if (S.resetLayouts) S.resetLayouts(form);
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
    // at the board, once laid out (after the browser's own scroll)
    var board = document.getElementById("board");
    if (board) window.addEventListener("load", function () {
      requestAnimationFrame(function () { board.scrollIntoView(); });
    });
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
        sessionStorage.setItem(key, sentList(sent, t));
        location.reload();  // the table as the server has it now, at the board (showSent)
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
    var held = event.target.closest("a[data-held-while-kept][aria-disabled=true]");
    if (held) {
      event.preventDefault();
      var note = document.querySelector("[data-held-note]");
      if (note) note.scrollIntoView({block: "center"});
      return;
    }
    var link = event.target.closest("a[data-needs-server]");
    if (link && !navigator.onLine) { event.preventDefault(); refuseOffline(); }
  }, true);
  function refuseOffline() {
    var p = document.querySelector("[data-offline-refusal]");
    if (p) { p.hidden = false; p.scrollIntoView({block: "center"}); }
  }

  window.addEventListener("online", flush);
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") flush();
  });
  document.addEventListener("DOMContentLoaded", function () {
    var form = roundForm();
    if (form) restorePutBack(form);
    var list = outboxBox();
    if (list) { restoreElsewhere(list); showSent(list); }
  });
  // The board swapped in after a save brings the server's standings: the kept rounds
  // are counted in again, and a save that went through means the line is back.
  S.onContent(function (root) {
    if (S.within(root, "[data-outbox][data-game]").length) { showOutbox(); flush(); }
  });
})();
