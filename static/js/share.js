// Sharing: the entry's Share button (navigator.share, else copy + toast) and copy-link heading anchors.
(function () {
  "use strict";
  var config = {};
  try { config = JSON.parse(document.getElementById("pwa-config").textContent); } catch (e) { config = {}; }
  var strings = config.strings || {};
  var toast = document.getElementById("toast");
  var toastTimer = null;

  function say(message) {
    if (!toast) return;
    toast.textContent = message;
    toast.classList.add("visible");
    window.clearTimeout(toastTimer);
    toastTimer = window.setTimeout(function () { toast.classList.remove("visible"); toast.textContent = ""; }, 3500);
  }

  function absolute(url) {
    return new URL(url, window.location.href).href;
  }

  function copy(text) {
    if (navigator.clipboard && navigator.clipboard.writeText) return navigator.clipboard.writeText(text);
    return Promise.reject(new Error("no clipboard"));
  }

  function copyAndSay(url, message) {
    copy(url).then(function () { say(message); }, function () { say(strings.copy_failed + ": " + url); });
  }

  document.querySelectorAll(".share-button").forEach(function (button) {
    button.hidden = false;
    button.addEventListener("click", function () {
      var url = absolute(button.getAttribute("data-share-url") || window.location.pathname);
      if (typeof navigator.share === "function") {
        navigator.share({ title: button.getAttribute("data-share-title") || document.title,
                          text: button.getAttribute("data-share-text") || "", url: url })
          .catch(function (error) {
            if (!error || error.name !== "AbortError") copyAndSay(url, strings.link_copied);
          });
      } else {
        copyAndSay(url, strings.link_copied);
      }
    });
  });

  // Heading anchors: a tap or click goes to the section (the URL gains #section) and copies its link.
  document.querySelectorAll("a.anchor").forEach(function (anchor) {
    anchor.addEventListener("click", function () {
      copyAndSay(absolute(anchor.getAttribute("href")), strings.section_link_copied);
    });
  });
})();
