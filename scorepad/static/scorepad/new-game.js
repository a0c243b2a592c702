// Every game's new-game form (scorepad/start.html): only the names in play shown, the
// dealer choices named as typed, Enter ("Next" on a phone's keyboard) in a name moving on
// to the next. Without the script the form shows every seat and the server ignores the
// names past the number of players, as the form's hint says.
(function () {
  "use strict";

  function players(form) {
    var count = Number(form.elements.player_count.value);
    form.querySelectorAll(".name-field").forEach(function (field) {
      field.hidden = Number(field.dataset.seat) >= count;
    });
    var dealer = form.elements.first_dealer;
    if (dealer) {
      Array.prototype.forEach.call(dealer.options, function (option) {
        var seat = Number(option.value);
        var input = form.elements["name_" + seat];
        var name = input ? input.value.trim() : "";
        if (!option.dataset.label) option.dataset.label = option.textContent;
        option.hidden = option.disabled = seat >= count;
        option.textContent = name || option.dataset.label;
      });
      // A dealer past the players chosen: the first player deals.
      if (Number(dealer.value) >= count) dealer.value = "0";
    }
    nameKeys(form);
  }

  // The names in play, in order; only the last one's Enter starts the game.
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

  function isNewGame(event) {
    return event.target.form && event.target.form.classList.contains("new-game");
  }
  document.addEventListener("input", function (event) { if (isNewGame(event)) players(event.target.form); });
  document.addEventListener("change", function (event) { if (isNewGame(event)) players(event.target.form); });
  document.addEventListener("DOMContentLoaded", function () {
    var start = document.querySelector("form.new-game");
    if (start && start.elements.player_count) players(start);
  });
})();
