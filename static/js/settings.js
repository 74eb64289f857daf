// /settings: every control reads and writes window.ThronePrefs (boot.js), which applies it at once and on
// every page before its first paint. Keeping the screen on is offered only where the browser can.
(function () {
  "use strict";
  var form = document.getElementById("settings");
  if (!form || !window.ThronePrefs) return;
  var prefs = window.ThronePrefs;
  var strings = function () { return window.ThroneStrings ? window.ThroneStrings() : {}; };
  form.addEventListener("submit", function (event) { event.preventDefault(); });

  function radios(name, value) {
    form.querySelectorAll("input[name=" + name + "]").forEach(function (input) {
      input.checked = input.value === value;
      input.addEventListener("change", function () { if (input.checked) prefs.set(name, input.value); });
    });
  }
  radios("theme", prefs.get("theme", "system"));
  radios("text", prefs.get("text", "normal"));
  radios("lang", prefs.uiLang());

  var swipe = form.querySelector("input[name=swipe]");
  swipe.checked = prefs.get("swipe", true) !== false;
  swipe.addEventListener("change", function () { prefs.set("swipe", swipe.checked); });

  // Keep the screen on.
  var wake = window.ThroneWake;
  var wakeBox = form.querySelector(".wake-setting");
  if (wake && wake.supported) {
    wakeBox.hidden = false;
    var wakeInput = wakeBox.querySelector("input");
    var wakeStatus = wakeBox.querySelector(".wake-status");
    wakeInput.checked = prefs.get("wake", false) === true;
    wakeInput.addEventListener("change", function () {
      prefs.set("wake", wakeInput.checked);
      wakeStatus.textContent = "";
      if (!wakeInput.checked) return;
      wake.acquire().then(function () { wakeStatus.textContent = strings().wake_on; },
                          function () { wakeStatus.textContent = strings().wake_failed; });
    });
  }

  // Saved for offline: ask the browser to keep this site's storage (navigator.storage.persist()).
  var persistStatus = form.querySelector(".persist-status");
  var persistLabel = form.querySelector(".persist-setting");
  var storage = navigator.storage;
  function showPersisted(kept) {
    var s = strings();
    persistStatus.textContent = kept ? s.persist_yes : s.persist_no;
    persistLabel.querySelector("input").checked = kept;
    persistLabel.querySelector("input").disabled = kept;
    form.setAttribute("data-persisted", kept ? "yes" : "no");
  }
  if (storage && storage.persisted && storage.persist) {
    persistLabel.hidden = false;
    storage.persisted().then(showPersisted);
    persistLabel.querySelector("input").addEventListener("change", function () {
      storage.persist().then(showPersisted, function () { showPersisted(false); });
    });
  } else {
    persistStatus.textContent = strings().persist_unknown;
  }

  function done(button, fn) {
    button.addEventListener("click", function () {
      fn();
      var toast = document.getElementById("toast");
      if (toast) { toast.textContent = strings().saved || "Saved"; toast.classList.add("visible");
        window.setTimeout(function () { toast.classList.remove("visible"); }, 2000); }
    });
  }
  if (window.ThroneRecent) {
    done(form.querySelector(".clear-recent"), window.ThroneRecent.clear);
    done(form.querySelector(".clear-pinned"), window.ThroneRecent.clearPinned);
  }
})();
