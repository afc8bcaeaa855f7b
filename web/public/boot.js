/* global document, window */
// First paint before the app's JavaScript has run (see index.html): the hero of the home page or
// the listing's skeleton with the first products' images, in the language the app will choose.
// A plain script because the server's CSP allows no inline script; React replaces the shell.
(function boot() {
  // The app's module script and its preloads (see vite.config.ts) start once the shell is painted.
  var started = false;
  function startApp() {
    var template = document.getElementById('boot-scripts');
    if (started || !template) return;
    started = true;
    var tags = template.content.querySelectorAll('link, script');
    for (var t = 0; t < tags.length; t += 1) {
      var tag = document.createElement(tags[t].localName);
      for (var a = 0; a < tags[t].attributes.length; a += 1) {
        tag.setAttribute(tags[t].attributes[a].name, tags[t].attributes[a].value);
      }
      document.head.appendChild(tag);
    }
  }
  // The app starts once the first view is painted: after the page's load event (HTML, CSS, this
  // script) or, when given, a promise (the listing's first image), and one more frame.
  function startAfterPaint(after) {
    if (document.visibilityState === 'hidden' || typeof window.requestAnimationFrame !== 'function') {
      window.setTimeout(startApp, 0);
      return;
    }
    // A tab hidden meanwhile gets no animation frames; nothing waits longer than 3 s.
    document.addEventListener('visibilitychange', startApp, { once: true });
    window.setTimeout(startApp, 3000);
    var ready =
      after ||
      new Promise(function (resolve) {
        if (document.readyState === 'complete') resolve();
        else window.addEventListener('load', resolve, { once: true });
      });
    // Two frames: the first view has then been painted and presented, not just laid out.
    function next() {
      window.requestAnimationFrame(function () {
        window.requestAnimationFrame(function () {
          window.setTimeout(startApp, 0);
        });
      });
    }
    ready.then(next, next);
  }

  var main = document.getElementById('boot-main');
  var data = document.getElementById('boot-text');
  var texts = null;
  try {
    texts = main && data ? JSON.parse(data.textContent || '{}') : null;
  } catch {
    texts = null;
  }
  if (!texts || !texts.uz) {
    startAfterPaint(null);
    return;
  }

  // Same rule as src/lib/language.ts: the stored choice, then the browser's languages, then uz.
  function read(key) {
    try {
      return localStorage.getItem(key);
    } catch {
      return null;
    }
  }
  var language = read('language');
  if (!texts[language]) {
    language = 'uz';
    var tags = navigator.languages || [navigator.language || ''];
    for (var i = 0; i < tags.length; i += 1) {
      var base = String(tags[i]).toLowerCase().split(/[-_]/)[0];
      if (texts[base]) {
        language = base;
        break;
      }
    }
  }
  var text = texts[language];
  document.documentElement.lang = language;

  function escape(value) {
    return String(value).replace(/[&<>"]/g, function (c) {
      return { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' }[c];
    });
  }

  // Same rule as thumbnailUrl() of @shop/common.
  function thumbnail(image) {
    if (!image) return null;
    var url = String(image);
    if (/^https?:\/\//i.test(url)) return url;
    var at = url.indexOf('uploads/');
    url = at >= 0 ? '/' + url.slice(at) : '/uploads/products/' + url;
    if (url.indexOf('/uploads/products/') !== 0) return url;
    return '/uploads/products/thumbs/' + url.slice(18).replace(/\.[^./]+$/, '') + '.webp';
  }

  var path = window.location.pathname.replace(/\/+$/, '') || '/';
  if (path === '/') {
    main.innerHTML =
      '<div class="bg-gradient-to-br from-brand-800 via-brand-700 to-brand-600 text-white">' +
      '<div class="mx-auto flex max-w-7xl flex-col items-start gap-6 px-4 py-16 sm:py-24">' +
      '<p class="rounded-full bg-white/15 px-3 py-1 text-sm font-medium">' +
      escape(text.badge) +
      '</p><p class="max-w-3xl text-4xl font-extrabold leading-tight sm:text-5xl">' +
      escape(text.title) +
      '</p><p class="max-w-2xl text-lg text-blue-50">' +
      escape(text.subtitle) +
      '</p><span class="rounded-lg bg-accent-400 px-6 py-3 font-semibold text-stone-900 shadow">' +
      escape(text.cta) +
      '</span></div></div>';
    startAfterPaint(null);
    return;
  }
  if (path !== '/products') {
    startAfterPaint(null);
    return;
  }

  var params = new URLSearchParams(window.location.search);
  var category = params.get('category');
  var title = (category && text.categories[category]) || text.products;
  var cards = '';
  for (var n = 0; n < 3; n += 1) {
    cards +=
      '<li class="overflow-hidden rounded-xl border border-stone-200 bg-white shadow-sm">' +
      '<div class="boot-image aspect-square w-full bg-stone-100"></div>' +
      '<div class="flex flex-col gap-3 p-4"><div class="h-5 w-3/4 rounded bg-stone-200"></div>' +
      '<div class="h-4 w-24 rounded bg-stone-100"></div><div class="h-7 w-32 rounded bg-stone-200"></div>' +
      '<div class="h-9 rounded-lg bg-stone-200"></div></div></li>';
  }
  main.innerHTML =
    '<div class="mx-auto max-w-7xl px-4 py-8"><div class="mb-6">' +
    '<p class="text-2xl font-bold sm:text-3xl">' +
    escape(title) +
    '</p><div class="mt-1 h-5"></div></div><div class="grid gap-8 lg:grid-cols-[280px_1fr]">' +
    '<div class="hidden lg:block"></div><ul class="grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3">' +
    cards +
    '</ul></div></div>';

  // The default view of the listing (no filters in the URL, no session): fetch its first page now
  // and show the first images; the app takes the answer over instead of asking again.
  if (window.location.search || read('token')) {
    startAfterPaint(null);
    return;
  }
  var url = '/api/products?page=1&limit=9&status=active&sort=newest&category=all';
  var request = fetch(url, { headers: { accept: 'application/json' } }).then(function (response) {
    if (!response.ok) throw new Error('HTTP ' + response.status);
    return response.json();
  });
  window.__bootProducts = { url: url, data: request };
  // The app's JavaScript starts once the first image is in (or failed): it would otherwise share
  // the bandwidth with the image that makes the first view.
  var firstImage = request.then(function (page) {
    var slots = main.querySelectorAll('.boot-image');
    var docs = (page && page.docs) || [];
    var loads = [];
    for (var k = 0; k < slots.length && k < docs.length; k += 1) {
      var src = thumbnail(docs[k].productImages && docs[k].productImages[0]);
      if (!src) continue;
      var img = document.createElement('img');
      if (k === 0) {
        img.setAttribute('fetchpriority', 'high');
        loads.push(
          new Promise(function (resolve) {
            img.onload = function () {
              // `this`: the loop's `img` names the last image by then.
              if (typeof this.decode === 'function') this.decode().then(resolve, resolve);
              else resolve();
            };
            img.onerror = resolve;
          }),
        );
      }
      img.src = src;
      img.alt = '';
      img.width = 400;
      img.height = 400;
      img.className = 'aspect-square w-full bg-stone-100 object-cover';
      slots[k].replaceWith(img);
    }
    return Promise.all(loads);
  });
  startAfterPaint(firstImage);
})();
