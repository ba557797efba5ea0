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
