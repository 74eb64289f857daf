// In the installed app (a service worker controls the page, the files are on the device), start reading the
// search library and the build's prebuilt search index while the page is still being parsed; search-ui.js
// (deferred) takes them over, so the first suggestion does not wait for the page's scripts to run first.
// Elsewhere nothing is loaded here: a visit that never searches downloads none of it.
(function () {
  "use strict";
  var sw = navigator.serviceWorker;
  var meta = document.querySelector("meta[name=throne-search]");
  if (!meta || !sw || !sw.controller) return;
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
  data.catch(function () {});
  loaded.catch(function () {});
  self.ThroneSearchPreload = { index: index, data: data, library: loaded };
})();
