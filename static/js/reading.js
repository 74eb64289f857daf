// Long entries. On a desktop the "On this page" list follows the reader: the section being read is marked
// (aria-current="location") and kept in view in the list. On a phone the contents at the top (<details class="toc">)
// closes once a section is picked, so Back to it is one tap on the summary again.
(function () {
  "use strict";
  var aside = document.querySelector(".aside.on-this-page");
  var body = document.querySelector(".entry-body");
  if (!body) return;

  var toc = document.querySelector("details[data-toc]");
  if (toc) {
    toc.addEventListener("click", function (event) {
      if (event.target.closest && event.target.closest("a[href^='#']")) toc.open = false;
    });
  }

  if (!aside) return;
  var links = Array.prototype.slice.call(aside.querySelectorAll("a[href^='#']"));
  var pairs = links.map(function (link) {
    return { link: link, heading: document.getElementById(decodeURIComponent(link.getAttribute("href").slice(1))) };
  }).filter(function (p) { return p.heading; });
  if (!pairs.length) return;
  var current = null;
  var pending = false;

  function mark() {
    pending = false;
    if (!aside.getClientRects().length) return;  // the list is not shown (a phone)
    var line = (parseFloat(getComputedStyle(document.documentElement).scrollPaddingTop) || 64) + 8;
    var found = null;
    pairs.forEach(function (p) { if (p.heading.getBoundingClientRect().top <= line) found = p; });
    if (window.innerHeight + window.scrollY >= document.documentElement.scrollHeight - 2) found = pairs[pairs.length - 1];
    if (found === current) return;
    if (current) current.link.removeAttribute("aria-current");
    current = found;
    if (!current) return;
    current.link.setAttribute("aria-current", "location");
    var top = current.link.offsetTop;
    if (top < aside.scrollTop || top + current.link.offsetHeight > aside.scrollTop + aside.clientHeight) {
      aside.scrollTop = top - aside.clientHeight / 3;
    }
  }

  function later() {
    if (pending) return;
    pending = true;
    window.requestAnimationFrame(mark);
  }
  window.addEventListener("scroll", later, { passive: true });
  window.addEventListener("resize", later);
  window.addEventListener("hashchange", later);
  mark();
})();
