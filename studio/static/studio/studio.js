/* The scenario studio: a to-scale table to set balls on, the stroke's controls, and the
 * engine's live verdict. Everything the page needs comes from data-* attributes; the
 * case is kept in the form's hidden "case" field, so saving works like any form. */
(function () {
  "use strict";

  var form = document.getElementById("studio-form");
  if (!form) { return; }

  var SVGNS = "http://www.w3.org/2000/svg";
  // The referee case's frame (mm): x across the table, y along it (spec §2).
  var WIDTH = 1778, LENGTH = 3569, RADIUS = 26.25, MIN_DISTANCE = 52.4;
  // A ball's pointer target on the screen, in CSS pixels (WCAG 2.5.8: 24 at least).
  var HIT_PX = 28;
  var SPOTS = {
    yellow: [1181, 737], green: [597, 737], brown: [889, 737],
    blue: [889, 1784.5], pink: [889, 2676.75], black: [889, 3245]
  };
  var STYLE = {
    white: ["#f7f5ec", "#1b1b1b"], red: ["#d0102e", "#ffd9de"], yellow: ["#ffd22e", "#1b1b1b"],
    green: ["#35c95b", "#0b0b0b"], brown: ["#8a4f18", "#f3dcc0"], blue: ["#1e5fe0", "#dbe6ff"],
    pink: ["#f59ac4", "#1b1b1b"], black: ["#121212", "#e0e0e0"]
  };
  var COLOURS = ["yellow", "green", "brown", "blue", "pink", "black"];
  var caseInput = form.querySelector("input[name=case]");
  var csrf = form.querySelector("input[name=csrfmiddlewaretoken]").value;

  var NUMBER = new Intl.NumberFormat(document.documentElement.lang || "en");
  function msg(name) { return form.dataset["msg" + name] || ""; }
  function round(value) { return Math.round(value * 10) / 10; }

  function ballNames() {
    var names = {};
    form.querySelectorAll("[data-tray-ball]").forEach(function (button) {
      names[button.dataset.trayBall] = button.textContent.trim();
    });
    return names;
  }
  var NAMES = ballNames();

  // --- one table (before, or after the stroke) -------------------------------------
  function Table(root, onChange) {
    this.root = root;
    this.svg = root.querySelector("svg");
    this.status = root.querySelector("[data-table-status]");
    this.items = [];
    this.selected = null;
    this.onChange = onChange;
    // Each ball has a wider invisible circle under the balls, at least HIT_PX across on the
    // screen: a 9 px ball on a phone is still a target a finger can take (issue 22).
    this.hits = document.createElementNS(SVGNS, "g");
    this.hits.setAttribute("class", "studio-hits");
    this.hits.setAttribute("aria-hidden", "true");
    this.svg.appendChild(this.hits);
    this.layer = document.createElementNS(SVGNS, "g");
    this.layer.setAttribute("class", "studio-balls");
    this.svg.appendChild(this.layer);
    // The chosen ball is ringed, not recoloured: a dark ring and a white one round it read
    // on the cloth and on every ball (a yellow stroke looked like the yellow ball).
    this.ring = document.createElementNS(SVGNS, "g");
    this.ring.setAttribute("class", "selection-ring");
    this.ring.setAttribute("aria-hidden", "true");
    [["#111111", 6, RADIUS + 18], ["#ffffff", 2.5, RADIUS + 18]].forEach(function (spec) {
      var circle = document.createElementNS(SVGNS, "circle");
      circle.setAttribute("r", String(spec[2]));
      circle.setAttribute("fill", "none");
      circle.setAttribute("stroke", spec[0]);
      circle.setAttribute("stroke-width", String(spec[1]));
      circle.setAttribute("vector-effect", "non-scaling-stroke");
      this.ring.appendChild(circle);
    }, this);
    this.ring.style.display = "none";
    this.svg.appendChild(this.ring);
    this.svg.setAttribute("tabindex", "-1");
    // Its balls are buttons: the drawing is a group of controls here, not an image.
    this.svg.setAttribute("role", "group");
    this.bind();
  }

  Table.prototype.say = function (text, refused) {
    this.status.textContent = text;
    this.status.classList.toggle("is-refused", !!refused);
  };

  Table.prototype.problem = function (ball, x, y, ignore) {
    if (x < RADIUS - 0.05 || x > WIDTH - RADIUS + 0.05 || y < RADIUS - 0.05 || y > LENGTH - RADIUS + 0.05) {
      return msg("OffBed");
    }
    for (var i = 0; i < this.items.length; i++) {
      var other = this.items[i];
      if (other === ignore) { continue; }
      var dx = other.x - x, dy = other.y - y;
      if (dx * dx + dy * dy < MIN_DISTANCE * MIN_DISTANCE) { return msg("Overlap"); }
    }
    if (ball === "red" && !ignore && this.count("red") >= 15) { return msg("Full"); }
    if (ball !== "red" && !ignore && this.count(ball) >= 1) { return null; }
    return null;
  };

  Table.prototype.count = function (ball) {
    return this.items.filter(function (item) { return item.ball === ball; }).length;
  };

  Table.prototype.placeRing = function (cx, cy) {
    this.ring.querySelectorAll("circle").forEach(function (circle) {
      circle.setAttribute("cx", String(cx));
      circle.setAttribute("cy", String(cy));
    });
  };

  Table.prototype.hitRadius = function () {
    // Millimetres for HIT_PX / 2 screen pixels at the size the table is drawn now.
    var m = this.layer.getScreenCTM();
    var scale = m ? Math.hypot(m.a, m.b) : 0;
    return scale > 0 ? Math.max(RADIUS, HIT_PX / 2 / scale) : RADIUS * 3;
  };

  Table.prototype.resizeHits = function () {
    var r = String(this.hitRadius());
    this.items.forEach(function (item) { item.hit.setAttribute("r", r); });
  };

  Table.prototype.draw = function (item) {
    item.el.setAttribute("cx", String(item.y));
    item.el.setAttribute("cy", String(item.x));
    item.hit.setAttribute("cx", String(item.y));
    item.hit.setAttribute("cy", String(item.x));
    if (item === this.selected) { this.placeRing(item.y, item.x); }
    item.el.setAttribute("aria-label", NAMES[item.ball] + " (" + NUMBER.format(round(item.x)) + ", " + NUMBER.format(round(item.y)) + ")");
  };

  Table.prototype.add = function (ball, x, y, quiet) {
    var existing = ball === "red" ? null : this.items.filter(function (i) { return i.ball === ball; })[0];
    if (existing) { return this.move(existing, x, y); }
    var refusal = this.problem(ball, x, y, null);
    if (refusal) { this.say(refusal, true); return false; }
    var el = document.createElementNS(SVGNS, "circle");
    el.setAttribute("r", String(RADIUS));
    el.setAttribute("fill", STYLE[ball][0]);
    el.setAttribute("stroke", STYLE[ball][1]);
    el.setAttribute("stroke-width", "1.5");
    el.setAttribute("vector-effect", "non-scaling-stroke");
    el.setAttribute("class", "ball studio-ball ball-" + ball);
    el.setAttribute("tabindex", "0");
    el.setAttribute("role", "button");
    el.dataset.ball = ball;
    var hit = document.createElementNS(SVGNS, "circle");
    hit.setAttribute("class", "studio-hit");
    hit.setAttribute("fill", "#000");
    hit.setAttribute("fill-opacity", "0");
    hit.setAttribute("r", String(this.hitRadius()));
    var item = { ball: ball, x: x, y: y, el: el, hit: hit };
    el.studioItem = item;
    hit.studioItem = item;
    this.items.push(item);
    this.hits.appendChild(hit);
    this.layer.appendChild(el);
    this.draw(item);
    if (!quiet) { this.select(item); this.say(msg("Placed")); this.onChange(); }
    return true;
  };

  Table.prototype.move = function (item, x, y) {
    var refusal = this.problem(item.ball, x, y, item);
    if (refusal) {
      this.say(refusal, true);
      item.el.classList.add("is-refused");
      window.setTimeout(function () { item.el.classList.remove("is-refused"); }, 600);
      this.draw(item);
      return false;
    }
    item.x = round(x); item.y = round(y);
    this.draw(item);
    this.say("");
    this.onChange();
    return true;
  };

  Table.prototype.remove = function (item) {
    if (!item) { return; }
    this.items = this.items.filter(function (other) { return other !== item; });
    item.el.remove();
    item.hit.remove();
    if (this.selected === item) { this.selected = null; this.ring.style.display = "none"; }
    this.say(msg("Removed"));
    this.onChange();
  };

  Table.prototype.select = function (item) {
    if (this.selected) { this.selected.el.classList.remove("is-selected"); }
    this.selected = item;
    this.ring.style.display = item ? "" : "none";
    if (item) {
      item.el.classList.add("is-selected");
      this.placeRing(item.y, item.x);
      item.el.focus({ preventScroll: true });
    }
  };

  Table.prototype.free = function (x, y, ball) {
    // The nearest point to (x, y) where ``ball`` fits, searched in rings of one ball.
    for (var ring = 0; ring < 40; ring++) {
      var steps = Math.max(1, ring * 6);
      for (var k = 0; k < steps; k++) {
        var angle = (2 * Math.PI * k) / steps;
        var px = x + ring * 53 * Math.sin(angle), py = y + ring * 53 * Math.cos(angle);
        if (!this.problem(ball, px, py, null)) { return [round(px), round(py)]; }
      }
    }
    return null;
  };

  Table.prototype.addFromTray = function (ball) {
    var start = SPOTS[ball] || (ball === "white" ? [889, 600] : [889, 2760]);
    var point = this.free(start[0], start[1], ball);
    if (!point) { this.say(ball === "red" && this.count("red") >= 15 ? msg("Full") : msg("Overlap"), true); return; }
    this.add(ball, point[0], point[1]);
  };

  Table.prototype.snap = function (item) {
    if (!item) { return; }
    var target = SPOTS[item.ball];
    if (!target) {
      var best = null;
      Object.keys(SPOTS).forEach(function (name) {
        var s = SPOTS[name], d = Math.hypot(s[0] - item.x, s[1] - item.y);
        if (!best || d < best[0]) { best = [d, s]; }
      });
      target = best[1];
    }
    this.move(item, target[0], target[1]);
  };

  Table.prototype.point = function (event) {
    var p = this.svg.createSVGPoint();
    p.x = event.clientX; p.y = event.clientY;
    var local = p.matrixTransform(this.layer.getScreenCTM().inverse());
    return { x: local.y, y: local.x };
  };

  Table.prototype.inside = function (event) {
    var box = this.svg.getBoundingClientRect();
    return event.clientX >= box.left && event.clientX <= box.right &&
      event.clientY >= box.top && event.clientY <= box.bottom;
  };

  Table.prototype.positions = function () {
    var out = {};
    this.items.forEach(function (item) {
      var xy = [item.x, item.y];
      if (item.ball === "red") { (out.red = out.red || []).push(xy); } else { out[item.ball] = xy; }
    });
    return out;
  };

  Table.prototype.load = function (positions) {
    var self = this;
    this.items.slice().forEach(function (item) { item.el.remove(); item.hit.remove(); });
    this.items = []; this.selected = null; this.ring.style.display = "none";
    Object.keys(positions || {}).forEach(function (ball) {
      if (!STYLE[ball]) { return; }
      var list = ball === "red" ? positions.red : [positions[ball]];
      (list || []).forEach(function (xy) {
        if (Array.isArray(xy) && xy.length === 2) { self.forceAdd(ball, Number(xy[0]), Number(xy[1])); }
      });
    });
  };

  Table.prototype.forceAdd = function (ball, x, y) {
    // Loading a saved case: drawn as it is, even where the engine will object.
    var before = this.problem;
    this.problem = function () { return null; };
    this.add(ball, x, y, true);
    this.problem = before;
  };

  Table.prototype.markProblems = function (problems, path) {
    this.items.forEach(function (item) { item.el.classList.remove("has-problem"); });
    var reds = this.items.filter(function (item) { return item.ball === "red"; });
    var self = this;
    problems.forEach(function (problem) {
      if (problem.path.indexOf(path + ".") !== 0) { return; }
      var rest = problem.path.slice(path.length + 1);
      var match = /^(\w+)(?:\[(\d+)\])?/.exec(rest);
      if (!match) { return; }
      var item = match[1] === "red" ? reds[Number(match[2] || 0)]
        : self.items.filter(function (i) { return i.ball === match[1]; })[0];
      if (item) { item.el.classList.add("has-problem"); }
    });
  };

  Table.prototype.bind = function () {
    var self = this;
    var drag = null;
    this.root.querySelectorAll("[data-tray-ball]").forEach(function (button) {
      button.addEventListener("click", function () {
        if (button.dataset.dragged === "1") { button.dataset.dragged = ""; return; }
        self.addFromTray(button.dataset.trayBall);
      });
      button.addEventListener("pointerdown", function (event) {
        if (event.button !== 0) { return; }
        drag = { ball: button.dataset.trayBall, fromTray: true, button: button,
                 startX: event.clientX, startY: event.clientY, ghost: null };
      });
    });
    // The targets keep their size on the screen when the table is resized or first shown.
    if (window.ResizeObserver) {
      new ResizeObserver(function () { self.resizeHits(); }).observe(this.svg);
    }
    this.svg.addEventListener("pointerdown", function (event) {
      var item = event.target.studioItem;
      if (!item || event.button !== 0) { return; }
      event.preventDefault();
      self.select(item);
      drag = { item: item, fromX: item.x, fromY: item.y };
    });
    document.addEventListener("pointermove", function (event) {
      if (!drag) { return; }
      if (drag.fromTray) {
        if (!drag.ghost && Math.hypot(event.clientX - drag.startX, event.clientY - drag.startY) > 4) {
          drag.ghost = document.createElement("span");
          drag.ghost.className = "drag-ghost swatch swatch-" + drag.ball;
          document.body.appendChild(drag.ghost);
        }
        if (drag.ghost) {
          drag.ghost.style.left = (event.clientX - 9) + "px";
          drag.ghost.style.top = (event.clientY - 9) + "px";
        }
        return;
      }
      var p = self.point(event);
      drag.item.el.setAttribute("cx", String(p.y));
      drag.item.el.setAttribute("cy", String(p.x));
      drag.item.hit.setAttribute("cx", String(p.y));
      drag.item.hit.setAttribute("cy", String(p.x));
      self.placeRing(p.y, p.x);
      drag.item.el.classList.toggle("is-refused", !!self.problem(drag.item.ball, p.x, p.y, drag.item));
    });
    document.addEventListener("pointerup", function (event) {
      if (!drag) { return; }
      var current = drag; drag = null;
      if (current.fromTray) {
        if (!current.ghost) { return; }
        current.ghost.remove();
        current.button.dataset.dragged = "1";
        window.setTimeout(function () { current.button.dataset.dragged = ""; }, 0);
        if (!self.inside(event)) { self.say(msg("DroppedOutside"), true); return; }
        var at = self.point(event);
        self.add(current.ball, round(at.x), round(at.y));
        return;
      }
      current.item.el.classList.remove("is-refused");
      // Dropped beyond the drawing: an author who lets go off the table expects nothing to
      // happen silently; the ball stays where it was and the page says how to remove it.
      if (!self.inside(event)) { self.draw(current.item); self.say(msg("Kept"), true); return; }
      var q = self.point(event);
      if (Math.hypot(q.x - current.fromX, q.y - current.fromY) < 0.5) { self.draw(current.item); return; }
      self.move(current.item, q.x, q.y);
    });
    this.svg.addEventListener("focusin", function (event) {
      if (event.target.studioItem) { self.select(event.target.studioItem); }
    });
    this.svg.addEventListener("keydown", function (event) {
      var item = self.selected;
      if (!item) { return; }
      var step = event.shiftKey ? 10 : 1;
      var moves = { ArrowRight: [0, step], ArrowLeft: [0, -step], ArrowDown: [step, 0], ArrowUp: [-step, 0] };
      if (moves[event.key]) {
        event.preventDefault();
        self.move(item, item.x + moves[event.key][0], item.y + moves[event.key][1]);
      } else if (event.key === "Delete" || event.key === "Backspace") {
        event.preventDefault(); self.remove(item);
      } else if (event.key === "s" || event.key === "S") {
        event.preventDefault(); self.snap(item);
      }
    });
    var snap = this.root.querySelector("[data-snap]");
    if (snap) { snap.addEventListener("click", function () { self.snap(self.selected); }); }
    var remove = this.root.querySelector("[data-remove]");
    if (remove) { remove.addEventListener("click", function () { self.remove(self.selected); }); }
  };

  // --- reading and writing the controls ----------------------------------------------
  function names(text) {
    return text.split(",").map(function (s) { return s.trim(); }).filter(Boolean);
  }
  function parseSides(text) {
    var sides = {};
    text.split(";").forEach(function (part) {
      var bits = part.split(":");
      if (bits.length === 2 && bits[0].trim()) { sides[bits[0].trim()] = names(bits[1]); }
    });
    return Object.keys(sides).length ? sides : null;
  }
  function formatSides(sides) {
    return Object.keys(sides || {}).map(function (side) { return side + ": " + sides[side].join(", "); }).join("; ");
  }

  function controls(section) {
    return Array.prototype.filter.call(form.querySelectorAll("[data-case]"), function (el) {
      return el.dataset.case.split(".")[0] === section;
    });
  }

  function readSection(section) {
    var out = {};
    controls(section).forEach(function (el) {
      if (el.disabled) { return; }
      var key = el.dataset.case.split(".")[1], type = el.dataset.type, value = el.value;
      if (type === "names") { if (names(value).length) { out[key] = names(value); } }
      else if (type === "sides") { var s = parseSides(value); if (s) { out[key] = s; } }
      else if (type === "str") { if (value) { out[key] = value; } }
      else if (type === "str-default-none") { if (value && value !== "none") { out[key] = value; } }
      else if (type === "int") { if (value !== "") { out[key] = /^-?\d+$/.test(value) ? Number(value) : value; } }
      else if (type === "bool") { if (el.checked) { out[key] = true; } }
      else if (type === "bool-default-true") { if (!el.checked) { out[key] = false; } }
      else if (type === "bool-false") { if (el.checked) { out[key] = false; } }
      else if (type === "tristate") { if (value) { out[key] = value === "yes"; } }
      else if (type === "radio") { if (el.checked && value !== "table") { out[key] = value; } }
      else if (type === "list") { out[key] = out[key] || []; if (el.checked) { out[key].push(value); } }
      else if (type === "pick") { out[key] = out[key] || []; if (value) { out[key].push(value); } }
      else if (type === "reds") { out[key] = out[key] || []; for (var i = 0; i < Number(value || 0); i++) { out[key].push("red"); } }
      else if (type === "balls") { out[key] = out[key] || []; if (el.checked) { out[key].push(value); } }
      else if (type === "infringement") {
        out[key] = out[key] || [];
        if (el.checked) {
          var ball = form.querySelector("[data-infringement-ball='" + value + "']");
          out[key].push(ball && ball.value ? value + ":" + ball.value : value);
        }
      }
    });
    ["touching", "occupied_spots", "potted", "off_table", "infringements"].forEach(function (key) {
      if (out[key] && !out[key].length) { delete out[key]; }
    });
    return out;
  }

  function writeSection(section, data) {
    controls(section).forEach(function (el) {
      var key = el.dataset.case.split(".")[1], type = el.dataset.type, value = data[key];
      if (type === "names") { el.value = (value || []).join(", "); }
      else if (type === "sides") { el.value = formatSides(value); }
      else if (type === "str" || type === "int") { el.value = value === undefined || value === null ? "" : String(value); }
      else if (type === "str-default-none") { el.value = value || "none"; }
      else if (type === "bool") { el.checked = value === true; }
      else if (type === "bool-default-true") { el.checked = value !== false; }
      else if (type === "bool-false") { el.checked = value === false; }
      else if (type === "tristate") { el.value = value === true ? "yes" : value === false ? "no" : ""; }
      else if (type === "radio") { el.checked = el.value === (value || "table"); }
      else if (type === "list") {
        el.checked = key === "colours" && value === undefined ? true : (value || []).indexOf(el.value) >= 0;
      }
      else if (type === "pick") { el.value = (value || [])[Number(el.dataset.firstContact) - 1] || ""; }
      else if (type === "reds") { el.value = String((value || []).filter(function (b) { return b === "red"; }).length); }
      else if (type === "balls") { el.checked = (value || []).indexOf(el.value) >= 0; }
      else if (type === "infringement") {
        var found = (value || []).filter(function (code) { return code.split(":")[0] === el.value; })[0];
        el.checked = !!found;
        var select = form.querySelector("[data-infringement-ball='" + el.value + "']");
        if (select) { select.value = found && found.indexOf(":") > 0 ? found.split(":")[1] : ""; }
      }
    });
  }

  // --- players, sides and scores -----------------------------------------------------
  function sides() {
    var state = readSection("state");
    if (state.sides) { return Object.keys(state.sides); }
    return state.players && state.players.length ? state.players : ["A", "B"];
  }
  function players() {
    var list = names(form.querySelector("[data-case='state.players']").value);
    return list.length ? list : ["A", "B"];
  }
  function fillSelect(select, values, keepEmpty) {
    var current = select.value;
    select.textContent = "";
    if (keepEmpty) { select.appendChild(new Option("—", "")); }
    values.forEach(function (value) { select.appendChild(new Option(value, value)); });
    select.value = values.indexOf(current) >= 0 ? current : (keepEmpty ? "" : values[0]);
  }
  var scoreBox = form.querySelector("[data-scores]");
  function refreshPeople(scores) {
    form.querySelectorAll("[data-player-select]").forEach(function (select) { fillSelect(select, players(), true); });
    form.querySelectorAll("[data-side-select]").forEach(function (select) { fillSelect(select, sides(), false); });
    var old = scores || readScores();
    scoreBox.textContent = "";
    sides().forEach(function (side) {
      var label = document.createElement("label");
      label.className = "inline";
      label.textContent = side + " ";
      var input = document.createElement("input");
      input.type = "number"; input.min = "0"; input.className = "narrow";
      input.dataset.scoreSide = side;
      input.value = old[side] === undefined ? "0" : String(old[side]);
      label.appendChild(input);
      scoreBox.appendChild(label);
    });
  }
  function readScores() {
    var scores = {};
    scoreBox.querySelectorAll("[data-score-side]").forEach(function (input) {
      if (input.value !== "") { scores[input.dataset.scoreSide] = /^-?\d+$/.test(input.value) ? Number(input.value) : input.value; }
    });
    return scores;
  }

  // --- the whole case ---------------------------------------------------------------
  var before = new Table(form.querySelector("[data-table='state.positions']"), changed);
  var afterRoot = form.querySelector("[data-table='stroke.positions_after']");
  var after = new Table(afterRoot, changed);
  var positionsOn = form.querySelector("[data-positions-on]");
  var afterOn = form.querySelector("[data-after-on]");
  var edgeOn = form.querySelector("[data-edge-on]");
  var redsCount = form.querySelector("[data-reds-count]");
  var redsLabel = form.querySelector("label[for=c-reds]").textContent.trim();

  function moment() { return form.querySelector("[data-moment]:checked").value; }

  function buildCase() {
    var state = readSection("state");
    var scores = readScores();
    if (Object.keys(scores).some(function (side) { return scores[side] !== 0; })) { state.scores = scores; }
    if (positionsOn.checked) { state.positions = before.positions(); }
    var out = { state: state };
    var ruleset = form.querySelector("[data-top=ruleset]");
    if (ruleset && ruleset.selectedIndex > 0) { out.ruleset = ruleset.value; }
    var variants = Array.prototype.filter.call(form.querySelectorAll("[data-top=variants]"), function (box) {
      return box.checked;
    }).map(function (box) { return box.value; });
    if (variants.length) { out.variants = variants; }
    if (moment() === "procedure") {
      var kind = form.querySelector("[data-procedure=kind]").value, procedure = { kind: kind };
      if (kind === "stalemate") {
        procedure.all_agree_restart = form.querySelector("[data-procedure=all_agree_restart]").checked;
        procedure.changed_after_period = form.querySelector("[data-procedure=changed_after_period]").checked;
      } else if (kind === "concede") {
        procedure.side = form.querySelector("[data-procedure=side]").value;
      }
      out.procedure = procedure;
      return out;
    }
    var stroke = readSection("stroke");
    if (edgeOn.checked) {
      stroke.edge = {
        ball: form.querySelector("[data-edge=ball]").value,
        fell: form.querySelector("[data-edge=fell]").value,
        involved: form.querySelector("[data-edge=involved]").checked,
        caused_foul: form.querySelector("[data-edge=caused_foul]").checked
      };
    }
    if (afterOn.checked) { stroke.positions_after = after.positions(); }
    out.stroke = stroke;
    return out;
  }

  function loadCase(data) {
    var state = data.state || {}, stroke = data.stroke || {};
    var ruleset = form.querySelector("[data-top=ruleset]");
    if (ruleset && data.ruleset) { ruleset.value = data.ruleset; }
    form.querySelectorAll("[data-top=variants]").forEach(function (box) {
      box.checked = (data.variants || []).indexOf(box.value) >= 0;
    });
    writeSection("state", state);
    refreshPeople(state.scores || {});
    positionsOn.checked = !!state.positions;
    before.load(state.positions || {});
    writeSection("stroke", stroke);
    edgeOn.checked = !!stroke.edge;
    if (stroke.edge) {
      ["ball", "fell"].forEach(function (k) { form.querySelector("[data-edge=" + k + "]").value = stroke.edge[k] || ""; });
      ["involved", "caused_foul"].forEach(function (k) { form.querySelector("[data-edge=" + k + "]").checked = !!stroke.edge[k]; });
    }
    afterOn.checked = !!stroke.positions_after;
    after.load(stroke.positions_after || {});
    var procedure = data.procedure;
    form.querySelectorAll("[data-moment]").forEach(function (radio) {
      radio.checked = radio.value === (procedure ? "procedure" : "stroke");
    });
    if (procedure) {
      form.querySelector("[data-procedure=kind]").value = procedure.kind || "stalemate";
      form.querySelector("[data-procedure=all_agree_restart]").checked = !!procedure.all_agree_restart;
      form.querySelector("[data-procedure=changed_after_period]").checked = !!procedure.changed_after_period;
      if (procedure.side) { form.querySelector("[data-procedure=side]").value = procedure.side; }
    }
  }

  function showState() {
    form.querySelectorAll("[data-counts]").forEach(function (el) { el.disabled = positionsOn.checked; });
    var reds = before.count("red");
    if (positionsOn.checked) {
      form.querySelector("[data-case='state.reds']").value = String(reds);
      redsCount.textContent = redsLabel + ": " + NUMBER.format(reds);
    } else {
      redsCount.textContent = "";
    }
    afterRoot.hidden = !afterOn.checked;
    form.querySelector("[data-edge-controls]").hidden = !edgeOn.checked;
    form.querySelectorAll("[data-moment-panel]").forEach(function (panel) {
      panel.hidden = panel.dataset.momentPanel !== moment();
    });
    var struck = form.querySelector("[data-case='stroke.struck']").checked;
    form.querySelector("[data-case='stroke.cue_ball_placed']").disabled = struck;
  }

  // --- the engine's verdict --------------------------------------------------------------
  var verdictBox = form.querySelector("[data-verdict]");
  var pending = null, timer = null, previewTimer = null;

  function post(url, body) {
    return fetch(url, {
      method: "POST", credentials: "same-origin", signal: body.signal,
      headers: { "Content-Type": "application/json", "X-CSRFToken": csrf },
      body: JSON.stringify(body.data)
    });
  }

  function element(tag, cls, text) {
    var el = document.createElement(tag);
    if (cls) { el.className = cls; }
    if (text !== undefined) { el.textContent = text; }
    return el;
  }

  function clearProblems() {
    form.querySelectorAll(".problem-inline").forEach(function (el) { el.remove(); });
    form.querySelectorAll(".has-problem").forEach(function (el) { el.classList.remove("has-problem"); });
  }

  function fieldFor(path) {
    var best = null;
    form.querySelectorAll("[data-field]").forEach(function (el) {
      var name = el.dataset.field;
      var matches = path === name || path.indexOf(name + ".") === 0 || path.indexOf(name + "[") === 0 ||
        path === "case." + name || path.indexOf("case." + name + ".") === 0 || path.indexOf("case." + name + "[") === 0;
      if (matches && (!best || name.length > best.dataset.field.length)) { best = el; }
    });
    return best;
  }

  function showProblems(problems) {
    clearProblems();
    problems.forEach(function (problem) {
      // With the balls on the table, the counts follow from it: their problems belong there.
      var path = positionsOn.checked && /^state\.(colours|reds|occupied_spots)/.test(problem.path)
        ? "state.positions" : problem.path;
      var field = fieldFor(path) || form.querySelector("[data-problems-for='(case)']");
      var where = field.querySelector("[data-problems-for]") || field;
      var note = element("p", "problem-inline");
      note.setAttribute("role", "alert");
      note.appendChild(element("strong", "", problem.field + ": "));
      var detail = element("span", "", problem.message);
      detail.lang = "en"; detail.dir = "ltr";
      note.appendChild(detail);
      note.dataset.problemPath = problem.path;
      if (where === field && field.tagName === "LABEL") { field.after(note); } else { where.appendChild(note); }
      field.classList.add("has-problem");
    });
    before.markProblems(problems, "state.positions");
    after.markProblems(problems, "stroke.positions_after");
  }

  function showVerdict(data) {
    var status = verdictBox.querySelector("[data-verdict-status]");
    var summary = verdictBox.querySelector("[data-verdict-summary]");
    var steps = verdictBox.querySelector("[data-verdict-explanation]");
    var list = verdictBox.querySelector("[data-verdict-problems]");
    summary.textContent = ""; steps.textContent = ""; list.textContent = "";
    showProblems(data.problems || []);
    if (!data.decision) {
      status.textContent = msg("Problems");
      status.className = "verdict-status is-problem";
      (data.problems || []).forEach(function (p) { list.appendChild(element("li", "", p.field + ": " + p.message)); });
      return;
    }
    status.textContent = data.decision.legal ? msg("Legal") : msg("Foul");
    status.className = "verdict-status " + (data.decision.legal ? "is-legal" : "is-foul");
    (data.summary || []).forEach(function (line) {
      summary.appendChild(element("dt", "", line.label));
      var dd = element("dd", "", line.value);
      dd.dataset.name = line.name;
      summary.appendChild(dd);
    });
    (data.explanation || []).forEach(function (step) {
      var li = element("li");
      li.appendChild(element("span", "rule", step.rule));
      li.appendChild(document.createTextNode(" " + step.text));
      steps.appendChild(li);
    });
  }

  function askVerdict() {
    var data = buildCase();
    caseInput.value = JSON.stringify(data);
    if (pending) { pending.abort(); }
    pending = new AbortController();
    verdictBox.setAttribute("aria-busy", "true");
    post(form.dataset.verdictUrl, { data: data, signal: pending.signal })
      .then(function (response) {
        return response.json().then(function (body) { return { ok: response.status < 500, status: response.status, body: body }; });
      })
      .then(function (result) {
        verdictBox.removeAttribute("aria-busy");
        if (result.status === 200 || result.status === 422) { showVerdict(result.body); return; }
        verdictBox.querySelector("[data-verdict-status]").textContent = result.body.error || msg("Error");
      })
      .catch(function (error) {
        if (error.name === "AbortError") { return; }
        verdictBox.removeAttribute("aria-busy");
        verdictBox.querySelector("[data-verdict-status]").textContent = msg("Error");
      });
  }

  function changed() {
    showState();
    window.clearTimeout(timer);
    timer = window.setTimeout(askVerdict, 40);
    schedulePreview();
  }

  // --- the words -------------------------------------------------------------------------
  var tabs = Array.prototype.slice.call(form.querySelectorAll("[data-tab]"));
  var lastField = {};
  function chooseTab(tab, focus) {
    tabs.forEach(function (other) {
      var on = other === tab;
      other.setAttribute("aria-selected", on ? "true" : "false");
      other.tabIndex = on ? 0 : -1;
      form.querySelector("[data-panel='" + other.dataset.tab + "']").hidden = !on;
    });
    if (focus) { tab.focus(); }
  }
  tabs.forEach(function (tab, index) {
    tab.addEventListener("click", function () { chooseTab(tab, false); });
    tab.addEventListener("keydown", function (event) {
      var rtl = document.documentElement.dir === "rtl";
      var next = { ArrowRight: rtl ? -1 : 1, ArrowLeft: rtl ? 1 : -1 }[event.key];
      if (next) { event.preventDefault(); chooseTab(tabs[(index + next + tabs.length) % tabs.length], true); }
    });
  });
  // The languages the chosen pool needs: practice and the shared pool every one, a
  // federation's own pool those its exams offer (the server says which, and checks again).
  var poolsLanguages = {};
  try { poolsLanguages = JSON.parse(form.dataset.poolsLanguages || "{}"); } catch (error) { poolsLanguages = {}; }
  function neededLanguages() {
    var audience = form.querySelector("[name=audience]");
    var federation = form.querySelector("[name=federation]");
    var key = audience && audience.value === "practice" ? "practice" : (federation && federation.value) || "shared";
    return poolsLanguages[key] || poolsLanguages.shared || [];
  }
  function showNeeded(needed) {
    var list = form.querySelector("[data-needed-list]");
    if (!list) { return; }
    list.textContent = tabs.filter(function (tab) { return needed.indexOf(tab.dataset.tab) >= 0; })
      .map(function (tab) { return tab.dataset.languageName; }).join(list.dataset.separator || ", ");
  }
  function tabState() {
    var english = "";
    var needed = neededLanguages();
    tabs.forEach(function (tab) {
      var code = tab.dataset.tab;
      var written = ["title", "narrative", "question"].map(function (name) {
        var input = form.querySelector("[name=" + name + "_" + code + "]");
        return !!input && input.value.trim() !== "";
      });
      var filled = written.every(Boolean), started = written.some(Boolean);
      var optional = needed.indexOf(code) < 0 && !started;
      tab.classList.toggle("is-complete", filled);
      tab.classList.toggle("is-optional", optional);
      tab.querySelector("[data-tab-state]").textContent =
        filled ? msg("Complete") : (optional ? msg("NotNeeded") : msg("Incomplete"));
    });
    showNeeded(needed);
    ["title", "narrative", "question", "note"].forEach(function (name) {
      var input = form.querySelector("[name=" + name + "_en]");
      english += " " + (input ? input.value.toLowerCase() : "");
    });
    form.querySelectorAll("[data-en]").forEach(function (term) {
      term.classList.toggle("is-suggested", english.indexOf(term.dataset.en.toLowerCase()) >= 0);
    });
  }
  form.querySelectorAll("[data-panel]").forEach(function (panel) {
    panel.addEventListener("focusin", function (event) {
      if (event.target.matches("input, textarea")) { lastField[panel.dataset.panel] = event.target; }
    });
    panel.querySelectorAll("[data-term]").forEach(function (term) {
      term.addEventListener("click", function () {
        var target = lastField[panel.dataset.panel] || panel.querySelector("textarea");
        var start = target.selectionStart || target.value.length, end = target.selectionEnd || start;
        target.value = target.value.slice(0, start) + term.dataset.term + target.value.slice(end);
        target.focus();
        target.selectionStart = target.selectionEnd = start + term.dataset.term.length;
        tabState(); schedulePreview();
      });
    });
  });

  // --- the preview ---------------------------------------------------------------------------
  var previewBox = form.querySelector("[data-preview]");
  var previewLanguage = form.querySelector("[data-preview-language]");
  function value(name) { var el = form.querySelector("[name=" + name + "]"); return el ? el.value : ""; }
  function schedulePreview() {
    window.clearTimeout(previewTimer);
    previewTimer = window.setTimeout(askPreview, 350);
  }
  function askPreview() {
    var language = previewLanguage.value;
    var data = {
      case: buildCase(), ask: value("ask"), ask_ball: value("ask_ball"), topic: value("topic"),
      difficulty: value("difficulty"), language: language, title: value("title_" + language), narrative: value("narrative_" + language),
      question: value("question_" + language), note: value("note_" + language)
    };
    post(form.dataset.previewUrl, { data: data }).then(function (response) {
      if (response.status !== 200) { return null; }
      return response.text();
    }).then(function (html) {
      if (html === null) { return; }
      previewBox.innerHTML = html;
      previewBox.lang = language;
      previewBox.dir = language === "fa" ? "rtl" : "ltr";
      previewBox.querySelectorAll("input, select, textarea, button").forEach(function (el) { el.disabled = true; });
    }).catch(function () { /* the preview waits for the next change */ });
  }
  previewLanguage.addEventListener("change", askPreview);

  // --- wiring ---------------------------------------------------------------------------------
  form.addEventListener("input", function (event) {
    if (event.target.closest("[data-panel]")) { tabState(); schedulePreview(); return; }
    if (event.target.matches("[name=ask], [name=ask_ball], [name=topic]")) { schedulePreview(); return; }
    if (event.target.matches("[data-case='state.players'], [data-case='state.sides']")) { refreshPeople(); }
    changed();
  });
  form.addEventListener("change", function (event) {
    if (event.target.closest("[data-panel]") || event.target.matches("[data-preview-language]")) { return; }
    if (event.target.matches("[name=audience], [name=federation]")) { tabState(); }
    if (event.target.matches("[name=ask], [name=ask_ball], [name=topic], [name=difficulty], [name=audience], [name=federation], [name=slug]")) {
      schedulePreview(); return;
    }
    if (event.target === afterOn && afterOn.checked && !after.items.length) { after.load(before.positions()); }
    changed();
  });
  form.addEventListener("submit", function () { caseInput.value = JSON.stringify(buildCase()); });

  var initial = {};
  try { initial = JSON.parse(caseInput.value || "{}"); } catch (error) { initial = {}; }
  loadCase(initial);
  tabState();
  changed();
})();
