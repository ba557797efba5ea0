// Clicking a spot on the table diagram chooses it in the re-spot question.
// The list of radio buttons stays the way to answer by keyboard; this only adds the click.
(function () {
  "use strict";
  function mark(diagram, value) {
    diagram.querySelectorAll("[data-target]").forEach(function (target) {
      target.classList.toggle("is-chosen", target.getAttribute("data-target") === value);
    });
  }
  document.querySelectorAll("[data-diagram]").forEach(function (diagram) {
    var form = diagram.closest("form");
    var radios = form ? form.querySelectorAll('input[type="radio"][data-respot]') : [];
    if (!radios.length) { return; }
    diagram.classList.add("spots-clickable");
    diagram.querySelectorAll("[data-target]").forEach(function (target) {
      target.addEventListener("click", function () {
        var value = target.getAttribute("data-target");
        radios.forEach(function (radio) {
          if (radio.value === value) {
            radio.checked = true;
            radio.dispatchEvent(new Event("change", { bubbles: true }));
            radio.focus();
          }
        });
        mark(diagram, value);
      });
    });
    radios.forEach(function (radio) {
      radio.addEventListener("change", function () { mark(diagram, radio.value); });
    });
  });
})();
