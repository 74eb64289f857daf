// The targeting calculator in the browser: the twin of calculators/targeting.py, run offline
// from the tables the page embeds. tests/golden/targeting.json holds the shared vectors.
(function () {
  "use strict";
  var TC = window.ThroneCalc;
  var DIE_SIDES = 6;

  function parse(params, tables) {
    var first = function (name) { return TC.first(params, name); };
    var mode = TC.choice(first("mode"), "mode", tables.mode_order);
    var roll = TC.whole(first("roll"), "roll", 1, DIE_SIDES, { required: false, dflt: 0 }) || null;
    var heroes = TC.whole(first("heroes"), "heroes", 2, 4, { required: mode === "boss-vs-many", dflt: 0 }) || null;
    var ultimate = TC.boolean(first("ultimate"), "ultimate", { dflt: false });
    var req = { mode: mode, roll: roll, heroes: heroes, health: null, attacker: null, target: null, ultimate: ultimate };
    var raw = first("health");
    if (raw !== "") {
      var parts = raw.trim().split(/[\s,;]+/).filter(function (p) { return p !== ""; });  // as targeting.py's health_parts
      var low = tables.koth_players[0], high = tables.koth_players[1];
      if (parts.length < low || parts.length > high) {
        TC.fail("bad_health_list", "health must list " + low + " to " + high +
          " numbers in seat order, separated by spaces or commas; got " + parts.length + ".", "health");
      }
      req.health = parts.map(function (p) { return TC.whole(p, "health"); });
      req.attacker = TC.whole(first("attacker"), "attacker", 1, req.health.length);
      req.target = TC.whole(first("target"), "target", 1, req.health.length);
      if (req.target === req.attacker) {
        TC.fail("same_seat", "target must be another seat than attacker: you cannot Attack yourself.", "target");
      }
      [["attacker", req.attacker], ["target", req.target]].forEach(function (pair) {
        if (req.health[pair[1] - 1] === 0) {
          TC.fail("defeated", pair[0] + " seat " + pair[1] + " has 0 Health: that player is defeated.", pair[0]);
        }
      });
    } else {
      ["attacker", "target"].forEach(function (field) {
        if (first(field) !== "") TC.fail("missing_field", field + " needs health: each player's Health in seat order.", "health");
      });
    }
    return req;
  }

  function note(text, rules) { return { text: text, rules: rules }; }

  function target(req, tables) {
    var mode = tables.modes[req.mode], name = tables.mode_names[req.mode], R = tables.rules;
    var explanation = [], result = { mode: req.mode, roll: null };
    if (mode.die === null) {
      var who = mode.rows[0].target;
      result.target = who;
      if (req.mode === "1v1") {
        explanation.push(note("1v1 skips the Targeting Roll Phase: your only opponent is the target.", [R.when, mode.url]));
      } else if (req.mode === "koth") {
        explanation.push(note("King of the Hill: no die is rolled; choose any opponent to Attack.", [mode.url, R.phase]));
      } else {
        explanation.push(note(name + ": no roll; it targets the Hero whose turn it is.", [mode.url]));
      }
      if (req.roll !== null) {
        explanation.push(note("No die is rolled in " + name + ", so the roll " + req.roll + " is not used.", [R.phase]));
      }
      if (req.mode === "koth" && req.health !== null) koth(req, explanation, R, result);
    } else {
      var table = req.mode === "boss-vs-many" ? mode.by_heroes[String(req.heroes)] : mode.rows;
      var hit = table.filter(function (row) { return row.rolls.indexOf(req.roll) >= 0; })[0].target;
      result.roll = req.roll;
      result.target = hit;
      if (req.mode === "boss-vs-many") {
        var text = tables.boss_target_text[hit] || tables.target_text[hit];
        explanation.push(note("Boss vs Many with " + req.heroes + " Heroes: the Boss rolled " + req.roll +
          " on its Chaos die. " + text, [mode.url, R.chaos_die]));
        explanation.push(note("The Heroes always target the Boss.", [mode.url]));
      } else {
        explanation.push(note(name + ": you rolled " + req.roll + ". " + tables.target_text[hit], [mode.url, R.team_roll]));
      }
      explanation.push(note(!req.ultimate ?
        "Cards may change the targeting die. After an Ultimate Ability, though, the opponents cannot act: " +
        "only the player using the Ultimate may still change their own targeting roll." :
        "This Attack is an Ultimate: the opponents may not change the targeting die, but you, the player " +
        "using the Ultimate, may still change your own targeting roll with cards or effects.", [R.phase, R.ultimate]));
    }
    result.explanation = explanation;
    return result;
  }

  function koth(req, explanation, R, result) {
    var top = Math.max.apply(null, req.health);
    var leaders = [];
    req.health.forEach(function (hp, i) { if (hp === top) leaders.push(i + 1); });
    var bonus = leaders.indexOf(req.target) >= 0;
    explanation.push(note("Leaders (the most Health, " + top + "): seat" + (leaders.length > 1 ? "s" : "") + " " +
      leaders.join(", ") + ".", [R.leader, R.koth_bonus]));
    if (leaders.length === 1 && leaders[0] === req.attacker) {
      explanation.push(note("You alone have the most Health, so nobody you can Attack is a Leader: no bonus card.", [R.koth_bonus]));
    } else if (bonus) {
      var tie = leaders.indexOf(req.attacker) >= 0 ? " (tied with you, which still counts)" : "";
      explanation.push(note("Seat " + req.target + " is a Leader" + tie + ": draw 1 card right after choosing the " +
        "target, before any other effect.", [R.koth_bonus]));
    } else {
      explanation.push(note("Seat " + req.target + " is not a Leader: no bonus card.", [R.koth_bonus]));
    }
    result.leaders = leaders;
    result.bonus_card = bonus;
  }

  function calculate(params, tables) {
    var req = parse(params, tables);
    if (tables.modes[req.mode].die !== null && req.roll === null) {
      TC.fail("missing_field", "roll is required: the die result, 1 to 6.", "roll");
    }
    var result = target(req, tables);
    result.rolled_by_server = false;
    return result;
  }

  // ------------------------------------------------------------ rendering (same markup as calc_targeting_result.html)

  function targetText(result, tables) {
    return result.mode === "boss-vs-many" ? tables.boss_target_text[result.target] || tables.target_text[result.target]
      : tables.target_text[result.target];
  }

  function render(result, tables, heroes) {
    var el = TC.el, tv = tables.titles;
    var text = targetText(result, tables);
    var summary = [el("p", { "class": "calc-big" }, [el("span", { "class": "calc-big-label", text: "Target" }), " ",
      el("output", { "class": "calc-big-number calc-big-text", "data-out": "target", "data-target": result.target, text: text })])];
    if (result.roll !== null) {
      summary.push(el("p", { "class": "calc-side" }, ["Roll: ", el("output", { "data-out": "roll", text: String(result.roll) })]));
    }
    if (result.leaders) {
      var yes = result.bonus_card ? "yes" : "no";
      summary.push(el("p", { "class": "calc-side" }, ["Leaders: seat ",
        el("output", { "data-out": "leaders", text: result.leaders.join(", ") }), ". Bonus card: ",
        el("output", { "data-out": "bonus", "data-bonus": yes, text: yes })]));
    }
    var out = [el("div", { "class": "calc-summary" }, summary),
      TC.noteList("ul", "calc-explain", result.explanation, tv)];
    if (result.roll !== null) out.push(modeTable(result, tables, heroes));
    // Where this mode's table comes from (content/data/targeting.yaml `provenance`), as calc_targeting_result.html.
    var provenance = tables.provenance && tables.provenance[result.mode];
    if (provenance) out.push(el("p", { "class": "calc-provenance calc-muted", "data-out": "provenance", text: provenance }));
    return out;
  }

  // The mode's table, the rolled row highlighted (the same markup as calc_targeting_result.html).
  function modeTable(result, tables, heroes) {
    var el = TC.el, mode = tables.modes[result.mode], boss = result.mode === "boss-vs-many";
    var rows = boss ? mode.by_heroes[heroes] : mode.rows;
    var body = rows.map(function (row) {
      var hit = row.rolls.indexOf(result.roll) >= 0;
      var text = boss ? tables.boss_target_text[row.target] || tables.target_text[row.target] : tables.target_text[row.target];
      return el("tr", { "class": hit ? "calc-row-hit" : null, "aria-current": hit ? "true" : null }, [
        el("td", { text: row.rolls.join(", ") }),
        el("td", {}, [text, hit ? " " : null, hit ? el("strong", { "class": "calc-hit-tag", text: "rolled" }) : null])]);
    });
    var caption = tables.mode_names[result.mode] + (boss ? ", " + heroes + " Heroes" : "") + ": the table";
    return el("div", { "class": "calc-table-scroll", role: "region", "aria-labelledby": "target-table-title", tabindex: "0" }, [
      el("table", { "class": "calc-log calc-target-table" }, [
        el("caption", { id: "target-table-title", text: caption }),
        el("thead", {}, [el("tr", {}, [el("th", { scope: "col", text: "Roll" }), el("th", { scope: "col", text: "Target" })])]),
        el("tbody", {}, body)])]);
  }

  var tables = TC.lazyTables();

  // For programs and tests: the same contract as GET /api/calc/targeting (the roll must be given).
  TC.targeting = TC.apiQuery(function (params) { return calculate(params, tables()); });

  var form = document.getElementById("calc-form");
  if (!form || form.getAttribute("data-calc") !== "targeting") return;
  var box = document.querySelector("#calc-result [data-result]");
  Array.prototype.forEach.call(form.querySelectorAll("[data-no-script]"), function (node) { node.hidden = true; });

  var LEADERS = ["health", "attacker", "target"];

  // The Leaders fields half filled in while the player types in them (fewer Health numbers than players, a seat
  // still empty): not a mistake yet. The page works out the target without them and says what the Leaders part
  // still needs; leaving the fields (or a link) shows the error.
  function stillFilling(err, params) {
    if (!(err instanceof TC.CalcError) || LEADERS.indexOf(err.field) < 0) return false;
    var typing = document.activeElement;
    if (!typing || !typing.name || LEADERS.indexOf(typing.name) < 0) return false;
    if (err.code === "missing_field") return true;
    if (err.code !== "bad_health_list") return false;
    var n = (params.get("health") || "").trim().split(/[\s,;]+/).filter(function (p) { return p !== ""; }).length;
    return n < tables().koth_players[0];
  }

  function update() {
    var params = TC.formParams(form);
    TC.showForParams(form, params, "mode");
    TC.pushState(params);
    TC.clearInvalid(form);
    try {
      var waiting = false, used = params;
      try { calculate(params, tables()); } catch (first) {
        if (!stillFilling(first, params)) throw first;
        waiting = true;
        used = new URLSearchParams(params);
        LEADERS.forEach(function (name) { used.delete(name); });
      }
      var result = calculate(used, tables());
      var nodes = render(result, tables(), params.get("heroes") || "");
      if (waiting) {
        nodes.splice(1, 0, TC.el("p", { "class": "calc-hint", "data-leaders-waiting": "",
          text: "Leaders: fill in each player's Health, your seat and the seat you Attack." }));
      }
      box.replaceChildren.apply(box, nodes);
      TC.sticky("Target: " + targetText(result, tables()));
    } catch (err) {
      if (!(err instanceof TC.CalcError)) throw err;
      if (err.code === "missing_field" && (err.field === "roll" || err.field === "heroes")) {
        // Not a mistake yet: the player has still to roll, or to choose how many Heroes face the Boss.
        box.replaceChildren(TC.el("p", { "class": "calc-empty", text: err.field === "roll" ?
          "Tap the face rolled, or press “Roll for me”." : "Choose how many Heroes face the Boss." }));
        TC.sticky("");
        return;
      }
      TC.showError(box, form, err);
      TC.sticky(err.message);
    }
  }
  TC.bind(form, update);
})();
