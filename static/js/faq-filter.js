// The FAQ index: filter as you type (every word in the question or its answer, accents ignored). While
// filtering, the topic bar hides so the matches come first, and topics with no match hide; a single match
// opens. A question opened from a link (#q-<id>) opens in place. A question with a twin in the other language
// (data-twin) shows once, in the reader's interface language (as the A–Z index does).
(function () {
  "use strict";
  var box = document.getElementById("faq-q");
  if (!box) return;
  var fold = window.ThroneFold ? window.ThroneFold.fold : function (s) { return s.toLowerCase(); };
  var items = Array.prototype.slice.call(document.querySelectorAll("#faq-groups .faq-list > li"));  // not an answer's lists
  var texts = items.map(function (li) { return fold((li.getAttribute("data-search") || "") + " " + li.textContent); });
  var groups = Array.prototype.slice.call(document.querySelectorAll(".faq-group"));
  var topics = document.querySelector(".faq-topics");
  var count = document.getElementById("faq-count");
  var empty = document.getElementById("faq-empty");
  var strings = window.ThroneStrings ? window.ThroneStrings() : {};

  function readerLang() { return document.documentElement.getAttribute("data-ui") === "pl" ? "pl" : "en"; }
  function inLang(li, lang) { return !li.hasAttribute("data-twin") || li.getAttribute("data-lang") === lang; }

  function apply() {
    var words = fold(box.value).split(/\s+/).filter(Boolean);
    var shown = [];
    var lang = readerLang();
    items.forEach(function (li, i) {
      var hit = inLang(li, lang) && words.every(function (w) { return texts[i].indexOf(w) !== -1; });
      li.hidden = !hit;
      if (hit) shown.push(li);
    });
    groups.forEach(function (g) { g.hidden = !g.querySelector(".faq-list > li:not([hidden])"); });
    if (topics) topics.hidden = words.length > 0;
    count.textContent = String(strings.n_questions || "{n} questions").replace("{n}", shown.length);
    empty.hidden = shown.length !== 0;
    var link = document.getElementById("faq-search");
    if (link) { link.href = (window.ThroneBase || "") + "/search?q=" + encodeURIComponent(box.value.trim()); link.textContent = box.value.trim() || "/search"; }
    if (words.length && shown.length === 1) shown[0].querySelector("details").open = true;
  }
  box.addEventListener("input", apply);
  apply();
  window.addEventListener("pageshow", apply);
  document.addEventListener("throne-prefs", function (event) {
    if (event.detail && event.detail.name === "lang") { strings = window.ThroneStrings ? window.ThroneStrings() : {}; apply(); }
  });

  function openFromHash() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (target && target.tagName === "DETAILS") { target.open = true; target.scrollIntoView({ block: "start" }); }
  }
  window.addEventListener("hashchange", openFromHash);
  openFromHash();
})();
