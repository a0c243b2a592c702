// Progressive enhancement for the scorepad. Every form works without this file.
// Event delegation on document, so boards swapped in by htmx need no re-binding.
(function () {
  "use strict";
  var lang = document.documentElement.lang;

  // Rank words, card values and labels all come from the page, which has them from the
  // server's one card table; nothing about the cards is typed twice here.
  function parseRanks(form, text) {
    var words = JSON.parse(form.dataset.ranks || "{}");
    var token = new RegExp(Object.keys(words).sort(function (a, b) { return b.length - a.length; }).join("|"), "g");
    return (text.toLowerCase().match(token) || []).map(function (t) { return words[t]; });
  }
  function formatPoints(value) {
    var text = String(value);
    return lang === "nb" ? text.replace(".", ",") : text;
  }

  // The card helper: rank buttons write into the cards field; the total follows.
  function refresh(form) {
    var values = JSON.parse(form.dataset.values || "{}");
    var hand = Number(form.dataset.hand);
    var used = {};
    form.querySelectorAll(".player-entry").forEach(function (entry) {
      var input = entry.querySelector(".cards-input");
      if (!input) return;
      var ranks = parseRanks(form, input.value);
      ranks.forEach(function (r) { used[r] = (used[r] || 0) + 1; });
      var count = entry.querySelector(".count");
      if (count) {
        count.textContent = input.value.trim()
          ? form.dataset.countText.replace("{given}", ranks.length).replace("{hand}", hand)
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

  document.addEventListener("click", function (event) {
    var button = event.target.closest(".rank");
    if (!button) return;
    var entry = button.closest(".player-entry");
    var input = entry.querySelector(".cards-input");
    var form = button.closest("form");
    if (button.hasAttribute("data-clear")) {
      input.value = "";
      entry.querySelector("input[inputmode=decimal]").value = "";
    } else if (parseRanks(form, input.value).length < Number(form.dataset.hand)) {
      input.value = (input.value.trim() + " " + button.textContent.trim()).trim();
    }
    refresh(form);
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
    var custom = form.querySelector("input[name=game_length][value=custom]");
    var threshold = form.querySelector("#field-threshold");
    if (custom && threshold) threshold.hidden = !custom.checked;
  }

  // Bad mobile data: htmx leaves the form as it was when a request fails; say so.
  function sendError(show) {
    document.querySelectorAll("[data-send-error]").forEach(function (p) { p.hidden = !show; });
  }
  document.addEventListener("htmx:sendError", function () { sendError(true); });
  document.addEventListener("htmx:responseError", function () { sendError(true); });
  document.addEventListener("htmx:beforeRequest", function () { sendError(false); });

  function init() {
    document.querySelectorAll(".ranks").forEach(function (ranks) { ranks.hidden = false; });
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
