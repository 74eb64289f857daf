// Shared by the calculator pages: input checks (the twin of calculators/validation.py),
// exact fractions, dice rolled with crypto.getRandomValues, rule links, and the page's
// state kept in the address (query string) so a link shares the exact calculation.
(function () {
  "use strict";
  var TC = (window.ThroneCalc = window.ThroneCalc || {});
  var MAX_NUMBER = 999;
  TC.MAX_NUMBER = MAX_NUMBER;

  // ------------------------------------------------------------ errors and input checks

  function CalcError(code, message, field) {
    this.code = code;
    this.message = message;
    this.field = field;
  }
  TC.CalcError = CalcError;

  function fail(code, message, field) {
    throw new CalcError(code, message, field);
  }
  TC.fail = fail;

  function isBlank(value) {
    return value === undefined || value === null || value === "";
  }

  // A whole number from low to high: JSON numbers (8 or 8.0) or digit strings ("8", from a query string).
  TC.whole = function (value, field, low, high, opts) {
    low = low === undefined ? 0 : low;
    high = high === undefined ? MAX_NUMBER : high;
    opts = opts || {};
    var required = opts.required === undefined ? true : opts.required;
    if (isBlank(value)) {
      if (required) fail("missing_field", field + " is required: a whole number from " + low + " to " + high + ".", field);
      return opts.dflt;
    }
    var number = null;
    if (typeof value === "number" && Number.isInteger(value)) {
      number = value;
    } else if (typeof value === "string") {
      var text = value.trim();
      if (/^-?[0-9]{1,6}$/.test(text)) number = parseInt(text, 10);
    }
    if (number === null) fail("not_whole_number", field + " must be a whole number from " + low + " to " + high + ".", field);
    if (number < low || number > high) {
      fail(number < 0 ? "negative_number" : "out_of_range",
        field + " must be a whole number from " + low + " to " + high + "; got " + number + ".", field);
    }
    return number;
  };

  // One of `allowed`; the error lists them.
  TC.choice = function (value, field, allowed, opts) {
    opts = opts || {};
    if (isBlank(value)) {
      if (opts.dflt !== undefined) return opts.dflt;
      fail("missing_field", field + " is required: one of " + allowed.join(", ") + ".", field);
    }
    if (typeof value !== "string" || allowed.indexOf(value) < 0) {
      var last = field.split(".").pop().split("[")[0];
      var shown = typeof value === "string" ? value : JSON.stringify(value);
      fail(opts.code || "unknown_" + last, "Unknown " + field + " '" + shown + "'. Use one of: " + allowed.join(", ") + ".", field);
    }
    return value;
  };

  TC.boolean = function (value, field, opts) {
    opts = opts || {};
    if (isBlank(value)) {
      if (opts.dflt !== undefined) return opts.dflt;
      fail("missing_field", field + " is required: true or false.", field);
    }
    if (typeof value === "boolean") return value;
    if (typeof value === "string") {
      var low = value.trim().toLowerCase();
      if (["true", "1", "on", "yes"].indexOf(low) >= 0) return true;
      if (["false", "0", "off", "no"].indexOf(low) >= 0) return false;
    }
    fail("not_boolean", field + " must be true or false.", field);
  };

  function gcd(a, b) {
    while (b) { var t = a % b; a = b; b = t; }
    return a;
  }
  function frac(n, d) {
    var g = gcd(n, d) || 1;
    return { n: n / g, d: d / g };
  }
  TC.frac = frac;
  TC.fracText = function (f) {
    return f.d === 1 ? String(f.n) : f.n + "/" + f.d;
  };
  TC.parseFrac = function (text) {  // a share as the tables write it: "1/2" or "2"
    var parts = String(text).split("/");
    return frac(parseInt(parts[0], 10), parts.length > 1 ? parseInt(parts[1], 10) : 1);
  };
  var FRACTION_RE = /^\s*([0-9]{1,3})\s*\/\s*([0-9]{1,3})\s*$/;
  var WHOLE_RE = /^\s*([0-9]{1,3})\s*$/;

  // A share written a/b with 0 < a <= b.
  TC.fraction = function (value, field) {
    var m = typeof value === "string" ? FRACTION_RE.exec(value) : null;
    if (!m) fail("bad_fraction", field + " must be a fraction a/b with 0 < a <= b, such as 1/2.", field);
    var top = parseInt(m[1], 10), bottom = parseInt(m[2], 10);
    if (!(top > 0 && top <= bottom)) fail("bad_fraction", field + " must be a fraction a/b with 0 < a <= b; got " + value + ".", field);
    return frac(top, bottom);
  };

  // A multiplier: a whole number or a/b, from 1 to 99.
  TC.factor = function (value, field) {
    var result = null, m;
    if (typeof value === "number" && Number.isInteger(value)) {
      result = frac(value, 1);
    } else if (typeof value === "string") {
      if ((m = WHOLE_RE.exec(value))) result = frac(parseInt(m[1], 10), 1);
      else if ((m = FRACTION_RE.exec(value)) && parseInt(m[2], 10) > 0) result = frac(parseInt(m[1], 10), parseInt(m[2], 10));
    }
    if (result === null || result.n < result.d || result.n > 99 * result.d) {
      fail("bad_factor", field + " must be a number from 1 to 99, such as \"2\" or \"3/2\" (to divide, use prevent_fraction).", field);
    }
    return result;
  };

  TC.text = function (value, field, opts) {
    opts = opts || {};
    var dflt = opts.dflt === undefined ? "" : opts.dflt;
    var max = opts.max || 80;
    if (value === undefined || value === null) return dflt;
    if (typeof value !== "string") fail("not_text", field + " must be text.", field);
    value = value.trim();
    if (Array.from(value).length > max) fail("too_long", field + " must be at most " + max + " characters.", field);
    return value || dflt;
  };

  TC.isObject = function (value) {
    return value !== null && typeof value === "object" && !Array.isArray(value);
  };
  TC.mapping = function (value, field) {
    if (!TC.isObject(value)) fail("not_object", field + " must be a JSON object.", field);
    return value;
  };
  TC.has = function (obj, key) {
    return Object.prototype.hasOwnProperty.call(obj, key);
  };

  // total x share, rounded up (all division in Dice Throne rounds up); total >= 0.
  TC.ceilShare = function (total, share) {
    return Math.floor((total * share.n + share.d - 1) / share.d);
  };

  // A CalcError as the API answers it; any other error is thrown on.
  function errorResult(err) {
    if (err instanceof CalcError) return { error: { code: err.code, message: err.message, field: err.field } };
    throw err;
  }

  // Run a calculator like its API does: the result, or {"error": {code, message, field}} for bad input.
  TC.api = function (fn) {
    return function (input) {
      try {
        if (!TC.isObject(input)) fail("invalid_json", "The request body must be a JSON object.", "body");
        return fn(input);
      } catch (err) {
        return errorResult(err);
      }
    };
  };

  // Same, for calculators whose API takes a query string (GET): pass the query string.
  TC.apiQuery = function (fn) {
    return function (query) {
      try {
        return fn(new URLSearchParams(query || ""));
      } catch (err) {
        return errorResult(err);
      }
    };
  };

  TC.first = function (params, name) {
    var value = params.get(name);
    return value === null ? "" : value;
  };

  // ------------------------------------------------------------ dice

  // A fair roll of a die with `sides` faces, from the platform's cryptographic generator.
  TC.rollDie = function (sides) {
    var buf = new Uint32Array(1);
    var limit = Math.floor(0x100000000 / sides) * sides;  // reject the biased tail
    do { window.crypto.getRandomValues(buf); } while (buf[0] >= limit);
    return (buf[0] % sides) + 1;
  };

  // ------------------------------------------------------------ DOM

  TC.el = function (tag, attrs, children) {
    var node = document.createElement(tag);
    // A result's <output> is a live region by its role (status): the page's one status line already says each
    // change, so the outputs stay quiet and a screen reader hears a change once.
    if (tag === "output") node.setAttribute("aria-live", "off");
    Object.keys(attrs || {}).forEach(function (key) {
      var value = attrs[key];
      if (value === null || value === undefined || value === false) return;
      if (key === "text") node.textContent = value;
      else node.setAttribute(key, value === true ? "" : value);
    });
    (children || []).forEach(function (child) {
      if (child === null || child === undefined) return;
      node.appendChild(typeof child === "string" ? document.createTextNode(child) : child);
    });
    return node;
  };

  // The same markup as the rule_links macro (site/templates/calc_macros.html).
  TC.ruleLinks = function (urls, titles) {
    if (!urls || !urls.length) return null;
    return TC.el("span", { "class": "calc-rules" }, urls.map(function (url) {
      // the tables' rule URLs are from the app's root: under the app's path prefix as links
      var href = url.charAt(0) === "/" && url.charAt(1) !== "/" ? (window.ThroneBase || "") + url : url;
      return TC.el("a", { href: href, text: titles[url] || url });
    }));
  };

  // A list of notes, each its text then its rule links (the notes and explanations of the result templates).
  TC.noteList = function (tag, cls, notes, titles) {
    return TC.el(tag, { "class": cls }, notes.map(function (n) {
      return TC.el("li", {}, [n.text + " ", TC.ruleLinks(n.rules, titles)]);
    }));
  };

  // A small bar pinned to the bottom of the screen with the live total, hidden while the result is in view.
  TC.sticky = function (text) {
    var bar = document.getElementById("calc-sticky");
    if (!bar) {
      bar = TC.el("a", { id: "calc-sticky", "class": "calc-sticky", href: "#calc-result" });
      (document.querySelector("main") || document.body).appendChild(bar);
      document.body.classList.add("calc-has-sticky");
      var result = document.getElementById("calc-result");
      if (result && window.IntersectionObserver) {
        new IntersectionObserver(function (seen) {
          bar.classList.toggle("calc-sticky-away", seen[0].isIntersecting);
        }).observe(result);
      }
    }
    bar.textContent = text || "";
    bar.hidden = !text;
    say(text || "");
  };

  // What a screen reader hears on each change: the bar's short summary (or the error sentence), through one
  // polite status region, not the whole result (#calc-result is no live region: its steps stay to read).
  // The bar cannot be that region: it is hidden while the result is in view. The region is filled a moment
  // after the page's update (the last text wins), only once TC.bind has drawn the first result and only
  // when the text changes (typing a name that leaves the total as it was says nothing), in the reader's
  // language (i18n.js leaves it alone: [data-no-t]).
  var heard = "", pending = null;
  TC.statusRegion = function () {
    var region = document.getElementById("calc-status");
    if (!region) {
      region = TC.el("p", { id: "calc-status", "class": "visually-hidden", role: "status", "aria-live": "polite",
        "aria-atomic": "true", "data-no-t": true });
      (document.querySelector("main") || document.body).appendChild(region);
    }
    return region;
  };
  TC.speaking = false;  // TC.bind turns it on after the page's first result
  function say(text) {
    if (!TC.speaking) { heard = text; return; }
    if (pending === null) {
      window.setTimeout(function () {
        var now = pending;
        pending = null;
        if (now === heard) return;
        heard = now;
        var i18n = window.ThroneCalcI18n;
        TC.statusRegion().textContent = i18n && now ? i18n.t(now) : now;
      }, 0);
    }
    pending = text;
  }

  // A reader who switches language hears, and a page reads, the last total in the new language: the region is
  // left alone by i18n.js ([data-no-t]), so it is said again here (the English text it was made from is `heard`).
  document.addEventListener("throne-prefs", function (event) {
    var region = document.getElementById("calc-status");
    var i18n = window.ThroneCalcI18n;
    if (event.detail && event.detail.name === "lang" && region && region.textContent && i18n) {
      region.textContent = i18n.t(heard);
    }
  });

  TC.readTables = function () {
    var node = document.getElementById("calc-tables");
    return node ? JSON.parse(node.textContent) : null;
  };

  // A getter for the page's tables that reads them once, when first asked.
  TC.lazyTables = function () {
    var cache = null;
    return function () { return cache || (cache = TC.readTables()); };
  };
})();
