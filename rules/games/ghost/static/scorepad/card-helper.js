// The card helper of the round form: rank buttons write into the cards field and the
// total follows; Enter in a total moves on to the next empty one. Without this file
// the cards are typed as text and the server counts them.
(function () {
  "use strict";
  var S = window.Scorepad;

  // `changed`, the entry whose cards were just changed, takes their total; a total typed
  // elsewhere stays as typed (the server lets a typed total replace the cards).
  function refresh(form, changed) {
    var values = S.pageData(form).values || {};
    var hand = Number(form.dataset.hand);
    var used = {};
    form.querySelectorAll(".player-entry").forEach(function (entry) {
      var input = entry.querySelector(".cards-input");
      if (!input) return;
      var ranks = S.parseRanks(form, input.value);
      ranks.forEach(function (r) { used[r] = (used[r] || 0) + 1; });
      var count = entry.querySelector(".count");
      var sum = ranks.reduce(function (total, r) { return total + values[r]; }, 0);
      if (count) {
        count.textContent = input.value.trim()
          ? form.dataset.countText.replace("{given}", ranks.length).replace("{hand}", hand)
              .replace("{points}", S.formatPoints(sum))
          : "";
      }
      var points = entry.querySelector("input[inputmode=decimal]");
      if (entry === changed && ranks.length === hand && input.value.trim()) points.value = S.formatPoints(sum);
      // The cards as text beside a closed helper, while they are what the total says.
      var shown = entry.querySelector("[data-cards-shown]");
      if (shown) {
        shown.querySelector("span").textContent = input.value.trim();
        shown.hidden = !input.value.trim() || (ranks.length === hand && S.toNumber(points.value) !== sum);
      }
    });
    form.querySelectorAll(".rank[data-rank]").forEach(function (button) {
      var full = (used[button.dataset.rank] || 0) >= 4;
      button.disabled = full;
    });
  }
  S.refresh = refresh;

  // The helper opens over the lines below and closes back to its own line: by itself
  // once the hand is complete (open, one tap a card: six taps for five cards), or "Done".
  // The focus goes back to its "Cards" button, not to a text field: on a phone a focused
  // field raises the keyboard over the next player.
  function closeHelper(entry) {
    var details = entry.querySelector("details.helper");
    if (!details) return;
    details.open = false;
    var summary = details.querySelector("summary");
    summary.focus({preventScroll: true});
    entry.scrollIntoView({block: "nearest"});
  }
  // Opened by a tap near the bottom of the screen, the helper comes into view whole
  // (one the server opens on a refused round is left where the first problem is).
  var opening = null;
  document.addEventListener("click", function (event) {
    var summary = event.target.closest && event.target.closest("form.round-form details.helper > summary");
    opening = summary ? summary.parentNode : null;
  }, true);
  document.addEventListener("toggle", function (event) {
    var details = event.target;
    if (details !== opening || !details.open) return;
    opening = null;
    var body = details.querySelector(".helper-body");
    if (body) body.scrollIntoView({block: "nearest"});
  }, true);
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
    } else if (S.parseRanks(form, input.value).length < hand) {
      input.value = (input.value.trim() + " " + button.textContent.trim()).trim();
    }
    refresh(form, entry);
    if (!button.hasAttribute("data-clear") && S.parseRanks(form, input.value).length === hand) closeHelper(entry);
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
    var target = event.target;
    if (target.classList.contains("cards-input")) refresh(target.closest("form"), target.closest(".player-entry"));
    else if (target.matches("form.round-form input[inputmode=decimal]")) refresh(target.form);
  });

  document.addEventListener("DOMContentLoaded", function () {
    document.documentElement.classList.add("js-helper");
  });
  S.onContent(function (root) {
    root.querySelectorAll(".ranks, [data-helper-done]").forEach(function (el) { el.hidden = false; });
    S.within(root, "form.round-form").forEach(refresh);
  });
})();
