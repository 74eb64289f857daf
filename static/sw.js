// Throne Rules service worker, served at <base>/sw.js with the scope <base>/ (base: "" at the root,
// "/rules" under a path prefix). The server puts `self.THRONE_BUILD = {base?, version, pack, precache,
// offline, searchShell, static}` in front of this file, every URL in it under the base, so the
// worker's bytes change with every build and the browser sees each update.
//
// Install: precache every page, static asset and the offline search index of this build, and the pages and
// snippets' text (search bodies) in the reader's language; the other language's when the reader needs them.
// The pages come in one page pack (site/page_pack.py: each line any page repeats is in it once), unpacked into
// the cache page by page;
// the pack must name this build, data must name it (X-Throne-Build), and each hashed asset's
// bytes must match its hash.
// Activate: delete every other build's cache. Fetch: pages and assets from this build's
// cache; /search?q= from the network when it answers, else the search shell; anything
// else from the network, and the offline page when a navigation cannot be answered.
"use strict";

var BUILD = self.THRONE_BUILD;
var BASE = BUILD.base || "";
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

// A hashed asset URL (?v=<first 12 hex of SHA-256>, or name.<hash>.ext in a static copy)
// must hold exactly those bytes.
var HASHED_NAME = /\.([0-9a-f]{12})(\.[A-Za-z0-9]+)?$/;

function checkAsset(url, response) {
  var parsed = new URL(url, self.location.origin);
  var named = HASHED_NAME.exec(parsed.pathname);
  var wanted = parsed.searchParams.get("v") || (named && named[1]);
  if (!wanted) return Promise.resolve(response);
  return response.clone().arrayBuffer().then(function (body) {
    return crypto.subtle.digest("SHA-256", body);
  }).then(function (digest) {
    if (hex(digest).slice(0, wanted.length) !== wanted) throw new Error(url + " changed during install");
    return response;
  });
}

// Which build a data file comes from: the server says so in a header. A static host cannot;
// there the data is named by its hash (or is the manifest), and the pack names its build.
function buildOf(response) {
  return response.headers.get(BUILD_HEADER) || (BUILD.static ? BUILD.version : null);
}

function fetchItem(item, cache) {
  var reuse = item.kind === "asset" ? caches.match(item.url) : Promise.resolve(undefined);
  return reuse.then(function (old) {
    // A hashed asset another build already holds has the same bytes: copy it, don't download it.
    if (old) return cache.put(item.url, old);
    // Revalidated with the server, never taken unchecked from the HTTP cache: what a first visit's page has
    // just fetched itself (its assets, and the search index and library its head starts loading,
    // static/js/search-preload.js) comes back as a 304 with this build's headers, not a second download.
    return fetch(new Request(item.url, { cache: "no-cache", credentials: "same-origin" })).then(function (response) {
      if (!response.ok || response.redirected) throw new Error(item.url + ": HTTP " + response.status);
      if (item.kind === "asset") return checkAsset(item.url, response);
      var build = buildOf(response);
      if (build !== BUILD.version) throw new Error(item.url + " is from build " + build + ", not " + BUILD.version);
      return response;
    }).then(function (response) {
      return cache.put(item.url, response);
    });
  });
}

// Every page in one request: each is cached under its own URL with the headers it is served
// with. A page the server could not show (say a calculator whose table is missing) is not in
// the pack; offline it gets the offline page.
// One pack per reading language (site/precache.py pack_pages): the pages every reader needs and the entries in
// the reader's language. The other language's pages are cached when opened, or all at once when the reader
// switches language (the page posts CACHE_LANG). The reader's language: what static/js/pwa.js last stored in
// the LANG_CACHE (the worker cannot read the page's settings), else English.
var LANG_CACHE = "throne-reader";
var LANG_KEY = BASE + "/__reader-lang";

function readerLang() {
  return caches.open(LANG_CACHE).then(function (cache) { return cache.match(LANG_KEY); }).then(function (stored) {
    return stored ? stored.text() : "en";
  }).then(function (lang) { return BUILD.packs && BUILD.packs[lang] ? lang : "en"; }, function () { return "en"; });
}

function precachePages(cache, lang) {
  var wanted = {};
  BUILD.precache.forEach(function (item) {
    if (item.kind === "page" && (!item.lang || item.lang === lang)) wanted[item.url] = true;
  });
  var url = (BUILD.packs && BUILD.packs[lang]) || BUILD.pack;
  var request = new Request(url, { cache: "reload", credentials: "same-origin" });
  return fetch(request).then(function (response) {
    if (!response.ok || response.redirected) throw new Error(url + ": HTTP " + response.status);
    return response.json();
  }).then(function (pack) {
    if (pack.version !== BUILD.version) {
      throw new Error("the page pack is from build " + pack.version + ", not " + BUILD.version);
    }
    (pack.skipped || []).forEach(function (url) { console.warn("not precached:", url); });
    var lines = [];  // each line the pack holds, numbered in the order it first comes (site/page_pack.py)
    return Promise.all(pack.pages.map(function (page) {
      var body = page.lines.map(function (line) {
        if (typeof line === "number") return lines[line];
        lines.push(line);
        return line;
      }).join("\n");
      if (!wanted[page.url]) return undefined;
      var response = new Response(body, { status: 200, headers: page.headers || pack.headers });
      return cache.put(page.url, response);
    }));
  });
}

