// Search as you type (a listbox under every search box) and offline rendering of /search?q=.
// The search runs in the browser over the build's offline search data (static/js/search-core.js).
(function () {
  "use strict";
  var config = {};
  try { config = JSON.parse(document.getElementById("pwa-config").textContent); } catch (e) { config = {}; }
  // The interface's strings, in the language it shows now (the reader can switch it on an open page).
  function S() { return window.ThroneStrings ? window.ThroneStrings() : (config.strings || {}); }
  var games = config.games || {};
  var kinds = config.kinds || {};
  var base = config.base || "";  // the app's path prefix: the search data's URLs are from the app's root
  function kindName(kind) { return (window.ThroneKinds ? window.ThroneKinds() : kinds)[kind] || kind; }
  // "EN" / "PL" on a result; CSS shows it only when the result is not in the reader's language.
  function langBadge(lang) {
    var badge = el("span", "badge lang-badge", String(lang).toUpperCase());
    badge.setAttribute("data-lang-badge", lang);
    badge.title = S()["lang_badge_" + lang] || "";
    return badge;
  }
  var enginePromise = null;
  var asking = false;  // a search box has asked the engine
  var engineReady = false;  // the engine has loaded once: no "Loading search…" from then on

  function loadScript(src) {
    return new Promise(function (resolve, reject) {
      var script = document.createElement("script");
      script.src = src;
      script.onload = resolve;
      script.onerror = function () { reject(new Error("could not load " + src)); };
      document.head.appendChild(script);
    });
  }

  // The engine: the library and the build's prebuilt search index (indexer/search_index.py), both precached by
  // the service worker. Nothing is indexed here, so it is ready within a few frames. Where the page's head
  // started loading them (search-preload.js: the installed app, and a first visit, whose worker's install fetches
  // the same files) it is read as soon as the page runs; otherwise (no service workers, or Save-Data) when a
  // search box is touched or gets focus, so such a visit that never searches downloads none of it. The bodies
  // (snippets) only for the offline results page, a file per language (the other's missing offline: no snippet).
  function nextTask(value) {
    // parsing and reading the index in separate tasks: a keystroke in between is echoed at once
    return new Promise(function (resolve) { window.setTimeout(function () { resolve(value); }, 0); });
  }

  // The steps of getting the engine ready, as performance marks "throne-search:<step>" (the first of each is
  // what bench/typeahead_bench.py reads; devtools' Performance panel shows them too).
  function mark(step) {
    if (window.performance && performance.mark) performance.mark("throne-search:" + step);
  }

  function fetchJSON(url, what, step) {
    return fetch(url).then(function (resp) {
      if (!resp.ok) throw new Error(what + ": HTTP " + resp.status);
      if (step) mark(step + "-response");
      return resp.json();
    }).then(function (data) {
      if (step) mark(step + "-parsed");
      return data;
    });
  }

  // The reader's language: the worker precaches its postings and bodies (static/sw.js readerLang).
  function readerLang() {
    return window.ThronePrefs && window.ThronePrefs.uiLang() === "pl" ? "pl" : "en";
  }

  function engine() {
    if (!enginePromise) {
      mark("engine");
      var early = window.ThroneSearchPreload;  // started in the page's head (search-preload.js)
      var lib = (window.MiniSearch ? Promise.resolve()
        : early && early.index === config.searchIndex ? early.library : loadScript(config.miniSearch))
        .then(function () { mark("library"); });
      var index = (early && early.index === config.searchIndex ? early.data
        : fetchJSON(config.searchIndex, "search index", "index")).then(nextTask);
      var termsUrl = (config.searchTerms || {})[readerLang()];
      var terms = early && early.terms === termsUrl ? early.termsData : fetchJSON(termsUrl, "search terms");
      if (early) window.ThroneSearchPreload = null;  // used once: a retry after a failure fetches afresh
      enginePromise = Promise.all([lib, index, terms]).then(function (parts) {
        mark("read");
        var search = window.ThroneSearch(window.MiniSearch, window.ThroneFold).fromIndex(parts[1], [parts[2]]);
        mark("ready");
        engineReady = true;
        warmUp(search);
        return search;
      });
      enginePromise.catch(function () { enginePromise = null; });
    }
    return enginePromise;
  }

  // A fresh engine's first search costs several later ones (the search code compiled, the heap settling after
  // the index was read): one search when the page is idle, before the reader's first keystroke, pays that.
  var WARM_UP = "evasiv damage";  // a known word, a prefix and a typo: the paths a query takes
  function warmUp(search) {
    var idle = window.requestIdleCallback || function (fn) { return window.setTimeout(fn, 1); };
    idle(function () {
      if (asking) return;  // the reader is already searching: that search warms it
      search.search(WARM_UP, { limit: 8, snippets: false, fold: true });
      mark("warmed");
    }, { timeout: 500 });
  }

  // The other language's postings: fetched at the reader's first search (the worker keeps them for offline);
  // until they are here (offline before that) its pages are not among the results.
  var othersAdded = false, others = null;
  function otherTerms(search) {
    var own = readerLang();
    others = others || Promise.all(Object.keys(config.searchTerms).filter(function (lang) { return lang !== own; })
      .map(function (lang) { return fetchJSON(config.searchTerms[lang], "search terms (" + lang + ")"); }))
      .then(function (files) { files.forEach(search.addTerms); othersAdded = true; },
        function (error) { console.warn(error); others = null; });  // asked again at the next search
    return others.then(function () { return search; });
  }

  function engineWithBodies() {
    var files = Object.keys(config.searchBodies || {}).map(function (lang) {
      return fetchJSON(config.searchBodies[lang], "search bodies (" + lang + ")")
        .catch(function (error) { console.warn(error); return { docs: [] }; });
    });
    return Promise.all([engine().then(otherTerms)].concat(files)).then(function (parts) {
      return parts[0].withBodies({ docs: [].concat.apply([], parts.slice(1).map(function (f) { return f.docs; })) });
    });
  }

  function el(tag, className, text) {
    var node = document.createElement(tag);
    if (className) node.className = className;
    if (text !== undefined) node.textContent = text;
    return node;
  }

  function formFilters(form) {
    var filters = {};
    ["game", "kind", "lang"].forEach(function (name) {
      var chosen = form.querySelector("select[name=" + name + "], input[name=" + name + "]:checked");
      if (chosen && chosen.value) filters[name] = chosen.value;
    });
    return filters;
  }

  // --- Search as you type: the input keeps focus; arrows move through the options; Enter opens one.
  function attachTypeahead(input, n) {
    var form = input.form;
    if (!form) return;
    form.classList.add("has-typeahead");
    var list = el("ul", "typeahead");
    list.id = (input.id || "search-" + n) + "-suggestions";
    list.setAttribute("role", "listbox");
    list.hidden = true;
    var status = el("p", "visually-hidden");
    status.setAttribute("role", "status");
    // "Loading search…" (or that it failed) where the suggestions come: not an option; the status line above
    // says it to screen readers, so the note itself is hidden from them.
    var note = el("p", "typeahead typeahead-note");
    note.setAttribute("aria-hidden", "true");
    note.hidden = true;
    form.appendChild(list);
    form.appendChild(note);
    form.appendChild(status);
    function label() { list.setAttribute("aria-label", S().suggestions || "Suggestions"); }
    label();
    document.addEventListener("throne-prefs", label);
    input.setAttribute("role", "combobox");  // ARIA 1.2: the box owns the listbox and says whether it is open
    input.setAttribute("aria-controls", list.id);
    input.setAttribute("aria-autocomplete", "list");
    input.setAttribute("aria-expanded", "false");
    function shown(open) { list.hidden = !open; input.setAttribute("aria-expanded", open ? "true" : "false"); }
    var active = -1;
    var activeFor = null;  // the text in the box when the reader chose an option with the arrow keys
    var timer = null;
    var asked = 0;

    function options() { return list.querySelectorAll("[role=option]"); }

    function setActive(i) {
      var opts = options();
      active = opts.length ? (i + opts.length) % opts.length : -1;
      activeFor = input.value;
      opts.forEach(function (opt, j) { opt.setAttribute("aria-selected", j === active ? "true" : "false"); });
      if (active >= 0) {
        input.setAttribute("aria-activedescendant", opts[active].id);
        opts[active].scrollIntoView({ block: "nearest" });
      } else {
        input.removeAttribute("aria-activedescendant");
      }
    }

    function showNote(key) {
      close();
      note.textContent = status.textContent = S()[key] || "";
      note.hidden = false;
      list.setAttribute("aria-busy", key === "search_loading" ? "true" : "false");
    }

    function hideNote() {
      note.hidden = true;
      list.removeAttribute("aria-busy");
    }

    function close() {
      hideNote();
      shown(false);
      list.textContent = "";
      active = -1;
      input.removeAttribute("aria-activedescendant");
    }

    function render(found) {
      // An option chosen while an earlier keystroke's list was showing stays chosen when this list, for the
      // same text, replaces it; typing more starts afresh.
      var chosen = active >= 0 && activeFor === input.value && options()[active]
        ? options()[active].getAttribute("data-url") : null;
      list.textContent = "";
      active = -1;
      input.removeAttribute("aria-activedescendant");
      hideNote();
      found.results.forEach(function (r, i) {
        var opt = el("li", "typeahead-option");
        opt.id = list.id + "-" + i;
        opt.setAttribute("role", "option");
        opt.setAttribute("aria-selected", "false");
        opt.setAttribute("data-url", base + r.url);
        opt.setAttribute("data-entry-id", r.id);
        opt.setAttribute("data-words", r.words.join(" "));  // what matched: highlight.js marks it on the page
        var title = el("span", "typeahead-title", r.title);
        title.lang = r.lang;
        opt.appendChild(title);
        // Under the title, at most two lines (ui.css): the game and kind, the language badge first (shown when the
        // page is not in the reader's language), then a ruling's answer in its first words: often no page load is
        // needed. The answer comes last, so a long line cuts its end, never the game or "also: 3 heroes".
        var detail = el("span", "typeahead-detail");
        var metaText = (games[r.game] || r.game) + " · " + kindName(r.kind);
        // per-hero copies of this ruling, folded under it (indexer/rulings.py): "also: 3 heroes"
        var also = r.also ? r.also.length : 0;
        if (also) metaText += " · " + (also === 1 ? S().also_hero_one : String(S().also_heroes).replace("{n}", also));
        var meta = el("span", "typeahead-meta");
        meta.appendChild(langBadge(r.lang));
        meta.appendChild(document.createTextNode(" " + metaText));
        detail.appendChild(meta);
        if (r.answer) {
          detail.appendChild(document.createTextNode(" "));
          var answer = el("span", "typeahead-answer", r.answer);
          answer.lang = r.lang;
          detail.appendChild(answer);
        }
        opt.appendChild(detail);
        opt.addEventListener("mousedown", function (event) { event.preventDefault(); });
        opt.addEventListener("click", function () { window.location.href = base + r.url; });
        list.appendChild(opt);
      });
      var count = found.results.length;
      shown(count > 0);
      var keep = found.results.findIndex(function (r) { return base + r.url === chosen; });
      if (keep >= 0) setActive(keep);
      var s = S();
      status.textContent = count === 0 ? s.no_matches
        : count === 1 ? s.one_match : String(s.n_matches).replace("{n}", count);
    }

    // An empty box offers recent searches and rules (static/js/recent.js).
    function showRecent() {
      if (input.value.trim() || !window.ThroneRecent) return;
      close();
      var count = window.ThroneRecent.fill(list, input);
      shown(count > 0);
      status.textContent = count ? String(S().n_matches).replace("{n}", count) : "";
    }

    function update() {
      var q = input.value.trim();
      var ticket = ++asked;
      if (q.length < 2) { close(); status.textContent = ""; if (!q) showRecent(); return; }
      function current() { return ticket === asked && document.activeElement === input; }
      // still downloading (a first search on a slow connection): say so, unless it comes within a blink
      var waiting = engineReady ? null
        : window.setTimeout(function () { if (current()) showNote("search_loading"); }, 150);
      mark("asked");
      asking = true;
      engine().then(function (search) {
        window.clearTimeout(waiting);
        if (!current()) return;
        var found = search.search(q, { limit: 8, filters: formFilters(form), snippets: false, fold: true });
        mark("searched");
        render(found);
        // the other language's pages too, once its postings are here: the same query again
        if (!othersAdded) otherTerms(search).then(function () { if (othersAdded && current()) update(); });
      }, function () {
        window.clearTimeout(waiting);
        if (current()) showNote("search_failed"); else close();
      });
    }

    // No debounce: a search takes a few milliseconds. It runs in a task of its own, after the keystroke's,
    // so the typed text shows first; keystrokes queued meanwhile are answered once, for the latest text.
    input.addEventListener("input", function () {
      window.clearTimeout(timer);
      timer = window.setTimeout(update, 0);
    });
    // a finger or the mouse on the box comes a moment before its focus: start loading then
    input.addEventListener("pointerdown", function () { engine().catch(function () {}); });
    input.addEventListener("focus", function () {
      engine().catch(function () {});
      if (!input.autofocus || userActed) showRecent();  // not over the home page as it opens
    });
    input.addEventListener("click", function () { if (list.hidden) showRecent(); });
    input.addEventListener("blur", function () { window.setTimeout(close, 150); });
    input.addEventListener("keydown", function (event) {
      var open = !list.hidden && options().length > 0;
      if (event.key === "ArrowDown" && open) { event.preventDefault(); setActive(active + 1); }
      else if (event.key === "ArrowUp" && open) { event.preventDefault(); setActive(active - 1); }
      else if (event.key === "Enter" && open && active >= 0) {
        event.preventDefault();
        var chosen = options()[active];
        if (chosen.hasAttribute("data-url")) window.location.href = chosen.getAttribute("data-url");
        else chosen.click();
      } else if (event.key === "Escape" && open) {
        // closed until the reader types again: a search still coming (the other language's pages) is dropped
        event.preventDefault(); window.clearTimeout(timer); asked++; close();
      }
    });
  }

  var userActed = false;
  ["pointerdown", "keydown"].forEach(function (type) {
    document.addEventListener(type, function () { userActed = true; }, { capture: true, once: true });
  });
  var boxes = document.querySelectorAll("form[role=search] input[type=search]");
  boxes.forEach(attachTypeahead);
  var installed = "serviceWorker" in navigator && navigator.serviceWorker.controller;
  // Take over the head's early start (search-preload.js). It is an async script, so it may run after this one:
  // then at the load event, when it has run, rather than loading the same files a second time.
  function startEarly() {
    var early = window.ThroneSearchPreload;
    if (installed || (early && early.index === config.searchIndex)) engine().catch(function () {});
  }
  if (boxes.length && config.searchIndex) {
    if (window.ThroneSearchPreload || document.readyState === "complete") startEarly();
    else window.addEventListener("load", startEarly, { once: true });
  }

  // --- /search?q= with no server answer (the service worker served the shell offline): search here.
  var results = document.getElementById("search-results");
  var params = new URLSearchParams(window.location.search);
  var q = (params.get("q") || "").trim();
  if (!results || results.getAttribute("data-rendered") === "server" || !q) return;
  var box = document.getElementById("q");
  if (box) box.value = q;
  var filters = {};
  ["game", "kind", "lang"].forEach(function (name) {
    var value = params.get(name) || "";
    var chip = value && document.querySelector("input[name=" + name + '][value="' + CSS.escape(value) + '"]');
    if (chip) { chip.checked = true; filters[name] = value; }
  });

  engineWithBodies().then(function (search) {
    var found = search.search(q, { limit: 20, filters: filters, fold: true });
    results.textContent = "";
    results.setAttribute("data-rendered", "client");
    var s = S();
    results.appendChild(el("p", "offline-note", s.offline_results));
    if (found.suggestion) {  // as the server's page: "Did you mean …?" for words the index does not know
      var hint = el("p", "suggestion", s.did_you_mean + " ");
      var alt = el("a", "", found.suggestion);
      alt.href = base + "/search?q=" + encodeURIComponent(found.suggestion);
      hint.appendChild(alt);
      hint.appendChild(document.createTextNode("?"));
      results.appendChild(hint);
    }
    var counted = found.total === 1 ? s.one_result : String(s.n_results).replace("{n}", found.total);
    var count = el("p", "result-count", counted + " “");
    count.appendChild(el("span", "query-echo", q));
    count.appendChild(document.createTextNode("”"));
    results.appendChild(count);
    var ol = el("ol", "results");
    ol.setAttribute("data-search-results", "");
    if (!found.results.length && window.ThroneNoResults) results.appendChild(window.ThroneNoResults(q));
    found.results.forEach(function (r) {
      var li = el("li", "result");
      var a = el("a", "result-title", r.title);
      a.href = base + r.url;
      a.setAttribute("data-entry-id", r.id);
      a.lang = r.lang;
      li.appendChild(a);
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", "badge game-" + r.game, games[r.game] || r.game));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(el("span", "badge", kindName(r.kind)));
      li.appendChild(document.createTextNode(" "));
      li.appendChild(langBadge(r.lang));
      if (r.section) {  // the heading of the section the match sits in, as the server's page shows it
        var sec = el("p", "result-section", r.section);
        sec.lang = r.lang;
        li.appendChild(sec);
      }
      var p = el("p", "snippet");
      r.snippet.forEach(function (part) {
        p.appendChild(part.mark ? el("mark", "", part.text) : document.createTextNode(part.text));
      });
      li.appendChild(p);
      ol.appendChild(li);
    });
    results.appendChild(ol);
    document.title = String(s.title_search_q || "“{q}” — search").replace("{q}", q) + " · Throne Rules";
    // one short line for screen readers (the list itself is not a live region: it would be read out whole)
    var said = document.getElementById("search-status");
    if (said) said.textContent = count.textContent;
  }, function () {
    results.textContent = "";
    results.appendChild(el("p", "error", S().search_unavailable));
    var said = document.getElementById("search-status");
    if (said) said.textContent = S().search_unavailable;
  });
})();
