// Opening a search result highlights the matched words on the page, without changing its URL.
// When a result is opened (a result link on /search, online or offline, or a search-as-you-type
// option), the words to find (the query's, plus the words its snippet marked or the option's
// matched words) go into sessionStorage with the page's path; the page then marks them once and
// scrolls to the first. The shareable URL stays exactly the entry's URL.
(function () {
  "use strict";
  var KEY = "throne-highlight";
  var MAX_AGE_MS = 5 * 60 * 1000;
  var MAX_MARKS = 200;
  // Keep in sync with STOP_WORDS in indexer/analysis.py (tests/test_search_unit.py checks).
  var STOP_WORDS = new Set(("a an and are as at be by can do does for from how i if in is it its me my of on or the " +
    "their them then there these they this to was what when where which who why will with you your i'm im am that so than just also about into dont those na w we z ze o od po za dla sie jest sa ale lub oraz ten ta te tego tej mnie mi moj moja moje juz tez tylko " +
    "ja ty ona ono oni mu jego jej ich nim niej tym tych twoj twoja twoje swoj swoja swoje swojego swojej sobie " +
    "moze robic robie zrobic byc jestem byl byla bedzie bo ze zeby wiec albo przez przy pod ktory ktora ktore " +
    "ktorego ktorej jesli jezeli tu tam he him his she her hers us our ours had did didnt were been").split(" "));

  // Folded words with their places (static/js/fold.js, loaded before this file on every page).
  function tokens(text) {
    return window.ThroneFold.tokens(text);
  }

  // The words to find: the query's words (not stop words), and the words the result's snippet marked.
  function termsFor(query, marks) {
    var terms = [];
    tokens(query || "").forEach(function (t) {
      if (!STOP_WORDS.has(t.word) && t.word.length > 1 && terms.indexOf(t.word) < 0) terms.push(t.word);
    });
    (marks || []).forEach(function (m) {
      tokens(m).forEach(function (t) { if (terms.indexOf(t.word) < 0) terms.push(t.word); });
    });
    return terms;
  }

  function remember(url, query, marks) {
    var path;
    try { path = new URL(url, window.location.href).pathname; } catch (e) { return; }
    var terms = termsFor(query, marks);
    if (!terms.length) return;
    try {
      window.sessionStorage.setItem(KEY, JSON.stringify({ path: path, terms: terms, at: Date.now() }));
    } catch (e) { /* storage off: no highlight */ }
  }

  // The words the offline search matched for a search-as-you-type option (synonyms, typos fixed).
  function optionWords(option) {
    return (option.getAttribute("data-words") || "").split(" ").filter(Boolean);
  }

  function currentQuery(node) {
    var form = node && node.closest ? node.closest("form") : null;
    var input = form ? form.querySelector("input[type=search]") : null;
    if (input && input.value.trim()) return input.value;
    return new URLSearchParams(window.location.search).get("q") || "";
  }

  // --- On a results page or any page with a search box: note what is being opened.
  document.addEventListener("click", function (event) {
    var target = event.target;
    if (!target || !target.closest) return;
    var link = target.closest(".results a.result-title");
    if (link) {
      var li = link.closest(".result");
      var marks = li ? Array.prototype.map.call(li.querySelectorAll(".snippet mark"), function (m) {
        return m.textContent;
      }) : [];
      remember(link.getAttribute("href"), currentQuery(null), marks);
      return;
    }
    var option = target.closest("[role=option][data-url]");
    if (option) remember(option.getAttribute("data-url"), currentQuery(option), optionWords(option));
  }, true);

  document.addEventListener("keydown", function (event) {
    if (event.key !== "Enter") return;
    var input = event.target;
    if (!input || input.type !== "search") return;
    var active = input.getAttribute("aria-activedescendant");
    var option = active ? document.getElementById(active) : null;
    if (option && option.getAttribute("data-url")) remember(option.getAttribute("data-url"), input.value, optionWords(option));
  }, true);

  // --- On the opened page: mark the words once, then forget them.
  function matches(word, terms) {
    for (var i = 0; i < terms.length; i++) {
      var t = terms[i];
      if (word === t || (t.length >= 4 && word.indexOf(t) === 0)) return true;
    }
    return false;
  }

  function markIn(root, terms, budget) {
    var walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT, {
      acceptNode: function (node) {
        var parent = node.parentNode;
        if (!parent || /^(SCRIPT|STYLE|MARK|TEXTAREA|BUTTON)$/.test(parent.nodeName)) return NodeFilter.FILTER_REJECT;
        return node.nodeValue.trim() ? NodeFilter.FILTER_ACCEPT : NodeFilter.FILTER_REJECT;
      },
    });
    var nodes = [];
    while (walker.nextNode()) nodes.push(walker.currentNode);
    var made = [];
    nodes.forEach(function (node) {
      if (made.length >= budget) return;
      var text = node.nodeValue;
      var hits = tokens(text).filter(function (t) { return matches(t.word, terms); });
      if (!hits.length) return;
      var frag = document.createDocumentFragment();
      var at = 0;
      hits.forEach(function (t) {
        if (made.length >= budget) return;
        if (t.start > at) frag.appendChild(document.createTextNode(text.slice(at, t.start)));
        var mark = document.createElement("mark");
        mark.className = "search-hit";
        mark.textContent = text.slice(t.start, t.end);
        frag.appendChild(mark);
        made.push(mark);
        at = t.end;
      });
      if (at < text.length) frag.appendChild(document.createTextNode(text.slice(at)));
      node.parentNode.replaceChild(frag, node);
    });
    return made;
  }

  function apply() {
    var saved = null;
    try { saved = JSON.parse(window.sessionStorage.getItem(KEY) || "null"); } catch (e) { saved = null; }
    if (!saved || saved.path !== window.location.pathname) return;
    try { window.sessionStorage.removeItem(KEY); } catch (e) { /* ignore */ }
    if (!Array.isArray(saved.terms) || Date.now() - saved.at > MAX_AGE_MS) return;
    var terms = saved.terms.map(String).filter(function (t) { return t.length > 1; });
    var article = document.querySelector("article.entry");
    if (!article || !terms.length) return;
    var marks = [];
    article.querySelectorAll(".entry-header h1, .entry-body").forEach(function (root) {
      marks = marks.concat(markIn(root, terms, MAX_MARKS - marks.length));
    });
    article.setAttribute("data-highlighted", String(marks.length));
    var first = article.querySelector(".entry-body mark.search-hit");
    if (first && !window.location.hash) first.scrollIntoView({ block: "center" });
  }

  if (document.readyState === "loading") document.addEventListener("DOMContentLoaded", apply);
  else apply();
})();