// A language's data files (its search postings and bodies): in the precache list with their language.
function langData(lang) {
  return BUILD.precache.filter(function (item) { return item.kind !== "page" && item.lang === lang; });
}

// A language's pages and data, then its marker.
function cacheLang(cache, lang) {
  return Promise.all([precachePages(cache, lang)].concat(langData(lang).map(function (item) {
    return fetchItem(item, cache);
  }))).then(function () { return cache.put(packMarker(lang), new Response(lang)); });
}

// Put in this build's cache once a language's pages and data are in it.
function packMarker(lang) { return BASE + "/__pack/" + lang; }

function precache() {
  return caches.open(CACHE).then(function (cache) {
    var queue = BUILD.precache.filter(function (item) { return item.kind !== "page" && !item.lang; });
    function worker() {
      var item = queue.shift();
      if (!item) return Promise.resolve();
      return fetchItem(item, cache).then(worker);
    }
    var workers = [readerLang().then(function (lang) { return cacheLang(cache, lang); })];
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
  // The reader chose another language: cache its pages too (this build's cache, if this build is installed).
  if (event.data && event.data.type === "CACHE_LANG" && BUILD.packs && BUILD.packs[event.data.lang]) {
    event.waitUntil(caches.has(CACHE).then(function (installed) {
      if (!installed) return undefined;
      return caches.open(CACHE).then(function (cache) {
        return cache.match(packMarker(event.data.lang)).then(function (done) {
          return done ? undefined : cacheLang(cache, event.data.lang);
        });
      });
    }).catch(function (error) { console.warn("could not cache the pages in", event.data.lang, error); }));
  }
});

// A page or data file of this build that is not cached yet (the other language's, opened online): keep it for
// offline.
function keepPage(request, response) {  // request: a Request or a URL
  if (!response.ok || response.redirected || buildOf(response) !== BUILD.version) return response;
  var copy = response.clone();
  caches.has(CACHE).then(function (installed) {
    if (installed) return caches.open(CACHE).then(function (cache) { return cache.put(request, copy); });
    return undefined;
  }).catch(function () {});
  return response;
}

function fromCache(request, options) {
  return caches.open(CACHE).then(function (cache) { return cache.match(request, options); });
}

function offlinePage(url) {
  var polish = /^\/[^/]+\/pl-/.test(url.pathname.slice(BASE.length)) || /^pl\b/i.test(self.navigator.language || "");
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

// A static host redirects /rule to /rule/: look both up under the page's own URL.
function withoutSlash(url) {
  if (url.pathname.length < 2 || url.pathname.slice(-1) !== "/") return null;
  return url.pathname.slice(0, -1) + url.search;
}

function navigate(request, url) {
  var path = url.pathname.length > 1 ? url.pathname.replace(/\/$/, "") : url.pathname;
  if (path === BUILD.searchShell && url.searchParams.get("q")) {
    // A static copy has no server search: the shell searches here, online or not.
    if (BUILD.static) return fromCache(BUILD.searchShell).then(function (shell) { return shell || fetch(request); });
    // Shared search links render on the server when it answers; offline the shell searches here.
    return withTimeout(fetch(request), SEARCH_TIMEOUT_MS).catch(function () {
      return fromCache(BUILD.searchShell).then(function (shell) { return shell || offlinePage(url); });
    });
  }
  return fromCache(request).then(function (cached) {
    var bare = withoutSlash(url);
    return cached || (bare ? fromCache(bare) : undefined);
  }).then(function (cached) {
    if (cached) return cached;
    return fetch(request).then(function (response) {
      // kept under the page's own URL, as precached: a static host answers /rule at /rule/ (withoutSlash)
      return url.search ? response : keepPage(withoutSlash(url) || request, response);
    }).catch(function () {
      // Offline: the same page without its query (the page filters itself), then the offline page.
      return fromCache(request, { ignoreSearch: true }).then(function (page) {
        return page || fromCache(path);
      }).then(function (page) { return page || offlinePage(url); });
    });
  });
}

function asset(request, url) {
  return fromCache(request).then(function (cached) {
    if (cached) return cached;
    // A static file named without its hash: this build's copy, so a page never mixes builds. A page that asks
    // for a hashed version (?v=) this cache does not hold is another build's: only the network has it.
    var unhashed = url.pathname.indexOf(BASE + "/static/") === 0 && !url.searchParams.has("v");
    var sameBuild = unhashed ? fromCache(request, { ignoreSearch: true }) : Promise.resolve(undefined);
    return sameBuild.then(function (copy) {
      if (copy) return copy;
      var langFile = BUILD.precache.some(function (item) {
        return item.lang && item.kind !== "page" && item.url === url.pathname;
      });
      if (!langFile) return fetch(request);
      return fetch(request).then(function (response) { return keepPage(url.pathname, response); });
    });
  });
}

self.addEventListener("fetch", function (event) {
  var request = event.request;
  if (request.method !== "GET") return;
  var url = new URL(request.url);
  if (url.origin !== self.location.origin || url.pathname.indexOf(BASE + "/") !== 0) return;  // not this app's
  var path = url.pathname.slice(BASE.length);
  if (path === "/sw.js" || path.indexOf("/api/") === 0 || path === "/healthz") return;
  event.respondWith(request.mode === "navigate" ? navigate(request, url) : asset(request, url));
});
