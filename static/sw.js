// Throne Rules service worker, served at /sw.js with root scope. The server puts
// `self.THRONE_BUILD = {version, precache, offline, searchShell}` in front of this file,
// so the worker's bytes change with every build and the browser sees each update.
//
// Install: precache every page, static asset and the offline search data of this build,
// checking each response names this build (X-Throne-Build) and each hashed asset's bytes.
// Activate: delete every other build's cache. Fetch: pages and assets from this build's
// cache; /search?q= from the network when it answers, else the search shell; anything
// else from the network, and the offline page when a navigation cannot be answered.
"use strict";

var BUILD = self.THRONE_BUILD;
var CACHE_PREFIX = "throne-rules-";
var CACHE = CACHE_PREFIX + BUILD.version;
var BUILD_HEADER = "X-Throne-Build";
var PARALLEL = 6;
var SEARCH_TIMEOUT_MS = 4000;

function hex(buffer) {
  return Array.prototype.map.call(new Uint8Array(buffer), function (b) {
    return ("0" + b.toString(16)).slice(-2);
  }).join("");
}

// A hashed asset URL (?v=<first 12 hex of SHA-256>) must hold exactly those bytes.
function checkAsset(url, response) {
  var wanted = new URL(url, self.location.origin).searchParams.get("v");
  if (!wanted) return Promise.resolve(response);
  return response.clone().arrayBuffer().then(function (body) {
    return crypto.subtle.digest("SHA-256", body);
  }).then(function (digest) {
    if (hex(digest).slice(0, wanted.length) !== wanted) throw new Error(url + " changed during install");
    return response;
  });
}

function fetchItem(item, cache) {
  var reuse = item.kind === "asset" ? caches.match(item.url) : Promise.resolve(undefined);
  return reuse.then(function (old) {
    // A hashed asset another build already holds has the same bytes: copy it, don't download it.
    if (old) return cache.put(item.url, old);
    return fetch(new Request(item.url, { cache: "reload", credentials: "same-origin" })).then(function (response) {
      if ((!response.ok || response.redirected) && item.kind === "page") {
        // A page the server cannot show (say a calculator whose table is missing) is left out;
        // offline it gets the offline page. Assets and data must all be there.
        console.warn("not precached:", item.url, response.status);
        return null;
      }
      if (!response.ok || response.redirected) throw new Error(item.url + ": HTTP " + response.status);
      var build = response.headers.get(BUILD_HEADER);
      if (item.kind !== "asset" && build !== BUILD.version) {
        throw new Error(item.url + " is from build " + build + ", not " + BUILD.version);
      }
      return (item.kind === "asset" ? checkAsset(item.url, response) : Promise.resolve(response));
    }).then(function (response) {
      return response && cache.put(item.url, response);
    });
  });
}

function precache() {
  return caches.open(CACHE).then(function (cache) {
    var queue = BUILD.precache.slice();
    function worker() {
      var item = queue.shift();
      if (!item) return Promise.resolve();
      return fetchItem(item, cache).then(worker);
    }
    var workers = [];
    for (var i = 0; i < PARALLEL; i++) workers.push(worker());
    return Promise.all(workers);
  }).catch(function (error) {
    // Never keep half a build: drop it, and the browser tries again on a later visit.
    return caches.delete(CACHE).then(function () { throw error; });
  });
}

self.addEventListener("install", function (event) {
  event.waitUntil(precache());
});

self.addEventListener("activate", function (event) {
  event.waitUntil(caches.keys().then(function (keys) {
    return Promise.all(keys.filter(function (key) {
      return key.indexOf(CACHE_PREFIX) === 0 && key !== CACHE;
    }).map(function (key) { return caches.delete(key); }));
  }).then(function () { return self.clients.claim(); }));
});

self.addEventListener("message", function (event) {
  if (event.data && event.data.type === "SKIP_WAITING") self.skipWaiting();
});

function fromCache(request, options) {
  return caches.open(CACHE).then(function (cache) { return cache.match(request, options); });
}

function offlinePage(url) {
  var polish = /^\/[^/]+\/pl-/.test(url.pathname) || /^pl\b/i.test(self.navigator.language || "");
  return fromCache(polish ? BUILD.offline + "?lang=pl" : BUILD.offline).then(function (page) {
    return page || fromCache(BUILD.offline);
  });
}

function withTimeout(promise, ms) {
  return new Promise(function (resolve, reject) {
    var timer = setTimeout(function () { reject(new Error("timeout")); }, ms);
    promise.then(function (value) { clearTimeout(timer); resolve(value); },
      function (error) { clearTimeout(timer); reject(error); });
  });
}

function navigate(request, url) {
  if (url.pathname === BUILD.searchShell && url.searchParams.get("q")) {
    // Shared search links render on the server when it answers; offline the shell searches here.
    return withTimeout(fetch(request), SEARCH_TIMEOUT_MS).catch(function () {
      return fromCache(BUILD.searchShell).then(function (shell) { return shell || offlinePage(url); });
    });
  }
  return fromCache(request).then(function (cached) {
    if (cached) return cached;
    return fetch(request).catch(function () {
      return fromCache(request, { ignoreSearch: true }).then(function (page) { return page || offlinePage(url); });
    });
  });
}

function asset(request, url) {
  return fromCache(request).then(function (cached) {
    if (cached) return cached;
    // A static file named without its hash: this build's copy, so a page never mixes builds.
    var sameBuild = url.pathname.indexOf("/static/") === 0 ? fromCache(request, { ignoreSearch: true })
      : Promise.resolve(undefined);
    return sameBuild.then(function (copy) { return copy || fetch(request); });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin) return;
  if (url.pathname === "/sw.js" || url.pathname.indexOf("/api/") === 0 || url.pathname === "/healthz") return;
  event.respondWith(request.mode === "navigate" ? navigate(request, url) : asset(request, url));
});
