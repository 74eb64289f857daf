// The offline search's vocabulary, the twin of indexer/vocabulary.py: every plain word of the index with its
// document frequency and languages; prefix and typo variants, the query's language and the "did you mean".
// Works in the browser (global ThroneVocab, after ThroneRules) and in Node (module.exports).
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory(require("./search-rules.js"));
  else root.ThroneVocab = factory(root.ThroneRules);
})(typeof self !== "undefined" ? self : this, function (R) {
  "use strict";
  var isDigits = R.isDigits;
  var maxEdits = R.maxEdits;
  var osaDistance = R.osaDistance;
  var cmpStr = R.cmpStr;


  // --- The vocabulary: every plain word of the index with its document frequency and languages.
  function Vocabulary(rules, docs) {
    this.rules = rules;
    var df = new Map();
    var langs = new Map();
    docs.forEach(function (d) {
      var seen = new Set(rules.Fold.words(plainText(d)));
      seen.forEach(function (w) {
        df.set(w, (df.get(w) || 0) + 1);
        if (!langs.has(w)) langs.set(w, new Set());
        langs.get(w).add(d.lang);
      });
    });
    this.df = df;
    this.langs = langs;
    this.sorted = Array.from(df.keys()).sort(cmpStr);
    var byInitial = new Map();
    this.sorted.forEach(function (w) {
      if (!byInitial.has(w[0])) byInitial.set(w[0], []);
      byInitial.get(w[0]).push(w);
    });
    this.byInitial = byInitial;
  }

  // A vocabulary from the build's table ({words sorted as JavaScript sorts, df, langs}), not from the documents.
  Vocabulary.fromTable = function (rules, table) {
    var vocab = Object.create(Vocabulary.prototype);
    vocab.rules = rules;
    vocab.df = new Map();
    vocab.langs = new Map();
    vocab.byInitial = new Map();
    vocab.sorted = table.words;
    table.words.forEach(function (w, i) {
      vocab.df.set(w, table.df[i]);
      vocab.langs.set(w, new Set(table.langs[i].split(" ")));
      if (!vocab.byInitial.has(w[0])) vocab.byInitial.set(w[0], []);
      vocab.byInitial.get(w[0]).push(w);
    });
    return vocab;
  };

  Vocabulary.prototype.lowerBound = function (word) {
    var lo = 0;
    var hi = this.sorted.length;
    while (lo < hi) {
      var mid = (lo + hi) >> 1;
      if (this.sorted[mid] < word) lo = mid + 1; else hi = mid;
    }
    return lo;
  };

  Vocabulary.prototype.fuzzy = function (word) {
    var limit = maxEdits(word);
    if (!limit) return [];
    var df = this.df;
    var found = [];
    (this.byInitial.get(word[0]) || []).forEach(function (w) {
      var d = osaDistance(word, w, limit);
      if (d <= limit) found.push([w, d]);
    });
    found.sort(function (a, b) { return a[1] - b[1] || df.get(b[0]) - df.get(a[0]) || cmpStr(a[0], b[0]); });
    return found;
  };

  Vocabulary.prototype.variants = function (word, prefix) {
    var r = this.rules.r;
    var out = new Map([[word, { word: word, weight: 1, how: "exact" }]]);
    var df = this.df;
    if (prefix && word.length >= 3 && !isDigits(word)) {
      var found = [];
      for (var i = this.lowerBound(word); i < this.sorted.length; i++) {
        var w = this.sorted[i];
        if (w.indexOf(word) !== 0) break;
        if (w !== word) found.push(w);
      }
      found.sort(function (a, b) { return df.get(b) - df.get(a) || cmpStr(a, b); });
      found.slice(0, r.max_prefix).forEach(function (w) { out.set(w, { word: w, weight: r.prefix_weight, how: "prefix" }); });
    }
    if (!df.has(word)) {
      this.fuzzy(word).slice(0, r.max_fuzzy).forEach(function (x) {
        if (!out.has(x[0])) out.set(x[0], { word: x[0], weight: r.fuzzy_weight[String(x[1])], how: "fuzzy" });
      });
    }
    return Array.from(out.values());
  };

  // As vocabulary.py language: all (optional), the query's words less the quoted ones, whose function words
  // (the rules' function_lang) count for their language too.
  Vocabulary.prototype.language = function (words, all) {
    var only = { en: 0, pl: 0 };
    var self = this;
    var fn = this.rules.r.function_lang || {};
    (all || []).forEach(function (w) {
      if (Object.prototype.hasOwnProperty.call(fn, w)) only[fn[w]] += 1;
    });
    words.forEach(function (w) {
      var langs = self.langs.get(w);
      if (langs === undefined) {
        var near = self.fuzzy(w);
        langs = near.length ? self.langs.get(near[0][0]) : undefined;
      }
      if (langs && langs.size === 1) only[langs.values().next().value] += 1;
    });
    var lang = only.pl > only.en ? "pl" : "en";  // English unless Polish-only words outnumber English-only ones
    var other = lang === "pl" ? "en" : "pl";
    return only[other] ? lang + "+" + other : lang;  // a mixed query
  };

  // As vocabulary.py suggest: only a plausible correction, so none when an unknown word has no known word near it.
  Vocabulary.prototype.suggest = function (words) {
    var changed = false;
    var hopeless = false;
    var self = this;
    var out = words.map(function (w) {
      if (w.length <= 3 || isDigits(w) || self.df.has(w)) return w;
      var near = self.fuzzy(w);
      if (!near.length) { hopeless = true; return w; }
      changed = true;
      return near[0][0];
    });
    return changed && !hopeless ? out.join(" ") : null;
  };

  // --- What each field holds, as in the server's schema (indexer/search_backend.py fill_index).
  function plainText(d) {
    // an English entry's Polish descriptions stay out, as its Polish names do (they would make Polish words English)
    var pl = d.lang === "pl" ? d.describes_pl || "" : "";
    return [d.title, d.aliases, d.describes || "", pl, d.tags || "", d.headings, d.body].join(" ");
  }

  return { Vocabulary: Vocabulary, plainText: plainText };
});
