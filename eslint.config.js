import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import webBoundaries from './web/scripts/eslint-boundaries.mjs';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      'data/**',
      'test-results/**',
      'playwright-report/**',
      'reports/**',
      'server/drizzle/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks, web: webBoundaries },
    rules: { ...reactHooks.configs.recommended.rules, 'web/module-boundaries': 'error' },
  },
  {
    // The web app runs on Preact (decision 027), which leaves these tags where they are rendered,
    // in <body>: React 19 moved them into <head>. Only the page's Head puts them there.
    files: ['web/src/**/*.tsx'],
    ignores: ['web/src/components/seo/**', 'web/src/app/document.tsx', 'web/src/back-office/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'JSXOpeningElement[name.name=/^(title|meta|link|base)$/]',
          message:
            'Head tags go through PageHead or Head (components/seo): on Preact a <title>, <meta> or <link> stays in <body>.',
        },
      ],
    },
  },
);
