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

  // The app's modules are asked for as soon as the page shows its content, not once the rest of the
  // document is parsed and laid out (on a slow phone that is ~0.3 s later); before the first paint
  // they would share the network with what it needs.
  var modules = ((document.currentScript && document.currentScript.getAttribute('data-modules')) || '')
    .split(' ')
    .filter(Boolean);
  if (!modules.length || typeof PerformanceObserver !== 'function') return;
  var preload = function () {
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
  };
  try {
    var observer = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      preload();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // A browser without paint timing: the app's own start asks for them after the paint.
  }
})();
