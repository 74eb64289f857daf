// The offline search engine's query and ranking rules, the twin of indexer/ranking.py and
// indexer/search_backend.py: same fields and boosts (MiniSearch BM25 instead of Whoosh BM25F),
// same stems (a lookup table from the build), synonyms, fuzzy and prefix variants from the
// index's own vocabulary, and the same final ordering (coverage, name match, kind, language, game).
// Keep in step with indexer/ranking.py; tests/test_search_unit.py runs both on the same inputs.
// Works in the browser (global ThroneRank) and in Node (module.exports).
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.ThroneRank = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  var EN_FIELDS = ["title", "aliases", "describes", "tags", "headings", "body"];
  var PL_FIELDS = ["title_pl", "aliases_pl", "describes_pl", "body_pl"];
  var ALL_FIELDS = EN_FIELDS.concat(PL_FIELDS, ["fuzzy"]);
  var BRACKETS = /\(([^)]*)\)/g;
  // The plain `fuzzy` field's terms carry this mark, so MiniSearch's per-term match record (which keeps one
  // field list per term) never mixes them up with the same word's stem in another field.
  var PLAIN = "\u0002";

  function isDigits(w) { return /^[0-9]+$/.test(w); }

  function maxEdits(word) {
    if (word.length < 4 || isDigits(word)) return 0;
    return word.length < 7 ? 1 : 2;
  }

  // Optimal string alignment distance; limit + 1 when above the limit (as ranking.osa_distance).
  function osaDistance(a, b, limit) {
    if (Math.abs(a.length - b.length) > limit) return limit + 1;
    var prev2 = [];
    var prev = [];
    for (var j0 = 0; j0 <= b.length; j0++) prev.push(j0);
    for (var i = 1; i <= a.length; i++) {
      var cur = [i];
      var best = i;
      for (var j = 1; j <= b.length; j++) {
        var cost = a[i - 1] === b[j - 1] ? 0 : 1;
        var v = Math.min(prev[j] + 1, cur[j - 1] + 1, prev[j - 1] + cost);
        if (i > 1 && j > 1 && a[i - 1] === b[j - 2] && a[i - 2] === b[j - 1]) v = Math.min(v, prev2[j - 2] + 1);
        cur.push(v);
        best = Math.min(best, v);
      }
      if (best > limit) return limit + 1;
      prev2 = prev;
      prev = cur;
    }
    return prev[b.length] <= limit ? prev[b.length] : limit + 1;
  }

  function cmpStr(a, b) { return a < b ? -1 : (a > b ? 1 : 0); }

  function Rules(data, Fold) {
    var r = data.ranking;
    this.Fold = Fold;
    this.r = r;
    this.stop = new Set(data.stop_words);
    this.questionWords = new Set(r.question_words);
    this.weakWords = new Set(r.weak_words);
    this.stemsEn = data.stems.en;
    this.stemsPl = data.stems.pl;
    var index = new Map();
    var longest = 1;
    (data.synonyms || []).forEach(function (group) {
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
    this.synonyms = index;
    this.longest = longest;
    var phrases = [];
    Object.keys(r.game_names).forEach(function (game) {
      r.game_names[game].forEach(function (p) { phrases.push({ words: p.split(" "), game: game }); });
    });
    phrases.sort(function (a, b) { return b.words.length - a.words.length; });
    this.gamePhrases = phrases;
  }

  Rules.prototype.stem = function (word, lang) {
    var table = lang === "pl" ? this.stemsPl : this.stemsEn;
    return Object.prototype.hasOwnProperty.call(table, word) ? table[word] : word;
  };

  // As ranking.QUOTED_RE / quoted_words: the words a query puts in quotes are searched even when stop words.
  var QUOTED_RE = /(?<![\p{L}\p{N}])["'‘’“”„«]([^"'‘’“”„«»\n]{1,40}?)["'‘’“”»](?![\p{L}\p{N}])/gu;
  Rules.prototype.quotedWords = function (text) {
    var out = new Set();
    var re = new RegExp(QUOTED_RE.source, "gu");
    var m;
    var fold = this.Fold;
    while ((m = re.exec(String(text))) !== null) fold.words(m[1]).forEach(function (w) { out.add(w); });
    return out;
  };

  Rules.prototype.contentWords = function (all, keep) {
    var stop = this.stop;
    var kept = all.filter(function (w) { return !stop.has(w) || (keep && keep.has(w)); });
    return kept.length ? kept : all;
  };

  Rules.prototype.isQuestion = function (all) { return all.length > 0 && this.questionWords.has(all[0]); };

  // As ranking.segment_weights: a segment with an alternative of one weak word is weak (a known phrase of two
  // or more words, "stack limit", names a thing even when each word alone is weak).
  Rules.prototype.segmentWeights = function (segments) {
    var weak = this.weakWords;
    var w = this.r.weak_weight;
    return segments.map(function (alts) {
      return alts.some(function (p) { return p.length === 1 && weak.has(p[0]); }) ? w : 1;
    });
  };

  // As ranking.hints_number: the query asks for a number.
  Rules.prototype.hintsNumber = function (all) {
    var text = " " + all.join(" ") + " ";
    return this.r.number_hints.some(function (h) { return text.indexOf(" " + h + " ") >= 0; });
  };

  // As ranking.rarity_weights: a segment in at most rare_df entries counts 1, a commoner one idf(df) / idf(rare_df).
  function idf(df, n) { return Math.log(1 + (n - df + 0.5) / (df + 0.5)); }

  Rules.prototype.rarityWeights = function (segments, df, n) {
    var rare = this.r.rare_df;
    var full = n > rare ? idf(rare, n) : 1;
    return segments.map(function (alts) {
      var d = 0;
      alts.forEach(function (phrase) {
        var least = Infinity;
        phrase.forEach(function (w) { least = Math.min(least, df.get(w) || 0); });
        d = Math.max(d, least);
      });
      return d <= rare ? 1 : Math.min(1, idf(d, n) / full);
    });
  };

  // As ranking.coverage: [weighted share of segments covered, every strong segment covered (2 or more)];
  // flags: the segments' weak/strong weights (1 for a strong one).
  function coverage(covered, weights, flags) {
    var total = 0;
    var share = 0;
    var strong = 0;
    var allStrong = true;
    weights.forEach(function (w, i) {
      total += w;
      if (covered.has(i)) share += w;
      if (flags[i] >= 1) { strong += 1; if (!covered.has(i)) allStrong = false; }
    });
    return [share / (total || 1), strong >= 2 && allStrong];
  }

  Rules.prototype.namedGame = function (words) {
    for (var k = 0; k < this.gamePhrases.length; k++) {
      var p = this.gamePhrases[k];
      var n = p.words.length;
      for (var i = 0; i + n <= words.length; i++) {
        if (words.slice(i, i + n).join(" ") === p.words.join(" ") && words.length > n) {
          return { game: p.game, words: words.slice(0, i).concat(words.slice(i + n)) };
        }
      }
    }
    return { game: null, words: words };
  };

  Rules.prototype.segment = function (words) {
    var out = [];
    var i = 0;
    while (i < words.length) {
      var found = false;
      for (var n = Math.min(this.longest, words.length - i); n > 0; n--) {
        var alts = this.synonyms.get(words.slice(i, i + n).join(" "));
        if (alts) { out.push(alts); i += n; found = true; break; }
      }
      if (!found) { out.push([[words[i]]]); i += 1; }
    }
    return out;
  };

  Rules.prototype.wordMatches = function (q, n, last) {
    if (q === n) return 1;
    if (this.stem(q, "en") === this.stem(n, "en") || this.stem(q, "pl") === this.stem(n, "pl")) return this.r.stem_weight;
    if (last && q.length >= 3 && n.indexOf(q) === 0) return this.r.prefix_weight;
    var limit = maxEdits(q);
    if (limit && q[0] === n[0]) {
      var d = osaDistance(q, n, limit);
      if (d <= limit) return this.r.fuzzy_weight[String(d)];
    }
    return 0;
  };

  // As ranking.NameMatcher.score: [name_match, named], named when a name with a word in at most
  // named_max_df documents (df: the vocabulary's) is all matched.
  Rules.prototype.nameMatch = function (segments, names, weights, df) {
    var best = 0;
    var named = false;
    var count = segments.length;
    var maxDf = this.r.named_max_df;
    if (!count) return [0, false];
    weights = weights || segments.map(function () { return 1; });
    var total = weights.reduce(function (a, b) { return a + b; }, 0) || 1;
    var self = this;
    names.forEach(function (name) {
      var got = 0;
      var used = new Set();
      segments.forEach(function (alternatives, i) {
        var last = i === count - 1;
        var segBest = 0;
        var segUsed = new Set();
        alternatives.forEach(function (phrase) {
          var score = 1;
          var hit = new Set();
          for (var k = 0; k < phrase.length; k++) {
            var s = 0;
            var at = -1;
            for (var j = 0; j < name.length; j++) {
              var m = self.wordMatches(phrase[k], name[j], last && phrase.length === 1);
              if (m >= s) { s = m; at = j; }  // ties: the later word, as Python's max() over (score, index)
            }
            if (s <= 0) { score = 0; break; }
            score = Math.min(score, s);
            hit.add(at);
          }
          if (score > segBest) { segBest = score; segUsed = hit; }
        });
        got += segBest * weights[i];
        segUsed.forEach(function (j) { used.add(j); });
      });
      best = Math.max(best, (got / total) * (used.size / name.length));
      if (!named && used.size === name.length) {
        named = Math.min.apply(null, name.map(function (w) { return (df && df.get(w)) || 0; })) <= maxDf;
      }
    });
    return [best, named];
  };

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

  Vocabulary.prototype.language = function (words) {
    var only = { en: 0, pl: 0 };
    var self = this;
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

  Vocabulary.prototype.suggest = function (words) {
    var changed = false;
    var self = this;
    var out = words.map(function (w) {
      var near = w.length > 3 && !isDigits(w) && !self.df.has(w) ? self.fuzzy(w) : [];
      if (near.length) { changed = true; return near[0][0]; }
      return w;
    });
    return changed ? out.join(" ") : null;
  };

  // --- What each field holds, as in the server's schema (indexer/search_backend.py fill_index).
  function plainText(d) {
    // an English entry's Polish descriptions stay out, as its Polish names do (they would make Polish words English)
    var pl = d.lang === "pl" ? d.describes_pl || "" : "";
    return [d.title, d.aliases, d.describes || "", pl, d.tags || "", d.headings, d.body].join(" ");
  }

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
    var mini = prebuilt ? prebuilt.index(indexOptions(rules, data)) : new MiniSearch(indexOptions(rules, data));
    if (!prebuilt) mini.addAll(data.docs);
    var r = data.ranking;

    function search(text, options) {
      options = options || {};
      var limit = options.limit || 10;
      var filters = options.filters || {};
      var all = Fold.words(text);
      var words = rules.contentWords(all, rules.quotedWords(text)).slice(0, r.max_query_words);
      if (!words.length) return { total: 0, hits: [], suggestion: null };
      var named = rules.namedGame(words);
      words = named.words;
      var segments = rules.segment(words);
      var built = buildQuery(rules, vocab, data, segments);
      var keys = Object.keys(filters).filter(function (k) { return filters[k]; });
      var found = runQuery(mini, built.clauses,
        keys.length ? function (res) { return keys.every(function (k) { return res[k] === filters[k]; }); }
          : undefined);
      var flags = rules.segmentWeights(segments);
      var rarity = rules.rarityWeights(segments, vocab.df, data.docs.length);
      var weights = flags.map(function (f, i) { return f * rarity[i]; });  // as the server: weak x rarity
      var strong = flags.filter(function (w) { return w >= 1; }).length;
      var queryWords = new Set(words);
      var hinted = new Set();  // as ranking.hinted_kinds: the kinds the query's words ask for
      all.forEach(function (w) {
        if (Object.prototype.hasOwnProperty.call(r.kind_hints, w)) r.kind_hints[w].forEach(function (k) { hinted.add(k); });
      });
      var lang = vocab.language(words);
      // as ranking.query_language: no language prior for a game with no page in the query's language
      if (named.game && !gameLangs.has(named.game + " " + lang.split("+")[0])) lang = null;
      var polarities = new Set();  // as ranking.hinted_polarity: the one type of status effect the words ask for
      all.forEach(function (w) {
        if (Object.prototype.hasOwnProperty.call(r.polarity_hints, w)) polarities.add(r.polarity_hints[w]);
      });
      var polarity = polarities.size === 1 ? Array.from(polarities)[0] : null;
      var info = {
        lang: lang, game: named.game, question: rules.isQuestion(all), number: rules.hintsNumber(all),
      };
      var kinds = info.question ? r.question_kind_prior : r.kind_prior;
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
            if (segs) segs.forEach(function (s) { covered.add(s); });
            if (field === "fuzzy" && plain.indexOf(term.slice(0, -1)) < 0) plain.push(term.slice(0, -1));
          });
        });
        var cov = coverage(covered, weights, flags);
        res.share = cov[0];
        res.allWords = cov[1];
        res.plain = plain;
        res.base = r.rel * res.bm25 / best + r.cover * res.share + r.all * (res.allWords ? 1 : 0);
      });
      found.sort(function (a, b) { return b.base - a.base || cmpStr(a.id, b.id); });
      var top = found.slice(0, r.candidates);
      var ranked = top.map(function (res) {
        var doc = docs.get(res.id);
        var prior = kinds[res.kind] !== undefined ? kinds[res.kind] : 1;
        if (info.lang && info.lang.indexOf(res.lang) !== 0) {
          prior *= info.lang.indexOf("+") >= 0 ? r.mixed_lang_mismatch : r.lang_mismatch;
        }
        if (info.game && res.game !== info.game) prior *= r.game_mismatch;
        if (info.number && doc.facts) prior *= r.number_prior;
        if (doc.heroes && doc.heroes.length) {
          if (strong >= 2 && doc.heroes.some(function (h) {
            return h.every(function (w) { return queryWords.has(w); });
          })) {
            prior *= r.hero_faq_prior;  // as QueryInfo.names_hero: the query names this FAQ's hero and more
          } else if (!doc.heroes.some(function (h) { return h.some(function (w) { return queryWords.has(w); }); })) {
            prior *= r.other_hero_faq;  // as QueryInfo.prior: the query names none of this FAQ's heroes
          }
        }
        if (hinted.has(res.kind)) prior *= r.kind_hint_prior;
        if (polarity && doc.polarity && doc.polarity !== polarity) prior *= r.polarity_mismatch;
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
        // undefined when the engine's data has no bodies (the prebuilt index): search-core.js finds it from
        // the full document when it has one (the results page), and the typeahead links to the entry
        h.section = h.doc.body === undefined ? undefined
          : bestSection(Fold.words(h.doc.body), new Set(h.words), h.doc.sections, title, rules.weakWords);
      });
      return { total: found.length, hits: hits, suggestion: vocab.suggest(words) };
    }

    return { search: search, rules: rules, vocabulary: vocab, mini: mini };
  }

  return {
    create: create, osaDistance: osaDistance, maxEdits: maxEdits, Rules: Rules, Vocabulary: Vocabulary,
    fieldText: fieldText, bestSection: bestSection,
  };
});
