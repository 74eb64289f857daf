// Swipe gestures on touch screens: swipe right to go back, left to go forward (on by default; Settings
// can turn them off). Never from a horizontally scrollable element (wide tables, the letter bar, chips)
// or a form control (the calculators' inputs, steppers and chips), and never with two fingers.
(function () {
  "use strict";
  var MIN_DX = 80;       // px across
  var MAX_DY = 50;       // px down or up at most
  var MAX_MS = 700;      // a swipe, not a slow drag
  var CONTROLS = "input, select, textarea, button, label, summary, [contenteditable], [role=slider], " +
    "[role=listbox], .calc-form, .typeahead, [data-no-swipe]";
  var root = document.documentElement;
  var start = null;

  function scrollsSideways(node) {
    for (; node && node !== document.body && node.nodeType === 1; node = node.parentElement) {
      var overflow = window.getComputedStyle(node).overflowX;
      if ((overflow === "auto" || overflow === "scroll") && node.scrollWidth > node.clientWidth + 1) return true;
    }
    return false;
  }

  function ignored(target) {
    if (root.getAttribute("data-swipe") === "off") return true;
    if (!target || !target.closest) return true;
    return Boolean(target.closest(CONTROLS)) || scrollsSideways(target);
  }

  document.addEventListener("touchstart", function (event) {
    start = null;
    if (event.touches.length !== 1 || ignored(event.target)) return;
    var touch = event.touches[0];
    start = { x: touch.clientX, y: touch.clientY, at: Date.now() };
  }, { passive: true });

  document.addEventListener("touchmove", function (event) {
    if (start && event.touches.length !== 1) start = null;
  }, { passive: true });

  document.addEventListener("touchend", function (event) {
    if (!start || event.changedTouches.length !== 1) return;
    var touch = event.changedTouches[0];
    var dx = touch.clientX - start.x;
    var dy = touch.clientY - start.y;
    var quick = Date.now() - start.at <= MAX_MS;
    start = null;
    var selection = window.getSelection && String(window.getSelection());
    if (!quick || Math.abs(dx) < MIN_DX || Math.abs(dy) > MAX_DY || selection) return;
    root.setAttribute("data-swiped", dx > 0 ? "back" : "forward");
    if (dx > 0) window.history.back();
    else window.history.forward();
  }, { passive: true });
})();
