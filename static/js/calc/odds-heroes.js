// The odds page's saved heroes: dice keys kept in localStorage, exported and imported as JSON (validated).
// Loaded before odds.js, which calls ThroneCalc.oddsHeroes(form, update, check) once its form is wired.
(function () {
  "use strict";
  var TC = (window.ThroneCalc = window.ThroneCalc || {});
  var FACES = 6;
  var STORE = "throne-rules:odds-heroes";

  TC.oddsHeroes = function (form, update, check) {
    function checkHeroes(list) {
      if (!Array.isArray(list)) throw new Error("The file must hold a list of heroes.");
      return list.map(function (hero, i) {
        var where = "Hero " + (i + 1);
        if (!TC.isObject(hero) || typeof hero.name !== "string" || !hero.name.trim() || Array.from(hero.name.trim()).length > 40) {
          throw new Error(where + ": needs a name of 1 to 40 characters.");
        }
        if (!TC.isObject(hero.faces)) throw new Error(where + " (" + hero.name + "): needs faces 1 to 6.");
        var faces = {};
        for (var f = 1; f <= FACES; f++) {
          var s = hero.faces[String(f)];
          if (typeof s !== "string" || !s.trim() || Array.from(s.trim()).length > 24) {
            throw new Error(where + " (" + hero.name + "): face " + f + " needs a symbol of 1 to 24 characters.");
          }
          faces[String(f)] = s.trim();
        }
        return { name: hero.name.trim(), faces: faces };
      });
    }

    function loadHeroes() {
      try { return checkHeroes(JSON.parse(window.localStorage.getItem(STORE) || "[]")); } catch (e) { return []; }
    }
    function saveHeroes(list) { window.localStorage.setItem(STORE, JSON.stringify(list)); }
    var status = form.querySelector("[data-hero-status]");
    function said(text) { status.textContent = text; }

    function drawHeroes() {
      var row = form.querySelector("[data-saved-heroes]");
      Array.prototype.forEach.call(row.querySelectorAll("[data-saved-hero]"), function (n) { n.remove(); });
      loadHeroes().forEach(function (hero) {
        var b = TC.el("button", { type: "button", "class": "calc-secondary", "data-saved-hero": hero.name, text: hero.name });
        b.addEventListener("click", function () {
          check("hero", "custom");
          for (var f = 1; f <= FACES; f++) form.elements.namedItem("f" + f).value = hero.faces[String(f)];
          form.querySelector("[data-hero-name]").value = hero.name;
          said("Loaded " + hero.name + ".");
          update();
        });
        row.appendChild(b);
      });
    }

    function merge(list) {
      var all = loadHeroes();
      list.forEach(function (hero) {
        all = all.filter(function (h) { return h.name !== hero.name; });
        all.push(hero);
      });
      saveHeroes(all);
      drawHeroes();
    }

    form.querySelector("[data-saved]").hidden = false;
    form.querySelector("[data-save-hero]").addEventListener("click", function () {
      var faces = {};
      for (var f = 1; f <= FACES; f++) faces[String(f)] = form.elements.namedItem("f" + f).value;
      try {
        merge(checkHeroes([{ name: form.querySelector("[data-hero-name]").value, faces: faces }]));
        said("Saved on this device.");
      } catch (e) { said(e.message); }
    });
    form.querySelector("[data-export-heroes]").addEventListener("click", function () {
      var blob = new Blob([JSON.stringify(loadHeroes(), null, 1)], { type: "application/json" });
      var link = TC.el("a", { href: URL.createObjectURL(blob), download: "throne-rules-heroes.json" });
      document.body.appendChild(link);
      link.click();
      link.remove();
      said("Exported " + loadHeroes().length + " heroes.");
    });
    form.querySelector("[data-import-heroes]").addEventListener("change", function (event) {
      var file = event.target.files[0];
      if (!file) return;
      file.text().then(function (content) {
        var list = checkHeroes(JSON.parse(content));
        merge(list);
        said("Imported " + list.length + " heroes.");
      }).catch(function (e) { said("Not imported: " + e.message); });
    });

    drawHeroes();
  };
})();
