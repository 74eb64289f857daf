// Adventures loot: the player's printed Loot board, typed once. The rows of each side (Loot Chest, Boss Loot) are
// lines such as "1-4: 2 Gold"; they are kept on this device (localStorage) and travel as a link
// (/calc/loot?table=adventures#board=...), and once they are there a d20 roll names the reward
// (window.ThroneLootBoard.lookup, read by loot.js). Loads before loot.js; the engines never see the board.
(function () {
  "use strict";
  var KEY = "throne-rules.loot-board";
  var SIDES = ["loot-chest", "boss-loot"];
  var DIE = 20;
  var ROW = /^\s*(\d{1,2})(?:\s*[-–—]\s*(\d{1,2}))?\s*[:=.)]?\s+(\S.*?)\s*$/;

  function load() {
    try { return JSON.parse(window.localStorage.getItem(KEY) || "{}") || {}; } catch (e) {
      console.warn("loot board: the stored board is not readable", e);
      return {};
    }
  }

  // The side's text as rows [{from, to, text}], with what could not be read and the rolls no row covers.
  function parse(text) {
    var rows = [], bad = [], covered = {};
    String(text || "").split(/\r?\n/).forEach(function (line) {
      if (!line.trim()) return;
      var m = ROW.exec(line);
      var from = m ? Number(m[1]) : 0, to = m && m[2] ? Number(m[2]) : from;
      if (!m || from < 1 || to > DIE || to < from) { bad.push(line.trim()); return; }
      rows.push({ from: from, to: to, text: m[3] });
      for (var r = from; r <= to; r += 1) covered[r] = true;
    });
    var missing = [];
    for (var roll = 1; roll <= DIE; roll += 1) if (!covered[roll]) missing.push(roll);
    return { rows: rows, bad: bad, missing: missing };
  }

  function lookup(side, roll) {
    var board = load();
    var rows = parse(board[side]).rows;
    for (var i = 0; i < rows.length; i += 1) {
      if (roll >= rows[i].from && roll <= rows[i].to) return rows[i].text;
    }
    return null;
  }
  window.ThroneLootBoard = { lookup: lookup, parse: parse, KEY: KEY };

  function boardLink(board) {
    var base = window.ThroneBase || "";
    return location.origin + base + "/calc/loot?table=adventures#board=" + encodeURIComponent(JSON.stringify(board));
  }

  function fromHash() {
    var m = /^#board=(.+)$/.exec(location.hash);
    if (!m) return null;
    try {
      var data = JSON.parse(decodeURIComponent(m[1]));
      var out = {};
      SIDES.forEach(function (side) { if (typeof data[side] === "string") out[side] = data[side]; });
      return out;
    } catch (e) {
      console.warn("loot board: the link's board is not readable", e);
      return null;
    }
  }

  function wire() {
    var box = document.querySelector("[data-loot-board]");
    var form = document.getElementById("calc-form");
    if (!box || !form) return;
    var status = box.querySelector("[data-board-status]");
    var keep = box.querySelector("[data-board-keep]");
    var areas = {};
    SIDES.forEach(function (side) { areas[side] = box.querySelector("[data-board-side='" + side + "']"); });

    function say(text) { if (status) status.textContent = text; }
    function rerun() { form.dispatchEvent(new Event("change", { bubbles: true })); }
    function current() {
      var out = {};
      SIDES.forEach(function (side) { out[side] = areas[side].value; });
      return out;
    }
    function check(board) {
      var notes = [];
      SIDES.forEach(function (side) {
        var p = parse(board[side]);
        if (p.bad.length) notes.push("Not read: " + p.bad.join("; ") + ".");
        if (p.rows.length && p.missing.length) notes.push("Rolls on no row: " + p.missing.join(", ") + ".");
      });
      return notes[0] || "";  // one sentence at a time: the first thing to fix
    }
    function save() {
      var board = current();
      try { window.localStorage.setItem(KEY, JSON.stringify(board)); } catch (e) {
        say("This browser did not keep the board (private mode?).");
        console.warn("loot board: not saved", e);
        return;
      }
      say(check(board) || "Saved on this device.");
      rerun();
    }

    var stored = load();
    SIDES.forEach(function (side) { areas[side].value = stored[side] || ""; });
    if (parse(stored["loot-chest"]).rows.length || parse(stored["boss-loot"]).rows.length) box.open = false;
    var timer = null;
    SIDES.forEach(function (side) {
      areas[side].addEventListener("input", function (event) {
        event.stopPropagation();  // the calculation reruns once the board is saved
        if (keep && !keep.hidden) return;  // a board from a link: kept only when asked
        window.clearTimeout(timer);
        timer = window.setTimeout(save, 400);
      });
    });
    var linked = fromHash();
    if (linked) {
      SIDES.forEach(function (side) { areas[side].value = linked[side] || ""; });
      box.open = true;
      if (keep) keep.hidden = false;
      say("A board from a link: keep it to use it on this device.");
    }
    if (keep) keep.addEventListener("click", function () {
      keep.hidden = true;
      save();
      history.replaceState(null, "", location.pathname + location.search);
    });
    box.querySelector("[data-board-share]").addEventListener("click", function () {
      var url = boardLink(current());
      if (navigator.share) {
        navigator.share({ title: document.title, url: url }).catch(function (e) { console.info("share cancelled", e); });
      } else if (navigator.clipboard && window.isSecureContext) {
        navigator.clipboard.writeText(url).then(function () { say("Link copied."); },
          function () { say("Copy this link: " + url); });
      } else {
        say("Copy this link: " + url);
      }
    });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", wire);
  else wire();
})();
