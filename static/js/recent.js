// Remembering the player: recent searches and recently opened rules (offered when the empty search box is
// focused), pinned rules (the pin button on an entry, the "Pinned" list on the home page), and the search
// box's text restored on Back. All in localStorage / history.state: nothing leaves the device, and an
// update of the app (a new service worker and cache) never touches them.
(function () {
  "use strict";
  var RECENT_KEY = "throne-rules.recent";
  var PINNED_KEY = "throne-rules.pinned";
  var MAX_SEARCHES = 5;
  var MAX_ENTRIES = 5;

  function strings() { return window.ThroneStrings ? window.ThroneStrings() : {}; }
  function read(key, fallback) {
    try { return JSON.parse(window.localStorage.getItem(key) || "null") || fallback; } catch (e) { return fallback; }
  }
  function write(key, value) {
    try { window.localStorage.setItem(key, JSON.stringify(value)); } catch (e) { /* storage off: not remembered */ }
  }
  function recent() {
    var r = read(RECENT_KEY, {});
    return { searches: Array.isArray(r.searches) ? r.searches : [], entries: Array.isArray(r.entries) ? r.entries : [] };
  }

  function addSearch(q) {
    q = String(q || "").trim();
    if (q.length < 2) return;
    var r = recent();
    r.searches = [q].concat(r.searches.filter(function (s) { return s.toLowerCase() !== q.toLowerCase(); }))
      .slice(0, MAX_SEARCHES);
    write(RECENT_KEY, r);
  }

  // Rules are kept by their path from the app's root ("/dice-throne/stun"), and linked under the app's path prefix.
  var base = window.ThroneBase || "";

  function appPath(pathname) {
    return base && pathname.indexOf(base + "/") === 0 ? pathname.slice(base.length) : pathname;
  }

  function entryHere() {
    var article = document.querySelector("article.entry[data-entry-id]");
    if (!article) return null;
    return { url: appPath(window.location.pathname), title: article.getAttribute("data-entry-title") || document.title,
             game: article.getAttribute("data-entry-game"), kind: article.getAttribute("data-entry-kind"),
             lang: document.documentElement.lang };
  }

  function addEntry(entry) {
    var r = recent();
    r.entries = [entry].concat(r.entries.filter(function (e) { return e.url !== entry.url; })).slice(0, MAX_ENTRIES);
    write(RECENT_KEY, r);
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  // The options for an empty, focused search box (search-ui.js calls this): recent searches, then rules.
  function fill(list, input) {
    var s = strings();
    var r = recent();
    var kinds = window.ThroneKinds ? window.ThroneKinds() : {};
    var n = 0;
    function option(title, meta, url, lang) {
      var opt = el("li", "typeahead-option recent");
      opt.id = list.id + "-r" + n;
      n += 1;
      opt.setAttribute("role", "option");
      opt.setAttribute("aria-selected", "false");
      if (url) opt.setAttribute("data-url", url);
      var t = el("span", "typeahead-title", title);
      if (lang) t.lang = lang;
      opt.appendChild(t);
      if (meta) {  // as a suggestion's detail line (search-ui.js)
        var detail = el("span", "typeahead-detail");
        detail.appendChild(el("span", "typeahead-meta", meta));
        opt.appendChild(detail);
      }
      opt.addEventListener("mousedown", function (event) { event.preventDefault(); });
      if (url) opt.addEventListener("click", function () { window.location.href = url; });
      list.appendChild(opt);
      return opt;
    }
    r.searches.forEach(function (q) {
      option(q, s.recent_searches || "Recent search", base + "/search?q=" + encodeURIComponent(q));
    });
    r.entries.forEach(function (e) {
      option(e.title, (s.recent_entries || "Recently opened") + " · " + (kinds[e.kind] || e.kind || ""), base + e.url, e.lang);
    });
    if (n) {
      // an action, not a recent item: styled apart (ui.css), still an option so the arrow keys reach it
      var clear = option(s.clear_recent || "Clear recent searches and rules", "", null);
      clear.classList.remove("recent");
      clear.classList.add("typeahead-clear-option");
      clear.addEventListener("click", function () {
        write(RECENT_KEY, { searches: [], entries: [] });
        list.textContent = "";
        list.hidden = true;
        input.setAttribute("aria-expanded", "false");
        input.focus();
      });
    }
    return n;
  }

  // --- Pinned rules.
  function pinned() { var p = read(PINNED_KEY, []); return Array.isArray(p) ? p : []; }
  function isPinned(url) { return pinned().some(function (p) { return p.url === url; }); }
  function setPinned(entry, on) {
    var rest = pinned().filter(function (p) { return p.url !== entry.url; });
    write(PINNED_KEY, on ? rest.concat([entry]) : rest);
  }

  function renderPinned() {
    var box = document.getElementById("pinned");
    if (!box) return;
    var items = pinned();
    var ul = box.querySelector("ul");
    ul.textContent = "";
    items.forEach(function (p) {
      var li = el("li");
      var a = el("a", "", p.title);
      a.href = base + p.url;
      if (p.lang) a.lang = p.lang;
      li.appendChild(a);
      ul.appendChild(li);
    });
    box.hidden = items.length === 0;
  }

  var here = entryHere();
  if (here) {
    addEntry(here);
    document.querySelectorAll(".pin-button").forEach(function (button) {
      button.hidden = false;
      button.setAttribute("aria-pressed", isPinned(here.url) ? "true" : "false");
      button.addEventListener("click", function () {
        var on = button.getAttribute("aria-pressed") !== "true";
        setPinned(here, on);
        button.setAttribute("aria-pressed", on ? "true" : "false");
      });
    });
  }
  var clearPinned = document.querySelector(".pinned-clear");
  if (clearPinned) {
    clearPinned.addEventListener("click", function () {
      // as "Clear the log" on the scoring page: ask first, nothing is lost by a stray tap
      var ask = String(strings().clear_pinned_confirm || "Remove all pinned rules ({n})?").replace("{n}", pinned().length);
      if (!window.confirm(ask)) return;
      write(PINNED_KEY, []);
      renderPinned();
      var box = document.getElementById("q");
      if (box) box.focus();
    });
  }
  renderPinned();

  // --- Searches: remembered when a search is made; the box's text kept in this history entry for Back.
  var q = new URLSearchParams(window.location.search).get("q");
  if (window.location.pathname === base + "/search" && q) addSearch(q);
  document.addEventListener("submit", function (event) {
    var box = event.target && event.target.querySelector && event.target.querySelector("input[type=search][name=q]");
    if (box) addSearch(box.value);
  }, true);
  function keep(box) {
    try {
      var state = Object.assign({}, window.history.state || {});
      state["throne-q-" + box.id] = box.value;
      window.history.replaceState(state, "");
    } catch (e) { /* not kept */ }
  }
  function restore() {
    var state = window.history.state || {};
    document.querySelectorAll("input[type=search][id]").forEach(function (box) {
      var saved = state["throne-q-" + box.id];
      if (typeof saved === "string" && saved && !box.value) box.value = saved;
    });
  }
  document.querySelectorAll("input[type=search][id]").forEach(function (box) {
    box.addEventListener("input", function () { keep(box); });
    box.addEventListener("change", function () { keep(box); });
  });
  restore();
  window.addEventListener("pageshow", restore);

  window.ThroneRecent = { fill: fill, addSearch: addSearch, recent: recent, pinned: pinned,
                          clear: function () { write(RECENT_KEY, { searches: [], entries: [] }); },
                          clearPinned: function () { write(PINNED_KEY, []); renderPinned(); } };
})();
// A suggestion chosen from the search box counts as a search of the box's text.
(function () {
  "use strict";
  function note(option) {
    var form = option && option.closest("form");
    var box = form && form.querySelector("input[type=search]");
    if (box && !option.classList.contains("recent") && window.ThroneRecent) window.ThroneRecent.addSearch(box.value);
  }
  document.addEventListener("click", function (event) {
    note(event.target && event.target.closest ? event.target.closest("[role=option][data-url]") : null);
  }, true);
  document.addEventListener("keydown", function (event) {
    var box = event.target;
    if (event.key !== "Enter" || !box || box.type !== "search") return;
    var id = box.getAttribute("aria-activedescendant");
    note(id ? document.getElementById(id) : null);
  }, true);
})();
