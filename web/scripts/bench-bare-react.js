// The bare React page of npm run bench:web: React 19 hydrating one paragraph, nothing else. Its
// first content → hydrated time, measured in the same run as the shop's pages, is what the shop's
// desktop gap is divided by (the machine's speed cancels out of the ratio).
/* global document */
import { createElement, useLayoutEffect } from 'react';
import { hydrateRoot } from 'react-dom/client';

function Page() {
  useLayoutEffect(() => {
    performance.mark('hydrated');
    performance.mark('page-hydrated');
  }, []);
  return createElement('p', null, 'A bare React page');
}

hydrateRoot(document.getElementById('root'), createElement(Page));
