// The dice-odds engine's request parsing in the browser: the twin of calculators/odds_input.py (odds-engine.js
// uses it; loaded before it). ThroneCalc.oddsInput holds the limits, parseRequest and targetJson.
(function () {
  "use strict";
  var TC = (window.ThroneCalc = window.ThroneCalc || {});
  var FACES = 6;
  var L = {
    MIN_DICE: 1, MAX_DICE: 7, DEFAULT_DICE: 5, MIN_ROLLS: 1, MAX_ROLLS: 5, DEFAULT_ROLLS: 3,
    MIN_STRAIGHT: 2, MAX_STRAIGHT: 6, MAX_ABILITIES: 6, MAX_SYMBOL_LENGTH: 24, MAX_NAME_LENGTH: 40, MAX_DAMAGE: 99
  };
  var KINDS = ["symbols", "straight", "of_a_kind"];

  function fail(code, message, field) { throw new TC.CalcError(code, message, field); }
  function isObject(v) { return v !== null && typeof v === "object" && !Array.isArray(v); }
  function shown(v) { var s = JSON.stringify(v); return s === undefined ? String(v) : s.slice(0, 40); }
  function given(obj, key) { return Object.prototype.hasOwnProperty.call(obj, key) && obj[key] !== null && obj[key] !== undefined; }

  // ------------------------------------------------------------ request parsing (odds_input.py)

  function number(value, name, low, high, dflt) {
    if ((value === null || value === undefined) && dflt !== undefined) return dflt;
    if (value === null || value === undefined) {
      fail("missing_field", name + " is required: a whole number from " + low + " to " + high + ".", name);
    }
    if (typeof value !== "number" || !Number.isInteger(value)) {
      fail("not_whole_number", name + " must be a whole number from " + low + " to " + high + "; got " + shown(value) + ".", name);
    }
    if (value < low || value > high) {
      fail("out_of_range", name + " must be a whole number from " + low + " to " + high + "; got " + value + ".", name);
    }
    return value;
  }

  function text(value, name, max) {
    if (typeof value !== "string" || !value.trim()) {
      fail("not_text", name + " must be a non-empty text of at most " + max + " characters.", name);
    }
    if (Array.from(value.trim()).length > max) fail("too_long", name + " must be at most " + max + " characters.", name);
    return value.trim();
  }

  function parseFaces(value) {
    var faces = {};
    for (var f = 1; f <= FACES; f++) faces[f] = String(f);
    if (value === null || value === undefined) return faces;
    if (!isObject(value)) fail("not_object", "faces must be a JSON object such as {\"1\": \"sword\"}.", "faces");
    Object.keys(value).sort(pyCompare).forEach(function (key) {
      if (!/^[1-6]$/.test(key)) {
        fail("bad_face", "faces: '" + Array.from(key).slice(0, 12).join("") + "' is not a die face; use 1 to " + FACES + ".", "faces");
      }
      faces[Number(key)] = text(value[key], "faces." + key, L.MAX_SYMBOL_LENGTH);
    });
    return faces;
  }

  function parseTarget(value, name, dice, faces) {
    if (value === null || value === undefined) {
      fail("missing_field", name + " is required: {\"symbols\": {...}}, {\"straight\": n} or {\"of_a_kind\": n}.", name);
    }
    if (!isObject(value)) fail("not_object", name + " must be a JSON object.", name);
    var kinds = Object.keys(value).filter(function (k) { return value[k] !== null && value[k] !== undefined; });
    if (!kinds.length) fail("empty_target", name + " is empty: give symbols, straight or of_a_kind.", name);
    var unknown = kinds.filter(function (k) { return KINDS.indexOf(k) < 0; });
    if (unknown.length) {
      fail("unknown_target", name + ": unknown kind '" + Array.from(unknown[0]).slice(0, 20).join("") + "'. Use one of: " + KINDS.join(", ") + ".", name);
    }
    if (kinds.length > 1) fail("unknown_target", name + " must have one kind only: symbols, straight or of_a_kind.", name);
    var kind = kinds[0];
    if (kind === "straight") {
      if (dice < L.MIN_STRAIGHT) fail("out_of_range", name + ".straight needs at least " + L.MIN_STRAIGHT + " dice.", name + ".straight");
      return { kind: kind, symbols: [], length: number(value[kind], name + ".straight", L.MIN_STRAIGHT, Math.min(L.MAX_STRAIGHT, dice)) };
    }
    if (kind === "of_a_kind") {
      if (dice < 2) fail("out_of_range", name + ".of_a_kind needs at least 2 dice.", name + ".of_a_kind");
      return { kind: kind, symbols: [], length: number(value[kind], name + ".of_a_kind", 2, dice) };
    }
    var symbols = value[kind], where = name + ".symbols";
    if (!isObject(symbols)) fail("not_object", where + " must be a JSON object such as {\"sword\": 3}.", where);
    var known = [];
    for (var f = 1; f <= FACES; f++) if (known.indexOf(faces[f]) < 0) known.push(faces[f]);
    var counts = [], total = 0;
    Object.keys(symbols).sort(pyCompare).forEach(function (symbol) {  // one fixed order; listed in face order
      if (known.indexOf(symbol) < 0) {
        fail("unknown_symbol", where + ": no face shows '" + Array.from(symbol).slice(0, L.MAX_SYMBOL_LENGTH).join("") +
          "'. The faces show: " + known.slice().sort(pyCompare).join(", ") + ".", where);
      }
      var n = number(symbols[symbol], where + "." + symbol, 1, dice);
      counts.push([symbol, n]);
      total += n;
    });
    if (!counts.length) fail("empty_target", where + " is empty: ask for at least one symbol.", where);
    if (total > dice) fail("too_many_symbols", where + " asks for " + total + " dice in all, more than the " + dice + " you roll.", where);
    var firstFace = function (symbol) { for (var g = 1; g <= FACES; g++) if (faces[g] === symbol) return g; return 0; };
    counts.sort(function (x, y) { return firstFace(x[0]) - firstFace(y[0]); });
    return { kind: "symbols", symbols: counts, length: 0 };
  }

  // Python's default string order (by code point), for messages that list symbols sorted.
  function pyCompare(a, b) {
    var x = Array.from(a).map(function (c) { return c.codePointAt(0); });
    var y = Array.from(b).map(function (c) { return c.codePointAt(0); });
    for (var i = 0; i < Math.min(x.length, y.length); i++) if (x[i] !== y[i]) return x[i] - y[i];
    return x.length - y.length;
  }

  function targetJson(t) {
    if (t.kind !== "symbols") { var o = {}; o[t.kind] = t.length; return o; }
    var s = {};
    t.symbols.forEach(function (p) { s[p[0]] = p[1]; });
    return { symbols: s };
  }

  function parseAbilities(value, dice, faces) {
    if (!Array.isArray(value) || !value.length) {
      fail("not_list", "abilities must be a list of 1 to " + L.MAX_ABILITIES + " abilities.", "abilities");
    }
    if (value.length > L.MAX_ABILITIES) fail("too_many", "abilities: at most " + L.MAX_ABILITIES + "; got " + value.length + ".", "abilities");
    return value.map(function (item, i) {
      var where = "abilities[" + i + "]";
      if (!isObject(item)) fail("not_object", where + " must be a JSON object with name, target and damage.", where);
      var name = given(item, "name") ? text(item.name, where + ".name", L.MAX_NAME_LENGTH) : "Ability " + (i + 1);
      var target = parseTarget(item.target, where + ".target", dice, faces);
      return { name: name, target: target, damage: number(item.damage, where + ".damage", 0, L.MAX_DAMAGE) };
    });
  }

  function parseRoll(value, dice) {
    if (!Array.isArray(value)) fail("not_list", "roll must be a list of the " + dice + " dice showing, each 1 to " + FACES + ".", "roll");
    if (value.length !== dice) fail("bad_roll_length", "roll must list the " + dice + " dice showing; got " + value.length + ".", "roll");
    return value.map(function (f) { return number(f, "roll", 1, FACES); }).sort(function (a, b) { return a - b; });
  }

  function parseRequest(body) {
    if (!isObject(body)) fail("invalid_json", "The request body must be a JSON object.", "body");
    var dice = number(body.dice, "dice", L.MIN_DICE, L.MAX_DICE, L.DEFAULT_DICE);
    var rolls = number(body.rolls, "rolls", L.MIN_ROLLS, L.MAX_ROLLS, L.DEFAULT_ROLLS);
    var faces = parseFaces(body.faces);
    var target = null, abilities = [];
    if (given(body, "abilities")) {
      if (given(body, "target")) fail("target_and_abilities", "Give either target or abilities, not both.", "target");
      abilities = parseAbilities(body.abilities, dice, faces);
    } else {
      target = parseTarget(body.target, "target", dice, faces);
    }
    var roll = null, left = null;
    if (given(body, "roll")) {
      roll = parseRoll(body.roll, dice);
      left = number(body.rolls_left, "rolls_left", 0, rolls - 1, rolls - 1);
    } else if (given(body, "rolls_left")) {
      fail("missing_field", "rolls_left needs roll: the dice showing now.", "roll");
    }
    return { dice: dice, rolls: rolls, faces: faces, target: target, abilities: abilities, roll: roll, rolls_left: left };
  }

  TC.oddsInput = { limits: L, faces: FACES, parseRequest: parseRequest, targetJson: targetJson };
})();
