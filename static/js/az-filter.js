// The A-Z index's game filter, in the browser too: a static copy of the site
// serves the same page for every ?game=, so the page filters itself.
(function () {
  "use strict";
  var nav = document.querySelector(".filters[data-filter]");
  if (!nav) return;
  var wanted = new URLSearchParams(location.search).get("game") || "";
  if (wanted === nav.getAttribute("data-filter")) return; // the server already filtered
  document.querySelectorAll(".az-list li[data-game]").forEach(function (li) {
    li.hidden = wanted !== "" && li.getAttribute("data-game") !== wanted;
  });
  document.querySelectorAll(".az-letter").forEach(function (section) {
    var shown = section.querySelector("li:not([hidden])");
    section.hidden = !shown;
    var link = document.querySelector('.letters a[href="#' + section.querySelector("h2").id + '"]');
    if (link) link.hidden = !shown;
  });
  nav.querySelectorAll("a").forEach(function (a) {
    var game = new URL(a.href).searchParams.get("game") || "";
    if (game === wanted) a.setAttribute("aria-current", "page"); else a.removeAttribute("aria-current");
  });
})();
