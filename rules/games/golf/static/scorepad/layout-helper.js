// Golf's layout helper in the hole form (scorepad/golf/_layout_helper.html): one player at
// a time, their cards tapped row by row into the grid of the table's variant, the
// columns that cancel marked as they cancel, a four of a kind counted, and the hole
// score written with a real minus sign into that player's points_<seat> field. A tap a
// card: a rank fills the next empty place; with the grid full it starts the next player
// who has no score yet. The grids are kept in the tab's sessionStorage as they are
// tapped, so a reload (online or not), or a hole refused by the server and drawn again as
// typed (another phone was first), shows them again. Without this file the scores are
// typed.
(function () {
  "use strict";
  var S = window.Scorepad, G = window.GolfScoring, fill = S.fill;
  var OPEN = "golf-layout-helper-open";  // the helper stays open from one hole to the next
  var states = new WeakMap();  // a helper -> its players' grids and whose is shown
  var KEPT = "golf-layout-grids:";  // + a form's address: its grids in sessionStorage
  var HOLE = "golf-layout-hole:";  // + a game and a hole's number: the grids it was saved with

  function seatOf(input) { return Number(input.name.slice("points_".length)); }
  function nameOf(input) {
    var label = input.labels && input.labels[0];
    return label ? label.textContent.trim() : input.name;
  }

  function setup(form) {
    var helper = form.querySelector("[data-layout-helper]");
    if (!helper || !form.dataset.golfLayout) return;
    var layout = JSON.parse(form.dataset.golfLayout);
    // The cards of each rank in the decks of this game's player count (the round data).
    layout.copies = layout.copies || S.pageData(form).copies;
    var inputs = Array.prototype.slice.call(form.querySelectorAll("input[name^=points_]"))
      .filter(function (input) { return /^points_\d+$/.test(input.name) && !input.disabled; })
      .sort(function (a, b) { return seatOf(a) - seatOf(b); });
    if (!inputs.length) return;
    var cards = layout.rows * layout.columns;
    var state = {form: form, helper: helper, layout: layout, cards: cards, inputs: inputs,
                 layouts: inputs.map(function () { return new Array(cards).fill(null); }),
                 written: inputs.map(function () { return null; }), at: 0, selected: null};
    var empty = inputs.filter(function (input) { return !input.value.trim(); })[0];
    state.at = empty ? inputs.indexOf(empty) : 0;
    states.set(helper, state);
    build(state);
    helper.hidden = false;
    try { helper.open = localStorage.getItem(OPEN) === "1"; } catch (e) { /* private mode */ }
    render(state);
    // After the page's other scripts: the outbox moves the hole's number past the holes
    // kept on the phone.
    setTimeout(function () { if (states.get(helper) === state) restore(state); }, 0);
  }

  // The grids as tapped, kept for this form's address as they change: shown again for
  // the same hole after a reload (the hole form with its fields empty, the number as the
  // page ends up with it once the holes kept on the phone are counted), or for a form
  // drawn again with the very scores they wrote (a hole or an edit the server refused).
  // An edit page opened afresh shows the hole's stored scores: the grids the hole was
  // saved with in this tab (holeKey) where they still make them, else it starts empty.
  function keptKey(form) { return KEPT + (form.getAttribute("action") || location.pathname); }
  function hole(form) {
    return ["number", "round_id"].map(function (name) {
      var input = form.querySelector("input[name=" + name + "]");
      return input ? input.value : "";
    }).join("/");
  }
  function keep(state) {
    var kept = {hole: hole(state.form), layouts: state.layouts, written: state.written, at: state.at,
                seats: state.inputs.map(seatOf)};
    try { sessionStorage.setItem(keptKey(state.form), JSON.stringify(kept)); } catch (e) { /* private mode */ }
  }
  function fits(kept, state) {
    var values = state.layout.values, n = state.inputs.length;
    var card = function (r) { return r === null || (typeof r === "string" && Object.prototype.hasOwnProperty.call(values, r)); };
    return !!kept && Array.isArray(kept.layouts) && Array.isArray(kept.written) && Array.isArray(kept.seats) &&
      String(kept.seats) === String(state.inputs.map(seatOf)) &&
      kept.layouts.length === n && kept.written.length === n &&
      Number.isInteger(kept.at) && kept.at >= 0 && kept.at < n &&
      kept.written.every(function (w) { return w === null || typeof w === "string"; }) &&
      kept.layouts.every(function (cards) { return Array.isArray(cards) && cards.length === state.cards && cards.every(card); });
  }
  // A hole saved with grids keeps them under its game and number (holeKey), so that its
  // edit page opens with the cards it was entered with while its scores are still theirs.
  function holeKey(form) {
    var list = document.querySelector("[data-outbox][data-game]"), number = form.querySelector("input[name=number]");
    return list && number ? HOLE + list.dataset.game + "/" + number.value : null;
  }
  function read(key) {
    try { return key ? JSON.parse(sessionStorage.getItem(key)) : null; } catch (e) { return null; }
  }
  function restore(state) {
    var inputs = state.inputs, editing = !!state.form.querySelector("input[name=round_id]");
    var empty = inputs.every(function (input) { return !input.value.trim(); });
    var kept = [read(keptKey(state.form)), editing ? read(holeKey(state.form)) : null].filter(function (k) {
      if (!fits(k, state)) return false;
      var sameHole = !editing && empty && k.hole === hole(state.form);
      var asTyped = k.written.some(function (w) { return w !== null; }) &&
        k.written.every(function (w, i) { return w === null || inputs[i].value === w; });
      return sameHole || asTyped;
    })[0];
    if (!kept) return;
    state.layouts = kept.layouts;
    state.written = kept.written;
    state.at = kept.at;
    // After a reload the fields are empty: the grids write their scores again.
    inputs.forEach(function (input, i) { if (!input.value.trim()) write(state, i); });
    render(state);
  }

  // The grid: a place button per card, row by row, and under each column what it counts.
  function build(state) {
    var grid = state.helper.querySelector(".layout-grid");
    grid.textContent = "";
    grid.className = "layout-grid cols-" + state.layout.columns;
    for (var place = 0; place < state.cards; place++) {
      var button = grid.appendChild(document.createElement("button"));
      button.type = "button";
      button.className = "place";
      button.dataset.place = place;
    }
    for (var column = 0; column < state.layout.columns; column++) {
      var foot = grid.appendChild(document.createElement("span"));
      foot.className = "column-points";
      foot.dataset.column = column;
    }
    state.helper.querySelectorAll(".rank[data-rank]").forEach(function (button) {
      button.hidden = !Object.prototype.hasOwnProperty.call(state.layout.values, button.dataset.rank);
    });
  }

  function rankButton(state, rank) { return state.helper.querySelector('.rank[data-rank="' + rank + '"]'); }
  function complete(cards) { return cards.every(function (r) { return r !== null; }); }
  function used(state) {
    var counts = {};
    state.layouts.forEach(function (cards) {
      cards.forEach(function (r) { if (r !== null) counts[r] = (counts[r] || 0) + 1; });
    });
    return counts;
  }
  // The next player after the one shown whose layout is not full and who has no score.
  function nextOpen(state) {
    for (var step = 1; step < state.inputs.length; step++) {
      var i = (state.at + step) % state.inputs.length;
      if (!complete(state.layouts[i]) && !state.inputs[i].value.trim()) return i;
    }
    return null;
  }

  function render(state) {
    var h = state.helper, t = h.dataset, cards = state.layouts[state.at];
    var name = nameOf(state.inputs[state.at]);
    h.querySelector(".layout-whose").textContent = fill(t.whose, {name: name});
    var columns = G.columnsOf(cards, state.layout.columns);
    var done = complete(cards), score = done ? G.scoreLayout(cards, state.layout) : null;
    var inFour = {};
    if (score) score.fours.forEach(function (f) { inFour[f.columns[0]] = inFour[f.columns[1]] = true; });
    h.querySelectorAll(".place").forEach(function (button) {
      var place = Number(button.dataset.place), rank = cards[place];
      var column = place % state.layout.columns, row = Math.floor(place / state.layout.columns);
      var full = columns[column].every(function (r) { return r !== null; });
      var ranked = rank !== null && rankButton(state, rank);
      button.textContent = ranked ? ranked.textContent : "";
      // Named as shown first (the card's corner), then its place and the card's name.
      var where = fill(t.place, {row: row + 1, column: column + 1, card: ranked ? ranked.dataset.name : t.empty});
      button.setAttribute("aria-label", ranked ? ranked.textContent + " (" + where + ")" : where);
      button.setAttribute("aria-pressed", String(state.selected === place));
      button.classList.toggle("cancelled", full && G.scoreColumn(columns[column], state.layout.values).cancelled);
      button.classList.toggle("four", !!inFour[column]);
    });
    h.querySelectorAll(".column-points").forEach(function (foot) {
      var column = Number(foot.dataset.column), ranks = columns[column];
      foot.textContent = "";
      if (!ranks.every(function (r) { return r !== null; })) return;
      var counted = G.scoreColumn(ranks, state.layout.values);
      foot.textContent = counted.cancelled ? G.formatSigned(0) + " (" + t.cancels + ")" : G.formatSigned(counted.points);
      foot.classList.toggle("cancelled", counted.cancelled);
    });
    var result = h.querySelector(".layout-result");
    if (score) {
      var text = fill(t.scores, {name: name, points: G.formatSigned(score.total)});
      score.fours.forEach(function (f) { text += " " + fill(t.four, {points: G.formatSigned(f.points)}); });
      var next = nextOpen(state);
      if (next !== null) text += " " + fill(t.next, {name: nameOf(state.inputs[next])});
      result.textContent = text;
    } else {
      var given = cards.filter(function (r) { return r !== null; }).length;
      result.textContent = given ? fill(t.given, {given: given, cards: state.cards}) : "";
    }
    var counts = used(state), copies = state.layout.copies;
    h.querySelectorAll(".rank[data-rank]").forEach(function (button) {
      var rank = button.dataset.rank;
      button.disabled = !!copies && (counts[rank] || 0) >= (copies[rank] || 0);
    });
  }

  // The hole score into the player's field, as if typed; taken out again when the grid
  // it came from is no longer full (a score typed by hand stays).
  function write(state, i) {
    var input = state.inputs[i], cards = state.layouts[i], value;
    if (complete(cards)) value = G.formatSigned(G.scoreLayout(cards, state.layout).total);
    else if (state.written[i] !== null && input.value === state.written[i]) value = "";
    else return;
    state.written[i] = value || null;
    if (input.value === value) return;
    input.value = value;
    input.dispatchEvent(new Event("input", {bubbles: true}));
  }

  function tapRank(state, rank) {
    var cards = state.layouts[state.at];
    if (state.selected !== null) {
      cards[state.selected] = rank;
      state.selected = null;
    } else if (cards.indexOf(null) >= 0) {
      cards[cards.indexOf(null)] = rank;
    } else {
      var next = nextOpen(state);
      if (next === null) return;
      state.at = next;
      cards = state.layouts[next];
      cards[cards.indexOf(null)] = rank;
    }
    write(state, state.at);
  }
  function takeBack(state) {
    var cards = state.layouts[state.at], place = state.selected;
    if (place === null) {
      for (place = cards.length - 1; place >= 0 && cards[place] === null; place--) { /* the last card given */ }
    }
    if (place < 0) return;
    cards[place] = null;
    state.selected = null;
    write(state, state.at);
  }

  document.addEventListener("click", function (event) {
    var helper = event.target.closest && event.target.closest("[data-layout-helper]");
    var state = helper && states.get(helper);
    if (!state) return;
    var button = event.target.closest("button");
    if (!button || button.disabled) return;
    if (button.dataset.rank) tapRank(state, button.dataset.rank);
    else if (button.hasAttribute("data-layout-back")) takeBack(state);
    else if (button.hasAttribute("data-layout-clear")) {
      state.layouts[state.at].fill(null);
      state.selected = null;
      write(state, state.at);
    } else if (button.dataset.place !== undefined) {
      var place = Number(button.dataset.place);
      state.selected = state.selected === place ? null : place;
    } else if (button.dataset.layoutStep) {
      var n = state.inputs.length;
      state.at = (state.at + Number(button.dataset.layoutStep) + n) % n;
      state.selected = null;
    } else return;
    render(state);
    keep(state);
    if (button.dataset.rank) saveInView(state);
  });
  // The last card of the hole given (every grid full, every score written): Save comes
  // into view above the grid's rank buttons, and takes the focus once nothing is left to
  // choose ("who went out first" is above it, by the scores).
  function saveInView(state) {
    var save = state.form.querySelector("button[type=submit]");
    var filled = state.inputs.every(function (input) { return input.value.trim(); });
    if (!save || !filled || !complete(state.layouts[state.at])) return;
    var asked = state.form.querySelector("input[name=caller]:not(:disabled)");
    var chosen = state.form.querySelector("input[name=caller]:checked:not(:disabled)");
    save.scrollIntoView({block: "nearest"});
    if (!asked || chosen) save.focus({preventScroll: true});
  }
  document.addEventListener("toggle", function (event) {
    if (!event.target.matches || !event.target.matches("[data-layout-helper]")) return;
    try { localStorage.setItem(OPEN, event.target.open ? "1" : "0"); } catch (e) { /* private mode */ }
  }, true);
  // A score typed by hand: the result line and "next player" follow it.
  document.addEventListener("input", function (event) {
    var form = event.target.form, helper = form && form.querySelector("[data-layout-helper]");
    if (!helper || !states.has(helper) || !/^points_\d+$/.test(event.target.name)) return;
    render(states.get(helper));
    keep(states.get(helper));
  });

  // Enter (the keyboard's "next") in a score moves on to the next empty score, as in
  // Ghost's round form; it saves only a whole hole.
  document.addEventListener("keydown", function (event) {
    var input = event.target, form = input.form;
    if (event.key !== "Enter" || !form || !form.dataset.golfLayout || !/^points_\d+$/.test(input.name || "")) return;
    var scores = Array.prototype.filter.call(form.querySelectorAll("input[name^=points_]"), function (i) {
      return /^points_\d+$/.test(i.name) && !i.disabled;
    });
    var empty = scores.filter(function (i) { return !i.value.trim(); });
    if (!empty.length) return;
    event.preventDefault();
    var after = empty.filter(function (i) { return scores.indexOf(i) > scores.indexOf(input); })[0];
    (after || empty[0]).focus();
  });

  // A hole sent (or kept on the phone): its grids kept for its edit page; a hole typed
  // drops what an earlier hole of that number left.
  document.addEventListener("submit", function (event) {
    var form = event.target, helper = form.querySelector && form.querySelector("[data-layout-helper]");
    var state = helper && states.get(helper), key = state && holeKey(form);
    if (!key) return;
    var used = state.layouts.some(function (cards) { return cards.some(function (r) { return r !== null; }); });
    try {
      if (used) sessionStorage.setItem(key, JSON.stringify({hole: hole(form), layouts: state.layouts, written: state.written,
                                                            at: state.at, seats: state.inputs.map(seatOf)}));
      else sessionStorage.removeItem(key);
    } catch (e) { /* private mode */ }
  }, true);

  // The form emptied by a hole kept on the phone, or filled with a kept hole put back
  // (outbox.js): the grids start empty, and what was kept of them is dropped.
  S.resetLayouts = function (form) {
    try { sessionStorage.removeItem(keptKey(form)); } catch (e) { /* private mode */ }
    setup(form);
  };
  S.onContent(function (root) { S.within(root, "form[data-golf-layout]").forEach(setup); });
})();
