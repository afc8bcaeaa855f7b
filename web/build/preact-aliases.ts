import type { Alias } from 'vite';

/**
 * The web app is written against React's API (react, react-dom, and the libraries built on them:
 * React Router, react-redux, react-toastify, lucide-react) and runs on Preact's compatibility layer:
 * in the browser, on the server and in the component tests alike (decision 027). React DOM alone
 * was ~50 KB brotli of the storefront's first load; Preact with its compat layer is ~11 KB.
 * Nothing in the app imports Preact: these aliases swap the runtime under every import, the
 * libraries' included, so a component is written, typed and tested as React code.
 */
export const PREACT_ALIASES: Alias[] = [
  { find: /^react-dom\/client$/, replacement: 'preact/compat/client' },
  { find: /^react-dom\/server$/, replacement: 'preact/compat/server' },
  { find: /^react-dom\/test-utils$/, replacement: 'preact/test-utils' },
  { find: /^react\/jsx-runtime$/, replacement: 'preact/compat/jsx-runtime' },
  { find: /^react\/jsx-dev-runtime$/, replacement: 'preact/compat/jsx-dev-runtime' },
  { find: /^react-dom$/, replacement: 'preact/compat' },
  { find: /^react$/, replacement: 'preact/compat' },
];

/**
 * Packages that import React themselves: a test run must compile them (not load them from
 * node_modules as they are) so that the aliases above reach their imports too, and every
 * component shares the one Preact.
 */
export const REACT_LIBRARIES = [
  '@reduxjs/toolkit',
  '@testing-library/react',
  'react-redux',
  'react-router',
  'react-toastify',
  'lucide-react',
];
