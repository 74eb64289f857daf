// The final-damage-total calculator in the browser: the twin of calculators/damage.py and
// calculators/damage_form.py, run offline from the tables the page embeds (#calc-tables).
// tests/golden/damage.json holds the vectors both must pass.
(function () {
  "use strict";
  var TC = window.ThroneCalc;
  var OPS = ["add", "subtract", "prevent_fraction", "multiply", "reflect_fraction", "avoid"];
  var ATTACK_MODIFIER_OPS = ["add", "multiply"];

  // ------------------------------------------------------------ request parsing

  function defaultLabel(tables, op, amount, share) {
    var text = share ? TC.fracText(share) : "0";
    return tables.op_labels[op].replace("{amount}", amount).replace("{fraction}", text).replace("{factor}", text);
  }

  function customModifier(tables, raw, where) {
    var op = TC.choice(raw.op, where + ".op", OPS, { code: "unknown_op" });
    var amount = 0, share = TC.frac(0, 1);
    if (op === "add" || op === "subtract") amount = TC.whole(raw.amount, where + ".amount");
    else if (op === "prevent_fraction" || op === "reflect_fraction") share = TC.fraction(raw.fraction, where + ".fraction");
    else if (op === "multiply") share = TC.factor(raw.factor, where + ".factor");
    var defense = TC.boolean(raw.defense, where + ".defense", { dflt: false });
    var label = TC.text(raw.label, where + ".label") || defaultLabel(tables, op, amount, share);
    if (defense && !raw.label) label += " (Defensive Ability)";
    var rule = { add: "attack_modifiers", multiply: "attack_modifiers", subtract: "reducing",
      prevent_fraction: "rounding", reflect_fraction: "rounding", avoid: "avoidable" }[op];
    var rules = (defense ? [tables.rules.defensive_ability] : []).concat([tables.rules[rule]]);
    return { op: op, label: label, defense: defense, amount: amount, share: share, effect: null, rules: rules };
  }

  function presetModifiers(tables, raw, where) {
    var effects = {};
    tables.effects.forEach(function (e) { effects[e.id] = e; });
    var id = raw.effect;
    if (typeof id !== "string" || !TC.has(effects, id)) {
      var shown = typeof id === "string" ? id : String(id);
      TC.fail("unknown_effect", "Unknown effect '" + shown + "'. Effects with a numeric preset: " +
        Object.keys(effects).sort().join(", ") + ". For any other effect, send its numbers as a custom modifier.",
        where + ".effect");
    }
    var effect = effects[id];
    var tokens = TC.whole(raw.tokens, where + ".tokens", 1, tables.limits.tokens, { required: false, dflt: 1 });
    var options = effect.options;
    if (options.length > 1) {
      var chosen = TC.choice(raw.option, where + ".option", options.map(function (o) { return o.label; }),
        { code: "unknown_option" });
      options = options.filter(function (o) { return o.label === chosen; });
    }
    var option = options[0];
    var op = option.op;
    var share = option.fraction || option.factor ? TC.parseFrac(option.fraction || option.factor) : TC.frac(0, 1);
    var label = TC.text(raw.label, where + ".label") || effect.name + (option.label ? " (" + option.label + ")" : "");
    var count = option.per_token && op !== "avoid" ? tokens : 1;
    var rules = [effect.url];
    if (op === "prevent_fraction" || op === "reflect_fraction" || op === "multiply") rules.push(tables.rules.rounding);
    var mods = [];
    for (var i = 0; i < count; i++) {
      mods.push({ op: op, label: count === 1 ? label : label + " #" + (i + 1), defense: false,
        amount: option.amount || 0, share: share, effect: id, rules: rules.slice() });
    }
    return mods;
  }

  function parseDials(raw) {
    var body = TC.mapping(raw, "dials");
    var starting = TC.whole(body.starting, "dials.starting", 1, TC.MAX_NUMBER, { required: false, dflt: 50 });
    var cap = starting + 10;
    return {
      starting: starting,
      defender: TC.whole(body.defender, "dials.defender", 0, cap, { required: false, dflt: starting }),
      attacker: TC.whole(body.attacker, "dials.attacker", 0, cap, { required: false, dflt: starting }),
      targets: TC.whole(body.targets, "dials.targets", 1, 6, { required: false, dflt: 1 }),
      defender_heal: TC.whole(body.defender_heal, "dials.defender_heal", 0, TC.MAX_NUMBER, { required: false, dflt: 0 }),
      attacker_heal: TC.whole(body.attacker_heal, "dials.attacker_heal", 0, TC.MAX_NUMBER, { required: false, dflt: 0 }),
      attacker_damage: TC.whole(body.attacker_damage, "dials.attacker_damage", 0, TC.MAX_NUMBER, { required: false, dflt: 0 })
    };
  }

  function parseRequest(body, tables) {
    var damage = TC.whole(body.damage, "damage");
    var type = TC.choice(body.type, "type", tables.types.map(function (t) { return t.id; }), { dflt: "normal" });
    var rawMods = TC.has(body, "modifiers") ? body.modifiers : [];
    if (rawMods === null || rawMods === undefined) rawMods = [];
    if (!Array.isArray(rawMods)) TC.fail("not_list", "modifiers must be a list of modifier objects.", "modifiers");
    if (rawMods.length > tables.limits.modifiers) {
      TC.fail("too_many_modifiers", "At most " + tables.limits.modifiers + " modifiers; got " + rawMods.length + ".", "modifiers");
    }
    var modifiers = [];
    rawMods.forEach(function (raw, i) {
      var where = "modifiers[" + i + "]";
      var item = TC.mapping(raw, where);
      if (TC.has(item, "effect")) modifiers = modifiers.concat(presetModifiers(tables, item, where));
      else modifiers.push(customModifier(tables, item, where));
    });
    var dials = body.dials !== undefined && body.dials !== null ? parseDials(body.dials) : null;
    return { damage: damage, type: type, modifiers: modifiers, dials: dials };
  }

  // ------------------------------------------------------------ the method

  function excluded(mod, dtype, damage) {
    if (ATTACK_MODIFIER_OPS.indexOf(mod.op) >= 0) {
      if (!dtype.attack) return "not_an_attack";
      if (damage < 1) return "no_attack_damage";
      if (!dtype.enhanceable) return "not_enhanceable";
    } else if (!dtype.avoidable) {
      return "not_avoidable";
    }
    if (mod.defense && !dtype.defendable) return "not_defendable";
    return null;
  }

  function finalDamage(req, tables) {
    var R = tables.rules;
    var dtype = tables.types.filter(function (t) { return t.id === req.type; })[0];
    var steps = [], ignored = [], applied = [];

    function step(n, label, op, amount, total, rules, share) {
      var row = { step: n, label: label, op: op, amount: amount, total: total, rules: rules };
      if (share) row.share = TC.fracText(share);
      steps.push(row);
    }

    req.modifiers.forEach(function (mod) {
      var code = excluded(mod, dtype, req.damage);
      if (code) {
        var rules = [code === "no_attack_damage" ? R.attack_modifiers : dtype.url];
        if (mod.effect) rules.push(mod.rules[0]);
        ignored.push({ label: mod.label, op: mod.op, code: code, reason: tables.reasons[code].replace("{type}", dtype.name),
          rules: rules });
      } else {
        applied.push(mod);
      }
    });
    function of(op) { return applied.filter(function (m) { return m.op === op; }); }

    var total = req.damage;
    step(1, "Incoming damage", "incoming", total, total, [R.incoming]);
    of("add").forEach(function (m) { total += m.amount; step(2, m.label, "add", m.amount, total, m.rules); });
    of("subtract").forEach(function (m) {
      total = Math.max(0, total - m.amount);
      step(2, m.label, "subtract", m.amount, total, m.rules);
    });
    var subtotal = total;
    step(2, "Incoming Damage Subtotal", "subtotal", subtotal, subtotal, [R.steps]);
    of("multiply").forEach(function (m) {
      var extra = TC.ceilShare(subtotal, m.share) - subtotal;
      total += extra;
      step(3, m.label, "multiply", extra, total, m.rules, m.share);
    });
    of("prevent_fraction").forEach(function (m) {
      var prevented = TC.ceilShare(subtotal, m.share);
      total = Math.max(0, total - prevented);
      step(3, m.label, "prevent_fraction", prevented, total, m.rules, m.share);
    });
    var reflected = 0;
    of("reflect_fraction").forEach(function (m) {
      var back = TC.ceilShare(subtotal, m.share);
      reflected += back;
      step(3, m.label, "reflect_fraction", back, total, m.rules, m.share);
    });
    of("avoid").forEach(function (m) { step(3, m.label, "avoid", total, 0, m.rules); total = 0; });
    var final = Math.max(0, total);
    step(3, "Final damage total", "final", final, final, [R.method]);
    var result = { damage: req.damage, type: req.type, subtotal: subtotal, final: final, reflected: reflected,
      steps: steps, ignored: ignored };
    if (req.dials) result.dials = applyToDials(final, reflected, req.dials, R);
    return result;
  }

  function applyToDials(final, reflected, dials, R) {
    var cap = dials.starting + 10;
    var notes = [];
    function one(before, damage, heal) {
      var raw = before - damage + heal;
      var after = Math.max(0, Math.min(cap, raw));
      if (raw > cap) notes.push({ text: "Healing stops at the cap of " + cap + " (starting Health + 10).", rules: [R.heal_cap] });
      return { before: before, damage: damage, heal: heal, after: after };
    }
    var defenderDamage = final * dials.targets;
    if (dials.targets > 1) {
      notes.push({ text: dials.targets + " teammates each take " + final + ": the shared team dial loses " + defenderDamage + ".",
        rules: [R.team] });
    }
    var defender = one(dials.defender, defenderDamage, dials.defender_heal);
    var attacker = one(dials.attacker, reflected + dials.attacker_damage, dials.attacker_heal);
    var d = defender.after === 0, a = attacker.after === 0;
    var outcome = d && a ? "draw" : d ? "defender-defeated" : a ? "attacker-defeated" : "both-standing";
    if (outcome === "draw") notes.push({ text: "Both dials reach 0 in the same update: the game is a draw.", rules: [R.draws] });
    notes.push({ text: "Damage and healing of the phase are applied to every dial at the same moment.", rules: [R.simultaneous] });
    return { cap: cap, defender: defender, attacker: attacker, outcome: outcome, notes: notes };
  }

  function calculate(body, tables) {
    return finalDamage(parseRequest(body, tables), tables);
  }

  // ------------------------------------------------------------ the page's form (twin of damage_form.py)

  var LIST_FIELDS = [["add", "add", false, "Add {n}"], ["sub", "subtract", false, "Prevent {n}"],
    ["dsub", "subtract", true, "Prevent {n} (Defensive Ability)"]];
  var COUNT_FIELDS = [["half", "prevent_fraction", "1/2", false, "Prevent 1/2"],
    ["dhalf", "prevent_fraction", "1/2", true, "Prevent 1/2 (Defensive Ability)"],
    ["reflect", "reflect_fraction", "1/2", false, "Reflect 1/2"]];
  var MULTIPLY_FIELDS = [["double", "2", "Double (×2)"]];
  var DIAL_FIELDS = [["hp-start", "starting"], ["hp-def", "defender"], ["hp-att", "attacker"], ["hp-targets", "targets"],
    ["heal-def", "defender_heal"], ["heal-att", "attacker_heal"], ["dmg-att", "attacker_damage"]];

  function formToBody(params, tables) {
    function first(name) { return TC.first(params, name); }
    var body = { damage: TC.whole(first("damage"), "damage"),
      type: TC.choice(first("type"), "type", tables.types.map(function (t) { return t.id; }), { dflt: "normal" }) };
    var mods = [];
    LIST_FIELDS.forEach(function (f) {
      first(f[0]).trim().split(/[\s,;+]+/).filter(Boolean).forEach(function (part) {
        var n = TC.whole(part, f[0]);
        mods.push({ op: f[1], amount: n, defense: f[2], label: f[3].replace("{n}", n) });
      });
    });
    COUNT_FIELDS.forEach(function (f) {
      var count = TC.whole(first(f[0]), f[0], 0, 9, { required: false, dflt: 0 });
      for (var i = 0; i < count; i++) mods.push({ op: f[1], fraction: f[2], defense: f[3], label: f[4] });
    });
    MULTIPLY_FIELDS.forEach(function (f) {
      var count = TC.whole(first(f[0]), f[0], 0, 9, { required: false, dflt: 0 });
      for (var i = 0; i < count; i++) mods.push({ op: "multiply", factor: f[1], label: f[2] });
    });
    if (TC.boolean(first("avoid"), "avoid", { dflt: false })) mods.push({ op: "avoid", label: "Avoid all damage" });
    tables.effects.forEach(function (e) {
      var name = "e-" + e.id;
      var tokens = TC.whole(first(name), name, 0, 9, { required: false, dflt: 0 });
      if (tokens) mods.push({ effect: e.id, tokens: tokens });
    });
    if (mods.length > tables.limits.modifiers) {
      TC.fail("too_many_modifiers", "At most " + tables.limits.modifiers + " modifiers.", "add");
    }
    body.modifiers = mods;
    if (first("hp-def") || first("hp-att")) {
      var starting = TC.whole(first("hp-start"), "hp-start", 1, TC.MAX_NUMBER, { required: false, dflt: 50 });
      var dials = { starting: starting };
      DIAL_FIELDS.forEach(function (f) {
        var key = f[1];
        if (key === "starting" || !first(f[0])) return;
        var high = key === "defender" || key === "attacker" ? starting + 10 : key === "targets" ? 6 : TC.MAX_NUMBER;
        dials[key] = TC.whole(first(f[0]), f[0], key === "targets" ? 1 : 0, high);
      });
      body.dials = dials;
    }
    return body;
  }

  // ------------------------------------------------------------ rendering (same markup as calc_damage_result.html)

  function mathText(s, result) {
    switch (s.op) {
      case "incoming": case "subtotal": case "final": return "= " + s.total;
      case "add": return "+" + s.amount + " → " + s.total;
      case "subtract": return "−" + s.amount + " → " + s.total;
      case "multiply": return "×" + s.share + " of " + result.subtotal + ", rounded up: +" + s.amount + " → " + s.total;
      case "prevent_fraction": return s.share + " of " + result.subtotal + ", rounded up: −" + s.amount + " → " + s.total;
      case "reflect_fraction": return s.share + " of " + result.subtotal + ", rounded up: " + s.amount + " back to the attacker";
      case "avoid": return "all " + s.amount + " avoided → 0";
    }
    return "";
  }

  var OUTCOMES = { "both-standing": "Both players are still standing.", "defender-defeated": "The defender is defeated.",
    "attacker-defeated": "The attacker is defeated.", draw: "Both reach 0 together: a draw." };

  function render(result, tables) {
    var el = TC.el, tv = tables.titles, nodes = [];
    nodes.push(el("div", { "class": "calc-summary" }, [
      el("p", { "class": "calc-big" }, [el("span", { "class": "calc-big-label", text: "Final damage" }), " ",
        el("output", { "class": "calc-big-number", "data-out": "final", text: String(result.final) })]),
      el("p", { "class": "calc-side", "data-out-row": "reflected", hidden: !result.reflected },
        ["Back to the attacker: ", el("output", { "data-out": "reflected", text: String(result.reflected) })]),
      el("p", { "class": "calc-side" }, ["Subtotal after step 2: ",
        el("output", { "data-out": "subtotal", text: String(result.subtotal) })])
    ]));
    nodes.push(el("ol", { "class": "calc-steps", "data-calc-steps": "" }, result.steps.map(function (s) {
      return el("li", { "class": "calc-step", "data-op": s.op }, [
        el("span", { "class": "calc-step-no", text: "Step " + s.step }), " ",
        el("span", { "class": "calc-step-label", text: s.label }), " ",
        el("span", { "class": "calc-step-math", text: mathText(s, result) }), " ",
        TC.ruleLinks(s.rules, tv)]);
    })));
    if (result.ignored.length) {
      nodes.push(el("h3", { "class": "calc-ignored-title", text: "Not counted" }));
      nodes.push(el("ul", { "class": "calc-ignored" }, result.ignored.map(function (i) {
        return el("li", { "data-code": i.code }, [el("strong", { text: i.label }), ": " + i.reason + " ", TC.ruleLinks(i.rules, tv)]);
      })));
    }
    if (result.dials) {
      var d = result.dials;
      nodes.push(el("h3", { text: "Health dials" }));
      var head = el("thead", {}, [el("tr", {}, ["Dial", "Before", "Damage", "Heal", "After"].map(function (h) {
        return el("th", { scope: "col", text: h });
      }))]);
      var body = el("tbody", {}, [["Defender", d.defender], ["Attacker", d.attacker]].map(function (pair) {
        var row = pair[1];
        return el("tr", {}, [el("th", { scope: "row", text: pair[0] }), el("td", { text: String(row.before) }),
          el("td", { text: "−" + row.damage }), el("td", { text: "+" + row.heal }),
          el("td", { "data-out": pair[0].toLowerCase() + "-after", text: String(row.after) })]);
      }));
      nodes.push(el("div", { "class": "calc-table-scroll", tabindex: "0", role: "region", "aria-label": "Health dials" },
        [el("table", { "class": "calc-dials-table" }, [head, body])]));
      nodes.push(el("p", { "class": "calc-outcome", "data-out": "outcome", "data-outcome": d.outcome, text: OUTCOMES[d.outcome] }));
      nodes.push(TC.noteList("ul", "calc-notes", d.notes, tv));
    }
    return nodes;
  }

  // ------------------------------------------------------------ wiring

  var tables = TC.lazyTables();

  // For programs and tests: the same contract as POST /api/calc/damage.
  TC.damage = TC.api(function (input) { return calculate(input, tables()); });
  // The form's error in its own words: the field's label, not its name (twin of damage_form.in_words).
  function inWords(err) {
    var label = tables().form_labels[err.field];
    if (!label || err.message.indexOf(err.field) !== 0) return err;
    return new TC.CalcError(err.code, label + err.message.slice(err.field.length), err.field);
  }
  function calculateForm(params) {
    try {
      return calculate(formToBody(params, tables()), tables());
    } catch (err) {
      if (err instanceof TC.CalcError) throw inWords(err);
      throw err;
    }
  }
  TC.damageForm = TC.api(function (input) { return calculateForm(new URLSearchParams(input.query || "")); });

  var form = document.getElementById("calc-form");
  if (!form || form.getAttribute("data-calc") !== "damage") return;
  var box = document.querySelector("#calc-result [data-result]");

  function update() {
    var params = TC.formParams(form, { type: "normal" });
    TC.pushState(params);
    TC.clearInvalid(form);
    if (!params.has("damage")) {
      box.replaceChildren(TC.el("p", { "class": "calc-empty", text: "Enter the incoming damage to see the final total." }));
      TC.sticky("");
      return;
    }
    try {
      var result = calculateForm(params);
      box.replaceChildren.apply(box, render(result, tables()));
      TC.sticky("Final damage: " + result.final + (result.reflected ? " · back to the attacker: " + result.reflected : ""));
    } catch (err) {
      if (!(err instanceof TC.CalcError)) throw err;
      TC.showError(box, form, err);
      TC.sticky(err.message);
    }
  }
  TC.bind(form, update);
})();
