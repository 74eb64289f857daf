// The dice-odds engine in the browser: the twin of calculators/odds_dp.py and odds.py (odds_input.py's is odds-input.js),
// in floating point (the Python engine is exact; the two agree to 1e-9).
// Same states in the same order, same recurrences, same tie-breaks (values within EPS are equal).
// tests/golden/odds.json holds the vectors both must pass. ThroneCalc.oddsEngine is the API.
(function () {
  "use strict";
  var TC = (window.ThroneCalc = window.ThroneCalc || {});
  var I = TC.oddsInput;  // odds-input.js: the request's parsing (odds_input.py)
  var FACES = I.faces, L = I.limits, parseRequest = I.parseRequest, targetJson = I.targetJson;
  var EPS = 1e-12;

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
  function percent(p) {  // as odds.py's percent(): no "100.00%" or "0.00%" for a chance that is neither
    var near = 1e-12;  // odds.py's CERTAIN_WITHIN: floating point sums a certain chance to just under 1
    return p > near && p < 0.00005 ? "< 0.01%" : p >= 0.99995 && p < 1 - near ? "> 99.99%" : (p * 100).toFixed(2) + "%";
  }
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
