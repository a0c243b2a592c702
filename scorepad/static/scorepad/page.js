// The game and watch pages' hooks: htmx saves (the Save button's states, a send that
// failed, where the eye goes after a swap), the short names of the table, sharing the
// watch link and the result picture, and keeping the screen on.
(function () {
  "use strict";
  var S = window.Scorepad;

  // ------------------------------------------------------------------ htmx
  // Bad mobile data: the request failed on the way. A round is kept (outbox.js); anything
  // else says that nothing was saved, with everything typed still in place.
  function sendError(show) {
    document.querySelectorAll("[data-send-error]").forEach(function (p) { p.hidden = !show; });
  }
  document.addEventListener("htmx:sendError", function (event) {
    var form = event.detail.elt && event.detail.elt.closest && event.detail.elt.closest("form");
    if (form && form.matches("form.round-form[data-game]") && S.keep) S.keep(form); else sendError(true);
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
  // A watcher's "moved on to the rematch" lasts till the rematch's first news.
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "watched") return;
    document.querySelectorAll("[data-moved-note]").forEach(function (note) { note.remove(); });
  });
  document.addEventListener("htmx:afterSwap", function (event) {
    if (!event.detail.target || event.detail.target.id !== "board") return;
    firstProblem = document.querySelector("#board [autofocus]");
    if (firstProblem) firstProblem.removeAttribute("autofocus");
  });
  // A refused form is seen whole where it fits: from its heading (else its summary of
  // problems) down to its button, the focused field among them; else that field centred.
  function showRefused(bad) {
    var form = bad.closest("form"), button = form && form.querySelector("button[type=submit]");
    var tops = form ? [form.querySelector("h2"), form.querySelector(".errors")] : [];
    for (var i = 0; i < tops.length; i++) {
      var top = tops[i];
      if (!top || !button) continue;
      var height = button.getBoundingClientRect().bottom - top.getBoundingClientRect().top;
      if (height <= window.innerHeight) { top.scrollIntoView({block: "start"}); return; }
    }
    bad.scrollIntoView({block: "center"});
  }
  function lookHere() {
    var bad = (firstProblem && firstProblem.isConnected && firstProblem) ||
      document.querySelector(".player-entry.invalid input[inputmode=decimal], .player-entry.invalid .cards-input");
    firstProblem = null;
    if (bad) { bad.focus({preventScroll: true}); showRefused(bad); return; }
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

  // ------------------------------------------------------------------ the table
  // A short name in the round table's header: a tap shows the full name under the table.
  document.addEventListener("click", function (event) {
    var th = event.target.closest && event.target.closest(".scores th[data-full]");
    if (!th) return;
    var line = th.closest(".table-wrap").parentNode.querySelector("[data-full-name]");
    if (line) line.textContent = th.querySelector("[aria-hidden]").textContent + ": " + th.dataset.full;
  });

  // ------------------------------------------------------------------ sharing
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

  // "Share the result": the phone's share sheet with the picture itself where the browser
  // can share files (Web Share API, level 2); elsewhere the link downloads it, as it does
  // without this script. The picture is fetched ahead, so the share happens within the tap.
  var ready = {};  // address -> File
  function prepare(root) {
    if (!navigator.canShare || !window.File) return;
    S.within(root, "[data-share-result]").forEach(function (link) {
      var url = link.getAttribute("href");
      if (ready[url]) return;
      fetch(url, {credentials: "same-origin"}).then(function (response) {
        if (!response.ok) throw new Error(response.status);
        return response.blob();
      }).then(function (blob) {
        var file = new File([blob], link.getAttribute("download") || "result.png", {type: "image/png"});
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

  // ------------------------------------------------------------------ the screen
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
    if (!wakeButton() || !("wakeLock" in navigator)) return;
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

  // Once for the page: the buttons that need this script. The wake and share buttons
  // sit outside the boards htmx swaps; a result picture may come with a swapped board.
  document.addEventListener("DOMContentLoaded", function () {
    var wake = wakeButton();
    if (wake && "wakeLock" in navigator) { wake.hidden = false; showWake(); requestLock(); }
    var share = document.querySelector("[data-share]");
    if (share && (navigator.share || navigator.clipboard)) share.hidden = false;
  });
  S.onContent(prepare);
})();
