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
    if (first < 0) return doc.summary ? [{ text: doc.summary, mark: false }] : [];
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

  // The build's search index (indexer/search_index.py) as MiniSearch's term index: a term's postings are
  // decoded the first time a query asks for it, into the Map MiniSearch's own index would hold for it. The
  // postings come in one file per language (`parts`: their `terms`); with one language's only, a field's Map
  // holds that language's documents and says as its size how many documents hold the term in all (the
  // document frequency MiniSearch scores with), so those documents score as with every language's postings.
  function LazyTerms(packed, fieldIds, parts) {
    this.parts = parts;
    this.ids = packed.fields.map(function (f) { return fieldIds[f]; });
    this.decoded = new Map();
  }

  LazyTerms.prototype.add = function (terms) {
    this.parts.push(terms);
    this.decoded.clear();
  };

  LazyTerms.prototype.get = function (term) {
    if (this.decoded.has(term)) return this.decoded.get(term);
    var out;
    var ids = this.ids;
    var total = new Map();  // field -> documents holding the term in every language
    var merged = new Set();  // fields more than one part has documents in
    this.parts.forEach(function (terms) {
      if (!Object.prototype.hasOwnProperty.call(terms, term)) return;
      out = out || new Map();
      // "field:doc,doc.tf;field+n:...": a document as the base-36 gap from the one before, ".tf" unless it is 1,
      // "+n" (base 36) when n documents of the other languages hold the term in the field too
      terms[term].split(";").forEach(function (part) {
        var cut = part.indexOf(":");
        var head = part.slice(0, cut).split("+");
        var field = ids[+head[0]];
        if (out.has(field)) merged.add(field);
        var byDoc = out.get(field) || new Map();
        var doc = 0;
        var count = 0;
        part.slice(cut + 1).split(",").forEach(function (item) {
          var dot = item.indexOf(".");
          doc += parseInt(dot < 0 ? item : item.slice(0, dot), 36);
          byDoc.set(doc, dot < 0 ? 1 : parseInt(item.slice(dot + 1), 36));
          count += 1;
        });
        out.set(field, byDoc);
        total.set(field, count + (head.length > 1 ? parseInt(head[1], 36) : 0));
      });
    });
    if (out) {
      out.forEach(function (byDoc, field) {
        // in MiniSearch's insertion order (ascending), as one index of every document holds them
        if (merged.has(field)) {
          byDoc = new Map(Array.from(byDoc).sort(function (a, b) { return a[0] - b[0]; }));
          out.set(field, byDoc);
        }
        if (byDoc.size < total.get(field)) Object.defineProperty(byDoc, "size", { value: total.get(field) });
      });
    }
    this.decoded.set(term, out);
    return out;
  };

  LazyTerms.prototype.has = function (term) { return this.get(term) !== undefined; };

  // A MiniSearch instance over the prebuilt index: its documents, field lengths and stored fields through
  // MiniSearch's own loader (loadJS), its terms from LazyTerms.
  function loadIndex(packed, docs, options, parts) {
    var fieldIds = {};
    options.fields.forEach(function (f, i) { fieldIds[f] = i; });
    var at = packed.fields.map(function (f) {
      if (fieldIds[f] === undefined) throw new Error("search index: field " + f + " is not indexed here");
      return fieldIds[f];
    });
    if (at.length !== options.fields.length) throw new Error("search index: its fields are not the engine's");
    var js = {
      documentCount: packed.documentCount, nextId: docs.length, documentIds: {}, fieldIds: fieldIds,
      fieldLength: {}, averageFieldLength: [], storedFields: {}, dirtCount: 0, index: [], serializationVersion: 2,
    };
    packed.fields.forEach(function (f, k) { js.averageFieldLength[at[k]] = packed.averages[k]; });
    docs.forEach(function (d, i) {
      js.documentIds[i] = d.id;
      var lengths = [];
      packed.fields.forEach(function (f, k) { lengths[at[k]] = packed.lengths[k][i]; });
      js.fieldLength[i] = lengths;
      var stored = {};
      options.storeFields.forEach(function (f) {
        var v = options.extractField(d, f);
        if (v !== undefined) stored[f] = v;
      });
      js.storedFields[i] = stored;
    });
    var mini = MiniSearch.loadJS(js, options);
    mini._index = new LazyTerms(packed, fieldIds, parts);
    return mini;
  }

  // As indexer/rulings.fold_rulings: per-hero copies of one ruling (docs sharing `ruling`) fold into one result at
  // the place of the best ranked copy, the general answer when it is among them; the others go under `also`.
  function foldRulings(results, hits) {
    var members = new Map();
    results.forEach(function (r, i) {
      var key = hits[i].doc.ruling;
      if (key) { if (!members.has(key)) members.set(key, []); members.get(key).push(r); }
    });
    var out = [];
    results.forEach(function (r, i) {
      var key = hits[i].doc.ruling;
      if (!key) { r.also = []; out.push(r); return; }
      var group = members.get(key);
      if (group[0] !== r) return;
      var head = group.find(function (x) { return x.id.replace(/^pl-/, "").indexOf("faq-general-") === 0; }) || group[0];
      head.also = group.filter(function (x) { return x !== head; }).map(function (x) {
        return { id: x.id, title: x.title, url: x.url };
      });
      out.push(head);
    });
    return out;
  }

  function wrap(engine, data, bodies, addTerms) {
    // options.snippets: false skips them (the typeahead shows none); options.fold: per-hero copies of one ruling
    // fold into one result (the suggestions and the results page, as the server's); bodies: id -> the full document, when the
    // engine's data has no bodies.
    function search(text, options) {
      options = options || {};
      var found = engine.search(text, { limit: options.limit || 10, filters: options.filters || {} });
      var results = found.hits.map(function (h) {
        var d = h.doc;
        // a document whose language's bodies are not here (offline, before they were fetched): no snippet
        var withBody = d.body !== undefined || !bodies ? d : bodies.get(d.id) || d;
        var section = h.section;
        if (section === undefined) {
          section = withBody.body === undefined ? null : Rank.bestSection(Fold.words(withBody.body),
            new Set(h.sectionWords), d.sections, (d.names && d.names[0]) || [], engine.rules.weakWords);
        }
        return {
          id: d.id, title: d.title, url: d.url + (section ? "#" + section[0] : ""), game: d.game, kind: d.kind,
          lang: d.lang, score: h.score,
          snippet: options.snippets === false ? null : snippet(withBody, new Set(h.words)), words: h.words,
          section: section ? section[1] : null,  // the heading of the section the match sits in, if one
          answer: d.answer || null,  // a ruling's answer in a few words (indexer/answers.py), as the server's
        };
      });
      return { query: text, total: found.total, results: options.fold ? foldRulings(results, found.hits) : results, suggestion: found.suggestion };
    }

    return {
      search: search, version: data.version, size: data.docs.length,
      // the documents' bodies and summaries (the full search data, or the per-language bodies files), for snippets
      withBodies: function (full) {
        var map = new Map();
        full.docs.forEach(function (d) { map.set(d.id, d); });
        return wrap(engine, data, map, addTerms);
      },
      // another language's postings file (indexer/search_index.py), to search its documents too
      addTerms: addTerms,
    };
  }

  // From the full search data: the index is built here (slow: every document is indexed).
  function create(data) {
    return wrap(Rank.create(MiniSearch, Fold, data), data, null);
  }

  // From the build's search index (indexer/search_index.py) and the postings files of the languages wanted
  // (`terms`, more with addTerms): nothing to build.
  function fromIndex(file, terms) {
    [file].concat(terms).forEach(function (f) {
      if (f.format !== 2 || f.version !== file.version) throw new Error("search index: another format or build");
    });
    var lazy = null;
    var prebuilt = {
      vocabulary: function (rules) { return Rank.Vocabulary.fromTable(rules, file.vocabulary); },
      index: function (options) {
        var mini = loadIndex(file.index, file.data.docs, options, terms.map(function (t) { return t.terms; }));
        lazy = mini._index;
        return mini;
      },
    };
    return wrap(Rank.create(MiniSearch, Fold, file.data, prebuilt), file.data, null, function (more) {
      if (more.format !== 2 || more.version !== file.version) throw new Error("search terms: not this index's");
      lazy.add(more.terms);
    });
  }

  return { create: create, fromIndex: fromIndex };
});
