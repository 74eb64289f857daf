// Start reading the search library and the build's prebuilt search index (and the postings of the reader's
// language, static/js/search-ui.js readerLang) while the page is still being parsed;
// search-ui.js (deferred) takes them over, so the first suggestion does not wait for the page's scripts to run
// first. In the installed app (a service worker controls the page) both come from the device. On a visit the
// worker does not control yet (a first visit) they come from the network, but they are no extra download: the
// app registers its worker at once, and its install fetches these same files for its precache; it revalidates
// the copies this page just put in the HTTP cache (a 304, static/sw.js) instead of downloading them again.
// Nothing is started in a browser without service workers or when the reader asked to save data
// (Save-Data): there a visit that never searches downloads none of it (search-ui.js loads it on first use).
(function () {
  "use strict";
  var sw = navigator.serviceWorker;
  var meta = document.querySelector("meta[name=throne-search]");
  var saving = navigator.connection && navigator.connection.saveData;
  if (!meta || !sw || (!sw.controller && saving)) return;
  var index = meta.getAttribute("data-index");
  var lib = meta.getAttribute("data-library");
  if (!index || !lib) return;
  var marks = self.performance && performance.mark ? performance : null;  // steps, as search-ui.js marks them
  if (marks) marks.mark("throne-search:preload");
  var script = document.createElement("script");
  script.src = lib;
  var loaded = new Promise(function (resolve, reject) {
    script.onload = function () {
      if (marks) marks.mark("throne-search:library");
      resolve();
    };
    script.onerror = function () { reject(new Error("could not load " + lib)); };
  });
  document.head.appendChild(script);
  var data = fetch(index).then(function (resp) {
    if (!resp.ok) throw new Error("search index: HTTP " + resp.status);
    if (marks) marks.mark("throne-search:index-response");
    return resp.json();
  }).then(function (parsed) {
    if (marks) marks.mark("throne-search:index-parsed");
    return parsed;
  });
  var prefs = self.ThronePrefs;
  var terms = meta.getAttribute(prefs && prefs.uiLang() === "pl" ? "data-terms-pl" : "data-terms-en");
  var termsData = fetch(terms).then(function (resp) {
    if (!resp.ok) throw new Error("search terms: HTTP " + resp.status);
    return resp.json();
  });
  data.catch(function () {});
  termsData.catch(function () {});
  loaded.catch(function () {});
  self.ThroneSearchPreload = { index: index, data: data, library: loaded, terms: terms, termsData: termsData };
})();
