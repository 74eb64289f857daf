// The calculators in Polish when the reader's interface language is Polski (calculator pages are English pages;
// see ui-lang.js for the rest of the interface). The engines and renderers stay in English (the Python and JS
// twins compare their English output); this is the presentation layer: every text node and label attribute in
// <main> is looked up in the page's table (#calc-pl, from site/ui_strings_calc*.py): an exact English string,
// or a pattern such as "Step {n}" whose {parts} are translated in turn. The English is kept and put back when
// the reader switches to English. Game terms the Polish content has no word for stay English (keep list).
(function () {
  "use strict";
  var root = document.documentElement;
  var main = document.querySelector("main");
  var source = document.getElementById("calc-pl");
  if (!main || !source) return;
  var data = JSON.parse(source.textContent);
  var exact = data.exact || {}, fields = data.fields || {}, keep = data.keep || {};
  // The page names a field by its English label (data.labels: API name -> label): its Polish is the API name's.
  Object.keys(data.labels || {}).forEach(function (name) {
    var label = data.labels[name];
    if (fields[name] && !Object.prototype.hasOwnProperty.call(fields, label)) fields[label] = fields[name];
  });
  var ATTRS = ["aria-label", "placeholder", "title"];
  var NOT_WORDS = /^([\s\d.,:;%/()+\-\u2212\u2013\u2014×½=→#·!?'"“”’]*|[A-Z])$/;  // numbers, a line letter
  var SPLIT = /^(\s*(?::\s+)?)([\s\S]*?)(\s*:?\s*)$/;
  var misses = [];

  function escape(text) { return text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"); }

  // Patterns: the English with {name} holes as a regular expression; the most literal text first.
  var patterns = Object.keys(exact).filter(function (en) { return /\{\w+\}/.test(en); }).map(function (en) {
    var names = [], literal = 0;
    var re = en.split(/(\{\w+\})/).map(function (part) {
      var hole = /^\{(\w+)\}$/.exec(part);
      if (hole) { names.push(hole[1]); return "([\\s\\S]+?)"; }
      literal += part.length;
      return escape(part);
    }).join("");
    return { re: new RegExp("^" + re + "$"), names: names, pl: exact[en], literal: literal };
  }).sort(function (a, b) { return b.literal - a.literal; });

  function norm(text) { return text.replace(/\s+/g, " ").trim(); }

  // A hole's value: a field's name as its label, a known string or pattern, a kept term, a number, or a list;
  // what has no Polish is noted in `missed`.
  var VERBATIM = ["raw", "where", "url", "ids"];  // a file's path, a link, ids, what the reader typed: as it is
  function part(name, value, missed) {
    if (VERBATIM.indexOf(name) >= 0) return value;
    if (name === "field" && fields[value]) return fields[value];
    var inner = [];
    var done = lookup(value, inner);
    if (done !== null && !inner.length) return done;
    if (value.indexOf(", ") > 0) {  // a list: each item on its own
      var itemsMissed = [];
      var items = value.split(", ").map(function (v) { return lookup(v, itemsMissed); });
      if (items.every(function (v) { return v !== null; }) && itemsMissed.length <= inner.length) {
        Array.prototype.push.apply(missed, itemsMissed);
        return items.join(", ");
      }
    }
    if (done !== null) { Array.prototype.push.apply(missed, inner); return done; }
    missed.push(value);
    return value;
  }

  // The Polish of a whole text: exact, kept, or the pattern that leaves the fewest holes untranslated.
  function lookup(text, missed) {
    if (Object.prototype.hasOwnProperty.call(exact, text) && !/\{\w+\}/.test(text)) return exact[text];
    if (Object.prototype.hasOwnProperty.call(keep, text) || NOT_WORDS.test(text)) return text;
    var best = null, bestMissed = null;
    for (var i = 0; i < patterns.length; i++) {
      var m = patterns[i].re.exec(text);
      if (!m) continue;
      var p = patterns[i], out = p.pl, local = [];
      p.names.forEach(function (name, j) { out = out.split("{" + name + "}").join(part(name, m[j + 1], local)); });
      if (best === null || local.length < bestMissed.length) { best = out; bestMissed = local; }
      if (!local.length) break;
    }
    if (best !== null) Array.prototype.push.apply(missed, bestMissed);
    return best;
  }

  // The Polish for a text as it stands in the page, or null when it needs none: its words (translateWords) and
  // its decimal numbers written the Polish way, with a comma ("61.54%" -> "61,54%", "3.25" -> "3,25").
  var DECIMAL = /(\d)\.(\d)/g;
  function translate(text) {
    var pl = translateWords(text);
    var out = (pl === null ? text : pl).replace(DECIMAL, "$1,$2");
    return out === text ? null : out;
  }

  // The Polish for a text's words as it stands in the page (with its spaces and a leading ": " or trailing ":"),
  // or null when it needs none.
  function translateWords(text) {
    var whole = norm(text);
    if (!whole || NOT_WORDS.test(whole)) return null;
    var m = SPLIT.exec(text), core = norm(m[2]), missed = [];
    var done = core && core !== whole ? lookup(core, missed) : null;
    if (done !== null && !missed.length) return m[1] + done + m[3];
    var missedWhole = [];
    var doneWhole = lookup(whole, missedWhole);
    if (doneWhole !== null && (done === null || missedWhole.length <= missed.length)) {
      Array.prototype.push.apply(misses, missedWhole);
      return /^\s*/.exec(text)[0] + doneWhole + /\s*$/.exec(text)[0];
    }
    if (done !== null) {
      Array.prototype.push.apply(misses, missed);
      return m[1] + done + m[3];
    }
    misses.push(whole);
    return null;
  }

  var textMemo = new WeakMap(), attrMemo = new WeakMap();

  function skip(node) {
    var el = node.nodeType === 1 ? node : node.parentElement;
    return !el || el.closest("script, style, [data-t], .calc-rules, [data-no-t]") !== null;
  }

  function each(scope, fn) {
    var walker = document.createTreeWalker(scope, NodeFilter.SHOW_TEXT);
    var node, list = [];
    while ((node = walker.nextNode())) list.push(node);
    list.forEach(function (n) { if (!skip(n)) fn(n); });
  }

  function eachAttr(scope, fn) {
    var list = Array.prototype.slice.call(scope.querySelectorAll("[aria-label], [placeholder], [title]"));
    if (scope.nodeType === 1 && scope.matches("[aria-label], [placeholder], [title]")) list.push(scope);
    list.forEach(function (el) {
      if (skip(el)) return;
      ATTRS.forEach(function (attr) { if (el.hasAttribute(attr)) fn(el, attr); });
    });
  }

  function toPolish(scope) {
    each(scope, function (node) {
      var memo = textMemo.get(node);
      if (memo && node.data === memo.pl) return;
      var pl = translate(node.data);
      if (pl === null || pl === node.data) return;
      textMemo.set(node, { en: node.data, pl: pl });
      node.data = pl;
    });
    eachAttr(scope, function (el, attr) {
      var memo = attrMemo.get(el) || {};
      var now = el.getAttribute(attr);
      if (memo[attr] && now === memo[attr].pl) return;
      var pl = translate(now);
      if (pl === null || pl === now) return;
      memo[attr] = { en: now, pl: pl };
      attrMemo.set(el, memo);
      el.setAttribute(attr, pl);
    });
    scope.querySelectorAll(".calc-rules").forEach(function (el) { el.setAttribute("lang", "en"); });
  }

  function toEnglish(scope) {
    each(scope, function (node) {
      var memo = textMemo.get(node);
      if (memo && node.data === memo.pl) node.data = memo.en;
      textMemo.delete(node);
    });
    eachAttr(scope, function (el, attr) {
      var memo = attrMemo.get(el);
      if (memo && memo[attr] && el.getAttribute(attr) === memo[attr].pl) el.setAttribute(attr, memo[attr].en);
    });
    scope.querySelectorAll(".calc-rules[lang]").forEach(function (el) { el.removeAttribute("lang"); });
  }

  function polish() { return root.getAttribute("data-ui") === "pl" && root.getAttribute("data-page-lang") !== "pl"; }

  var titleEn = document.title;
  var observer = new MutationObserver(function () {
    if (polish()) toPolish(main);
    observer.takeRecords();  // our own changes
  });

  function apply() {
    observer.disconnect();
    misses = [];
    if (polish()) {
      main.setAttribute("lang", "pl");
      toPolish(main);
      var title = translate(titleEn);
      document.title = title === null ? titleEn : title;
    } else {
      main.removeAttribute("lang");
      toEnglish(main);
      document.title = titleEn;
    }
    root.setAttribute("data-calc-done", "");
    observer.observe(main, { childList: true, subtree: true, characterData: true, attributes: true,
      attributeFilter: ATTRS });
  }

  // For the calculators' own messages outside the page (window.confirm) and for tests.
  window.ThroneCalcI18n = {
    t: function (text) {
      if (!polish()) return text;
      var pl = translate(text);
      return pl === null ? text : pl;
    },
    misses: function () { return misses.slice(); },
    // A text node's English, whatever the page's language now.
    english: function (node) {
      var memo = textMemo.get(node);
      return memo && node.data === memo.pl ? memo.en : node.data;
    },
  };

  apply();
  document.addEventListener("throne-prefs", function (event) {
    if (event.detail && event.detail.name === "lang") apply();
  });
})();
