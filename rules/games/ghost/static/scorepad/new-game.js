// The new-game form: only the names in play shown, the dealer choices named, a variant
// that does not take this many players said at once. The server checks all of it again.
(function () {
  "use strict";
  var S = window.Scorepad;

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
    nameKeys(form);
  }

  function variantConflict(form) {
    var limits = S.pageData(form);
    var chosen = form.querySelector("input[name=variant]:checked");
    var count = Number(form.elements.player_count.value);
    var limit = chosen && limits[chosen.value];
    if (!limit) return "";
    var more = form.elements.more_players && form.elements.more_players.checked && limit.more_max;
    if (more) return count > limit.more_max ? limit.more_message : "";
    return count > limit.max ? limit.message : "";
  }

  // The names in play, in order; Enter ("Next" on a phone's keyboard) in one moves on to
  // the next, and only the last one starts the game.
  function nameInputs(form) {
    return Array.prototype.filter.call(form.querySelectorAll(".name-field"), function (field) { return !field.hidden; })
      .map(function (field) { return field.querySelector("input"); });
  }
  function nameKeys(form) {
    var names = nameInputs(form);
    names.forEach(function (input, i) { input.enterKeyHint = i < names.length - 1 ? "next" : "go"; });
  }
  document.addEventListener("keydown", function (event) {
    var input = event.target;
    if (event.key !== "Enter" || !input.matches || !input.matches("form.new-game .name-field input")) return;
    var names = nameInputs(input.form), next = names[names.indexOf(input) + 1];
    if (!next) return;
    event.preventDefault();
    next.focus();
  });

  // "Another threshold" chosen: the threshold box appears, and the typing goes there.
  function toThreshold(custom) {
    if (!custom.matches("input[name=game_length][value=custom]") || !custom.checked) return;
    var threshold = custom.form.elements.threshold;
    if (threshold) { threshold.focus({preventScroll: true}); threshold.scrollIntoView({block: "nearest"}); }
  }

  function isNewGame(event) {
    return event.target.form && event.target.form.classList.contains("new-game");
  }
  document.addEventListener("input", function (event) { if (isNewGame(event)) newGame(event.target.form); });
  document.addEventListener("change", function (event) {
    if (!isNewGame(event)) return;
    newGame(event.target.form);
    toThreshold(event.target);
  });

  // Start with a conflict: nothing is sent; the reader lands on the choice to change.
  document.addEventListener("submit", function (event) {
    var form = event.target;
    if (!form.matches || !form.matches("form.new-game") || !variantConflict(form)) return;
    event.preventDefault();
    var chosen = form.querySelector("input[name=variant]:checked");
    chosen.focus();
    chosen.scrollIntoView({block: "center"});
  });

  document.addEventListener("DOMContentLoaded", function () {
    var start = document.querySelector("form.new-game");
    if (!start) return;
    Array.prototype.forEach.call(start.elements.first_dealer.options, function (o) { o.dataset.label = o.textContent; });
    newGame(start);
  });
})();
