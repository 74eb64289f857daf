// The dice-odds engine in the browser: the twin of calculators/odds_input.py, odds_dp.py and
// odds.py, in floating point (the Python engine is exact; the two agree to 1e-9).
// Same states in the same order, same recurrences, same tie-breaks (values within EPS are equal).
// tests/golden/odds.json holds the vectors both must pass. ThroneCalc.oddsEngine is the API.
(function () {
  "use strict";
  var TC = (window.ThroneCalc = window.ThroneCalc || {});
  var FACES = 6;
  var L = {
    MIN_DICE: 1, MAX_DICE: 7, DEFAULT_DICE: 5, MIN_ROLLS: 1, MAX_ROLLS: 5, DEFAULT_ROLLS: 3,
    MIN_STRAIGHT: 2, MAX_STRAIGHT: 6, MAX_ABILITIES: 6, MAX_SYMBOL_LENGTH: 24, MAX_NAME_LENGTH: 40, MAX_DAMAGE: 99
  };
  var KINDS = ["symbols", "straight", "of_a_kind"];
  var EPS = 1e-12;

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

  // ------------------------------------------------------------ the state space and recurrences (odds_dp.py)

  var made = {};
  function compositions(total, parts) {
    var name = total + "," + parts;
    if (made[name]) return made[name];
    if (parts === 1) return (made[name] = [[total]]);
    var out = [];
    for (var first = total; first >= 0; first--) {
      compositions(total - first, parts - 1).forEach(function (rest) { out.push([first].concat(rest)); });
    }
    return (made[name] = out);
  }

  var spaces = {};
  // Every multiset of at most n dice over c classes, ordered by size, then by compositions();
  // a state's key is its counts read as a number in base n + 1 (an array lookup, no strings).
  function space(n, c) {
    var name = n + "," + c;
    if (spaces[name]) return spaces[name];
    var states = [];
    for (var total = 0; total <= n; total++) states = states.concat(compositions(total, c));
    var base = n + 1, place = [], k;
    for (k = 0; k < c; k++) place.push(Math.pow(base, k));
    var index = new Int32Array(Math.pow(base, c)).fill(-1);
    var keys = states.map(function (s, i) {
      var key = 0;
      for (var j = 0; j < c; j++) key += s[j] * place[j];
      index[key] = i;
      return key;
    });
    var size = states.map(function (s) { return s.reduce(function (a, b) { return a + b; }, 0); });
    var up = [], down = [], full = [];
    states.forEach(function (s, i) {
      var u = [], d = [];
      for (k = 0; k < c; k++) {
        u.push(size[i] < n ? index[keys[i] + place[k]] : -1);
        d.push(s[k] > 0 ? index[keys[i] - place[k]] : -1);
      }
      up.push(u);
      down.push(d);
      if (size[i] === n) full.push(i);
    });
    var order = states.map(function (_, i) { return i; }).sort(function (a, b) { return size[b] - size[a] || a - b; });
    spaces[name] = { n: n, c: c, states: states, index: index, place: place, size: size, up: up, down: down,
      full: full, order: order };
    return spaces[name];
  }

  // A_r for every state, from the previous level's B (full states only), with the class probabilities.
  function expectation(sp, probs, b) {
    var a = new Float64Array(sp.states.length);
    sp.full.forEach(function (s) { a[s] = b[s]; });
    for (var i = 0; i < sp.order.length; i++) {
      var s = sp.order[i];
      if (sp.size[s] === sp.n) continue;
      var ups = sp.up[s], sum = 0;
      for (var k = 0; k < probs.length; k++) sum += probs[k] * a[ups[k]];
      a[s] = sum;
    }
    return a;
  }

  function solve(sp, probs, final, levels, eps) {
    var b = final, out = [];
    for (var r = 0; r < levels; r++) {
      var value = expectation(sp, probs, b);
      var best = Float64Array.from(value), keep = new Int32Array(sp.states.length);
      for (var s = 0; s < sp.states.length; s++) {
        var bv = best[s], bk = s, downs = sp.down[s];
        for (var k = 0; k < downs.length; k++) {
          var t = downs[k];
          if (t >= 0 && (best[t] > bv + eps || (Math.abs(best[t] - bv) <= eps && keep[t] < bk))) {
            bv = best[t];
            bk = keep[t];
          }
        }
        best[s] = bv;
        keep[s] = bk;
      }
      out.push({ value: value, keep: keep });
      b = best;
    }
    return out;
  }

  function follow(sp, probs, final, policy) {
    var b = final, out = [];
    policy.forEach(function (level) {
      var value = expectation(sp, probs, b);
      out.push(value);
      b = new Float64Array(sp.states.length);
      for (var s = 0; s < sp.states.length; s++) b[s] = value[level.keep[s]];
    });
    return out;
  }

  function subMultisets(counts) {
    var out = [[]];
    counts.forEach(function (c) {
      var next = [];
      out.forEach(function (prefix) { for (var k = 0; k <= c; k++) next.push(prefix.concat([k])); });
      out = next;
    });
    return out;
  }

  // ------------------------------------------------------------ targets on class states (odds.py)

  function faceClasses(faces, targets) {
    var groups = [], sigs = {};
    for (var f = 1; f <= FACES; f++) {
      var sig = JSON.stringify(targets.map(function (t) {
        if (t.kind !== "symbols") return f;
        return t.symbols.some(function (p) { return p[0] === faces[f]; }) ? faces[f] : null;
      }));
      if (!TC.has(sigs, sig)) { sigs[sig] = groups.length; groups.push([]); }
      groups[sigs[sig]].push(f);
    }
    return groups;
  }

  function met(target, counts, classes, faces) {
    var k;
    if (target.kind === "symbols") {
      var have = Object.create(null);
      for (k = 0; k < counts.length; k++) {
        var symbol = faces[classes[k][0]];
        have[symbol] = (have[symbol] || 0) + counts[k];
      }
      return target.symbols.every(function (p) { return (have[p[0]] || 0) >= p[1]; });
    }
    if (target.kind === "of_a_kind") return Math.max.apply(null, counts) >= target.length;
    var shownFaces = {};
    for (k = 0; k < counts.length; k++) if (counts[k]) shownFaces[classes[k][0]] = true;
    for (var start = 1; start <= FACES - target.length + 1; start++) {
      var all = true;
      for (var i = 0; i < target.length; i++) if (!shownFaces[start + i]) { all = false; break; }
      if (all) return true;
    }
    return false;
  }

  function compareKeeps(x, y, eps) {
    if (Math.abs(x.value - y.value) > eps) return y.value - x.value;
    if (x.keep.length !== y.keep.length) return x.keep.length - y.keep.length;
    for (var i = 0; i < x.keep.length; i++) if (x.keep[i] !== y.keep[i]) return x.keep[i] - y.keep[i];
    return 0;
  }

  function evaluate(req) {
    var targets = req.target ? [req.target] : req.abilities.map(function (a) { return a.target; });
    var classes = faceClasses(req.faces, targets);
    var sp = space(req.dice, classes.length);
    var probs = classes.map(function (c) { return c.length / FACES; });
    var N = sp.states.length, final = new Float64Array(N), chosen = new Int32Array(N).fill(-1);
    var damages = req.abilities.map(function (a) { return a.damage; });
    sp.full.forEach(function (s) {
      var hit = targets.map(function (t) { return met(t, sp.states[s], classes, req.faces); });
      if (req.target) { final[s] = hit[0] ? 1 : 0; return; }
      var best = -1;
      for (var j = 0; j < hit.length; j++) if (hit[j] && (best < 0 || damages[j] > damages[best])) best = j;
      chosen[s] = best;
      final[s] = best >= 0 ? damages[best] : 0;
    });
    var eps = EPS * Math.max(1, Math.max.apply(null, [1].concat(damages)));
    var depth = req.roll === null ? req.rolls : req.rolls_left;
    var levels = solve(sp, probs, final, depth, eps);
    var perAbility = req.abilities.map(function (_, j) {
      var ind = new Float64Array(N);
      for (var s = 0; s < N; s++) ind[s] = chosen[s] === j ? 1 : 0;
      return follow(sp, probs, ind, levels);
    });

    function stateOf(faceCounts) {
      var key = 0;
      classes.forEach(function (cls, k) {
        key += sp.place[k] * cls.reduce(function (total, f) { return total + faceCounts[f - 1]; }, 0);
      });
      return sp.index[key];
    }
    function at(d, s) {
      if (d === 0) return { value: final[s], chances: perAbility.map(function (_, j) { return chosen[s] === j ? 1 : 0; }) };
      return { value: levels[d - 1].value[s], chances: perAbility.map(function (p) { return p[d - 1][s]; }) };
    }
    function sum(xs) { return xs.reduce(function (a, b) { return a + b; }, 0); }

    var out = {}, top;
    if (req.roll === null) {
      top = at(depth, 0);
    } else {
      var hand = [];
      for (var f = 1; f <= FACES; f++) hand.push(req.roll.filter(function (x) { return x === f; }).length);
      var keeps = req.rolls_left ? subMultisets(hand) : [hand];
      var advice = keeps.map(function (keep) {
        var v = at(req.rolls_left, stateOf(keep)), kept = [];
        for (var face = 1; face <= FACES; face++) for (var i = 0; i < keep[face - 1]; i++) kept.push(face);
        return { value: v.value, chances: v.chances, keep: kept };
      });
      advice.sort(function (x, y) { return compareKeeps(x, y, eps); });
      top = advice[0];
      out.advice = advice.map(function (a) {
        if (!req.abilities.length) return { keep: a.keep, probability: a.value };
        return { keep: a.keep, probability: sum(a.chances), expected_damage: a.value, chances: a.chances };
      });
    }
    if (req.abilities.length) {
      out.probability = sum(top.chances);
      out.expected_damage = top.value;
      out.abilities = req.abilities.map(function (a, j) {
        return { name: a.name, target: targetJson(a.target), damage: a.damage, probability: top.chances[j] };
      });
    } else {
      out.probability = top.value;
    }
    return out;
  }

  // ------------------------------------------------------------ wording (odds.py)

  function targetText(t) {
    if (t.kind === "symbols") {
      return "at least " + t.symbols.map(function (p) { return p[1] + " × " + p[0]; }).join(" and ");
    }
    if (t.kind === "of_a_kind") return t.length + " of a kind";
    return { 4: "a Small Straight (4 numbers in a row)", 5: "a Large Straight (5 numbers in a row)" }[t.length] ||
      "a straight of " + t.length + " numbers in a row";
  }
  function percent(p) { return (p * 100).toFixed(2) + "%"; }
  function attempts(n) { return n + " roll attempt" + (n !== 1 ? "s" : ""); }

  function explain(req, result) {
    var setting = req.dice + " " + (req.dice !== 1 ? "dice" : "die") + " and " + attempts(req.rolls);
    var what, goal;
    if (req.abilities.length) {
      what = "the expected damage is " + result.expected_damage.toFixed(2);
      goal = "playing for the most damage on average (one ability is activated)";
    } else {
      what = "the chance of " + targetText(req.target) + " is " + percent(result.probability);
      goal = "keeping the best dice after each roll";
    }
    if (req.roll === null) return "With " + setting + ", " + goal + ", " + what + ". Each re-roll may include dice you kept before.";
    var shownDice = req.roll.join(", ");
    if (!req.rolls_left) return "With no roll attempts left, the dice " + shownDice + " are final: " + what + ".";
    var best = result.advice[0].keep;
    var keep = best.length ? "keep " + best.join(", ") + " and re-roll the rest" : "re-roll every die";
    if (best.length === req.dice) keep = "keep every die";
    return "From " + shownDice + " with " + attempts(req.rolls_left) + " left, " + goal + ", " + what + ": " + keep + ".";
  }

  // POST /api/calc/odds in the browser (no "fraction": the browser works in floating point).
  function calculate(body, tables) {
    var req = parseRequest(body);
    var result = evaluate(req);
    var R = tables.rules, links = [R.phase, R.attempts];
    var kinds = (req.target ? [req.target] : req.abilities.map(function (a) { return a.target; }))
      .map(function (t) { return t.kind; });
    if (kinds.indexOf("straight") >= 0) links.push(R.small, R.large);
    if (kinds.indexOf("of_a_kind") >= 0) links.push(R.kind);
    if (kinds.indexOf("symbols") >= 0) links.push(R.key);
    var faces = {};
    for (var f = 1; f <= FACES; f++) faces[String(f)] = req.faces[f];
    var response = { dice: req.dice, rolls: req.rolls, faces: faces, target: req.target ? targetJson(req.target) : null };
    Object.keys(result).forEach(function (k) { response[k] = result[k]; });
    response.explanation = explain(req, result);
    response.rules = links;
    if (req.roll !== null) {
      response.roll = req.roll;
      response.rolls_left = req.rolls_left;
    }
    return response;
  }

  TC.oddsEngine = { limits: L, parseRequest: parseRequest, evaluate: evaluate, calculate: calculate, percent: percent };
})();
