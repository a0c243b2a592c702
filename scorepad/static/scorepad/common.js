// What the scorepad's scripts share: the page's data, numbers as the reader writes them,
// the server's texts filled in, a way to set up a feature once for the page and again
// only for the content htmx swaps in, and the games' modules. Every form works without
// these files.
(function () {
  "use strict";
  var lang = document.documentElement.lang;

  // What the server gives the script comes in a json_script element the form names.
  function pageData(form) {
    var script = document.getElementById(form.dataset.json);
    return script ? JSON.parse(script.textContent) : {};
  }
  // The one place data-* JSON is read (the outbox's texts and board, the new-game limits).
  function attributeData(el, name) {
    return JSON.parse((el && el.dataset[name]) || "{}");
  }

  // Rank words, card values and labels all come from the page, which has them from the
  // server's one card table; nothing about the cards is typed twice here.
  function parseRanks(form, text) {
    var words = pageData(form).ranks || {};
    var token = new RegExp(Object.keys(words).sort(function (a, b) { return b.length - a.length; }).join("|"), "g");
    return (text.toLowerCase().match(token) || []).map(function (t) { return words[t]; });
  }
  function formatPoints(value) {
    var text = String(value);
    return lang === "nb" ? text.replace(".", ",") : text;
  }
  function toNumber(text) { return Number(String(text).trim().replace(",", ".")); }
  function fill(text, values) {
    // "%(n)s" from the server's catalogue, "{n}" from a template's own attributes
    return text.replace(/%\((\w+)\)s|\{(\w+)\}/g, function (_m, key, other) { return values[key || other]; });
  }
  function andList(names) {
    if (names.length < 2) return names.join("");
    var and = lang === "nb" ? " og " : " and ";
    return names.slice(0, -1).join(", ") + and + names[names.length - 1];
  }

  // `setup(root)` runs once with the whole page when it has loaded, then once with each
  // part htmx swaps in (the board after a save, the watched board after a poll).
  function onContent(setup) {
    document.addEventListener("DOMContentLoaded", function () { setup(document); });
    document.addEventListener("htmx:afterSettle", function (event) {
      var target = event.detail && event.detail.target;
      if (!target) return;
      // An outerHTML swap replaces the target: its successor carries the same id.
      var root = target.isConnected ? target : target.id && document.getElementById(target.id);
      if (root) setup(root);
    });
  }
  // Elements matching `selector` in `root`, `root` itself included.
  function within(root, selector) {
    var found = Array.prototype.slice.call(root.querySelectorAll(selector));
    if (root.matches && root.matches(selector)) found.unshift(root);
    return found;
  }

  // Each game's own script registers its module under its key, which the board's data
  // names; the shared scripts ask it for what differs by game.
  var modules = window.GameModules = window.GameModules || {};
  function register(key, module) { modules[key] = module; }
  function gameModule(board) { return board && modules[board.game]; }
  // A standings line's marks: [shown, class, text] each.
  function writeMarks(li, marks) {
    var box = li.querySelector(".marks");
    if (!box) return;
    box.textContent = "";
    marks.forEach(function (mark) {
      if (!mark[0] || !mark[2]) return;
      if (box.firstChild) box.appendChild(document.createTextNode(" "));  // two words, not one
      var span = box.appendChild(document.createElement("span"));
      span.className = mark[1];
      span.textContent = mark[2];
    });
  }

  window.Scorepad = {
    lang: lang, pageData: pageData, attributeData: attributeData, parseRanks: parseRanks,
    formatPoints: formatPoints, toNumber: toNumber, fill: fill, andList: andList,
    onContent: onContent, within: within, register: register, gameModule: gameModule,
    writeMarks: writeMarks
  };
})();
