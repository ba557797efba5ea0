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
      // With its feedback (the answer is in), the table opens as the stroke left it.
      var explained = box.closest(".explained");
      show(explained && explained.querySelector("[data-feedback]") ? "after" : "before");
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

// The explanation points at the table (issue 26). Each step that names a ball or a spot rings
// it on the diagrams of its question while the reader points at the step or moves to it with
// the Tab key; each colour the referee re-spots is drawn where he re-spots it (dashed outline).
// What the steps point at comes with the feedback, rendered only once the answer is submitted.
(function () {
  "use strict";
  var SVG = "http://www.w3.org/2000/svg";
  var BALL_RADIUS = 26.25;
  var shown = function (element) { return element.getClientRects().length > 0; };
  var circle = function (attributes) {
    var element = document.createElementNS(SVG, "circle");
    Object.keys(attributes).forEach(function (name) { element.setAttribute(name, attributes[name]); });
    element.setAttribute("pointer-events", "none");
    element.setAttribute("vector-effect", "non-scaling-stroke");
    return element;
  };
  var words = function (step, name) {
    return (step.getAttribute(name) || "").split(" ").filter(Boolean);
  };
  document.querySelectorAll("[data-feedback]").forEach(function (feedback) {
    var scope = feedback.closest(".explained");
    var box = scope && scope.querySelector("[data-diagrams]");
    if (!box) { return; }
    var isTable = function (svg) { return svg && !svg.classList.contains("table-schematic"); };
    var drawings = Array.prototype.slice.call(box.querySelectorAll("svg.table-diagram"));
    var hint = feedback.querySelector("[data-explanation-hint]");
    var points = [];
    try { points = JSON.parse(feedback.getAttribute("data-respots") || "[]"); } catch (e) { points = []; }
    var after = box.querySelector('[data-diagram="after"] svg.table-diagram');
    var respotOn = after || (drawings.length === 1 ? drawings[0] : null);
    if (isTable(respotOn) && points.length) {
      points.forEach(function (point) {
        respotOn.appendChild(circle({
          "class": "respot-mark", "data-respot": point.ball, cx: point.cx, cy: point.cy,
          r: BALL_RADIUS, fill: point.fill, "fill-opacity": "0.75", stroke: point.outline,
          "stroke-width": "2", "stroke-dasharray": "4 3"
        }));
      });
      var respotHint = feedback.querySelector("[data-respot-hint]");
      if (respotHint) { respotHint.hidden = false; }
    }
    var steps = feedback.querySelectorAll(".explanation li[data-balls]");
    if (!steps.length || !drawings.length) { return; }
    if (hint) { hint.hidden = false; }
    var clear = function () {
      box.querySelectorAll(".pointer-ring").forEach(function (ring) { ring.remove(); });
      steps.forEach(function (step) { step.classList.remove("is-pointing"); });
    };
    var point = function (step, bringIntoView) {
      clear();
      step.classList.add("is-pointing");
      var selectors = words(step, "data-balls").map(function (ball) { return '.ball[data-ball="' + ball + '"]'; })
        .concat(words(step, "data-spots").map(function (spot) { return '.spot[data-spot="' + spot + '"]'; }))
        .concat(words(step, "data-respotted").map(function (ball) { return '.respot-mark[data-respot="' + ball + '"]'; }));
      if (!selectors.length) { return; }
      var ringed = [];
      drawings.forEach(function (svg) {
        svg.querySelectorAll(selectors.join(",")).forEach(function (mark) {
          var r = Math.max(2.2 * Number(mark.getAttribute("r")), isTable(svg) ? 2.2 * BALL_RADIUS : 20);
          svg.appendChild(circle({
            "class": "pointer-ring", cx: mark.getAttribute("cx"), cy: mark.getAttribute("cy"),
            r: r, fill: "none", stroke: "#f5b700", "stroke-width": "4"
          }));
          ringed.push(svg);
        });
      });
      // Pointed at by keyboard or a tap: show a drawing where the rings are (a re-spot: the
      // one it is drawn on), and the table.
      if (!bringIntoView || !ringed.length) { return; }
      var respotted = words(step, "data-respotted").map(function (ball) {
        return box.querySelector('.respot-mark[data-respot="' + ball + '"]');
      }).filter(Boolean)[0];
      var wanted = respotted ? respotted.closest("svg") : (ringed.some(shown) ? null : ringed[0]);
      if (wanted && !shown(wanted)) {
        var figure = wanted.closest("[data-diagram]");
        var button = figure && box.querySelector('[data-show="' + figure.getAttribute("data-diagram") + '"]');
        if (button) { button.click(); }
      }
      var visible = ringed.filter(shown)[0];
      if (visible && visible.getBoundingClientRect().bottom < 0) {
        visible.scrollIntoView({ block: "nearest" });
      }
    };
    steps.forEach(function (step) {
      step.tabIndex = 0;
      step.addEventListener("mouseenter", function () { point(step, false); });
      step.addEventListener("mouseleave", clear);
      step.addEventListener("focus", function () { point(step, true); });
      step.addEventListener("blur", clear);
    });
  });
})();

// The answer just sent: the keyboard (and a screen reader) starts at its verdict, not at the
// top of the page (last, once the diagrams above it are laid out).
(function () {
  "use strict";
  var verdict = document.querySelector("[data-focus-on-load]");
  if (verdict) { verdict.focus(); }
})();
