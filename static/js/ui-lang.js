// The interface in Polish on an English page when the reader chose Polski (or the browser prefers Polish):
// every element the server marked data-t="key" (text) or data-t-<attribute>="key" gets the Polish the page
// carries in its config (uiPl). Polish pages are rendered in Polish already. The language switch lives here.
(function () {
  "use strict";
  var root = document.documentElement;
  var config = {};
  try { config = JSON.parse(document.getElementById("pwa-config").textContent); } catch (e) { config = {}; }
  var ATTRS = ["aria-label", "placeholder", "title"];
  // Where the app lives on its host: "" at the root, "/rules" under a path prefix (the server's SCRIPT_NAME).
  // Every path a script builds (links, fetches, the service worker) starts with it.
  window.ThroneBase = typeof config.base === "string" ? config.base : "";

  function translate(scope, table) {
    scope.querySelectorAll("[data-t]").forEach(function (node) {
      var key = node.getAttribute("data-t");
      if (!node.hasAttribute("data-t-en")) node.setAttribute("data-t-en", node.textContent);
      var text = table && table[key];
      if (text && node.hasAttribute("data-t-n")) text = text.replace("{n}", node.getAttribute("data-t-n"));
      node.textContent = text || node.getAttribute("data-t-en");
      if (table && table[key]) node.setAttribute("lang", "pl");  // read out in Polish on an English page
      else node.removeAttribute("lang");
    });
    ATTRS.forEach(function (attr) {
      scope.querySelectorAll("[data-t-" + attr + "]").forEach(function (node) {
        var key = node.getAttribute("data-t-" + attr);
        var keep = "data-t-en-" + attr;
        if (!node.hasAttribute(keep)) node.setAttribute(keep, node.getAttribute(attr) || "");
        node.setAttribute(attr, table ? (table[key] || node.getAttribute(keep)) : node.getAttribute(keep));
      });
    });
  }

  function polish() { return root.getAttribute("data-ui") === "pl" && root.getAttribute("data-page-lang") !== "pl"; }

  // The document's title, when the server named its catalog key (base.html's meta[data-t-title]).
  var titleMeta = document.querySelector("meta[data-t-title]");
  var titleEn = document.title;
  function translateTitle(table) {
    var text = titleMeta && table && table[titleMeta.getAttribute("data-t-title")];
    document.title = text ? text.replace("{q}", titleMeta.getAttribute("data-t-q") || "") + " · Throne Rules" : titleEn;
  }

  function applyLang() {
    translate(document, polish() ? (config.uiPl || {}) : null);
    if (titleMeta) translateTitle(polish() ? (config.uiPl || {}) : null);
    root.setAttribute("data-ui-done", "");
  }

  // The strings scripts show (toasts, suggestions), in the interface's language.
  window.ThroneStrings = function () {
    return polish() && config.stringsPl ? config.stringsPl : (config.strings || {});
  };
  window.ThroneKinds = function () {
    return polish() && config.kindsPl ? config.kindsPl : (config.kinds || {});
  };

  applyLang();
  document.addEventListener("throne-prefs", function (event) {
    if (event.detail && event.detail.name === "lang") applyLang();
  });

  // On a page with a twin in the other language (data-twin-href), the switch opens the twin and makes its
  // language the interface's; elsewhere it switches the interface only.
  document.querySelectorAll("[data-lang-switch]").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var twin = root.getAttribute("data-twin-href");
      var to = root.getAttribute("data-twin-lang") || (root.getAttribute("data-ui") === "pl" ? "en" : "pl");
      window.ThronePrefs.set("lang", to);
      if (twin) window.location.assign(twin);
    });
  });
})();
