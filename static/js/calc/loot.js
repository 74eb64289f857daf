// The loot calculator in the browser: the twin of calculators/loot.py, run offline from the
// tables the page embeds. tests/golden/loot.json holds the shared vectors.
(function () {
  "use strict";
  var TC = window.ThroneCalc;

  function note(text, rules) { return { text: text, rules: rules.filter(Boolean) }; }

  function kingsHand(roll, tables) {
    var kh = tables.kings_hand, R = tables.rules;
    var row = kh.rows.filter(function (r) { return r.low <= roll && roll <= r.high; })[0];
    var name = tables.outcome_names[row.outcome];
    var explanation = [note("Loot die " + roll + ": the " + row.low + "–" + row.high + " row, " + name + ".", [R.kh_table])];
    if (row.outcome === "gain-cp") {
      explanation.push(note("How much CP is not in any source this reference has: read the amount off the " +
        "Boss leaflet (or the printed rules). This calculator never guesses it.", [R.kh_table]));
    } else if (row.choices.length) {
      explanation.push(note("Choose one: " + row.choices.join(" Or: "), [R.kh_table]));
    } else if (row.text) {
      explanation.push(note(row.text, [R.kh_table]));
    }
    explanation.push(note("Each King's Hand token is spent for one Loot die roll; the stack limit in these modes " +
      "is " + kh.stack_limit + ".", [R.kh_token]));
    explanation.push(note("Cards cannot re-roll or change the Loot die unless they name the Loot die.", [R.loot_die_restriction]));
    return { table: "kings-hand", roll: roll, outcome: row.outcome, amount: row.amount, explanation: explanation };
  }

  function dungeonDice(rewardId, key, tables) {
    var dd = tables.dungeon_dice, R = tables.rules;
    var reward = dd.rewards.filter(function (r) { return r.id === rewardId; })[0];
    var locked = !TC.has(reward, "bag");
    var bagId = !locked ? reward.bag : key ? reward.bag_with_key : reward.bag_without_key;
    var bag = dd.bags[bagId];
    var colour = bag.colour ? bag.colour + " " : "";
    var explanation = [note(reward.name + ": draw " + reward.draw + " random die from the " + colour + bag.name + ".",
      [reward.url, bag.url])];
    if (locked) {
      var withKey = dd.bags[reward.bag_with_key], without = dd.bags[reward.bag_without_key];
      explanation.push(note("With a key the locked chest opens and gives the " + withKey.name + "; without one, the " +
        without.name + "." + (key ? " You have a key." : " You have no key."), [reward.url, R.dd_key]));
      explanation.push(note("No key? A Skeleton Key (an Equipment die) is rolled once for each locked chest: its " +
        "symbol opens the chest, and inactive players may roll theirs to help.", [R.dd_skeleton_key]));
      explanation.push(note("Shatter (the hammer) breaks a locked chest open without a key: every player with a " +
        "hammer equipped may roll once, and the reward goes to the active player.", [R.dd_shatter]));
    }
    if (rewardId === "potion" && dd.monster_level_six) {
      explanation.push(note("A 6 on a Monster Level die shows a potion too: it adds one die from the " +
        dd.bags[dd.monster_level_six].name + " to the monster's reward.", [R.dd_monster_level]));
    }
    return { table: "dungeon-dice", reward: rewardId, key: key, bag: bagId, draw: reward.draw, explanation: explanation };
  }

  function cap(word) { return word.charAt(0).toUpperCase() + word.slice(1); }

  function adventures(side, roll, tables) {
    var adv = tables.adventures, R = tables.rules, explanation;
    if (side === "loot-chest") {
      explanation = [
        note("Who rolls: every player, not only the one who found the chest, rolls their own Loot die (d20).",
          [R.loot_chests, R.loot_die]),
        note("Find your roll on the relevant row of the printed Loot Table and take that reward: " +
          adv.reward_types.map(function (t) { return t.name; }).join(", ") + ".", [R.loot_table])];
    } else {
      explanation = [
        note("After every Boss Battle, won or lost, turn the board to its Boss Loot side. Once per chest shown " +
          "under Boss Loot on the Scenario card, every player rolls their Loot die (d20).", [R.boss_loot]),
        note("Your roll on the Boss Loot side gives a rarity: take the top card of that Loot deck (" +
          adv.rarities.map(cap).join(", ") + "). Keep it, or discard it for 1 Scenario " +
          "Point (unclaimed Boss Loot).", [R.boss_loot, R.scoring_unclaimed])];
    }
    explanation.push(note(adv.restriction, [R.loot_die_restriction]));
    explanation.push(note("A card of a lower level than one already in your deck goes to the bottom of its Loot deck, and you draw " +
      "a replacement from the top, as often as needed.", [R.lower_levels]));
    explanation.push(note("If a Loot deck runs out, draw from the deck of the next higher rarity (Common, Rare, Epic, Legendary).",
      [R.running_out]));
    explanation.push(note((side === "loot-chest" ? adv.rows_note : adv.boss_rows_note) ||
      "The per-roll rows are not in the sources: read them off the board.", [R.loot_table_rows]));
    return { table: "adventures", side: side, roll: roll, outcome: null,
      reward_types: adv.reward_types.map(function (t) { return t.id; }), explanation: explanation };
  }

  function calculate(params, tables) {
    var first = function (name) { return TC.first(params, name); };
    var table = TC.choice(first("table"), "table", tables.tables);
    if (table === "dungeon-dice") {
      var reward = TC.choice(first("reward"), "reward", tables.dungeon_dice.rewards.map(function (r) { return r.id; }));
      var key = TC.boolean(first("key"), "key", { dflt: false });
      return dungeonDice(reward, key, tables);
    }
    var die = table === "kings-hand" ? tables.kings_hand.die : tables.adventures.die;
    var roll = TC.whole(first("roll"), "roll", 1, die, { required: false, dflt: 0 }) || null;
    if (table === "adventures") {
      var side = TC.choice(first("side"), "side", tables.sides, { dflt: "loot-chest" });
      return adventures(side, roll, tables);
    }
    if (roll === null) TC.fail("missing_field", "roll is required: the Loot die result, 1 to " + die + ".", "roll");
    var result = kingsHand(roll, tables);
    result.rolled_by_server = false;
    return result;
  }

  // ------------------------------------------------------------ rendering (same markup as calc_loot_result.html)

  function headline(result, tables) {
    if (result.table === "kings-hand") return tables.outcome_names[result.outcome];
    if (result.table === "dungeon-dice") {
      var bag = tables.dungeon_dice.bags[result.bag];
      return (bag.colour ? bag.colour + " " : "") + bag.name;
    }
    var row = result.roll !== null && window.ThroneLootBoard ? window.ThroneLootBoard.lookup(result.side, result.roll) : null;
    return row || "Read your row on the printed board";  // the player's own board, typed once (loot-board.js)
  }

  function render(result, tables) {
    var el = TC.el, tv = tables.titles, summary;
    if (result.table === "kings-hand") {
      summary = [el("p", { "class": "calc-big" }, [el("span", { "class": "calc-big-label", text: "Outcome" }), " ",
        el("output", { "class": "calc-big-number calc-big-text", "data-out": "outcome", "data-outcome": result.outcome,
          text: headline(result, tables) })]),
        el("p", { "class": "calc-side" }, ["Loot die: ", el("output", { "data-out": "roll", text: String(result.roll) })])];
    } else if (result.table === "dungeon-dice") {
      summary = [el("p", { "class": "calc-big" }, [el("span", { "class": "calc-big-label", text: "Draw " + result.draw + " from" }),
        " ", el("output", { "class": "calc-big-number calc-big-text", "data-out": "bag", "data-bag": result.bag,
          text: headline(result, tables) })])];
    } else {
      summary = [el("p", { "class": "calc-big" }, [el("span", { "class": "calc-big-label", text: "Your reward" }), " ",
        el("output", { "class": "calc-big-number calc-big-text", "data-out": "outcome", "data-outcome": "",
          text: headline(result, tables) })])];
      if (result.roll !== null) {
        summary.push(el("p", { "class": "calc-side" }, ["Loot die: ", el("output", { "data-out": "roll", text: String(result.roll) })]));
      }
    }
    var nodes = [el("div", { "class": "calc-summary" }, summary),
      TC.noteList("ol", "calc-explain", result.explanation, tv)];
    if (result.table === "adventures") {
      nodes.push(el("h3", { text: "The reward types" }));
      nodes.push(el("ul", { "class": "calc-notes calc-rewards" }, tables.adventures.reward_types.map(function (t) {
        return el("li", {}, [el("strong", { text: t.name }), ": " + t.effect + (t.url ? " " : ""), t.url ? TC.ruleLinks([t.url], tv) : null]);
      })));
    }
    return nodes;
  }

  var tables = TC.lazyTables();

  // For programs and tests: the same contract as GET /api/calc/loot (the King's Hand roll must be given).
  TC.loot = TC.apiQuery(function (params) { return calculate(params, tables()); });

  var form = document.getElementById("calc-form");
  if (!form || form.getAttribute("data-calc") !== "loot") return;
  var box = document.querySelector("#calc-result [data-result]");

  function update() {
    var params = TC.formParams(form);
    TC.showForParams(form, params, "table");
    TC.pushState(params);
    TC.clearInvalid(form);
    try {
      var result = calculate(params, tables());
      box.replaceChildren.apply(box, render(result, tables()));
      TC.sticky(headline(result, tables()));
    } catch (err) {
      if (!(err instanceof TC.CalcError)) throw err;
      if (err.code === "missing_field") {
        box.replaceChildren(TC.el("p", { "class": "calc-empty", text: err.field === "roll" ?
          "Enter the Loot die result, or press “Roll for me”." : "Choose the reward." }));
        TC.sticky("");
        return;
      }
      TC.showError(box, form, err);
      TC.sticky(err.message);
    }
  }
  TC.bind(form, update);
})();
