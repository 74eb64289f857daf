// The offline search engine, the twin of indexer/search_backend.py: the same fields and boosts (MiniSearch BM25
// instead of Whoosh BM25F), the same stems (a lookup table from the build), and the query and final ordering of
// static/js/search-rules.js (indexer/ranking.py's twin) with static/js/search-vocab.js's variants.
// Keep in step with indexer/ranking.py; tests/test_search_unit.py runs both on the same inputs.
// Works in the browser (global ThroneRank, after ThroneRules and ThroneVocab) and in Node (module.exports).
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) {
    module.exports = factory(require("./search-rules.js"), require("./search-vocab.js"));
  } else root.ThroneRank = factory(root.ThroneRules, root.ThroneVocab);
})(typeof self !== "undefined" ? self : this, function (R, V) {
  "use strict";
  var Rules = R.Rules;
  var coverage = R.coverage;
  var cmpStr = R.cmpStr;
  var Vocabulary = V.Vocabulary;
  var plainText = V.plainText;
  var EN_FIELDS = ["title", "aliases", "describes", "tags", "headings", "body"];
  var PL_FIELDS = ["title_pl", "aliases_pl", "describes_pl", "body_pl"];
  var ALL_FIELDS = EN_FIELDS.concat(PL_FIELDS, ["fuzzy"]);
  // The plain `fuzzy` field's terms carry this mark, so MiniSearch's per-term match record (which keeps one
  // field list per term) never mixes them up with the same word's stem in another field.
  var PLAIN = "\u0002";

  function fieldText(d, field) {
    var pl = d.lang === "pl";
    switch (field) {
      case "title": return pl ? "" : d.title;
      case "aliases": return pl ? "" : d.aliases;
      case "describes": return pl ? "" : d.describes || "";
      case "tags": return pl ? "" : d.tags || "";
      case "describes_pl": return d.describes_pl || "";
      case "headings": return pl ? "" : d.headings;
      case "body": return pl ? "" : d.body;
      case "title_pl": return pl ? d.title : "";
      case "aliases_pl": return pl ? d.aliases : d.polish_names || "";
      case "body_pl": return pl ? d.body : "";
      case "fuzzy": return plainText(d);
      default: return d[field];
    }
  }

  // The MiniSearch options for indexing: folded words, stemmed by the field's language. As in Whoosh,
  // a field's boost multiplies term frequency (the term is added that many times) and a field's
  // length counts every word (each token is made unique by its position, then the position is cut).
  function indexOptions(rules, data) {
    var boosts = {};
    Object.keys(data.boosts).forEach(function (f) { boosts[f] = data.boosts[f]; });
    Object.keys(data.pl_boosts).forEach(function (f) { boosts[f] = data.pl_boosts[f]; });
    return {
      fields: ALL_FIELDS,
      storeFields: ["title", "url", "game", "kind", "lang", "summary"],
      extractField: fieldText,
      tokenize: function (text) {
        return rules.Fold.words(text).map(function (w, i) { return w + "\u0001" + i; });
      },
      processTerm: function (token, field) {
        var word = token.slice(0, token.lastIndexOf("\u0001"));
        if (field === "fuzzy") return word + PLAIN;
        var term = rules.stem(word, PL_FIELDS.indexOf(field) >= 0 ? "pl" : "en");
        var out = [];
        for (var k = 0; k < (boosts[field] || 1); k++) out.push(term);
        return out;
      },
      searchOptions: { bm25: data.bm25 },
    };
  }

  // As search_extras.best_section: the section holding strictly the most distinct matched words,
  // [anchor, heading], or null. tokens: the entry's folded words; sections: [anchor, heading, first word].
  function bestSection(tokens, wanted, sections, title, weak) {
    var want = new Set();
    wanted.forEach(function (w) { if (title.indexOf(w) < 0 && !weak.has(w)) want.add(w); });
    wanted = want;
    if (!sections || !sections.length || !wanted.size) return null;
    var counts = [];
    for (var k = 0; k <= sections.length; k++) counts.push(new Set());
    var part = 0;
    tokens.forEach(function (word, at) {
      while (part < sections.length && at >= sections[part][2]) part += 1;
      if (wanted.has(word)) counts[part].add(word);
    });
    var sizes = counts.map(function (c) { return c.size; });
    var top = Math.max.apply(null, sizes);
    var ties = sizes.filter(function (x) { return x === top; }).length;
    var present = new Set();
    counts.forEach(function (c) { c.forEach(function (w) { present.add(w); }); });
    if (top < Math.min(2, present.size) || top === 0 || ties > 1 || sizes[0] === top) return null;
    var sec = sections[sizes.indexOf(top) - 1];
    return [sec[0], sec[1]];
  }

  // As search_extras.name_segments: the indices of the query segments that name the entry (a phrase whose every
  // word matches a word of one of its names, as Rules.wordMatches matches it).
  function nameSegments(rules, segments, names) {
    var own = [];
    names.forEach(function (name) { name.forEach(function (w) { if (own.indexOf(w) < 0) own.push(w); }); });
    var out = new Set();
    segments.forEach(function (alternatives, i) {
      var last = i === segments.length - 1;
      var hit = alternatives.some(function (phrase) {
        return phrase.every(function (q) {
          return own.some(function (w) { return rules.wordMatches(q, w, last && phrase.length === 1) > 0; });
        });
      });
      if (hit) out.add(i);
    });
    return out;
  }

  // As search_extras.section_words: the matched plain words of a strong segment beyond the entry's names.
  function sectionWords(plain, owners, segments, flags, named) {
    return plain.filter(function (w) {
      var segs = owners.get("fuzzy\u0000" + w + PLAIN);
      if (!segs) return false;
      var out = false;
      segs.forEach(function (i) { if (!named.has(i) && flags[i] >= 1) out = true; });
      return out;
    });
  }

  function identity(t) { return t; }
  function single(s) { return [s]; }

  // One query word: its variants' stems in the English and Polish fields, and the plain word.
  function wordQuery(rules, vocab, data, word, prefix, seg, owners, scale) {
    var weights = new Map();
    function add(field, term, weight) {
      var key = field + "\u0000" + term;
      weights.set(key, Math.max(weight, weights.get(key) || 0));
    }
    vocab.variants(word, prefix).forEach(function (v) {
      var en = rules.stem(v.word, "en");
      var pl = rules.stem(v.word, "pl");
      EN_FIELDS.forEach(function (f) { add(f, en, v.weight); });
      PL_FIELDS.forEach(function (f) { add(f, pl, v.weight); });
      add("fuzzy", v.word + PLAIN, v.weight * data.plain_weight);
    });
    var leaves = [];
    weights.forEach(function (weight, key) {
      var cut = key.indexOf("\u0000");
      var field = key.slice(0, cut);
      var term = key.slice(cut + 1);
      if (!owners.has(key)) owners.set(key, new Set());
      owners.get(key).add(seg);
      leaves.push({
        queries: [term], fields: [field], tokenize: single, processTerm: identity,
        prefix: false, fuzzy: false, boostTerm: function () { return weight * scale; },
      });
    });
    return { combineWith: "OR", queries: leaves };
  }

  function buildQuery(rules, vocab, data, segments) {
    var owners = new Map();
    var weights = rules.segmentWeights(segments);
    var clauses = segments.map(function (alternatives, n) {
      var last = n === segments.length - 1;
      var options = alternatives.map(function (phrase) {
        var parts = phrase.map(function (w) {
          return wordQuery(rules, vocab, data, w, last && phrase.length === 1, n, owners, weights[n]);
        });
        return parts.length > 1 ? { combineWith: "AND", queries: parts } : parts[0];
      });
      return options;
    });
    return { clauses: clauses, owners: owners };
  }

  // As the server's query (search_backend._evaluate): BM25 summed over segments, a segment's score the best of
  // its phrases' (one MiniSearch search per phrase). id -> {res: a result (stored fields), bm25, match}.
  function runQuery(mini, clauses, filter) {
    var byId = new Map();
    clauses.forEach(function (options) {
      var segBest = new Map();
      options.forEach(function (q) {
        mini.search(q, { filter: filter }).forEach(function (res) {
          // MiniSearch multiplies a score by the number of query terms matched; Whoosh does not: undo it.
          var score = res.score / (res.queryTerms.length || 1);
          var hit = byId.get(res.id);
          if (!hit) { hit = { res: res, bm25: 0, match: {} }; byId.set(res.id, hit); }
          Object.keys(res.match).forEach(function (term) {
            var fields = hit.match[term] || (hit.match[term] = []);
            res.match[term].forEach(function (f) { if (fields.indexOf(f) < 0) fields.push(f); });
          });
          if (!segBest.has(res.id) || score > segBest.get(res.id)) segBest.set(res.id, score);
        });
      });
      segBest.forEach(function (score, id) { byId.get(id).bm25 += score; });
    });
    var found = [];
    byId.forEach(function (hit) {
      var res = Object.assign({}, hit.res);
      res.bm25 = hit.bm25;
      res.match = hit.match;
      found.push(res);
    });
    return found;
  }

  // The engine: create(MiniSearch, Fold, data).search(text, {limit, filters}). With `prebuilt` (the build's
  // search index, read by static/js/search-core.js) the index and vocabulary are loaded, not built here.
  function create(MiniSearch, Fold, data, prebuilt) {
    var rules = new Rules(data, Fold);
    var vocab = prebuilt ? prebuilt.vocabulary(rules) : new Vocabulary(rules, data.docs);
    var docs = new Map();
    data.docs.forEach(function (d) { docs.set(d.id, d); });
    // as search_backend's _game_langs: the (game, language) of every page, for ranking.query_language
    var gameLangs = new Set(data.docs.map(function (d) { return d.game + " " + d.lang; }));
    // as search_backend's _named_stop (intent.named_stop_words): stop words that are an entry's whole name
    var namedStop = new Set();
    data.docs.forEach(function (d) {
      (d.names || []).forEach(function (n) { if (n.length === 1 && rules.stop.has(n[0])) namedStop.add(n[0]); });
    });
    var mini = prebuilt ? prebuilt.index(indexOptions(rules, data)) : new MiniSearch(indexOptions(rules, data));
    if (!prebuilt) mini.addAll(data.docs);
    var r = data.ranking;

    function search(text, options) {
      options = options || {};
      var limit = options.limit || 10;
      var filters = options.filters || {};
      var all = Fold.words(text);
      var quoted = rules.quotedWords(text);
      var keep = quoted;
      if (rules.asksName(all)) {  // as search_backend: a name or meaning question searches the named stop words
        keep = new Set(quoted);
        namedStop.forEach(function (w) { keep.add(w); });
      }
      var words = rules.contentWords(all, keep);
      if (!words.length) return { total: 0, hits: [], suggestion: null };
      var intent = rules.intent(all);  // as search_backend: the intent of all the words, then its words dropped
      var named = rules.namedGame(rules.withoutIntentWords(words, all));
      // as search_backend: the games' names are read in the whole query, then the searched words are cut
      words = named.words.slice(0, r.max_query_words);
      var segments = rules.segment(words);
      var built = buildQuery(rules, vocab, data, segments);
      var keys = Object.keys(filters).filter(function (k) { return filters[k]; });
      var found = runQuery(mini, built.clauses,
        keys.length ? function (res) { return keys.every(function (k) { return res[k] === filters[k]; }); }
          : undefined);
      var flags = rules.segmentWeights(segments);
      var rarity = rules.rarityWeights(segments, vocab.df, data.docs.length);
      var weights = flags.map(function (f, i) { return f * rarity[i]; });  // as the server: weak x rarity
      var reached = new Set();  // as search_backend: the segments some found entry matches
      var queryWords = new Set(words);
      var hinted = new Set();  // as ranking.hinted_kinds: the kinds the query's words ask for
      all.forEach(function (w) {
        if (Object.prototype.hasOwnProperty.call(r.kind_hints, w)) r.kind_hints[w].forEach(function (k) { hinted.add(k); });
      });
      var lang = vocab.language(words, all.filter(function (w) { return !quoted.has(w); }));
      // as ranking.query_language: no language prior for a game with no page in the query's language
      if (named.game && !gameLangs.has(named.game + " " + lang.split("+")[0])) lang = null;
      var polarities = new Set();  // as ranking.hinted_polarity: the one type of status effect the words ask for
      all.forEach(function (w) {
        if (Object.prototype.hasOwnProperty.call(r.polarity_hints, w)) polarities.add(r.polarity_hints[w]);
      });
      var polarity = polarities.size === 1 ? Array.from(polarities)[0] : null;
      var question = rules.isQuestion(all);
      var info = {
        lang: lang, game: named.game, number: rules.hintsNumber(all), words: queryWords,
        segments: segments, flags: flags,
        kinds: question ? r.question_kind_prior : r.kind_prior, hinted: hinted, polarity: polarity, intent: intent,
        compared: named.compared,
      };
      var best = 0;
      found.forEach(function (res) { if (res.bm25 > best) best = res.bm25; });
      best = best || 1;
      // As the server: coverage of every match, then the best candidates by ranking.base_score, then id.
      found.forEach(function (res) {
        var covered = new Set();
        var plain = [];
        Object.keys(res.match).forEach(function (term) {
          res.match[term].forEach(function (field) {
            var segs = built.owners.get(field + "\u0000" + term);
            if (segs) segs.forEach(function (s) { covered.add(s); reached.add(s); });
            if (field === "fuzzy" && plain.indexOf(term.slice(0, -1)) < 0) plain.push(term.slice(0, -1));
          });
        });
        res.covered = covered;
        res.plain = plain;
      });
      weights = rules.reachedWeights(weights, reached);
      found.forEach(function (res) {
        var cov = coverage(res.covered, weights, flags);
        res.share = cov[0];
        res.allWords = cov[1];
        res.base = r.rel * res.bm25 / best + r.cover * res.share + r.all * (res.allWords ? 1 : 0);
      });
      found.sort(function (a, b) { return b.base - a.base || cmpStr(a.id, b.id); });
      var top = found.slice(0, r.candidates);
      var ranked = top.map(function (res) {
        var doc = docs.get(res.id);
        var prior = rules.prior(info, res, doc);
        var match = rules.nameMatch(segments, doc.names || [], weights, vocab.df);
        var nameScore = match[0];
        if (doc.described && doc.described.length) {  // as ranking.rank_top: the better of name and description
          nameScore = Math.max(nameScore, r.desc_ratio * rules.nameMatch(segments, doc.described, weights, vocab.df)[0]);
        }
        var score = (res.base + r.name * nameScore + (match[1] ? r.named : 0)) * prior;
        return { id: res.id, score: score, bm25: res.bm25, words: res.plain, doc: doc };
      });
      ranked.sort(function (a, b) { return b.score - a.score || cmpStr(a.id, b.id); });
      var hits = ranked.slice(0, limit);
      hits.forEach(function (h) {
        var title = (h.doc.names && h.doc.names[0]) || [];
        // as search_extras.section_words: only the words beyond the entry's names may point to a section
        h.sectionWords = sectionWords(h.words, built.owners, segments, flags,
          nameSegments(rules, segments, h.doc.names || []));
        // undefined when the engine's data has no bodies (the prebuilt index): search-core.js finds it from
        // the full document when it has one (the results page), and the typeahead links to the entry
        h.section = h.doc.body === undefined ? undefined
          : bestSection(Fold.words(h.doc.body), new Set(h.sectionWords), h.doc.sections, title, rules.weakWords);
      });
      return { total: found.length, hits: hits, suggestion: vocab.suggest(words) };
    }

    return { search: search, rules: rules, vocabulary: vocab, mini: mini };
  }

  return {
    create: create, osaDistance: R.osaDistance, maxEdits: R.maxEdits, Rules: Rules, Vocabulary: Vocabulary,
    fieldText: fieldText, bestSection: bestSection,
  };
});
