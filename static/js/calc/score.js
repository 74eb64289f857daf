// Adventures scoring in the browser: the twin of calculators/scoring.py, plus the campaign log
// kept in localStorage (export and import as JSON). tests/golden/score.json holds the shared vectors.
(function () {
  "use strict";
  var TC = window.ThroneCalc;
  var COUNT_FIELDS = ["starting_salves", "remaining_salves", "unspent_gold", "unclaimed_boss_loot", "scenario_score"];

  function parse(body, tables) {
    var req = { mode: TC.choice(body.mode, "mode", tables.modes), result: TC.choice(body.result, "result", tables.results) };
    var win = req.result === "win";
    COUNT_FIELDS.forEach(function (name) {
      var needed = (name === "remaining_salves" && win) || (name === "starting_salves" && !win);
      req[name] = TC.whole(body[name], name, 0, TC.MAX_NUMBER, { required: needed, dflt: 0 });
    });
    req.explored_all = TC.boolean(body.explored_all, "explored_all", { dflt: false });
    req.scenario = TC.whole(body.scenario, "scenario", 1, TC.MAX_NUMBER, { required: false, dflt: 0 }) || null;
    return req;
  }

  function points(line, req) {
    var spec = line.points, value = req[line.field];
    if (TC.has(spec, "flat")) return value ? spec.flat : 0;
    if (TC.has(spec, "from")) return value;
    return Math.floor(value / spec.per) * spec.each;
  }

  function titleCase(text) {
    return text.split(" ").map(function (w) { return w.charAt(0).toUpperCase() + w.slice(1); }).join(" ");
  }

  function score(req, tables) {
    var R = tables.rules, breakdown = [], notes = [];
    if (req.result === "loss") {
      var loss = tables.loss;
      breakdown.push({ line: loss.line, label: "Session Score (a loss)", points: loss.session_score, rules: [R.loss] });
      var next = req.starting_salves + loss.starting_salves_increase;
      notes.push({ text: "Next session starts with this session's Starting Salves plus " + loss.starting_salves_increase +
        ": " + req.starting_salves + " + " + loss.starting_salves_increase + " = " + next + ". Salves left over are not added.",
        rules: [R.loss, R.salves_after_loss] });
      return { scenario: req.scenario, session_score: loss.session_score, next_starting_salves: next, breakdown: breakdown,
        notes: notes };
    }
    tables.lines.forEach(function (line) {
      if (line.records !== "points") return;
      if (line.modes.indexOf(req.mode) < 0) {
        if (req[line.field]) {
          var only = line.modes.map(function (m) { return titleCase(m.replace(/-/g, " ")); }).join(" and ");
          notes.push({ text: line.name + " only scores in " + only + ": not counted.", rules: [R.win] });
        }
        return;
      }
      var spec = line.points, label = line.name;
      if (spec && TC.has(spec, "per") && spec.per > 1) label += " (" + spec.each + " per " + spec.per + ")";
      breakdown.push({ line: line.line, label: label, points: points(line, req), rules: [R.win] });
    });
    var total = breakdown.reduce(function (sum, row) { return sum + row.points; }, 0);
    notes.push({ text: "The Session Score is the total of the point lines; Remaining Salves also carry over as " +
      "the next session's Starting Salves (" + req.remaining_salves + ").", rules: [R.points, R.salves_after_win] });
    return { scenario: req.scenario, session_score: total, next_starting_salves: req.remaining_salves, breakdown: breakdown,
      notes: notes };
  }

  function calculate(body, tables) { return score(parse(body, tables), tables); }

  function paramsBody(params) {
    var body = {};
    params.forEach(function (value, key) { if (!TC.has(body, key)) body[key] = value; });
    return body;
  }

  // ------------------------------------------------------------ rendering (same markup as calc_score_result.html)

  function render(result, tables) {
    var el = TC.el, tv = tables.titles;
    return [
      el("div", { "class": "calc-summary" }, [
        el("p", { "class": "calc-big" }, [el("span", { "class": "calc-big-label", text: "Session Score" }), " ",
          el("output", { "class": "calc-big-number", "data-out": "score", text: String(result.session_score) })]),
        el("p", { "class": "calc-side" }, ["Starting Salves next session: ",
          el("output", { "data-out": "next-salves", text: String(result.next_starting_salves) })])]),
      el("table", { "class": "calc-log calc-breakdown" }, [
        el("caption", { "class": "visually-hidden", text: "Scoring lines" }),
        el("thead", {}, [el("tr", {}, [el("th", { scope: "col", text: "Line" }), el("th", { scope: "col", text: "What" }),
          el("th", { scope: "col", "class": "num", text: "Points" })])]),
        el("tbody", {}, result.breakdown.map(function (b) {
          return el("tr", { "data-line": b.line }, [el("td", { text: b.line }), el("td", { text: b.label }),
            el("td", { "class": "num", text: String(b.points) })]);
        }))]),
      TC.noteList("ul", "calc-notes", result.notes, tv)];
  }

  // ------------------------------------------------------------ the campaign log (localStorage)

  var STORE = "throne-rules:campaign-log:v1";
  var FORMAT = "throne-rules-campaign-log";
  var MAX_SESSIONS = 500;

  function emptyLog() { return { format: FORMAT, version: 1, sessions: [] }; }

  // Check a log (from storage or an imported file): {sessions: [...]} or {errors: ["where: what", ...]}.
  function validateLog(doc, tables) {
    var errors = [];
    function bad(where, what) { if (errors.length < 20) errors.push(where + ": " + what); }
    if (!TC.isObject(doc)) return { errors: ["file: not a JSON object"] };
    if (doc.format !== FORMAT) bad("format", "must be \"" + FORMAT + "\" (a log exported from this page)");
    if (doc.version !== 1) bad("version", "must be 1");
    if (!Array.isArray(doc.sessions)) return { errors: errors.concat(["sessions: must be a list"]) };
    if (doc.sessions.length > MAX_SESSIONS) bad("sessions", "at most " + MAX_SESSIONS + " sessions");
    var ids = {};
    doc.sessions.forEach(function (s, i) {
      var where = "sessions[" + i + "]";
      if (!TC.isObject(s)) { bad(where, "must be an object"); return; }
      if (typeof s.id !== "string" || !/^[A-Za-z0-9_-]{1,64}$/.test(s.id)) bad(where + ".id", "must be a short id");
      else if (ids[s.id]) bad(where + ".id", "appears twice");
      else ids[s.id] = true;
      if (tables.modes.indexOf(s.mode) < 0) bad(where + ".mode", "must be one of " + tables.modes.join(", "));
      if (tables.results.indexOf(s.result) < 0) bad(where + ".result", "must be one of " + tables.results.join(", "));
      if (!Number.isInteger(s.session_score)) bad(where + ".session_score", "must be a whole number");
      else if (s.result === "loss" && s.session_score !== tables.loss.session_score) {
        bad(where + ".session_score", "a lost session scores " + tables.loss.session_score);
      } else if (s.result === "win" && (s.session_score < 0 || s.session_score > 9999)) {
        bad(where + ".session_score", "a won session scores 0 to 9999");
      }
      if (!Number.isInteger(s.next_starting_salves) || s.next_starting_salves < 0 || s.next_starting_salves > 9999) {
        bad(where + ".next_starting_salves", "must be a whole number from 0");
      }
      if (s.scenario !== null && s.scenario !== undefined && !(Number.isInteger(s.scenario) && s.scenario >= 1 && s.scenario <= 999)) {
        bad(where + ".scenario", "must be empty or a whole number from 1 to 999");
      }
      if (s.added !== undefined && typeof s.added !== "string") bad(where + ".added", "must be a date text");
    });
    if (errors.length) return { errors: errors };
    return { sessions: doc.sessions.map(function (s) {
      return { id: s.id, added: s.added || "", scenario: s.scenario === undefined ? null : s.scenario, mode: s.mode,
        result: s.result, session_score: s.session_score, next_starting_salves: s.next_starting_salves };
    }) };
  }

  function newId() {
    var bytes = new Uint8Array(8);
    window.crypto.getRandomValues(bytes);
    return Array.prototype.map.call(bytes, function (b) { return ("0" + b.toString(16)).slice(-2); }).join("");
  }

  var tables = TC.lazyTables();

  // For programs and tests: the same contract as POST /api/calc/score.
  TC.score = TC.api(function (input) { return calculate(input, tables()); });
  TC.campaignLog = { validate: function (doc) { return validateLog(doc, tables()); }, storageKey: STORE };

  var form = document.getElementById("calc-form");
  if (!form || form.getAttribute("data-calc") !== "score") return;
  var box = document.querySelector("#calc-result [data-result]");
  var current = null;

  function update() {
    var params = TC.formParams(form);
    TC.showWhen(form, params);
    TC.pushState(params);
    TC.clearInvalid(form);
    current = null;
    try {
      var body = paramsBody(params);
      var result = calculate(body, tables());
      current = { result: result, body: body };
      box.replaceChildren.apply(box, render(result, tables()));
      TC.sticky("Session Score: " + result.session_score + " · next Salves: " + result.next_starting_salves);
    } catch (err) {
      if (!(err instanceof TC.CalcError)) throw err;
      if (err.code === "missing_field") {
        box.replaceChildren(TC.el("p", { "class": "calc-empty", text: "Fill in the session to see its score." }));
        TC.sticky("");
      } else {
        TC.showError(box, form, err);
        TC.sticky(err.message);
      }
    }
    if (TC.badInput(form)) current = null;  // a field it cannot read: no session to add (form.js says so)
    renderLog();
  }

  // ---- log UI
  var section = document.querySelector("[data-campaign]");
  var rowsBox = section.querySelector("[data-log-rows]");
  var totalOut = section.querySelector("[data-log-total]");
  var status = section.querySelector("[data-log-status]");
  var addButton = section.querySelector("[data-log-add]");
  section.hidden = false;

  function loadLog() {
    var raw = null;
    try { raw = window.localStorage.getItem(STORE); } catch (e) { return emptyLog(); }
    if (!raw) return emptyLog();
    try {
      var checked = validateLog(JSON.parse(raw), tables());
      if (checked.sessions) return { format: FORMAT, version: 1, sessions: checked.sessions };
    } catch (e) { /* unreadable: keep it untouched below */ }
    say("The saved campaign log could not be read; it is left as it was. Export is disabled until it is cleared.", true);
    return null;
  }

  function saveLog(log) {
    window.localStorage.setItem(STORE, JSON.stringify(log));
  }

  function say(text, isError, list) {
    status.replaceChildren(TC.el("p", { "class": isError ? "error" : "", text: text }));
    if (list && list.length) {
      status.appendChild(TC.el("ul", {}, list.map(function (item) { return TC.el("li", { text: item }); })));
    }
  }

  var MODE_NAMES = { "portal-crawl": "Portal Crawl", "boss-battle": "Boss Battle" };

  function renderLog() {
    var log = loadLog();
    addButton.disabled = !current || !log;
    if (!log) return;
    var total = 0;
    // a redraw (the form's own update comes after every change) keeps the keyboard on the same row's Remove
    var focused = Array.prototype.indexOf.call(rowsBox.querySelectorAll("button"), document.activeElement);
    rowsBox.replaceChildren.apply(rowsBox, log.sessions.map(function (s, i) {
      total += s.session_score;
      var remove = TC.el("button", { type: "button", "class": "calc-secondary", "aria-label": "Remove session " + (i + 1),
        text: "×" });
      remove.addEventListener("click", function () {
        var now = loadLog();
        if (!now) return;
        now.sessions = now.sessions.filter(function (x) { return x.id !== s.id; });
        saveLog(now);
        say("Session " + (i + 1) + " removed.");
        renderLog();
        // The button pressed is gone: keep the keyboard in the log, on the next session's (or the last) Remove.
        var left = section.querySelectorAll("[data-log-rows] button");
        (left[Math.min(i, left.length - 1)] || addButton).focus();
      });
      return TC.el("tr", { "data-session": s.id }, [TC.el("td", { text: String(i + 1) }),
        TC.el("td", { text: s.scenario === null ? "" : String(s.scenario) }), TC.el("td", { text: MODE_NAMES[s.mode] }),
        TC.el("td", { text: s.result === "win" ? "Won" : "Lost" }), TC.el("td", { "class": "num", text: String(s.session_score) }),
        TC.el("td", { "class": "num", text: String(s.next_starting_salves) }), TC.el("td", {}, [remove])]);
    }));
    var again = rowsBox.querySelectorAll("button");
    if (focused >= 0 && again.length) again[Math.min(focused, again.length - 1)].focus();
    totalOut.textContent = String(total);
    section.querySelector("[data-log-empty]").hidden = log.sessions.length > 0;
  }

  // A second tap on "Add" within a moment, for the same session, is a double tap: the session is added once.
  var ADD_AGAIN_MS = 2000, lastAdd = null;
  addButton.addEventListener("click", function () {
    var log = loadLog();
    if (!current || !log) return;
    var key = JSON.stringify([current.body, current.result]);
    if (lastAdd && lastAdd.key === key && Date.now() - lastAdd.at < ADD_AGAIN_MS) {
      say("This session is already in the log.");
      return;
    }
    lastAdd = { key: key, at: Date.now() };
    log.sessions.push({ id: newId(), added: new Date().toISOString(), scenario: current.result.scenario, mode: current.body.mode,
      result: current.body.result, session_score: current.result.session_score,
      next_starting_salves: current.result.next_starting_salves });
    saveLog(log);
    say("Session added: " + current.result.session_score + " points.");
    renderLog();
  });

  section.querySelector("[data-log-export]").addEventListener("click", function () {
    var log = loadLog();
    if (!log) return;
    var blob = new Blob([JSON.stringify(log, null, 2)], { type: "application/json" });
    var link = TC.el("a", { href: URL.createObjectURL(blob), download: "campaign-log.json" });
    document.body.appendChild(link);
    link.click();
    link.remove();
    window.setTimeout(function () { URL.revokeObjectURL(link.href); }, 10000);
    say("Exported " + log.sessions.length + " session(s) as campaign-log.json.");
  });

  var importInput = section.querySelector("[data-log-import]");
  importInput.addEventListener("change", function () {
    var file = importInput.files && importInput.files[0];
    if (!file) return;
    var reader = new FileReader();
    reader.onload = function () {
      importInput.value = "";
      var doc;
      try { doc = JSON.parse(String(reader.result)); } catch (e) {
        say("Not imported: the file is not valid JSON. Your log is unchanged.", true);
        return;
      }
      var checked = validateLog(doc, tables());
      if (checked.errors) {
        say("Not imported: the file has errors. Your log is unchanged.", true, checked.errors);
        return;
      }
      var log = loadLog();
      if (!log) return;
      var have = {};
      log.sessions.forEach(function (s) { have[s.id] = true; });
      var added = checked.sessions.filter(function (s) { return !have[s.id]; });
      if (log.sessions.length + added.length > MAX_SESSIONS) {
        say("Not imported: the log would hold more than " + MAX_SESSIONS + " sessions. Your log is unchanged.", true);
        return;
      }
      log.sessions = log.sessions.concat(added);
      saveLog(log);
      say("Imported " + added.length + " session(s)" + (checked.sessions.length - added.length ?
        "; " + (checked.sessions.length - added.length) + " already in the log." : "."));
      renderLog();
    };
    reader.onerror = function () { say("Not imported: the file could not be read. Your log is unchanged.", true); };
    reader.readAsText(file);
  });

  section.querySelector("[data-log-clear]").addEventListener("click", function () {
    var ask = "Clear the whole campaign log? Export it first if you want to keep it.";
    if (!window.confirm(window.ThroneCalcI18n ? window.ThroneCalcI18n.t(ask) : ask)) return;
    window.localStorage.removeItem(STORE);
    say("The campaign log is cleared.");
    renderLog();
  });

  TC.bind(form, update);
})();
