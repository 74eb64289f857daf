// Filter the FAQ index as you type: every word must appear (accents ignored).
(function () {
  "use strict";
  var box = document.getElementById("faq-q");
  if (!box) return;
  var fold = function (s) {
    return s.normalize("NFD").replace(/[\u0300-\u036f]/g, "").replace(/ł/g, "l").replace(/Ł/g, "L").toLowerCase();
  };
  var items = Array.prototype.slice.call(document.querySelectorAll("#faq-groups li"));
  var texts = items.map(function (li) { return fold(li.getAttribute("data-search") || li.textContent); });
  var groups = Array.prototype.slice.call(document.querySelectorAll(".faq-group"));
  var count = document.getElementById("faq-count");
  var empty = document.getElementById("faq-empty");
  box.addEventListener("input", function () {
    var words = fold(box.value).split(/\s+/).filter(Boolean);
    var shown = 0;
    items.forEach(function (li, i) {
      var hit = words.every(function (w) { return texts[i].indexOf(w) !== -1; });
      li.hidden = !hit;
      if (hit) shown += 1;
    });
    groups.forEach(function (g) { g.hidden = !g.querySelector("li:not([hidden])"); });
    count.textContent = shown + (shown === 1 ? " question" : " questions");
    empty.hidden = shown !== 0;
  });
})();
