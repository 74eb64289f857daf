// Runs in <head>, before the first paint: applies the reader's settings (theme, text size, interface
// language, gestures) from localStorage, and offers them to the other scripts as window.ThronePrefs.
(function () {
  "use strict";
  var KEY = "throne-rules.settings";
  var root = document.documentElement;
  var prefs = {};
  try { prefs = JSON.parse(window.localStorage.getItem(KEY) || "{}") || {}; } catch (e) { prefs = {}; }

  // The interface language: the reader's choice, else the browser's first language (the one it sends as
  // Accept-Language): Polish for pl, English otherwise.
  function defaultLang() {
    var first = (navigator.languages && navigator.languages[0]) || navigator.language || "en";
    return String(first).toLowerCase().indexOf("pl") === 0 ? "pl" : "en";
  }

  function apply() {
    if (prefs.theme === "light" || prefs.theme === "dark") root.setAttribute("data-theme", prefs.theme);
    else root.removeAttribute("data-theme");
    if (prefs.text === "large" || prefs.text === "xlarge") root.setAttribute("data-text", prefs.text);
    else root.removeAttribute("data-text");
    root.setAttribute("data-ui", prefs.lang === "pl" || prefs.lang === "en" ? prefs.lang : defaultLang());
    root.setAttribute("data-swipe", prefs.swipe === false ? "off" : "on");
  }

  window.ThronePrefs = {
    get: function (name, fallback) { return name in prefs ? prefs[name] : fallback; },
    set: function (name, value) {
      prefs[name] = value;
      try { window.localStorage.setItem(KEY, JSON.stringify(prefs)); } catch (e) { /* private mode: this page only */ }
      apply();
      document.dispatchEvent(new CustomEvent("throne-prefs", { detail: { name: name, value: value } }));
    },
    uiLang: function () { return root.getAttribute("data-ui"); },
  };
  root.classList.add("js");
  apply();
  // The Polish interface of an English page is put in by ui-lang.js; should it fail, show the English.
  // (the calculators' Polish, static/js/calc/i18n.js, likewise).
  window.setTimeout(function () { root.setAttribute("data-ui-done", ""); root.setAttribute("data-calc-done", ""); }, 2000);
})();
