// Shared by the calculator pages, after common.js: errors shown in the page (in the fields' own words),
// fields the browser cannot read, and the page's state kept in the address (query string) so a link
// shares the exact calculation.
(function () {
  "use strict";
  var TC = window.ThroneCalc;
  var MAX_NUMBER = TC.MAX_NUMBER;

  // ------------------------------------------------------------ errors in the page

  // The page's tables of English labels (#calc-pl, site/ui_strings_calc*.py), read once.
  var words = null;
  function pageWords() {
    if (words === null) {
      var node = document.getElementById("calc-pl");
      var data = node ? JSON.parse(node.textContent) : {};
      words = { labels: data.labels || {}, text: data.page_text || {} };
    }
    return words;
  }

  // An engine's error message as the page shows it: the field's visible label for its API name
  // ("remaining_salves must ..." -> "Remaining Salves must ..."); the twin of calc_common.page_message.
  var LEADING_FIELD = /^(Unknown )?([a-z][a-z_]*)(?=[ :])/;
  TC.pageMessage = function (message) {
    var w = pageWords();
    if (TC.has(w.text, message)) return w.text[message];
    var m = LEADING_FIELD.exec(message);
    if (m && TC.has(w.labels, m[2])) return (m[1] || "") + w.labels[m[2]] + message.slice(m[0].length);
    return message;
  };

  // Shows the error (in the page's words: err.message becomes them) and marks its field. Once the page
  // updates as the reader types, the status region says the error (TC.sticky): no alert besides.
  TC.showError = function (box, form, err) {
    err.message = TC.pageMessage(err.message);
    box.replaceChildren(TC.el("p", { "class": "error calc-error", role: TC.speaking ? null : "alert",
      "data-field": err.field, text: err.message }));
    var field = form && form.elements.namedItem(err.field);
    if (field && field.setAttribute) field.setAttribute("aria-invalid", "true");
  };

  // A shared link the form cannot hold: what is wrong with it (the server's or the page's words), never a quiet
  // default that the reader would take for the linked calculation.
  TC.showLinkError = function (box, form, code, message, field) {
    TC.showError(box, form, new TC.CalcError(code, "This link: " + message +
      " The form shows the nearest valid choice; change any choice to see the result.", field));
    TC.sticky(message);
  };

  TC.clearInvalid = function (form) {
    Array.prototype.forEach.call(form.querySelectorAll("[aria-invalid]"), function (node) {
      node.removeAttribute("aria-invalid");
    });
  };

  // ------------------------------------------------------------ text the browser cannot read

  // A number field whose text is not a number ("2-", "2e", "-": validity.badInput) has the value "", so the
  // form would count it as empty and show a wrong total; the first such field that is shown, or null.
  TC.badInput = function (form) {
    return Array.prototype.filter.call(form.elements, function (field) {
      return field.validity && field.validity.badInput && !field.closest("[hidden]");
    })[0] || null;
  };

  // The field's label as written in English (the i18n script may have put it in Polish): its own text,
  // without the hints in <span>s ("Scenario # (for the log)" -> "Scenario #").
  function labelOf(field) {
    var label = field.id ? field.form.querySelector("label[for='" + field.id + "']") : null;
    if (!label) return field.getAttribute("aria-label") || field.name;
    var i18n = window.ThroneCalcI18n;
    var text = Array.prototype.filter.call(label.childNodes, function (n) { return n.nodeType === 3; })
      .map(function (n) { return i18n && i18n.english ? i18n.english(n) : n.data; }).join("");
    return text.replace(/\s+/g, " ").trim().replace(/:$/, "") || field.name;
  }

  // Flag the unreadable field as a number out of range would be, and show no total.
  function showBadInput(form, field) {
    var low = field.min === "" ? 0 : field.min, high = field.max === "" ? MAX_NUMBER : field.max;
    var err = new TC.CalcError("not_whole_number", labelOf(field) + " must be a whole number from " + low +
      " to " + high + ".", field.name);
    TC.clearInvalid(form);
    var box = document.querySelector("#calc-result [data-result]");
    if (box) TC.showError(box, form, err);
    field.setAttribute("aria-invalid", "true");
    TC.sticky(err.message);
  }

  // ------------------------------------------------------------ state in the address

  // The form's non-empty values, as the query string the no-JavaScript GET would send.
  TC.formParams = function (form, defaults) {
    var params = new URLSearchParams();
    defaults = defaults || {};
    new FormData(form).forEach(function (value, key) {
      value = String(value).trim();
      if (value === "" || defaults[key] === value) return;
      params.append(key, value);
    });
    return params;
  };

  // Fill the form from a query string (a shared link, or an offline copy of the page).
  TC.fillForm = function (form, params) {
    Array.prototype.forEach.call(form.elements, function (field) {
      if (!field.name || !params.has(field.name)) return;
      var value = params.get(field.name);
      if (field.type === "radio") field.checked = field.value === value;
      else if (field.type === "checkbox") field.checked = value !== "" && value !== "0";
      else field.value = value;
    });
  };

  // Show only the parts of the form that apply (data-show-for="mode1 mode2"); without JavaScript all show.
  TC.showFor = function (form, value) {
    Array.prototype.forEach.call(form.querySelectorAll("[data-show-for]"), function (part) {
      part.hidden = part.getAttribute("data-show-for").split(" ").indexOf(value) < 0;
    });
  };

  // Show the parts for the choice in field `name`, and drop the fields of hidden parts from params:
  // they do not travel in the link.
  TC.showForParams = function (form, params, name) {
    TC.showFor(form, params.get(name) || "");
    Array.prototype.forEach.call(form.querySelectorAll("[data-show-for][hidden] [name]"), function (field) {
      params.delete(field.name);
    });
  };

  // Show a part only when every condition holds: data-show-when="result=win mode=portal-crawl|boss-battle".
  // Parts hidden this way do not travel in the link (their fields are dropped from params).
  TC.showWhen = function (form, params) {
    Array.prototype.forEach.call(form.querySelectorAll("[data-show-when]"), function (part) {
      part.hidden = !part.getAttribute("data-show-when").split(" ").every(function (cond) {
        var pair = cond.split("=");
        return pair[1].split("|").indexOf(params.get(pair[0]) || "") >= 0;
      });
    });
    Array.prototype.forEach.call(form.querySelectorAll("[data-show-when][hidden] [name]"), function (field) {
      params.delete(field.name);
    });
  };

  TC.pushState = function (params) {
    var query = params.toString();
    var url = window.location.pathname + (query ? "?" + query : "");
    if (url !== window.location.pathname + window.location.search) window.history.replaceState(null, "", url);
  };

  // Wire a calculator form: live updates, +/- buttons, share button, Enter shows the result.
  TC.bind = function (form, update) {
    var timer = null, sets = [];
    var shared = Boolean(window.location.search) && !window.location.hash;  // before update() rewrites the address
    var calculate = update;
    update = function () {
      calculate();
      var bad = TC.badInput(form);
      if (bad) showBadInput(form, bad);
    };
    // Hints for the controls only JavaScript shows (data-script) replace those for the form without it.
    Array.prototype.forEach.call(document.querySelectorAll("main [data-no-script]"), function (n) { n.hidden = true; });
    Array.prototype.forEach.call(document.querySelectorAll("main [data-script]"), function (n) { n.hidden = false; });
    function later() {
      window.clearTimeout(timer);
      timer = window.setTimeout(update, 120);
    }
    form.addEventListener("input", later);
    form.addEventListener("change", later);
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      window.clearTimeout(timer);
      update();
      var result = document.getElementById("calc-result");
      if (result) {
        result.setAttribute("tabindex", "-1");
        result.focus();
      }
    });
    Array.prototype.forEach.call(form.querySelectorAll("[data-bump]"), function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var input = document.getElementById(button.getAttribute("data-target"));
        var min = input.min === "" ? 0 : Number(input.min);
        var max = input.max === "" ? MAX_NUMBER : Number(input.max);
        var now = /^[0-9]+$/.test(input.value.trim()) ? Number(input.value) : min;
        input.value = String(Math.max(min, Math.min(max, now + Number(button.getAttribute("data-bump")))));
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
    });
    // Quick values: a chip sets its field to its value; tapping the chip of the value set clears it.
    Array.prototype.forEach.call(form.querySelectorAll("[data-set]"), function (button) {
      var input = document.getElementById(button.getAttribute("data-target"));
      function mark() { button.setAttribute("aria-pressed", String(input.value.trim() === button.getAttribute("data-set"))); }
      button.hidden = false;
      input.addEventListener("input", mark);
      form.addEventListener("reset", function () { window.setTimeout(mark); });
      button.addEventListener("click", function () {
        var value = button.getAttribute("data-set");
        input.value = input.value.trim() === value ? "" : value;
        input.dispatchEvent(new Event("input", { bubbles: true }));
      });
      sets.push(mark);
    });
    Array.prototype.forEach.call(form.querySelectorAll("[data-roll]"), function (button) {
      button.hidden = false;
      button.addEventListener("click", function () {
        var rolled = String(TC.rollDie(Number(button.getAttribute("data-roll"))));
        var name = button.getAttribute("data-roll-name");  // the die as radio buttons: check the face rolled
        var input = name ? form.querySelector("input[name='" + name + "'][value='" + rolled + "']")
          : document.getElementById(button.getAttribute("data-target"));
        if (name) input.checked = true;
        else input.value = rolled;
        input.dispatchEvent(new Event("input", { bubbles: true }));
        window.clearTimeout(timer);
        update();
      });
    });
    var share = form.querySelector("[data-share]");
    var status = form.querySelector("[data-share-status]");
    if (share) {
      share.hidden = false;
      share.addEventListener("click", function () {
        var url = window.location.href;
        function said(text) { if (status) status.textContent = text; }
        if (navigator.share) {
          navigator.share({ title: document.title, url: url }).catch(function () {});
        } else if (navigator.clipboard && window.isSecureContext) {
          navigator.clipboard.writeText(url).then(function () { said("Link copied."); },
            function () { said("Copy this link: " + url); });
        } else {
          said("Copy this link: " + url);
        }
      });
    }
    // The result is redrawn whole on each change: not a live region (a copy of the page from before it
    // lost aria-live may still have it); the status region says the short summary instead (TC.sticky).
    var result = document.getElementById("calc-result");
    if (result) result.removeAttribute("aria-live");
    TC.statusRegion();
    var link = new URLSearchParams(window.location.search);
    var serverSaid = shared ? serverError() : "";
    TC.fillForm(form, link);
    sets.forEach(function (mark) { mark(); });
    update();
    if (serverSaid && lostValues(form, link).length) showLinkError(form, serverSaid);
    TC.speaking = true;
    if (shared) openOnResult(result);
  };

  // ------------------------------------------------------------ a shared link the form cannot hold

  // The server's answer to the link, in English (calc/i18n.js may have put it in Polish): its error, or "".
  function serverError() {
    var node = document.querySelector("#calc-result [data-result] .calc-error");
    if (!node || !node.firstChild) return "";
    var i18n = window.ThroneCalcI18n;
    return (i18n && i18n.english ? i18n.english(node.firstChild) : node.textContent).trim();
  }

  // The link's values the form has no place for (letters in a number field, a choice it does not offer): the
  // form shows its defaults there, which the reader would take for the linked calculation.
  function lostValues(form, params) {
    var lost = [];
    params.forEach(function (value, name) {
      var fields = Array.prototype.filter.call(form.elements, function (f) { return f.name === name; });
      if (!fields.length || value === "") return;
      var held = fields.some(function (f) { return f.type === "checkbox" || f.value === value; });
      if (!held) lost.push(name);
    });
    return lost;
  }

  // Say what is wrong with the link (the server's words), as the odds page does, rather than a quiet default.
  function showLinkError(form, message) {
    var box = document.querySelector("#calc-result [data-result]");
    if (!box || box.querySelector(".calc-error")) return;  // the page said it already
    TC.showLinkError(box, form, "link", message, "");
  }

  // A shared calculation (an address with its query, no #section) opens on its result and steps, not on the
  // inputs: when the form gave a result (not an error, not the empty hint), it is scrolled to the top.
  function openOnResult(result) {
    if (!result) return;
    var box = result.querySelector("[data-result]");
    if (!box || !box.firstElementChild || box.querySelector(".calc-error, .calc-empty")) return;
    result.scrollIntoView({ block: "start" });
  }
})();
