// The offline search's query rules, the twin of indexer/ranking.py and indexer/name_match.py: stop and
// question words, synonyms, segment weights, rarity, coverage, the named game, name matching, and the priors
// (as QueryInfo.prior). static/js/search-rank.js runs them over MiniSearch; tests/test_search_unit.py and
// tests/test_search_signals.py run both engines on the same inputs.
// Works in the browser (global ThroneRules) and in Node (module.exports).
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.ThroneRules = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";

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

  // As ranking.reached_weights: a segment no found entry matches (reached: the set of matched segment indexes)
  // counts 0 in coverage and name matching; unchanged when none is reached.
  Rules.prototype.reachedWeights = function (weights, reached) {
    if (!reached.size) return weights;
    return weights.map(function (w, i) { return reached.has(i) ? w : 0; });
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

  // As ranking.game_mentions: the games the words name, in order (the longest name first), and the other words.
  Rules.prototype.gameMentions = function (words) {
    var games = [];
    var rest = [];
    var i = 0;
    while (i < words.length) {
      var found = null;
      for (var k = 0; k < this.gamePhrases.length && !found; k++) {
        var p = this.gamePhrases[k];
        if (words.slice(i, i + p.words.length).join(" ") === p.words.join(" ")) found = p;
      }
      if (found) {
        games.push(found.game);
        i += found.words.length;
      } else {
        rest.push(words[i]);
        i += 1;
      }
    }
    return { games: games, rest: rest };
  };

  // As ranking.asked_game: the game named last (a query naming two compares them), the
  // words without every game's name (when other words remain), and the games named only to compare.
  Rules.prototype.namedGame = function (words) {
    var m = this.gameMentions(words);
    if (!m.games.length || !m.rest.length) return { game: null, words: words, compared: new Set() };
    var game = m.games[m.games.length - 1];
    var compared = new Set(m.games.slice(0, -1).filter(function (g) { return g !== game; }));
    return { game: game, words: m.rest, compared: compared };
  };

  // As intent.query_intent: {kinds, prior, games} from all the query's words (stop words included).
  function hasPhrase(text, phrases) {
    return phrases.some(function (p) { return text.indexOf(" " + p + " ") >= 0; });
  }

  Rules.prototype.intent = function (all) {
    var t = this.r.intent;
    var text = " " + all.join(" ") + " ";
    var games = new Set();
    Object.keys(t.game_words).forEach(function (g) {
      if (all.some(function (w) { return t.game_words[g].indexOf(w) >= 0; })) games.add(g);
    });
    // thing: as Intent.thing, a name, a comparison or a way to a goal (no hero FAQ prior then)
    if (this.asksName(all) || this.asksComparison(all)) {
      return { kinds: new Set(t.name_kinds), prior: t.name_prior, games: games, thing: true };
    }
    if (hasPhrase(text, t.timing)) {
      return { kinds: new Set(t.timing_kinds), prior: t.timing_prior, games: games, thing: false };
    }
    if (hasPhrase(text, t.goal)) return { kinds: new Set(t.goal_kinds), prior: t.goal_prior, games: games, thing: true };
    return { kinds: new Set(), prior: 1, games: games, thing: false };
  };

  // As intent.asks_name: the query asks for a name, or a meaning in a short query.
  Rules.prototype.asksName = function (all) {
    var t = this.r.intent;
    var text = " " + all.join(" ") + " ";
    return hasPhrase(text, t.name) || (all.length <= t.meaning_max_words && hasPhrase(text, t.meaning));
  };

  // As intent.asks_comparison: a comparison phrase, or "vs" not between two numbers ("3 vs 3" names a mode).
  Rules.prototype.asksComparison = function (all) {
    var t = this.r.intent;
    if (hasPhrase(" " + all.join(" ") + " ", t.compare)) return true;
    var digits = /^[0-9]+$/;
    return all.some(function (w, i) {
      return w === t.compare_word &&
        !(i > 0 && i < all.length - 1 && digits.test(all[i - 1]) && digits.test(all[i + 1]));
    });
  };

  // As intent.without_intent_words: the content words less those that only ask for a name.
  Rules.prototype.withoutIntentWords = function (words, all) {
    var t = this.r.intent;
    if (!this.asksName(all)) return words;
    var kept = words.filter(function (w) { return t.words.indexOf(w) < 0; });
    return kept.length ? kept : words;
  };

  // As intent.game_prior: the game-word prior of one page.
  Rules.prototype.gamePrior = function (game, intent, pageGame) {
    var t = this.r.intent;
    if (game) return 1;
    if (intent.games.size === 1 && !intent.games.has(pageGame)) return t.game_word_mismatch;
    if (!intent.games.has(pageGame) && t.unnamed_game[pageGame] !== undefined) return t.unnamed_game[pageGame];
    return 1;
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

  // As ranking.QueryInfo.names_hero: the query names one of the FAQ's heroes (heroes: their names' words) and has
  // a strong segment (info.flags) beyond all their names.
  function namesHero(info, heroes) {
    if (!heroes.some(function (h) { return h.every(function (w) { return info.words.has(w); }); })) return false;
    var names = new Set();
    heroes.forEach(function (h) { h.forEach(function (w) { names.add(w); }); });
    return info.segments.some(function (alts, i) {
      return info.flags[i] >= 1 && !alts.some(function (p) {
        return p.every(function (w) { return names.has(w); });
      });
    });
  }

  // As ranking.QueryInfo.prior: kind, language, game, number, hero, kind-hint and polarity priors of one
  // candidate. info: {lang, game, number, words (a Set), segments, flags, kinds, hinted, polarity, intent}; res: the result's
  // stored fields; doc: its document.
  Rules.prototype.prior = function (info, res, doc) {
    var r = this.r;
    var prior = info.kinds[res.kind] !== undefined ? info.kinds[res.kind] : 1;
    if (info.lang && info.lang.indexOf(res.lang) !== 0) {
      prior *= info.lang.indexOf("+") >= 0 ? r.mixed_lang_mismatch : r.lang_mismatch;
    }
    if (info.game && res.game !== info.game) prior *= r.game_mismatch;
    if (info.compared && info.compared.has(res.game)) prior *= r.compared_game;  // as QueryInfo.compared
    if (info.number && doc.facts) prior *= r.number_prior;
    if (doc.heroes && doc.heroes.length) {
      if (namesHero(info, doc.heroes)) {
        // as QueryInfo.names_hero: the query names this FAQ's hero and more, and asks for no thing (intent.thing)
        if (!info.intent.thing) prior *= r.hero_faq_prior;
      } else if (!doc.heroes.some(function (h) { return h.some(function (w) { return info.words.has(w); }); })) {
        prior *= r.other_hero_faq;  // the query names none of this FAQ's heroes
      }
    }
    if (info.hinted.has(res.kind)) prior *= r.kind_hint_prior;
    if (info.polarity && doc.polarity && doc.polarity !== info.polarity) prior *= r.polarity_mismatch;
    if (info.intent.kinds.has(res.kind)) prior *= info.intent.prior;  // as QueryInfo.prior: the intent priors
    return prior * this.gamePrior(info.game, info.intent, res.game);
  };

  return {
    Rules: Rules, coverage: coverage, osaDistance: osaDistance, maxEdits: maxEdits, isDigits: isDigits,
    cmpStr: cmpStr,
  };
});
