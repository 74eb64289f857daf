// Offline search over the build's search data, mirroring the server (indexer/search_backend.py):
// static/js/search-rank.js (ThroneRank) builds the query and ranks exactly as indexer/ranking.py
// does (the same fields and boosts, stems, stop words, synonyms, fuzzy and prefix variants, kind,
// language and game priors) over MiniSearch from npm; this file turns its hits into results.
// Works in the browser (globals ThroneFold, ThroneRank, MiniSearch) and in Node.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory;
  else root.ThroneSearch = factory;
})(typeof self !== "undefined" ? self : this, function (MiniSearch, Fold, Rank) {
  "use strict";
  if (!Rank) Rank = typeof ThroneRank !== "undefined" ? ThroneRank : require("./search-rank.js");
  var SNIPPET_CHARS = 180;
  var SNIPPET_BEFORE = 50;

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
    var engine = Rank.create(MiniSearch, Fold, data);

    function search(text, options) {
      options = options || {};
      var found = engine.search(text, { limit: options.limit || 10, filters: options.filters || {} });
      var results = found.hits.map(function (h) {
        var d = h.doc;
        return {
          id: d.id, title: d.title, url: d.url + (h.section ? "#" + h.section[0] : ""), game: d.game, kind: d.kind,
          lang: d.lang, score: h.score, snippet: snippet(d, new Set(h.words)), words: h.words,
          section: h.section ? h.section[1] : null,  // the heading of the section the match sits in, if one
        };
      });
      return { query: text, total: found.total, results: results, suggestion: found.suggestion };
    }

    return { search: search, version: data.version, size: data.docs.length };
  }

  return { create: create };
});
