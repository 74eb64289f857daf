// The search page's filter chips apply at once: choosing one runs the search again with it.
(function () {
  "use strict";
  var form = document.querySelector(".search-page-form");
  if (!form) return;
  form.querySelectorAll(".chips input[type=radio]").forEach(function (input) {
    input.addEventListener("change", function () {
      var q = form.querySelector("input[name=q]");
      if (q && q.value.trim()) form.requestSubmit ? form.requestSubmit() : form.submit();
    });
  });
})();

// The no-results block of a search made on this device (offline): the ways on, as the server's page has.
window.ThroneNoResults = function (q) {
  "use strict";
  var s = window.ThroneStrings ? window.ThroneStrings() : {};
  var section = document.createElement("section");
  section.className = "no-results";
  var h = document.createElement("h2");
  h.textContent = (s.no_results || "No rule matches") + " “" + q + "”";
  section.appendChild(h);
  var p = document.createElement("p");
  p.textContent = (s.browse_instead || "Or browse:") + " ";
  [["/index", s.index || "A–Z index"], ["/faq", "FAQ"], ["/calc", s.calculators || "Calculators"]].forEach(function (link, i) {
    var a = document.createElement("a");
    a.href = (window.ThroneBase || "") + link[0];
    a.textContent = link[1];
    if (i) p.appendChild(document.createTextNode(" · "));
    p.appendChild(a);
  });
  section.appendChild(p);
  return section;
};
