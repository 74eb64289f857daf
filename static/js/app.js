// Keyboard: "/" focuses the search box from anywhere but a text field.
(function () {
  "use strict";
  document.addEventListener("keydown", function (event) {
    if (event.key !== "/" || event.ctrlKey || event.metaKey || event.altKey) return;
    var target = event.target;
    if (target && (target.isContentEditable || /^(INPUT|TEXTAREA|SELECT)$/.test(target.tagName))) return;
    var box = document.querySelector("input[type=search]");
    if (box) { event.preventDefault(); box.focus(); box.select(); }
  });
})();
