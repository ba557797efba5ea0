// The spot picker of a re-spot question: clicking a spot chooses it in the list of spots,
// and the spot chosen in the list (by keyboard or pointer) is marked on the picker.
// The list of radio buttons stays the way to answer by keyboard; without this script
// the picker stays hidden and the list is the only way.
(function () {
  "use strict";
  function mark(picker, value) {
    picker.querySelectorAll("[data-target]").forEach(function (target) {
      var chosen = target.getAttribute("data-target") === value;
      target.classList.toggle("is-chosen", chosen);
    });
  }
  document.querySelectorAll("[data-spot-picker]").forEach(function (picker) {
    var group = picker.closest("fieldset") || picker.closest("form");
    var radios = group ? group.querySelectorAll('input[type="radio"][data-respot]') : [];
    if (!radios.length) { return; }
    picker.classList.add("is-ready");
    picker.querySelectorAll("[data-target]").forEach(function (target) {
      target.addEventListener("click", function () {
        var value = target.getAttribute("data-target");
        radios.forEach(function (radio) {
          if (radio.value === value) {
            radio.checked = true;
            radio.dispatchEvent(new Event("change", { bubbles: true }));
            radio.focus({ preventScroll: true });
          }
        });
      });
    });
    radios.forEach(function (radio) {
      radio.addEventListener("change", function () { if (radio.checked) { mark(picker, radio.value); } });
      if (radio.checked) { mark(picker, radio.value); }
    });
  });
})();

// A feedback page reached by sending an answer shows the feedback's own address, so that
// reloading or bookmarking it shows the feedback again instead of sending the form twice.
(function () {
  "use strict";
  var meta = document.querySelector('meta[name="baize-feedback-url"]');
  if (meta && window.history && window.history.replaceState) {
    window.history.replaceState(null, "", meta.getAttribute("content"));
  }
})();

// Diagrams (issue 13): before/after one at a time or side by side, and a zoom. Each
// diagram's button (or a click on the table) enlarges it over the whole screen and brings
// it back; Escape brings it back too. Without this script the diagrams stay one below the other.
(function () {
  "use strict";
  document.querySelectorAll("[data-diagrams]").forEach(function (box) {
    var views = box.querySelector(".diagram-views");
    if (views) {
      var buttons = views.querySelectorAll("[data-show]");
      var show = function (view) {
        box.setAttribute("data-view", view);
        buttons.forEach(function (button) {
          button.setAttribute("aria-pressed", String(button.getAttribute("data-show") === view));
        });
      };
      buttons.forEach(function (button) {
        button.addEventListener("click", function () { show(button.getAttribute("data-show")); });
      });
      views.hidden = false;
      show("before");
    }
    box.querySelectorAll("[data-zoom]").forEach(function (button) {
      var figure = button.closest("figure");
      var svg = figure.querySelector("svg");
      var zoom = function (on) {
        figure.classList.toggle("is-zoomed", on);
        document.documentElement.classList.toggle("has-zoom", on);
        button.focus({ preventScroll: !on });
        if (!on) { figure.scrollIntoView({ block: "nearest" }); }
      };
      button.hidden = false;
      figure.setAttribute("data-zoomable", "");
      button.addEventListener("click", function () { zoom(!figure.classList.contains("is-zoomed")); });
      if (svg) {
        svg.addEventListener("click", function () { zoom(!figure.classList.contains("is-zoomed")); });
      }
      figure.addEventListener("keydown", function (event) {
        if (event.key === "Escape" && figure.classList.contains("is-zoomed")) { zoom(false); }
      });
    });
  });
})();

// The stroke as an illustration (issue 13): the balls of the "before" diagram move to where
// they came to rest (the server gives each ball's path in data-motion), then the "after"
// diagram is shown. Never under prefers-reduced-motion; nothing is re-spotted.
(function () {
  "use strict";
  var still = window.matchMedia && window.matchMedia("(prefers-reduced-motion: reduce)").matches;
  if (still || !window.requestAnimationFrame) { return; }
  document.querySelectorAll("[data-diagrams][data-motion]").forEach(function (box) {
    var motion;
    try { motion = JSON.parse(box.getAttribute("data-motion") || "[]"); } catch (e) { return; }
    var button = box.querySelector("[data-play]");
    var note = box.querySelector("[data-play-note]");
    var balls = box.querySelectorAll("[data-diagram=before] svg .ball");
    if (!button || !motion.length || balls.length !== motion.length) { return; }
    button.hidden = false;
    var show = function (view) {
      var target = box.querySelector('[data-show="' + view + '"]');
      if (target) { target.click(); }
    };
    var place = function (ball, x, y, r) {
      ball.setAttribute("cx", x.toFixed(1));
      ball.setAttribute("cy", y.toFixed(1));
      if (r !== undefined) { ball.setAttribute("r", r.toFixed(1)); }
    };
    button.addEventListener("click", function () {
      var start = [], drawn = [];
      balls.forEach(function (ball) {
        drawn.push(["cx", "cy", "r"].map(function (name) { return ball.getAttribute(name); }));
        start.push(drawn[drawn.length - 1].map(Number));
      });
      button.disabled = true;
      if (note) { note.hidden = false; }
      show("before");
      var began = null, duration = 2600, contactAt = 0.35;
      var frame = function (now) {
        if (began === null) { began = now; }
        var t = Math.min(1, (now - began) / duration);
        motion.forEach(function (move, i) {
          var from = start[i], to = move.to, via = move.via;
          var x = from[0], y = from[1], r = from[2];
          if (via && t < contactAt) {
            var a = t / contactAt;
            x = from[0] + (via[0] - from[0]) * a; y = from[1] + (via[1] - from[1]) * a;
          } else if (t >= contactAt) {
            var b = (t - contactAt) / (1 - contactAt), o = via || from;
            x = o[0] + (to[0] - o[0]) * b; y = o[1] + (to[1] - o[1]) * b;
            if (move.potted) { r = from[2] * (1 - 0.7 * b); }
          } else if (via === undefined && t < contactAt) { return; }
          place(balls[i], x, y, r);
        });
        if (t < 1) { window.requestAnimationFrame(frame); return; }
        window.setTimeout(function () {
          balls.forEach(function (ball, i) {
            ball.setAttribute("cx", drawn[i][0]);
            ball.setAttribute("cy", drawn[i][1]);
            ball.setAttribute("r", drawn[i][2]);
          });
          button.disabled = false;
          show("after");
        }, 700);
      };
      window.requestAnimationFrame(frame);
    });
  });
})();
