// Site-wide progressive enhancement: the service worker (offline pages, updates) and the
// note on a page shown from the phone's last copy. Every page works without this file.
(function () {
  "use strict";
  var root = document.documentElement;

  // A page the service worker served from its copy because there was no connection.
  var copied = root.getAttribute("data-offline-copy");
  var note = document.querySelector("[data-offline-note]");
  if (copied !== null && note) {
    var when = new Date(copied);
    var slot = note.querySelector("[data-copy-time]");
    if (slot && !isNaN(when)) {
      var time = slot.appendChild(document.createElement("time"));
      time.dateTime = copied;
      time.textContent = when.toLocaleString(root.lang === "nb" ? "nb-NO" : "en-GB",
        {day: "numeric", month: "long", hour: "2-digit", minute: "2-digit"});
    }
    note.hidden = false;
  }

  // A time the server wrote in its own zone ("My games"): in the phone's, as the note
  // above says the copy's time.
  document.querySelectorAll("time[data-local]").forEach(function (time) {
    var when = new Date(time.dateTime);
    if (isNaN(when)) return;
    time.textContent = when.toLocaleString(root.lang === "nb" ? "nb-NO" : "en-GB",
      {day: "numeric", month: "long", year: "numeric", hour: "2-digit", minute: "2-digit"});
  });

  if (!("serviceWorker" in navigator)) return;
  var update = document.querySelector("[data-update-ready]");

  function offerReload(worker) {
    if (!update || !worker) return;
    update.hidden = false;
    update.querySelector("button").addEventListener("click", function () {
      worker.postMessage({type: "skip-waiting"});
    });
  }

  var reloading = false;
  navigator.serviceWorker.addEventListener("controllerchange", function () {
    if (reloading || !update || update.hidden) return;
    reloading = true;
    window.location.reload();
  });

  window.addEventListener("load", function () {
    navigator.serviceWorker.register(root.dataset.sw, {scope: "/"}).then(function (registration) {
      if (registration.waiting && navigator.serviceWorker.controller) offerReload(registration.waiting);
      registration.addEventListener("updatefound", function () {
        var worker = registration.installing;
        worker.addEventListener("statechange", function () {
          if (worker.state === "installed" && navigator.serviceWorker.controller) offerReload(worker);
        });
      });
      // The reader's language's rules pages, kept for reading without a connection; and
      // what a page names for its own table (a game's rules, card and sheet).
      // Both come from the page's json_script elements.
      function listIn(id) { var el = document.getElementById(id); return el ? JSON.parse(el.textContent) : []; }
      var warm = listIn("offline-pages").concat(listIn("keep-offline").map(function (url) { return url.split("#")[0]; }));
      navigator.serviceWorker.ready.then(function (ready) {
        if (ready.active) ready.active.postMessage({type: "warm", urls: warm});
      });
    }).catch(function () { /* no worker: the site works as before */ });
  });
})();

// Sheets to print: the print button shows only where a script can press it.
document.querySelectorAll("[data-print]").forEach(function (button) {
  button.hidden = false;
  button.addEventListener("click", function () { window.print(); });
});

// The rules page's choices: "Change" opens them, the threshold box shows only for
// another threshold, and a combination swapped in by htmx is kept for offline too.
(function () {
  "use strict";
  function sync() {
    var form = document.querySelector("form.house-form");
    if (!form) return;
    var custom = form.querySelector("input[name=game_length][value=custom]");
    var threshold = form.querySelector("#field-threshold");
    var invalid = threshold && threshold.classList.contains("invalid");
    if (custom && threshold) threshold.hidden = !custom.checked && !invalid;
  }
  document.addEventListener("change", function (event) {
    if (!event.target.closest || !event.target.closest("form.house-form")) return;
    sync();
    // "Another threshold" chosen: the typing goes to the box that appeared.
    var custom = event.target;
    if (custom.matches("input[name=game_length][value=custom]") && custom.checked && custom.form.elements.threshold) {
      custom.form.elements.threshold.focus({preventScroll: true});
      custom.form.elements.threshold.scrollIntoView({block: "nearest"});
    }
  });
  document.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest('a[href="#choose"]');
    var choose = document.getElementById("choose");
    if (link && choose) choose.open = true;
  });
  document.addEventListener("htmx:afterSettle", sync);
  // A refused choice: after htmx's own scroll to the form's top, the first problem is
  // where the eye and the focus go.
  document.addEventListener("htmx:afterSettle", function () {
    requestAnimationFrame(function () {
      var bad = document.querySelector("form.house-form [autofocus]");
      if (bad) { bad.focus({preventScroll: true}); bad.scrollIntoView({block: "center"}); }
    });
  });
  document.addEventListener("htmx:pushedIntoHistory", function (event) {
    var worker = navigator.serviceWorker && navigator.serviceWorker.controller;
    if (worker) worker.postMessage({type: "warm", urls: [event.detail.path]});
  });
  sync();
})();

// The game switch in the header is a <details>: it opens and closes without this; a
// script adds what a menu does, closing on Escape (focus back on it) or a tap elsewhere.
(function () {
  "use strict";
  var menu = document.querySelector(".game-switch");
  if (!menu) return;
  document.addEventListener("keydown", function (event) {
    if (event.key !== "Escape" || !menu.open) return;
    menu.open = false;
    menu.querySelector("summary").focus();
  });
  document.addEventListener("click", function (event) {
    if (menu.open && !menu.contains(event.target)) menu.open = false;
  });
})();
