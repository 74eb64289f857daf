// A game page's ?kind= filter, in the browser too: a static copy of the site serves the
// whole game page for every ?kind=, so the page shows only that kind's section itself.
(function () {
  "use strict";
  var box = document.querySelector(".kind-sections[data-kind]");
  if (!box) return;
  var wanted = new URLSearchParams(location.search).get("kind") || "";
  if (!wanted || wanted === box.getAttribute("data-kind")) return; // nothing asked, or the server filtered
  var heading = document.getElementById("k-" + wanted);
  if (!heading || !box.contains(heading)) return; // a kind this game does not have: show everything
  box.querySelectorAll(".kind-section").forEach(function (section) {
    section.hidden = !section.contains(heading);
  });
  var name = heading.firstChild ? heading.firstChild.textContent.trim() : wanted;
  var title = document.querySelector("h1");
  if (title) title.textContent += ": " + name;
  var all = document.querySelector(".show-all");
  if (all) all.hidden = false;
})();
