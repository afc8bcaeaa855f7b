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

  // The app's own modules (~120 KB brotli, the same on every page) are asked for now, at low
  // priority: this script arrives with the stylesheet, so their download starts as the stylesheet's
  // ends and goes on while the phone lays out and paints (~0.2 s at 4x CPU), where the link used to
  // stand idle until the paint and then wait a round trip. Measured at the slow profile, the app was
  // ready 53-421 ms sooner and the first content came ~50 ms later in the median (decision 027,
  // twelfth pass). The page's own route modules are asked for at the paint (below): asked now too,
  // they would be ten requests sharing the network with what the paint needs.
  var script = document.currentScript;
  var listed = function (name) {
    return ((script && script.getAttribute(name)) || '').split(' ').filter(Boolean);
  };
  var modules = listed('data-modules');
  if (!modules.length) return;
  var asked = Object.create(null);
  var ask = function (hrefs, priority) {
    hrefs.forEach(function (href) {
      if (asked[href]) return;
      asked[href] = true;
      var link = document.createElement('link');
      link.rel = 'modulepreload';
      link.href = href;
      if (priority) link.fetchPriority = priority;
      document.head.appendChild(link);
    });
  };
  ask(listed('data-app'), 'low');
  var painted = false;
  var preload = function () {
    if (painted) return;
    painted = true;
    ask(modules);
  };
  // Whichever comes first. The frame after the first one that draws the content (the stylesheet is
  // in and the page's header parsed): on a slow phone the paint timing below is often told
  // 0.1-0.3 s late, behind the layouts that follow the paint, while animation frames keep their turn.
  var drawsContent = function () {
    var sheet = document.querySelector('link[rel="stylesheet"]');
    return Boolean(sheet && sheet.sheet) && document.querySelector('#root header') !== null;
  };
  var watchFrames = function () {
    if (painted || held.open || typeof requestAnimationFrame !== 'function') return;
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
