/* global window, document, Element */
// Loaded in <head> before the page paints: until the app has hydrated, a tap on a marked control
// ([data-early-tap]) or a form's submit would do nothing (or post the form and reload the page).
// They are held here and carried out by the app once it is interactive (app/early-taps.ts); what is
// typed or picked meanwhile is kept too, since hydration keeps React's state, not the field's.
(function () {
  var held = { taps: [], fields: new Map(), open: false };
  window.__earlyTaps = held;
  // Open once the app has taken over what was held, not at hydration: a tap in between would reach
  // the app before the fields it reads.
  var live = function () {
    return held.open;
  };
  document.addEventListener(
    'click',
    function (event) {
      var control = event.target instanceof Element ? event.target.closest('[data-early-tap]') : null;
      if (!control || live()) return;
      event.preventDefault();
      held.taps.push({ kind: 'click', target: control });
    },
    true,
  );
  document.addEventListener(
    'submit',
    function (event) {
      if (live()) return;
      event.preventDefault();
      held.taps.push({ kind: 'submit', target: event.target });
    },
    true,
  );
  var remember = function (event) {
    var field = event.target;
    if (live() || !(field instanceof Element) || !('value' in field)) return;
    held.fields.set(field, { value: field.value, checked: field.checked === true });
  };
  document.addEventListener('input', remember, true);
  document.addEventListener('change', remember, true);
})();
