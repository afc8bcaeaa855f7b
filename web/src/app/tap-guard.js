/* global window, document, Element */
// Loaded in <head> before the page paints: until the app has hydrated, a tap on a marked control
// ([data-early-tap]) or a form's submit would do nothing (or post the form and reload the page).
// They are held here and carried out by the app once it is interactive (app/early-taps.ts); what is
// typed or picked meanwhile is kept too, since hydration keeps React's state, not the field's.
//
// It also starts the app's download (the page's modules, listed in its data-modules): it runs after
// the stylesheet has arrived, so the download does not slow the first paint, and it overlaps the
// time the phone spends laying out the page instead of starting after the paint (decision 027).
(function () {
  var modules = document.currentScript && document.currentScript.getAttribute('data-modules');
  (modules ? modules.split(' ') : []).forEach(function (href) {
    var link = document.createElement('link');
    link.rel = 'modulepreload';
    link.href = href;
    document.head.append(link);
  });
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
