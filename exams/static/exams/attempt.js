/* Optional help on an attempt's pages: they work without it. The clock counts down
   the server's remaining time; every change of the answer is saved at once, complete
   or not, and the status line says which: saved, saved but incomplete, not saved yet. */
(function () {
  "use strict";
  var timer = document.querySelector("[data-remaining]");
  if (timer) {
    var text = timer.querySelector("[data-timer-text]");
    var end = Date.now() + 1000 * parseInt(timer.getAttribute("data-remaining"), 10);
    var digits = document.documentElement.lang === "fa" ? "۰۱۲۳۴۵۶۷۸۹" : "0123456789";
    /* Warnings at 5 and 1 minute, announced (aria-live) once each as the time passes. */
    var warning = document.querySelector("[data-timer-warning]");
    var warn = function (left) {
      if (!warning) { return; }
      var level = left <= 60 ? "one" : (left <= 300 ? "five" : "");
      if (warning.getAttribute("data-level") === level) { return; }
      warning.setAttribute("data-level", level);
      warning.classList.toggle("is-last-minute", level === "one");
      warning.textContent = level ? warning.getAttribute("data-warn-" + level) : "";
    };
    if (warning) {
      var initial = parseInt(timer.getAttribute("data-remaining"), 10);
      warning.setAttribute("data-level", initial <= 60 ? "one" : (initial <= 300 ? "five" : ""));
    }
    var tick = function () {
      var left = Math.max(0, Math.round((end - Date.now()) / 1000));
      warn(left);
      var two = function (n) { return (n < 10 ? "0" : "") + n; };
      var shown = Math.floor(left / 3600) + ":" + two(Math.floor(left % 3600 / 60)) + ":" + two(left % 60);
      text.textContent = shown.replace(/[0-9]/g, function (d) { return digits[+d]; });
      if (left === 0) { window.location.reload(); } else { window.setTimeout(tick, 1000); }
    };
    tick();
  }
  var form = document.querySelector("form[data-autosave]");
  if (!form || !window.fetch) { return; }
  var status = form.querySelector("[data-autosave-status]");
  var sent = 0;
  var show = function (state) {
    status.className = "autosave-status is-" + state;
    status.setAttribute("data-state", state);
    status.textContent = form.getAttribute("data-" + state + "-text");
  };
  form.addEventListener("change", function () {
    var mine = ++sent;
    show("unsaved");
    fetch(form.action || window.location.href, {
      method: "POST", body: new FormData(form), credentials: "same-origin",
      headers: {"X-Requested-With": "fetch"}
    }).then(function (response) {
      return response.json().catch(function () { return {}; }).then(function (body) {
        if (mine !== sent) { return; }  /* a later change is on its way */
        if (!response.ok || !body.saved) {
          show("unsaved");
          /* A refusal says why (final calls, a stroke not open yet), in the page's language. */
          if (body.error) { status.textContent = body.error; }
        }
        else { show(body.complete ? "saved" : "partial"); }
      });
    }).catch(function () {
      if (mine === sent) { show("unsaved"); }
    });
  });
})();
