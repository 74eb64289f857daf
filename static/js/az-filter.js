// The A–Z index on a phone: filter as you type (every word must appear in the title or an alias, accents
// ignored), and the game filter in the browser too (a static copy of the site serves the same page for
// every ?game=, so the page filters itself). Letters with nothing shown hide, in the list and the bar. An entry
// whose title or other name is exactly what was typed moves to a "Best match" list at the top while filtering.
// A term with a twin in the other language (data-twin) shows one row, in the reader's interface language.
(function () {
  "use strict";
  var nav = document.querySelector(".filters[data-filter]");
  var box = document.getElementById("az-q");
  var groups = document.getElementById("az-groups");
  if (!nav || !groups) return;
  var wanted = new URLSearchParams(location.search).get("game") || "";
  var serverFiltered = wanted === nav.getAttribute("data-filter");
  var items = Array.prototype.slice.call(groups.querySelectorAll(".az-list li[data-game]"));
  var sections = Array.prototype.slice.call(groups.querySelectorAll(".az-letter"));
  var count = document.getElementById("az-count");
  var empty = document.getElementById("az-empty");
  function readerLang() { return document.documentElement.getAttribute("data-ui") === "pl" ? "pl" : "en"; }
  function inLang(li, lang) { return !li.hasAttribute("data-twin") || li.getAttribute("data-lang") === lang; }
  var fold = window.ThroneFold ? window.ThroneFold.fold : function (s) { return s.toLowerCase(); };
  var best = document.getElementById("az-best");
  var bestList = best && best.querySelector("ul");
  var moved = [];  // [li, its own list, the row after it] for the rows now in "Best match"

  function putBack() {
    moved.forEach(function (m) { m[1].insertBefore(m[0], m[2]); });
    moved = [];
  }

  function promote(query) {
    putBack();
    if (!bestList) return;
    items.forEach(function (li) {
      if (li.hidden || !query) return;
      var names = (li.getAttribute("data-names") || "").split("|");
      if (names.indexOf(query) === -1) return;
      moved.push([li, li.parentNode, li.nextSibling]);
    });
    moved.forEach(function (m) { bestList.appendChild(m[0]); });
    best.hidden = moved.length === 0;
  }

  function apply() {
    var words = box ? fold(box.value).split(/\s+/).filter(Boolean) : [];
    var shown = 0;
    var lang = readerLang();
    var strings = window.ThroneStrings ? window.ThroneStrings() : {};
    items.forEach(function (li) {
      var text = li.getAttribute("data-search") || "";
      var inGame = serverFiltered || wanted === "" || li.getAttribute("data-game") === wanted;
      var hit = inGame && inLang(li, lang) && words.every(function (w) { return text.indexOf(w) !== -1; });
      li.hidden = !hit;
      if (hit) shown += 1;
      li.querySelectorAll("[data-alias]").forEach(function (a) {
        var alias = fold(a.textContent);
        a.classList.toggle("az-alias-hit", words.length > 0 && words.every(function (w) { return alias.indexOf(w) !== -1; }));
      });
    });
    promote(words.join(" "));
    sections.forEach(function (section) {
      var any = Boolean(section.querySelector("li:not([hidden])"));
      section.hidden = !any;
      var link = document.querySelector('.letters a[href="#' + section.querySelector("h2").id + '"]');
      if (link) link.hidden = !any;
    });
    groups.classList.toggle("filtering", words.length > 0);
    if (count) count.textContent = String(strings.n_entries || "{n} entries").replace("{n}", shown);
    if (empty) {
      empty.hidden = shown !== 0;
      var link = document.getElementById("az-search");
      if (link && box) { link.href = (window.ThroneBase || "") + "/search?q=" + encodeURIComponent(box.value.trim()); link.textContent = box.value.trim() || "/search"; }
    }
  }

  if (!serverFiltered) {
    nav.querySelectorAll("a").forEach(function (a) {
      var game = new URL(a.href).searchParams.get("game") || "";
      if (game === wanted) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
    });
  }
  apply();
  document.addEventListener("throne-prefs", function (event) {
    if (event.detail && event.detail.name === "lang") apply();
  });
  if (box) {
    box.addEventListener("input", apply);
    if (box.value) apply();  // Back restored the text
    window.addEventListener("pageshow", function () { if (box.value) apply(); });
  }
})();
