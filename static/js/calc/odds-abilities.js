// The odds page's "several abilities" section: the twin of calculators/odds_form_abilities.py (its form
// fields -> the API's abilities, with the same defaults, checks and messages), the ability blocks
// (calc_odds_abilities.html: built here from the address, so an offline copy of the page works too), and
// the result's figures (calc_odds_result.html). Loaded before common.js and odds.js; uses them only when called.
(function () {
  "use strict";
  var TC = (window.ThroneCalc = window.ThroneCalc || {});
  var MAX = 6, GOALS = ["straight", "kind", "symbols"], DEFAULT_ABILITIES = 2;
  var GOAL_WORDS = { straight: "Straight", kind: "X of a kind", symbols: "Symbols" };

  function defaultStraight(i, dice) { return Math.min(i === 2 ? 5 : 4, dice); }
  function defaultKind(dice) { return Math.min(3, dice); }
  function defaultDamage(i) { return i === 2 ? 8 : 5; }  // a starting point for the steppers, not any hero's
  function cut(text, n) { return Array.from(text).slice(0, n).join(""); }

  // ------------------------------------------------------------ form -> request (odds_form_abilities.py)

  function abilityLabel(field, base) {
    var m = /^a([1-9])-(.+)$/.exec(field);
    if (!m) return null;
    var rest = m[2];
    var label = (TC.has(base, rest) && base[rest]) || (rest.indexOf("n-") === 0 ? "Number of " + rest.slice(2) : rest);
    return "Ability " + m[1] + " " + label.charAt(0).toLowerCase() + label.slice(1);
  }

  var API_NAMES = { name: "name", damage: "dmg", "target.straight": "straight", "target.of_a_kind": "kind" };
  function abilityField(apiField) {
    if (apiField === "abilities") return "ab";
    var m = /^abilities\[([0-9]+)\](?:\.(.*))?$/.exec(apiField);
    if (!m) return null;
    var rest = m[2] || "target";
    var name = rest.indexOf("target.symbols.") === 0 ? "n-" + rest.slice("target.symbols.".length) :
      TC.has(API_NAMES, rest) ? API_NAMES[rest] : "goal";
    return "a" + (Number(m[1]) + 1) + "-" + name;
  }

  // count(params, name, low, high, default): a whole number, its error naming the field (odds.js's count).
  function formAbilities(params, dice, symbols, count) {
    var out = [], n = count(params, "ab", 1, MAX, DEFAULT_ABILITIES);
    for (var i = 1; i <= n; i++) {
      var p = "a" + i + "-", item = {};
      var name = TC.first(params, p + "name").trim();
      if (name) item.name = name;
      var goal = TC.first(params, p + "goal") || "straight";
      if (GOALS.indexOf(goal) < 0) TC.fail("unknown_target", "Ability " + i + " target: unknown choice '" + cut(goal, 20) + "'.", p + "goal");
      if (goal === "straight") item.target = { straight: count(params, p + "straight", 0, 999, defaultStraight(i, dice)) };
      else if (goal === "kind") item.target = { of_a_kind: count(params, p + "kind", 0, 999, defaultKind(dice)) };
      else {
        var wanted = Object.create(null);  // a symbol may be named "__proto__"
        symbols.forEach(function (s) {
          var k = count(params, p + "n-" + s, 0, 999, 0);
          if (k) wanted[s] = k;
        });
        item.target = { symbols: wanted };
      }
      item.damage = count(params, p + "dmg", 0, TC.oddsEngine.limits.MAX_DAMAGE, defaultDamage(i));
      out.push(item);
    }
    return out;
  }

  // ------------------------------------------------------------ the blocks (calc_odds_abilities.html)

  function newState(i, dice) {
    return { name: "", goal: "straight", straight: String(defaultStraight(i, dice)), kind: String(defaultKind(dice)),
      dmg: String(defaultDamage(i)), need: Object.create(null) };
  }

  // What a shared link asks for (values kept as written: a wrong one is reported, not silently changed).
  function fromParams(params, dice, symbols) {
    var raw = TC.first(params, "ab").trim(), n = DEFAULT_ABILITIES;
    if (/^[0-9]{1,3}$/.test(raw) && Number(raw) >= 1) n = Math.min(MAX, Number(raw));
    var out = [];
    for (var i = 1; i <= n; i++) {
      var p = "a" + i + "-", st = newState(i, dice);
      st.name = cut(TC.first(params, p + "name").trim(), 40);
      if (GOALS.indexOf(TC.first(params, p + "goal")) >= 0) st.goal = TC.first(params, p + "goal");
      ["straight", "kind", "dmg"].forEach(function (key) { if (params.has(p + key)) st[key] = TC.first(params, p + key).trim(); });
      symbols.forEach(function (s) { st.need[s] = TC.first(params, p + "n-" + s).trim(); });
      out.push(st);
    }
    return out;
  }

  function readBlocks(form) {
    return Array.prototype.map.call(form.querySelectorAll("[data-ab]"), function (li) {
      var p = "a" + li.getAttribute("data-ab") + "-", st = newState(0, 0);
      st.straight = st.kind = "";
      Array.prototype.forEach.call(li.querySelectorAll("input"), function (f) {
        var key = f.name.slice(p.length);
        if (f.type === "radio") { if (f.checked) st[key] = f.value; } else if (key.indexOf("n-") === 0) st.need[key.slice(2)] = f.value;
        else st[key] = f.value;
      });
      return st;
    });
  }

  function chip(name, value, text, checked, attrs) {
    return TC.el("label", Object.assign({ "class": "calc-chip" }, attrs || {}), [
      TC.el("input", { type: "radio", name: name, value: value, checked: checked }), " ", TC.el("span", { text: text })]);
  }

  function stepper(id, name, value, max, label, what) {
    var el = TC.el;
    return el("div", { "class": "calc-counter" }, [el("label", { "for": id, text: label }),
      el("div", { "class": "calc-stepper" }, [
        el("button", { type: "button", "class": "calc-step-btn", "data-step": "-1", "data-target": id, "aria-label": what[0], text: "−" }),
        el("input", { id: id, name: name, type: "number", inputmode: "numeric", min: "0", max: String(max), value: value, placeholder: "0" }),
        el("button", { type: "button", "class": "calc-step-btn", "data-step": "1", "data-target": id, "aria-label": what[1], text: "+" })])]);
  }

  function chipRow(p, i, key, words, values, st) {
    var el = TC.el, id = p + key + "-label";
    return el("div", { "data-ab-goal": key }, [el("p", { "class": "calc-field-label", id: id, text: "Ability " + i + " " + words }),
      el("div", { "class": "calc-chips", role: "radiogroup", "aria-labelledby": id }, values.map(function (n) {
        var text = String(n) + (key === "straight" && n === 4 ? " Small" : key === "straight" && n === 5 ? " Large" : "");
        return chip(p + key, String(n), text, st[key] === String(n), { "data-ab-upto": String(n) });
      }))]);
  }

  function block(i, st, symbols, count) {
    var el = TC.el, p = "a" + i + "-", A = "Ability " + i;
    return el("li", { "data-ab": String(i) }, [el("fieldset", { "class": "odds-ab" }, [
      el("legend", { "class": "odds-ab-title", text: A }),
      el("div", { "class": "calc-field" }, [el("label", { "for": "f-" + p + "name" }, [A + " name ", el("span", { "class": "calc-muted", text: "(optional)" })]),
        el("input", { id: "f-" + p + "name", name: p + "name", type: "text", autocomplete: "off", maxlength: "40", value: st.name })]),
      el("p", { "class": "calc-field-label", id: p + "goal-label", text: A + " target" }),
      el("div", { "class": "calc-chips", role: "radiogroup", "aria-labelledby": p + "goal-label" }, GOALS.map(function (g) {
        return chip(p + "goal", g, GOAL_WORDS[g], st.goal === g);
      })),
      chipRow(p, i, "straight", "straight length", [2, 3, 4, 5, 6], st),
      chipRow(p, i, "kind", "of a kind", [2, 3, 4, 5, 6, 7], st),
      el("div", { "data-ab-goal": "symbols" }, [el("div", { "class": "calc-counters odds-symbols" }, symbols.map(function (s, k) {
        return stepper("f-" + p + "n" + (k + 1), p + "n-" + s, st.need[s] || "", 7, A + ": " + s, [A + ": one " + s + " fewer", A + ": one " + s + " more"]);
      }))]),
      el("div", { "class": "calc-counters odds-symbols odds-ab-damage" }, [
        stepper("f-" + p + "dmg", p + "dmg", st.dmg, 99, A + " damage", [A + ": one damage less", A + ": one damage more"])]),
      count > 1 ? el("button", { type: "button", "class": "calc-secondary odds-ab-remove", "data-ab-remove": String(i), text: "Remove ability " + i }) : null])]);
  }

  function build(form, states, symbols) {
    var list = form.querySelector("[data-ab-list]");
    list.setAttribute("data-symbols", JSON.stringify(symbols));
    list.replaceChildren.apply(list, states.map(function (st, k) { return block(k + 1, st, symbols, states.length); }));
    var n = form.querySelector("[data-ab-count]");
    n.value = states.length ? String(states.length) : "";
    n.disabled = !states.length;
    var add = form.querySelector("[data-ab-add]");
    if (!add) {
      add = TC.el("button", { type: "button", "class": "calc-secondary odds-ab-add", "data-ab-add": "", text: "Add an ability" });
      list.parentNode.insertBefore(add, list.nextSibling);
    }
    add.disabled = states.length >= MAX;
    add.textContent = states.length >= MAX ? "Add an ability (at most " + MAX + ")" : "Add an ability";
  }

  // Before each calculation: blocks for the faces' symbols, chips within the dice, the chosen target's chips shown.
  // Out of the section (`on` false) its blocks are kept here, not in the page, so no control is there twice.
  var stash = null;
  function sync(form, dice, symbols, on) {
    var list = form.querySelector("[data-ab-list]");
    if (!on) {
      if (list.children.length) stash = readBlocks(form);
      if (list.children.length || !form.querySelector("[data-ab-add]")) build(form, [], symbols);
      return;
    }
    if (!list.children.length) build(form, stash || fromParams(new URLSearchParams(), dice, symbols), symbols);
    else if (list.getAttribute("data-symbols") !== JSON.stringify(symbols)) build(form, readBlocks(form), symbols);
    Array.prototype.forEach.call(list.querySelectorAll("[data-ab]"), function (li) {
      var goal = li.querySelector("input[name$='-goal']:checked");
      Array.prototype.forEach.call(li.querySelectorAll("[data-ab-goal]"), function (part) {
        part.hidden = !goal || part.getAttribute("data-ab-goal") !== goal.value;
        var best = null, on = null;
        Array.prototype.forEach.call(part.querySelectorAll("[data-ab-upto]"), function (c) {
          c.hidden = Number(c.getAttribute("data-ab-upto")) > dice;
          var input = c.querySelector("input");
          if (!c.hidden) best = input;
          if (input.checked) on = c;
        });
        if (best && (!on || on.hidden)) best.checked = true;
      });
    });
  }

  // The link leaves out what does not count: hidden targets' fields, zero counts, the default target kind.
  function trim(form, params) {
    Array.prototype.forEach.call(form.querySelectorAll("[data-ab-goal][hidden] [name]"), function (f) { params.delete(f.name); });
    Array.from(params.keys()).forEach(function (key) {
      if (/^a[1-9]-n-/.test(key) && params.get(key) === "0") params.delete(key);
      if (/^a[1-9]-goal$/.test(key) && params.get(key) === "straight") params.delete(key);
    });
  }

  // Add or remove an ability; true when the button was one of this section's.
  function click(form, button, dice) {
    var states = readBlocks(form), list = form.querySelector("[data-ab-list]"), symbols = JSON.parse(list.getAttribute("data-symbols"));
    var focus;
    if (button.hasAttribute("data-ab-add")) {
      if (states.length >= MAX) return true;
      states.push(newState(states.length + 1, dice));
      focus = "#f-a" + states.length + "-name";
    } else if (button.hasAttribute("data-ab-remove")) {
      var i = Number(button.getAttribute("data-ab-remove"));
      states.splice(i - 1, 1);
      focus = states.length > 1 ? "[data-ab-remove='" + Math.min(i, states.length) + "']" : "[data-ab-add]";
    } else return false;
    build(form, states, symbols);
    form.querySelector(focus).focus();
    return true;
  }

  // ------------------------------------------------------------ the result (calc_odds_result.html)

  function targetWords(t) {
    if (t.straight) return { 4: "Small Straight", 5: "Large Straight" }[t.straight] || "Straight of " + t.straight;
    if (t.of_a_kind) return t.of_a_kind + " of a kind";
    return Object.keys(t.symbols).map(function (s) { return t.symbols[s] + " × " + s; }).join(" + ");
  }

  function summary(result, percent) {
    var el = TC.el;
    return [el("p", { "class": "calc-big" }, [el("span", { "class": "calc-big-label", text: "Expected damage" }), " ",
      el("output", { "class": "calc-big-number", "data-out": "expected", "data-value": String(result.expected_damage), text: result.expected_damage.toFixed(2) })]),
    el("p", { "class": "calc-side" }, ["Chance of any ability ",
      el("output", { "data-out": "chance", "data-value": String(result.probability), text: percent(result.probability) })])];
  }

  function chances(result, percent) {
    var el = TC.el;
    return [el("h3", { "class": "odds-advice-title", id: "odds-ab-chances", text: "Chance you use each ability" }),
      el("p", { "class": "calc-hint", text: "Playing for the most damage; when you roll several, you use the one with the most damage." }),
      el("ol", { "class": "odds-ab-results", "aria-labelledby": "odds-ab-chances" }, result.abilities.map(function (a, k) {
        return el("li", { "data-ability": String(k + 1) }, [el("span", { "class": "odds-ab-name", text: a.name }), " ",
          el("span", { "class": "odds-ab-what", text: targetWords(a.target) + ", " + a.damage + " damage" }), " ",
          el("output", { "class": "odds-chance", "data-out": "ability-" + (k + 1), "data-value": String(a.probability), text: percent(a.probability) })]);
      }))];
  }

  TC.oddsAbilities = { formAbilities: formAbilities, abilityLabel: abilityLabel, abilityField: abilityField,
    fromParams: fromParams, build: build, sync: sync, trim: trim, click: click, summary: summary, chances: chances };
})();
