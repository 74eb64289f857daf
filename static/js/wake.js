// Keep the screen on while the app is open, when Settings asks for it (Screen Wake Lock API). The browser
// drops the lock whenever the page is hidden, so it is asked for again each time the page is visible.
(function () {
  "use strict";
  var lock = null;
  var supported = "wakeLock" in navigator;

  function wanted() { return supported && window.ThronePrefs && window.ThronePrefs.get("wake", false) === true; }

  function acquire() {
    if (!wanted() || document.visibilityState !== "visible" || (lock && !lock.released)) return Promise.resolve(lock);
    return navigator.wakeLock.request("screen").then(function (sentinel) {
      lock = sentinel;
      document.documentElement.setAttribute("data-wake", "on");
      sentinel.addEventListener("release", function () { document.documentElement.setAttribute("data-wake", "off"); });
      return lock;
    });
  }

  function release() {
    if (lock && !lock.released) lock.release();
    lock = null;
  }

  window.ThroneWake = {
    supported: supported,
    acquire: acquire,
    active: function () { return Boolean(lock && !lock.released); },
  };
  if (!supported) return;
  document.addEventListener("visibilitychange", function () {
    if (document.visibilityState === "visible") acquire().catch(function () { /* refused: tried again next time */ });
  });
  document.addEventListener("throne-prefs", function (event) {
    if (event.detail.name !== "wake") return;
    if (event.detail.value) acquire().catch(function () {});
    else release();
  });
  acquire().catch(function () { /* refused (battery saver, no user activation): tried again when visible */ });
})();
