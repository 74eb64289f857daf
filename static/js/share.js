// Sharing: the entry's Share button shares the section the reader opened (#section) or selected text in,
// else the rule (navigator.share, else copy + toast); the section links ("Link to this section") go to the
// section and copy its link; a page opened at a section flashes it briefly. Also: clearing the search
// highlights (the button, or Escape).
(function () {
  "use strict";
  var toast = document.getElementById("toast");
  var toastTimer = null;
  function strings() {
    if (window.ThroneStrings) return window.ThroneStrings();
    try { return JSON.parse(document.getElementById("pwa-config").textContent).strings || {}; } catch (e) { return {}; }
  }

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
    copy(url).then(function () { say(message); }, function () { say(strings().copy_failed + ": " + url); });
  }

  var body = document.querySelector(".entry-body");
  var headings = body ? Array.prototype.slice.call(body.querySelectorAll("h2[id], h3[id], h4[id]")) : [];

  // The heading of the section a node is in: the last heading before it in the body.
  function sectionOf(node) {
    var found = null;
    headings.forEach(function (h) {
      if (h === node || h.contains(node) ||
          (h.compareDocumentPosition(node) & Node.DOCUMENT_POSITION_FOLLOWING)) found = h;
    });
    return found;
  }

  function headingText(h) {
    var copyNode = h.cloneNode(true);
    copyNode.querySelectorAll("a.anchor").forEach(function (a) { a.remove(); });
    return copyNode.textContent.trim();
  }

  // The section to share: one with selected text in it, else the one the page was opened at.
  function sharedSection() {
    var selection = window.getSelection ? window.getSelection() : null;
    if (selection && String(selection).trim() && body && body.contains(selection.anchorNode)) {
      var h = sectionOf(selection.anchorNode);
      if (h) return h;
    }
    var id = decodeURIComponent(window.location.hash.slice(1));
    return headings.filter(function (h) { return h.id === id; })[0] || null;
  }

  document.querySelectorAll(".share-button").forEach(function (button) {
    button.hidden = false;
    // A tap on the button clears the selection on some phones: note the section as the tap begins.
    var pending = null;
    button.addEventListener("pointerdown", function () { pending = sharedSection(); });
    button.addEventListener("click", function () {
      var section = pending || sharedSection();
      pending = null;
      var base = button.getAttribute("data-share-url") || window.location.pathname;
      var url = absolute(section ? base + "#" + section.id : base);
      var title = button.getAttribute("data-share-title") || document.title;
      button.setAttribute("data-shared-url", url);
      var message = section ? strings().section_link_copied : strings().link_copied;
      if (typeof navigator.share === "function") {
        navigator.share({ title: section ? title + " — " + headingText(section) : title,
                          text: section ? "" : (button.getAttribute("data-share-text") || ""), url: url })
          .catch(function (error) {
            if (!error || error.name !== "AbortError") copyAndSay(url, message);
          });
      } else {
        copyAndSay(url, message);
      }
    });
  });

  // Section links are named (built with the entry) in the entry's language; name them in the interface's.
  function labelAnchors() {
    var text = strings().link_to_section;
    if (!text) return;
    headings.forEach(function (h) {
      var anchor = h.querySelector("a.anchor");
      if (!anchor) return;
      anchor.setAttribute("aria-label", text + ": " + headingText(h));
      // The heading is named by its own words, not "How it works Link to this section: How it works".
      h.setAttribute("aria-label", headingText(h));
    });
  }
  labelAnchors();
  document.addEventListener("throne-prefs", function (event) {
    if (event.detail && event.detail.name === "lang") labelAnchors();
  });

  // Section links: a tap goes to the section (the URL gains #section) and copies its link.
  document.querySelectorAll("a.anchor").forEach(function (anchor) {
    anchor.addEventListener("click", function () {
      copyAndSay(absolute(anchor.getAttribute("href")), strings().section_link_copied);
    });
  });

  // A page opened at a section (a shared link): a brief highlight shows which one.
  function flash() {
    var id = decodeURIComponent(window.location.hash.slice(1));
    var target = id ? document.getElementById(id) : null;
    if (!target || !body || !body.contains(target)) return;
    target.classList.remove("section-flash");
    void target.offsetWidth;  // restart the animation
    target.classList.add("section-flash");
  }
  window.addEventListener("hashchange", flash);
  flash();

  // Search highlights (highlight.js): a control to clear them, and Escape.
  var article = document.querySelector("article.entry[data-highlighted]");
  if (article && Number(article.getAttribute("data-highlighted")) > 0) {
    var bar = document.createElement("div");
    bar.className = "highlight-bar";
    var clear = document.createElement("button");
    clear.type = "button";
    clear.className = "clear-highlights";
    clear.textContent = strings().clear_highlights || "Clear highlights";
    bar.appendChild(clear);
    article.insertBefore(bar, article.querySelector(".entry-body"));
    var clearAll = function () {
      article.querySelectorAll("mark.search-hit").forEach(function (mark) {
        mark.replaceWith(document.createTextNode(mark.textContent));
      });
      article.normalize();
      article.setAttribute("data-highlighted", "0");
      bar.hidden = true;
    };
    clear.addEventListener("click", clearAll);
    document.addEventListener("keydown", function (event) {
      if (event.key !== "Escape" || bar.hidden) return;
      var t = event.target;
      if (t && /^(INPUT|TEXTAREA|SELECT)$/.test(t.tagName)) return;
      clearAll();
    });
  }
})();
