// Term previews: a tap on a linked term inside an answer (Undefendable, Stack limit…) shows its short definition in
// place, in a popover dialog with a link to the full page; no navigation, no request (the definitions are in the
// page, #term-defs, from the build), so it works offline. Escape, a tap outside or Close closes it and focus goes
// back to the link. Ctrl/Cmd/Shift-click and browsers without the popover API follow the link as before.
(function () {
  "use strict";
  var pop = document.getElementById("term-preview");
  var data = document.getElementById("term-defs");
  if (!pop || !data || typeof pop.showPopover !== "function") return;
  var defs;
  try { defs = JSON.parse(data.textContent); } catch (e) { console.warn("term previews: bad #term-defs", e); return; }
  var base = window.ThroneBase || "";
  var title = document.getElementById("term-preview-title");
  var text = document.getElementById("term-preview-text");
  var open = document.getElementById("term-preview-open");
  var from = null;  // the link the preview was opened from

  function keyOf(link) {
    var url;
    try { url = new URL(link.href, location.href); } catch (e) { return null; }
    if (url.origin !== location.origin) return null;
    var path = url.pathname;
    if (base && path.indexOf(base + "/") === 0) path = path.slice(base.length);
    return Object.prototype.hasOwnProperty.call(defs, path) ? path : null;
  }

  document.querySelectorAll(".entry-body a[href], .faq-answer a[href]").forEach(function (link) {
    if (link.closest(".faq-open, .toc") || link.classList.contains("anchor")) return;
    var key = keyOf(link);
    if (!key) return;
    link.setAttribute("data-term", key);
    link.setAttribute("aria-haspopup", "dialog");
    link.setAttribute("aria-controls", "term-preview");
  });

  function show(link) {
    var def = defs[link.getAttribute("data-term")];
    title.textContent = def.title;
    text.textContent = def.text;
    title.setAttribute("lang", def.lang || "en");
    text.setAttribute("lang", def.lang || "en");
    open.href = link.href;
    from = link;
    if (pop.matches(":popover-open")) pop.hidePopover();
    pop.showPopover();
    title.focus();
  }

  document.addEventListener("click", function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    var link = event.target.closest && event.target.closest("a[data-term]");
    if (!link) return;
    event.preventDefault();
    show(link);
  });

  pop.querySelector(".term-preview-close").addEventListener("click", function () { pop.hidePopover(); });
  pop.addEventListener("toggle", function (event) {
    if (event.newState !== "closed" || !from) return;
    var back = from;
    from = null;
    var active = document.activeElement;
    if (!active || active === document.body || pop.contains(active)) back.focus({ preventScroll: true });
  });
})();
