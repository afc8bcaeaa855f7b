/* global window, document, Element, requestAnimationFrame */
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
  if (!modules.length) return;
  var asked = false;
  var preload = function () {
    if (asked) return;
    asked = true;
    modules.forEach(function (href) {
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      document.head.appendChild(link);
    });
  };
  // Whichever comes first. The frame after the first one that draws the content (the stylesheet is
  // in and the page's header parsed): on a slow phone the paint timing below is often told
  // 0.1-0.3 s late, behind the layouts that follow the paint, while animation frames keep their turn.
  var drawsContent = function () {
    var sheet = document.querySelector('link[rel="stylesheet"]');
    return Boolean(sheet && sheet.sheet) && document.querySelector('#root header') !== null;
  };
  var watchFrames = function () {
    if (asked || held.open || typeof requestAnimationFrame !== 'function') return;
    requestAnimationFrame(function () {
      if (drawsContent()) requestAnimationFrame(preload);
      else watchFrames();
    });
  };
  watchFrames();
  // The first contentful paint as the browser reports it (a page without the storefront's header).
  try {
    var observer = new PerformanceObserver(function (list) {
      if (!list.getEntriesByName('first-contentful-paint').length) return;
      observer.disconnect();
      preload();
    });
    observer.observe({ type: 'paint', buffered: true });
  } catch {
    // A browser without paint timing: the frames above, or the app's own start after the paint.
  }
})();
