// Dungeon Dice Fame and combat in the browser: the twin of calculators/dungeon_dice.py, run offline
// from the tables the page embeds. tests/golden/dungeon-dice.json holds the shared vectors.
(function () {
  "use strict";
  var TC = window.ThroneCalc;
  var TROPHIES = ["red", "black", "gold"];
  var COMBAT_RESULTS = { higher: "win", lower: "loss", equal: "tie" };

  function note(text, rules) { return { text: text, rules: rules }; }

  function parseFame(body) {
    var opt = { required: false, dflt: 0 };
    var req = { experience: TC.whole(body.experience, "experience", 0, TC.MAX_NUMBER, opt),
      artifacts: TC.whole(body.artifacts, "artifacts", 0, TC.MAX_NUMBER, opt) };
    var raw = body.trophies;
    var trophies = raw !== undefined && raw !== null ? TC.mapping(raw, "trophies") : {};
    Object.keys(trophies).forEach(function (colour) {
      if (TROPHIES.indexOf(colour) < 0) {
        TC.fail("unknown_trophy", "Unknown trophy colour '" + colour + "'. Use: " + TROPHIES.join(", ") + ".", "trophies." + colour);
      }
    });
    req.trophies = {};
    TROPHIES.forEach(function (c) { req.trophies[c] = TC.whole(trophies[c], "trophies." + c, 0, TC.MAX_NUMBER, opt); });
    req.wounds = TC.whole(body.wounds, "wounds", 0, TC.MAX_NUMBER, opt);
    return req;
  }

  function fame(req, tables) {
    var R = tables.rules;
    var counts = { experience: req.experience >= tables.fame_at ? 1 : 0, artifact: req.artifacts };
    TROPHIES.forEach(function (c) { counts["trophy-" + c] = req.trophies[c]; });
    var breakdown = tables.awards.map(function (a) {
      var count = counts[a.id];
      return { id: a.id, label: a.label, count: count, fame: count * a.fame, rules: [a.url] };
    });
    var total = breakdown.reduce(function (sum, row) { return sum + row.fame; }, 0);
    var levelDice = tables.levels.filter(function (r) { return r.min <= req.experience; }).pop().dice;
    var winner = total >= tables.fame_to_win;
    var notes = [
      note(total + " Fame: " + (winner ? "that wins the game." : (tables.fame_to_win - total) + " more to reach " +
        tables.fame_to_win + "."), [R.fame]),
      note("Reaching " + tables.fame_at + " experience is worth 1 Fame, once.", [R.levels]),
      note(req.experience + " experience: " + levelDice + " Hero Level " + (levelDice === 1 ? "die" : "dice") + ".", [R.levels])];
    var diceToRoll = Math.max(0, levelDice - req.wounds);
    if (req.wounds) {
      notes.push(note(req.wounds + " wound" + (req.wounds > 1 ? "s" : "") + ": each sets aside one Hero Level " +
        "die until healed, so you roll " + diceToRoll + ".", [R.wounds]));
    }
    notes.push(note("A monster turned into a toad awards no more than 1 Fame; trophies and Artifacts can be traded.",
      [R.toad, R.trading]));
    if (winner) {
      notes.push(note("Players who reach " + tables.fame_to_win + " Fame at the same time settle it with a victory " +
        "duel.", [R.duel]));
    }
    return { fame: total, level_dice: levelDice, dice_to_roll: diceToRoll, winner: winner, breakdown: breakdown, notes: notes };
  }

  function parseCombat(body) {
    return { hero_total: TC.whole(body.hero_total, "hero_total"), monster_total: TC.whole(body.monster_total, "monster_total") };
  }

  function combat(req, tables) {
    var R = tables.rules, hero = req.hero_total, monster = req.monster_total;
    var when = hero > monster ? "higher" : hero < monster ? "lower" : "equal";
    var outcome = tables.outcomes[when], result = COMBAT_RESULTS[when];
    var text = { win: "The heroes' " + hero + " beats the monster's " + monster + ": a win.",
      loss: "The heroes' " + hero + " is below the monster's " + monster + ": a loss.",
      tie: hero + " against " + monster + " is a tie, and a tie goes to the heroes: a win with a wound." }[result];
    var notes = [note(text, [R.combat_total, R.ties])];
    var each = [];
    if (outcome.experience) each.push("gains " + outcome.experience + " experience");
    if (outcome.wounds) each.push("suffers " + outcome.wounds + " wound");
    notes.push(note("Each hero in the combat " + each.join(" and ") + ".", [R.levels, R.wounds]));
    if (outcome.reward && tables.reward_goes_to) notes.push(note("The reward goes to " + tables.reward_goes_to + ".", [R.combat_total]));
    return { result: result, heroes_win: outcome.heroes_win, wound: outcome.wounds > 0, experience: outcome.experience,
      reward: outcome.reward, notes: notes };
  }

  var FAME_FIELDS = ["experience", "artifacts", "red", "black", "gold", "wounds"];
  var COMBAT_FIELDS = ["hero_total", "monster_total"];

  function pageResults(params, tables) {
    var first = function (name) { return TC.first(params, name); };
    var out = { fame: null, combat: null };
    if (FAME_FIELDS.some(function (f) { return first(f); })) {
      var body = { experience: first("experience"), artifacts: first("artifacts"), wounds: first("wounds"), trophies: {} };
      TROPHIES.forEach(function (c) { body.trophies[c] = first(c); });
      try {
        out.fame = fame(parseFame(body), tables);
      } catch (err) {
        if (err instanceof TC.CalcError) TC.fail(err.code, err.message.replace("trophies.", ""), err.field.replace("trophies.", ""));
        throw err;
      }
    }
    if (COMBAT_FIELDS.some(function (f) { return first(f); })) {
      var cb = {};
      COMBAT_FIELDS.forEach(function (f) { cb[f] = first(f); });
      out.combat = combat(parseCombat(cb), tables);
    }
    return out;
  }

  // ------------------------------------------------------------ rendering (same markup as calc_fame_result.html)

  var COMBAT_TEXT = { win: "Heroes win", loss: "Heroes lose", tie: "Tie: heroes win, with a wound" };

  function render(result, tables) {
    var el = TC.el, tv = tables.titles, nodes = [];
    if (result.fame) {
      var f = result.fame;
      nodes.push(el("div", { "class": "calc-summary", "data-block": "fame" }, [
        el("p", { "class": "calc-big" }, [el("span", { "class": "calc-big-label", text: "Fame" }), " ",
          el("output", { "class": "calc-big-number", "data-out": "fame", text: String(f.fame) }), " ",
          el("span", { "class": "calc-verdict", "data-out": "winner", "data-winner": f.winner ? "yes" : "no",
            text: f.winner ? "Winner!" : "not yet " + tables.fame_to_win })]),
        el("p", { "class": "calc-side" }, ["Hero Level dice: ", el("output", { "data-out": "level-dice", text: String(f.level_dice) }),
          "; to roll now: ", el("output", { "data-out": "dice-to-roll", text: String(f.dice_to_roll) })]),
        el("table", { "class": "calc-log calc-breakdown" }, [
          el("caption", { "class": "visually-hidden", text: "Where the Fame comes from" }),
          el("thead", {}, [el("tr", {}, [el("th", { scope: "col", text: "Source" }),
            el("th", { scope: "col", "class": "num", text: "Count" }), el("th", { scope: "col", "class": "num", text: "Fame" })])]),
          el("tbody", {}, f.breakdown.map(function (b) {
            return el("tr", { "data-award": b.id }, [el("td", { text: b.label }), el("td", { "class": "num", text: String(b.count) }),
              el("td", { "class": "num", text: String(b.fame) })]);
          }))]),
        TC.noteList("ul", "calc-notes", f.notes, tv)]));
    }
    if (result.combat) {
      var c = result.combat;
      nodes.push(el("div", { "class": "calc-summary", "data-block": "combat" }, [
        el("p", { "class": "calc-big" }, [el("span", { "class": "calc-big-label", text: "Combat" }), " ",
          el("output", { "class": "calc-big-number calc-big-text", "data-out": "combat", "data-result": c.result,
            text: COMBAT_TEXT[c.result] })]),
        TC.noteList("ul", "calc-notes", c.notes, tv)]));
    }
    return nodes;
  }

  var tables = TC.lazyTables();

  // For programs and tests: the same contracts as POST /api/calc/fame and POST /api/calc/dd-combat.
  TC.fame = TC.api(function (input) { return fame(parseFame(input), tables()); });
  TC.ddCombat = TC.api(function (input) { return combat(parseCombat(input), tables()); });
  TC.famePage = TC.apiQuery(function (params) { return pageResults(params, tables()); });

  var form = document.getElementById("calc-form");
  if (!form || form.getAttribute("data-calc") !== "fame") return;
  var box = document.querySelector("#calc-result [data-result]");

  function update() {
    var params = TC.formParams(form);
    TC.pushState(params);
    TC.clearInvalid(form);
    try {
      var result = pageResults(params, tables());
      if (!result.fame && !result.combat) {
        box.replaceChildren(TC.el("p", { "class": "calc-empty", text: "Fill in your Fame, or a combat's totals." }));
        TC.sticky("");
        return;
      }
      box.replaceChildren.apply(box, render(result, tables()));
      var parts = [];
      if (result.fame) parts.push("Fame: " + result.fame.fame + (result.fame.winner ? " (winner!)" : ""));
      if (result.combat) parts.push(COMBAT_TEXT[result.combat.result]);
      TC.sticky(parts.join(" · "));
    } catch (err) {
      if (!(err instanceof TC.CalcError)) throw err;
      if (err.code === "missing_field") {
        box.replaceChildren(TC.el("p", { "class": "calc-empty", text: "Enter both combat totals." }));
        TC.sticky("");
        return;
      }
      TC.showError(box, form, err);
      TC.sticky(err.message);
    }
  }
  TC.bind(form, update);
})();
