// The dice-odds page: the twin of calculators/odds_form.py (form -> request) and of
// calc_odds_result.html (markup), around the engine in odds-engine.js. Faces are tapped on
// big 1-6 buttons; the state lives in the address. odds-abilities.js holds the several-abilities section,
// odds-heroes.js the heroes' dice keys saved in localStorage.
(function () {
  "use strict";
  var TC = window.ThroneCalc;
  var E = TC.oddsEngine;
  var A = TC.oddsAbilities;
  var FACES = 6;
  var GOALS = ["straight", "kind", "symbols"], MODES = ["target", "abilities"];
  var LABELS = { dice: "Dice", rolls: "Roll attempts", straight: "Straight length", kind: "Of a kind",
    roll: "Dice showing", left: "Roll attempts left", goal: "Target", hero: "Dice faces",
    mode: "Work out", ab: "Abilities", name: "Name", dmg: "Damage" };

  function labelOf(field) {
    return (TC.has(LABELS, field) && LABELS[field]) || A.abilityLabel(field, LABELS) ||
      (/^f[1-6]$/.test(field) ? "Symbol on face " + field.slice(1) : field.indexOf("n-") === 0 ? "Number of " + field.slice(2) : field);
  }

  // ------------------------------------------------------------ the form as a request (odds_form.py)

  function count(params, name, low, high, dflt) {
    var raw = TC.first(params, name).trim();
    if (raw === "") return dflt;
    if (!/^[0-9]{1,3}$/.test(raw) || Number(raw) < low || Number(raw) > high) {
      TC.fail("out_of_range", labelOf(name) + " must be a whole number from " + low + " to " + high + ".", name);
    }
    return Number(raw);
  }

  function numbersFaces() {
    var faces = {};
    for (var f = 1; f <= FACES; f++) faces[String(f)] = String(f);
    return faces;
  }

  function formFaces(params, tables) {
    var hero = TC.first(params, "hero") || "numbers";
    if (hero === "numbers") return null;
    var preset = tables.presets.filter(function (p) { return p.id === hero; })[0];
    if (preset) return Object.assign({}, preset.faces);
    if (hero !== "custom") TC.fail("unknown_hero", "Dice faces: unknown choice '" + Array.from(hero).slice(0, 20).join("") + "'.", "hero");
    var faces = {};
    for (var f = 1; f <= FACES; f++) {
      var symbol = TC.first(params, "f" + f).trim();
      if (!symbol) TC.fail("missing_field", "Symbol on face " + f + ": give the symbol your hero's dice key shows.", "f" + f);
      faces[String(f)] = symbol;
    }
    return oneSpelling(faces);
  }

  // Typed symbols that differ only in case or surrounding spaces are one symbol, in its first spelling
  // (odds_form.py's one_spelling).
  function oneSpelling(faces) {
    var first = Object.create(null), out = {};
    Object.keys(faces).forEach(function (face) {
      var symbol = faces[face].trim(), key = symbol.toLowerCase();
      if (symbol && !(key in first)) first[key] = symbol;
      out[face] = symbol ? first[key] : faces[face];
    });
    return out;
  }

  function unique(values) {
    return values.filter(function (v, i) { return values.indexOf(v) === i; });
  }
  function faceSymbols(faces) {
    return unique([1, 2, 3, 4, 5, 6].map(function (f) { return faces[String(f)]; }));
  }

  function formToBody(params, tables) {
    var L = E.limits;
    var dice = count(params, "dice", 1, L.MAX_DICE, L.DEFAULT_DICE);
    var rolls = count(params, "rolls", 1, L.MAX_ROLLS, L.DEFAULT_ROLLS);
    var faces = formFaces(params, tables);
    var body = { dice: dice, rolls: rolls };
    if (faces !== null) body.faces = faces;
    var mode = TC.first(params, "mode") || "target";
    if (MODES.indexOf(mode) < 0) TC.fail("unknown_mode", "Work out: unknown choice '" + Array.from(mode).slice(0, 20).join("") + "'.", "mode");
    var goal = TC.first(params, "goal") || "straight";
    if (mode === "abilities") body.abilities = A.formAbilities(params, dice, faceSymbols(faces || numbersFaces()), count);
    else if (GOALS.indexOf(goal) < 0) TC.fail("unknown_target", "Target: unknown choice '" + Array.from(goal).slice(0, 20).join("") + "'.", "goal");
    else if (goal === "straight") body.target = { straight: count(params, "straight", 0, 999, Math.min(4, dice)) };
    else if (goal === "kind") body.target = { of_a_kind: count(params, "kind", 0, 999, Math.min(3, dice)) };
    else {
      var symbols = Object.create(null);  // a symbol may be named "__proto__"
      faceSymbols(faces || numbersFaces()).forEach(function (s) {
        var n = count(params, "n-" + s, 0, 999, 0);
        if (n) symbols[s] = n;
      });
      body.target = { symbols: symbols };
    }
    var roll = TC.first(params, "roll").trim();
    if (roll) {
      if (!/^[1-6]{1,7}$/.test(roll)) TC.fail("bad_roll", "Dice showing: tap a face 1 to 6 for each die.", "roll");
      body.roll = roll.split("").map(Number);
      body.rolls_left = count(params, "left", 0, 999, rolls - 1);
    }
    return body;
  }

  function formField(apiField) {
    var field = A.abilityField(apiField);
    if (field) return field;
    if (apiField.indexOf("target.symbols.") === 0) return "n-" + apiField.slice("target.symbols.".length);
    if (apiField.indexOf("faces.") === 0) return "f" + apiField.slice("faces.".length);
    return { "target.straight": "straight", "target.of_a_kind": "kind", "target.symbols": "goal", target: "goal",
      rolls_left: "left", faces: "hero" }[apiField] || apiField;
  }

  function formMessage(err, field) {
    var label = labelOf(field);
    return err.message.indexOf(err.field) === 0 ? label + err.message.slice(err.field.length) : err.message;
  }

  // The page's calculation: the form's query string -> the result, errors in the form's words.
  function calculateForm(params, tables) {
    try {
      return E.calculate(formToBody(params, tables), tables);
    } catch (err) {
      if (!(err instanceof TC.CalcError)) throw err;
      var field = formField(err.field);
      throw new TC.CalcError(err.code, formMessage(err, field), field);
    }
  }

  // ------------------------------------------------------------ rendering (calc_odds_result.html)

  function diceList(shownFaces, kept, faces) {
    var left = kept.slice();
    return TC.el("ul", { "class": "odds-hand" }, shownFaces.map(function (f) {
      var i = left.indexOf(f), isKept = i >= 0;
      if (isKept) left.splice(i, 1);
      var symbol = faces[String(f)];
      return TC.el("li", { "class": "odds-die" + (isKept ? " odds-kept" : ""), "data-face": String(f) }, [
        TC.el("span", { "class": "odds-num", text: String(f) }), " ",
        symbol !== String(f) ? TC.el("span", { "class": "odds-sym", text: symbol }) : null, " ",
        TC.el("span", { "class": "odds-tag", text: isKept ? "keep" : "re-roll" })]);
    }));
  }

  function adviceItem(a) {
    return TC.el("li", { "data-keep": a.keep.join(",") }, [
      TC.el("span", { "class": "odds-keep", text: a.keep.length ? "keep " + a.keep.join(", ") : "re-roll all" }), " ",
      TC.el("span", { "class": "odds-chance", text: a.chances ? a.expected_damage.toFixed(2) + " damage" : E.percent(a.probability) })]);
  }

  function render(result, tables) {
    var el = TC.el, nodes = [];
    var summary = result.abilities ? A.summary(result, E.percent) : [el("p", { "class": "calc-big" }, [
      el("span", { "class": "calc-big-label", text: "Chance" }), " ",
      el("output", { "class": "calc-big-number", "data-out": "chance", text: E.percent(result.probability) })])];
    if (result.fraction && !result.abilities) {
      summary.push(el("p", { "class": "calc-side" }, ["Exactly ", el("output", { "data-out": "fraction", text: result.fraction })]));
    }
    if (result.advice) {
      var best = result.advice[0];
      summary.push(el("p", { "class": "calc-side odds-best-label", id: "odds-best",
        text: result.rolls_left ? "Keep these dice" : "Your dice (no roll attempts left)" }));
      summary.push(el("div", { "class": "odds-best", "data-keep": best.keep.join(","), "aria-labelledby": "odds-best" },
        [diceList(result.roll, best.keep, result.faces)]));
    }
    nodes.push(el("div", { "class": "calc-summary" }, summary));
    if (result.abilities) nodes.push.apply(nodes, A.chances(result, E.percent));
    nodes.push(el("p", { "class": "odds-explain", text: result.explanation }));
    nodes.push(el("p", { "class": "odds-rules" }, [TC.ruleLinks(result.rules, tables.titles)]));
    if (result.advice && result.rolls_left) {
      nodes.push(el("h3", { "class": "odds-advice-title", text: "Every keep, best first" }));
      nodes.push(el("ol", { "class": "odds-advice" }, result.advice.slice(0, 8).map(adviceItem)));
      if (result.advice.length > 8) {
        nodes.push(el("details", { "class": "odds-more" }, [
          el("summary", { text: "All " + result.advice.length + " keeps" }),
          el("ol", { "class": "odds-advice", start: "9" }, result.advice.slice(8).map(adviceItem))]));
      }
    }
    return nodes;
  }

  var tables = TC.lazyTables();

  // For programs and tests: the same contract as POST /api/calc/odds (floating point, no "fraction"),
  // and the page's own form mapping.
  TC.odds = TC.api(function (body) { return E.calculate(body, tables()); });
  TC.oddsForm = TC.apiQuery(function (params) { return calculateForm(params, tables()); });

  var form = document.getElementById("calc-form");
  if (!form || form.getAttribute("data-calc") !== "odds") return;
  var box = document.querySelector("#calc-result [data-result]");
  var rollInput = form.elements.namedItem("roll");
  var hand = [];

  function checked(name) {
    var node = form.querySelector("input[name='" + name + "']:checked");
    return node ? node.value : "";
  }
  function check(name, value) {
    var node = form.querySelector("input[name='" + name + "'][value='" + value + "']");
    if (node) node.checked = true;
  }

  function currentFaces() {
    var hero = checked("hero") || "numbers";
    if (hero === "custom") {
      var faces = {};
      for (var f = 1; f <= FACES; f++) faces[String(f)] = form.elements.namedItem("f" + f).value.trim() || String(f);
      return oneSpelling(faces);
    }
    var preset = tables().presets.filter(function (p) { return p.id === hero; })[0];
    return preset ? preset.faces : numbersFaces();
  }

  // One −/+ counter per symbol of the current faces (kept values survive a rebuild). The first time,
  // counts come from the address too: an offline copy of the page may have other symbols' counters.
  var fromAddress = new URLSearchParams(window.location.search);
  function syncSymbols(params) {
    var holder = form.querySelector("[data-symbols]");
    var symbols = faceSymbols(currentFaces());
    var now = Array.prototype.map.call(holder.querySelectorAll("input"), function (i) { return i.name; }).join("|");
    if (now === symbols.map(function (s) { return "n-" + s; }).join("|")) { fromAddress = new URLSearchParams(); return; }
    holder.replaceChildren.apply(holder, symbols.map(function (s, i) {
      var id = "f-n" + (i + 1), value = params.get("n-" + s) || fromAddress.get("n-" + s) || "";
      var input = TC.el("input", { id: id, name: "n-" + s, type: "number", inputmode: "numeric", min: "0", max: "7", value: value, placeholder: "0" });
      return TC.el("div", { "class": "calc-counter" }, [TC.el("label", { "for": id, text: s }),
        TC.el("div", { "class": "calc-stepper" }, [
          TC.el("button", { type: "button", "class": "calc-step-btn", "data-step": "-1", "data-target": id, "aria-label": "One " + s + " fewer", text: "−" }),
          input,
          TC.el("button", { type: "button", "class": "calc-step-btn", "data-step": "1", "data-target": id, "aria-label": "One " + s + " more", text: "+" })])]);
    }));
    fromAddress = new URLSearchParams();
  }

  function bump(button) {
    var input = document.getElementById(button.getAttribute("data-target"));
    var now = /^[0-9]+$/.test(input.value.trim()) ? Number(input.value) : 0;
    input.value = String(Math.max(0, Math.min(Number(input.max || 7), now + Number(button.getAttribute("data-step")))));
    update();
  }

  // Chips beyond the dice (a straight of 6 with 5 dice) or the attempts are hidden; a hidden choice moves to the nearest.
  function clampChips(dice, rolls) {
    [["target", "data-upto", dice], ["left", "data-below", rolls - 1]].forEach(function (rule) {
      var best = null;
      Array.prototype.forEach.call(form.querySelectorAll("[" + rule[1] + "]"), function (chip) {
        var input = chip.querySelector("input");
        if (input.name !== rule[0]) return;
        chip.hidden = Number(chip.getAttribute(rule[1])) > rule[2];
        if (!chip.hidden && (!best || Number(chip.getAttribute(rule[1])) > Number(best.closest("[" + rule[1] + "]").getAttribute(rule[1])))) {
          var on = form.querySelector("input[name='" + rule[0] + "']:checked");
          if (rule[0] !== "target" || !on || on.value.split("-")[0] === input.value.split("-")[0]) best = input;
        }
      });
      var now = form.querySelector("input[name='" + rule[0] + "']:checked");
      if (best && (!now || now.closest("[hidden]"))) best.checked = true;
    });
  }

  // The one target control (target=straight-5, kind-3, symbols) as the goal, straight and kind the calculator
  // and links use (site/views/calc_pages.odds_args does the same for the form without JavaScript).
  function expandTarget(params) {
    var parts = (params.get("target") || "").split("-");
    params.delete("target");
    if (["straight", "kind", "symbols"].indexOf(parts[0]) < 0) return;
    params.set("goal", parts[0]);
    if (parts[1]) params.set(parts[0], parts[1]);
  }

  // The sticky bar's words with dice in hand: what to keep and what to re-roll, and the chance.
  function keepAdvice(result) {
    var best = result.advice && result.rolls_left ? result.advice[0] : null;
    if (!best) return null;
    var rest = result.roll.slice();
    best.keep.forEach(function (f) { var i = rest.indexOf(f); if (i >= 0) rest.splice(i, 1); });
    var chance = E.percent(result.probability);
    if (!best.keep.length) return "Re-roll all: " + chance;
    if (!rest.length) return "Keep every die: " + chance;
    return "Keep " + best.keep.join(" ") + ", re-roll " + rest.join(" ") + ": " + chance;
  }

  function drawHand(dice) {
    hand = hand.slice(0, dice);
    rollInput.value = hand.join("");
    var faces = currentFaces();
    var list = form.querySelector("[data-hand]");
    list.replaceChildren.apply(list, hand.map(function (f, i) {
      var symbol = faces[String(f)];
      return TC.el("li", {}, [TC.el("button", { type: "button", "class": "odds-die", "data-remove": String(i),
        "aria-label": "Take out die " + (i + 1) + ": " + f + (symbol !== String(f) ? " " + symbol : "") }, [
        TC.el("span", { "class": "odds-num", text: String(f) }), " ",
        symbol !== String(f) ? TC.el("span", { "class": "odds-sym", text: symbol }) : null])]);
    }));
    Array.prototype.forEach.call(form.querySelectorAll("[data-face-sym]"), function (node) {
      var f = node.getAttribute("data-face-sym");
      node.textContent = faces[f] !== f ? faces[f] : "";
    });
    Array.prototype.forEach.call(form.querySelectorAll("[data-add-face]"), function (b) {
      b.disabled = hand.length >= dice;
    });
  }

  function update() {
    var dice = Number(checked("dice") || E.limits.DEFAULT_DICE);
    var rolls = Number(checked("rolls") || E.limits.DEFAULT_ROLLS);
    clampChips(dice, rolls);
    drawHand(dice);
    A.sync(form, dice, faceSymbols(currentFaces()), checked("mode") === "abilities");
    var defaults = { dice: String(E.limits.DEFAULT_DICE), rolls: String(E.limits.DEFAULT_ROLLS), hero: "numbers", mode: "target" };
    var params = TC.formParams(form, defaults);
    expandTarget(params);
    syncSymbols(params);
    params = TC.formParams(form, defaults);
    expandTarget(params);
    TC.showForParams(form, params, "hero");
    var mode = params.get("mode") || "target";
    Array.prototype.forEach.call(form.querySelectorAll("[data-show-for-mode]"), function (part) {
      part.hidden = part.getAttribute("data-show-for-mode") !== mode;
      if (part.hidden) Array.prototype.forEach.call(part.querySelectorAll("[name]"), function (f) { params.delete(f.name); });
    });
    A.trim(form, params);
    var goal = params.get("goal") || "straight";
    Array.prototype.forEach.call(form.querySelectorAll("[data-show-for-goal]"), function (part) {
      part.hidden = part.getAttribute("data-show-for-goal") !== goal;
      if (part.hidden) Array.prototype.forEach.call(part.querySelectorAll("[name]"), function (f) { params.delete(f.name); });
    });
    Array.prototype.forEach.call(form.querySelectorAll("input[name^='n-']"), function (f) {
      if (params.get(f.name) === "0") params.delete(f.name);
    });
    if (!hand.length || params.get("left") === String(rolls - 1)) params.delete("left");
    TC.pushState(params);
    TC.clearInvalid(form);
    if (linkError) {  // a link the page cannot follow: say what is wrong with it (the form shows defaults there)
      TC.showLinkError(box, form, linkError.code, linkError.message, linkError.field);
      linkError = null;
      return;
    }
    try {
      var result = calculateForm(params, tables());
      box.replaceChildren.apply(box, render(result, tables()));
      TC.sticky(result.abilities ? "Expected damage: " + result.expected_damage.toFixed(2) :
        keepAdvice(result) || "Chance: " + E.percent(result.probability));
    } catch (err) {
      if (!(err instanceof TC.CalcError)) throw err;
      if (err.code === "empty_target") {
        var which = /^a([1-9])-/.exec(err.field);
        box.replaceChildren(TC.el("p", { "class": "calc-empty", text: which ?
          "Ability " + which[1] + ": add a symbol with + to see the expected damage." : "Add a symbol with + to see the chance." }));
        TC.sticky("");
        return;
      }
      TC.showError(box, form, err);
      TC.sticky(err.message);
    }
  }

  // ------------------------------------------------------------ wiring

  form.querySelector("[data-pad]").hidden = false;
  Array.prototype.forEach.call(form.querySelectorAll("[data-step]"), function (b) { b.hidden = false; });
  form.querySelector("[data-roll-field]").hidden = true;
  form.addEventListener("click", function (event) {
    var t = event.target.closest("button");
    if (!t || !form.contains(t)) return;
    if (t.hasAttribute("data-add-face")) hand.push(Number(t.getAttribute("data-add-face")));
    else if (t.hasAttribute("data-remove")) hand.splice(Number(t.getAttribute("data-remove")), 1);
    else if (t.hasAttribute("data-clear-hand")) hand = [];
    else if (t.hasAttribute("data-step")) { bump(t); return; }
    else if (!A.click(form, t, Number(checked("dice") || E.limits.DEFAULT_DICE))) return;
    rollInput.value = hand.join("");
    update();
  });
  hand = (new URLSearchParams(window.location.search).get("roll") || "").replace(/[^1-6]/g, "").split("").filter(Boolean).map(Number);
  TC.oddsHeroes(form, update, check);
  // The abilities the link asks for, as blocks; a link that cannot be followed is reported once.
  var link = new URLSearchParams(window.location.search), linkError = null;
  TC.fillForm(form, link);
  if (link.get("goal") || link.get("straight") || link.get("kind")) {  // the one control's choice; as the server,
    var linked = link.get("goal") || "straight";                         // a link without goal means a straight
    check("target", linked === "symbols" ? linked : linked + "-" + (link.get(linked) || ""));
  }
  A.build(form, checked("mode") !== "abilities" ? [] :
    A.fromParams(link, Number(checked("dice") || E.limits.DEFAULT_DICE), faceSymbols(currentFaces())), faceSymbols(currentFaces()));
  if (link.toString()) {
    try { calculateForm(link, tables()); } catch (err) {
      if (!(err instanceof TC.CalcError)) throw err;
      if (err.code !== "empty_target") linkError = err;
    }
  }
  TC.bind(form, update);
})();
