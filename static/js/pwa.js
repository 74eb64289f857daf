// The installable app: registers the service worker, offers updates, and shows the install hint.
(function () {
  "use strict";
  var DISMISSED_KEY = "throne-rules.install-dismissed";
  var UPDATE_CHECK_MS = 15 * 60 * 1000;
  var BASE = window.ThroneBase || "";  // the app's path prefix ("" at the root): the worker's scope is BASE + "/"

  // --- Updates: a new worker waits until the reader chooses to reload, so a page never mixes builds.
  function showUpdatePrompt(registration) {
    var prompt = document.getElementById("update-prompt");
    if (!prompt || !registration.waiting || !prompt.hidden) return;
    prompt.hidden = false;
    describeUpdate(prompt);
    prompt.querySelector(".update-reload").addEventListener("click", function () {
      var waiting = registration.waiting;
      if (waiting) waiting.postMessage({ type: "SKIP_WAITING" });
      else window.location.reload();
    }, { once: true });
    // "See what changed" is the new build's list: the new worker takes over first (the old one would serve its
    // own cached page, which has nothing to compare with), then the page goes there instead of reloading.
    var changes = prompt.querySelector(".update-changes");
    changes.addEventListener("click", function (event) {
      var waiting = registration.waiting;
      if (!waiting) return;
      event.preventDefault();
      afterUpdate = changes.href;
      waiting.postMessage({ type: "SKIP_WAITING" });
    });
  }
  var afterUpdate = null;  // where to go once the new build has taken over (else: reload the page)

  // --- The update prompt and the install hint are banners a keyboard can put away: Escape inside one is its
  // Later / Not now button, and the focus it held goes to the page's main content (not to the top of the page).
  function closable(banner, close) {
    if (!banner || !close) return;
    close.addEventListener("click", function () {
      var hadFocus = banner.contains(document.activeElement);
      banner.hidden = true;
      var main = document.getElementById("main");
      if (hadFocus && main) main.focus({ preventScroll: true });
    });
    banner.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || banner.hidden) return;
      event.preventDefault();
      event.stopPropagation();
      close.click();
    });
  }
  var updatePrompt = document.getElementById("update-prompt");
  closable(updatePrompt, updatePrompt && updatePrompt.querySelector(".update-later"));

  // How many rules the new build changed (it is on the server now; this page still runs the old one).
  function describeUpdate(prompt) {
    if (!window.fetch) return;
    fetch(BASE + "/api/changes", { cache: "no-store" }).then(function (resp) {
      if (!resp.ok) throw new Error("HTTP " + resp.status);
      return resp.json();
    }).then(function (changes) {
      var strings = window.ThroneStrings ? window.ThroneStrings() : {};
      if (!changes.previous || !changes.total) return;
      var text = changes.total === 1 ? strings.update_changed_one : strings.update_changed;
      prompt.querySelector(".update-count").textContent = ": " + String(text).replace("{n}", changes.total);
      prompt.querySelector(".update-changes").hidden = false;
    }).catch(function () { /* the prompt still offers Reload */ });
  }

  function watchForUpdates(registration) {
    function follow(worker) {
      if (!worker) return;
      worker.addEventListener("statechange", function () {
        // "installed" with a controller means an older build still runs this page: offer the new one.
        if (worker.state === "installed" && navigator.serviceWorker.controller) showUpdatePrompt(registration);
      });
    }
    if (registration.waiting && navigator.serviceWorker.controller) showUpdatePrompt(registration);
    // The browser may have begun installing a new build (its own check on navigation) before this
    // script ran: its "updatefound" is gone, so follow that worker too.
    follow(registration.installing);
    registration.addEventListener("updatefound", function () { follow(registration.installing); });
    function check() {
      // Offline there is nothing to fetch (and a failed fetch of /sw.js is logged as an error).
      if (navigator.onLine !== false) registration.update().catch(function () { /* try again later */ });
    }
    document.addEventListener("visibilitychange", function () { if (!document.hidden) check(); });
    window.addEventListener("online", check);
    window.setInterval(check, UPDATE_CHECK_MS);
  }

  if ("serviceWorker" in navigator) {
    var hadController = Boolean(navigator.serviceWorker.controller);
    navigator.serviceWorker.addEventListener("controllerchange", function () {
      // A newer build took over (this tab or another chose Reload): show it whole.
      if (hadController && afterUpdate) window.location.assign(afterUpdate);
      else if (hadController) window.location.reload();
      hadController = true;
    });
    // The reader's language, for the worker (static/sw.js readerLang): it precaches that language's pages, and
    // caches the other language's when the reader switches.
    var rememberLang = function () {
      if (!window.caches || !window.ThronePrefs) return Promise.resolve();
      var lang = window.ThronePrefs.uiLang() === "pl" ? "pl" : "en";
      return window.caches.open("throne-reader").then(function (cache) {
        return cache.put(BASE + "/__reader-lang", new Response(lang));
      }).catch(function () {});
    };
    // Asked on every page a worker controls (the switch may navigate away before a message goes out): the
    // worker caches the reader's language's pack once, and ignores the message when it has it.
    // Posted at once, before anything asynchronous: the language switch opens the twin page in the same task.
    var cacheReaderLang = function () {
      var worker = navigator.serviceWorker.controller;
      if (worker && window.ThronePrefs) worker.postMessage({ type: "CACHE_LANG", lang: window.ThronePrefs.uiLang() });
      rememberLang();
    };
    document.addEventListener("throne-prefs", function (event) {
      if (event.detail && event.detail.name === "lang") cacheReaderLang();
    });
    cacheReaderLang();
    var started = false;
    var start = function () {
      if (started) return;
      if (navigator.onLine === false) {
        // Register once the network is back; meanwhile still offer a build that is already waiting.
        navigator.serviceWorker.getRegistration().then(function (registration) {
          if (registration && registration.waiting && navigator.serviceWorker.controller) {
            showUpdatePrompt(registration);
          }
        });
        window.addEventListener("online", start, { once: true });
        return;
      }
      started = true;
      rememberLang().then(function () {
        return navigator.serviceWorker.register(BASE + "/sw.js", { scope: BASE + "/" });
      }).then(function (registration) {
        watchForUpdates(registration);
        if (navigator.serviceWorker.controller) registration.update().catch(function () {});
      }).catch(function (error) {
        if (window.console) window.console.warn("service worker not registered:", error);
        started = false;  // the network went away mid-registration: try again when it is back
        window.addEventListener("online", start, { once: true });
      });
    };
    // Register at once: the worker's script is small, and Chromium fetches a script registered
    // after the load event only seconds later, when the reader may already be offline.
    start();
  }

  // --- Install hint: Chrome's beforeinstallprompt, or short instructions on iOS. Dismissed for good.
  var hint = document.getElementById("install-hint");
  if (!hint) return;
  function dismissed() {
    try { return window.localStorage.getItem(DISMISSED_KEY) === "1"; } catch (e) { return false; }
  }
  var standalone = window.matchMedia("(display-mode: standalone)").matches || window.navigator.standalone === true;
  if (standalone || dismissed()) return;
  var deferred = null;
  var installButton = hint.querySelector(".install-button");

  var dismiss = hint.querySelector(".install-dismiss");
  dismiss.addEventListener("click", function () {
    try { window.localStorage.setItem(DISMISSED_KEY, "1"); } catch (e) { /* private mode: hide for now */ }
  });
  closable(hint, dismiss);  // after the line above: hides it, and Escape is "Not now"

  installButton.addEventListener("click", function () {
    if (!deferred) return;
    deferred.prompt();
    deferred.userChoice.finally(function () { deferred = null; hint.hidden = true; });
  });
  window.addEventListener("beforeinstallprompt", function (event) {
    event.preventDefault();
    deferred = event;
    installButton.hidden = false;
    hint.hidden = false;
  });
  window.addEventListener("appinstalled", function () { hint.hidden = true; });

  var ua = window.navigator.userAgent;
  var iOS = /iPad|iPhone|iPod/.test(ua) || (ua.indexOf("Macintosh") >= 0 && navigator.maxTouchPoints > 1);
  if (iOS) {
    hint.querySelector(".install-ios").hidden = false;
    hint.hidden = false;
  }
})();
