// Offline search over the build's search data, mirroring the server (indexer/search_backend.py):
// the same fields and boosts, stop words, synonym expansion, accent folding and kind prior;
// prefix matching on the last word and fuzzy matching on longer words (MiniSearch from npm).
// Works in the browser (globals ThroneFold, MiniSearch) and in Node (tests/test_pwa_search_parity.py).
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory;
  else root.ThroneSearch = factory;
})(typeof self !== "undefined" ? self : this, function (MiniSearch, Fold) {
  "use strict";
  var FIELDS = ["title", "aliases", "headings", "body"];
  var SNIPPET_CHARS = 180;
  var SNIPPET_BEFORE = 50;

  // Synonym phrase (words joined by spaces) -> every phrase of its groups, as in indexer/synonyms.py.
  function synonymIndex(groups) {
    var index = new Map();
    var longest = 1;
    groups.forEach(function (group) {
      group.forEach(function (phrase) {
        var key = phrase.join(" ");
        var alts = index.get(key) || [];
        group.forEach(function (p) {
          if (!alts.some(function (a) { return a.join(" ") === p.join(" "); })) alts.push(p);
        });
        index.set(key, alts);
        longest = Math.max(longest, phrase.length);
      });
    });
    return { index: index, longest: longest };
  }

  // The longest synonym phrase that starts at a position wins; other words stand alone.
  function segment(words, synonyms) {
    var out = [];
    var i = 0;
    while (i < words.length) {
      var found = false;
      for (var n = Math.min(synonyms.longest, words.length - i); n > 0; n--) {
        var alts = synonyms.index.get(words.slice(i, i + n).join(" "));
        if (alts) { out.push(alts); i += n; found = true; break; }
      }
      if (!found) { out.push([[words[i]]]); i += 1; }
    }
    return out;
  }

  function wordQuery(word, prefix) {
    var fuzzy = word.length >= 8 ? 2 : (word.length >= 4 ? 1 : 0);
    return { queries: [word], combineWith: "OR", prefix: prefix && word.length >= 3, fuzzy: fuzzy };
  }

  function buildQuery(words, synonyms) {
    var segments = segment(words, synonyms);
    var clauses = segments.map(function (alternatives, n) {
      var last = n === segments.length - 1;
      var options = alternatives.map(function (phrase) {
        if (phrase.length > 1) {
          return { combineWith: "AND", queries: phrase.map(function (w) { return wordQuery(w, false); }) };
        }
        return wordQuery(phrase[0], last);
      });
      return options.length > 1 ? { combineWith: "OR", queries: options } : options[0];
    });
    return clauses.length > 1 ? { combineWith: "OR", queries: clauses } : clauses[0];
  }

  // A window of the body around the first matched word, as [{text, mark}] parts (no HTML).
  function snippet(doc, matched) {
    var body = doc.body || "";
    var tokens = Fold.tokens(body);
    var first = -1;
    for (var i = 0; i < tokens.length; i++) {
      if (matched.has(tokens[i].word)) { first = i; break; }
    }
    if (first < 0) return [{ text: doc.summary, mark: false }];
    var start = Math.max(0, tokens[first].start - SNIPPET_BEFORE);
    if (start > 0) {
      var space = body.indexOf(" ", start);
      start = space >= 0 && space < tokens[first].start ? space + 1 : start;
    }
    var end = Math.min(body.length, start + SNIPPET_CHARS);
    if (end < body.length) {
      var cut = body.lastIndexOf(" ", end);
      end = cut > tokens[first].end ? cut : end;
    }
    var parts = [];
    var at = start;
    if (start > 0) parts.push({ text: "… ", mark: false });
    tokens.forEach(function (t) {
      if (t.start < start || t.end > end || !matched.has(t.word)) return;
      if (t.start > at) parts.push({ text: body.slice(at, t.start), mark: false });
      parts.push({ text: body.slice(t.start, t.end), mark: true });
      at = t.end;
    });
    if (end > at) parts.push({ text: body.slice(at, end), mark: false });
    if (end < body.length) parts.push({ text: " …", mark: false });
    return parts;
  }

  function create(data) {
    var stop = new Set(data.stop_words);
    var prior = data.kind_prior || {};
    var synonyms = synonymIndex(data.synonyms || []);
    var docs = new Map();
    data.docs.forEach(function (d) { docs.set(d.id, d); });
    var mini = new MiniSearch({
      fields: FIELDS,
      storeFields: ["title", "url", "game", "kind", "lang", "summary"],
      tokenize: function (text) { return Fold.words(text); },
      processTerm: function (term) { return Fold.foldWord(term); },
      searchOptions: {
        boost: data.boosts,
        weights: { fuzzy: 0.6, prefix: 0.8 },
        boostDocument: function (id, term, stored) { return (stored && prior[stored.kind]) || 1; },
      },
    });
    mini.addAll(data.docs);

    function search(text, options) {
      options = options || {};
      var limit = options.limit || 10;
      var filters = options.filters || {};
      var all = Fold.words(text);
      var content = all.filter(function (w) { return !stop.has(w); });
      if (!content.length) content = all;
      if (!content.length) return { query: text, total: 0, results: [] };
      var keys = Object.keys(filters).filter(function (k) { return filters[k]; });
      var found = mini.search(buildQuery(content, synonyms), {
        filter: keys.length ? function (r) { return keys.every(function (k) { return r[k] === filters[k]; }); } : undefined,
      });
      var results = found.slice(0, limit).map(function (r) {
        return {
          id: r.id, title: r.title, url: r.url, game: r.game, kind: r.kind, lang: r.lang, score: r.score,
          snippet: snippet(docs.get(r.id), new Set(r.terms)),
        };
      });
      return { query: text, total: found.length, results: results };
    }

    return { search: search, version: data.version, size: data.docs.length };
  }

  return { create: create, segment: segment, synonymIndex: synonymIndex, buildQuery: buildQuery };
});
