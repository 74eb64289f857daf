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
    // Focus moving on past the open menu (Tab) closes it: it would cover the focused control. Moving within
    // it (its links, the menu button) keeps it open; focus going nowhere (a tap on the panel) is the
    // click handler's business.
    var nav = document.getElementById(menu.getAttribute("aria-controls"));
    header.addEventListener("focusout", function (event) {
      var to = event.relatedTarget;
      if (!to || !header.classList.contains("menu-open")) return;
      if (to === menu || (nav && nav.contains(to))) return;
      setOpen(false);
    });
  }

  // A bar fixed at the bottom of the screen (the calculators' result) must not cover the focused control
  // (WCAG 2.4.11): the page's scroll-padding-bottom (ui.css) follows the bar's height, and when the bar grows
  // under the control being typed in (an error is longer than a total), the control scrolls clear of it.
  var watched = null;  // the bar (the calculators make it after this script runs), once observed
  function clearBar() {
    var bar = document.getElementById("calc-sticky");
    if (!bar) return;
    if (watched !== bar && window.ResizeObserver) { watched = bar; new ResizeObserver(clearBar).observe(bar); }
    if (!bar.getClientRects().length) return;
    var top = bar.getBoundingClientRect().top;
    var covers = window.innerHeight - top;
    if (covers <= 0) return;
    document.documentElement.style.setProperty("--bottom-bar", Math.ceil(covers + 8) + "px");
    var focused = document.activeElement;
    if (focused && focused !== document.body && !bar.contains(focused) && focused.getBoundingClientRect().bottom > top) {
      focused.scrollIntoView({ block: "nearest" });
    }
  }
  document.addEventListener("focusin", clearBar);

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
