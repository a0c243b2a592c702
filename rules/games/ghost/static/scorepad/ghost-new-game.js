// Ghost's new-game form: a variant that does not take this many players said at once,
// the threshold box only for "another threshold". The names in play and the dealer are
// every game's (scorepad/new-game.js). The server checks all of it again.
(function () {
  "use strict";
  var S = window.Scorepad;

  function newGame(form) {
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
    var limits = S.pageData(form);
    var chosen = form.querySelector("input[name=variant]:checked");
    var count = Number(form.elements.player_count.value);
    var limit = chosen && limits[chosen.value];
    if (!limit) return "";
    var more = form.elements.more_players && form.elements.more_players.checked && limit.more_max;
    if (more) return count > limit.more_max ? limit.more_message : "";
    return count > limit.max ? limit.message : "";
  }

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
    if (start) newGame(start);
  });
})();
