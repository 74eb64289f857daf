// Accent folding and word splitting, the same as indexer/folding.py and indexer/analysis.py:
// NFD, drop combining marks, an extra map for letters NFD leaves alone, lower case.
// tests/test_pwa_fold.py runs this file and the Python code on the same strings.
(function (root, factory) {
  "use strict";
  if (typeof module === "object" && module.exports) module.exports = factory();
  else root.ThroneFold = factory();
})(typeof self !== "undefined" ? self : this, function () {
  "use strict";
  // Keep in sync with EXTRA_FOLDS in indexer/folding.py.
  var EXTRA_FOLDS = { "ł": "l", "Ł": "L", "ß": "ss", "ø": "o", "Ø": "O", "đ": "d", "Đ": "D", "’": "'", "‘": "'" };
  var EXTRA_RE = new RegExp("[" + Object.keys(EXTRA_FOLDS).join("") + "]", "g");
  var COMBINING = /[\u0300-\u036f]/g;
  // Python's [^\W_]+(?:['’][^\W_]+)*: runs of letters and digits, joined by apostrophes.
  var TOKEN_RE = /[\p{L}\p{N}]+(?:['’][\p{L}\p{N}]+)*/gu;

  function fold(text) {
    var mapped = String(text).replace(EXTRA_RE, function (ch) { return EXTRA_FOLDS[ch]; });
    return mapped.normalize("NFD").replace(COMBINING, "").toLowerCase();
  }

  function foldWord(raw) {
    return fold(raw).replace(/'/g, "");
  }

  // Words with their places in the original text (for highlighting): [{word, start, end}].
  function tokens(text) {
    var out = [];
    var re = new RegExp(TOKEN_RE.source, "gu");
    var m;
    while ((m = re.exec(text)) !== null) {
      out.push({ word: foldWord(m[0]), start: m.index, end: m.index + m[0].length });
    }
    return out;
  }

  function words(text) {
    return tokens(String(text)).map(function (t) { return t.word; });
  }

  return { fold: fold, foldWord: foldWord, words: words, tokens: tokens, EXTRA_FOLDS: EXTRA_FOLDS };
});
