// The header: "/" focuses the search box from anywhere but a text field; the menu button folds the site's
// links on a phone; the header's search button on pages with a big search box goes to that box.
(function () {
  "use strict";
  function searchBox() {
    return document.getElementById("q") || document.querySelector("input[type=search]");
  }
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var box = document.querySelector(".site-header input[type=search]") || searchBox();
    if (box) { event.preventDefault(); box.focus(); box.select(); }
  });

  var header = document.querySelector(".site-header");
  var menu = header && header.querySelector(".menu-button");
  if (menu) {
    menu.hidden = false;
    var setOpen = function (open) {
      header.classList.toggle("menu-open", open);
      menu.setAttribute("aria-expanded", open ? "true" : "false");
    };
    menu.addEventListener("click", function () { setOpen(!header.classList.contains("menu-open")); });
    document.addEventListener("click", function (event) {
      if (!header.contains(event.target)) setOpen(false);
    });
    document.addEventListener("keydown", function (event) {
      if (event.key === "Escape" && header.classList.contains("menu-open")) { setOpen(false); menu.focus(); }
    });
  }

  document.querySelectorAll(".search-jump").forEach(function (jump) {
    jump.addEventListener("click", function (event) {
      var box = document.getElementById("q");
      if (!box) return;
      event.preventDefault();
      box.scrollIntoView({ block: "center" });
      box.focus();
    });
  });
})();
