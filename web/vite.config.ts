import { readFileSync } from 'node:fs';
import { defineConfig, type Plugin } from 'vite';
import react from '@vitejs/plugin-react';
import tailwindcss from '@tailwindcss/vite';

// `npm run dev` serves the API on PORT (3000 by default); the Vite dev server proxies to it.
const API_TARGET = process.env.API_URL ?? 'http://127.0.0.1:3000';

const LANGUAGES = ['uz', 'en', 'ru'] as const;
const CATEGORIES = ['school', 'kinder', 'office', 'loft'] as const;

/**
 * Puts the few texts of the static first paint (public/boot.js) into index.html as a JSON data
 * block, taken from the locale files so they never drift from what React then renders.
 */
function bootTexts(): Plugin {
  const locale = (language: string, namespace: string) =>
    JSON.parse(readFileSync(new URL(`./src/locales/${language}/${namespace}.json`, import.meta.url), 'utf8'));
  return {
    name: 'shop-boot-texts',
    transformIndexHtml(html) {
      const texts = Object.fromEntries(
        LANGUAGES.map((language) => {
          const common = locale(language, 'common');
          const storefront = locale(language, 'storefront');
          return [
            language,
            {
              ...storefront.home.hero,
              products: storefront.listing.title,
              categories: Object.fromEntries(
                CATEGORIES.map((category) => [category, common.categories[category].name]),
              ),
            },
          ];
        }),
      );
      const json = JSON.stringify(texts).replace(/</g, '\\u003c');
      return html.replace(
        '<!--boot-text-->',
        `<script type="application/json" id="boot-text">${json}</script>`,
      );
    },
  };
}

/**
 * In the build, the app's module script and its modulepreload links wait in a <template> that
 * public/boot.js turns into real tags right after the first paint: the header and hero (or the
 * listing with its first images) then only wait for the HTML and the CSS, not for ~0.5 MB of
 * JavaScript downloading beside them. The tags keep their usual form inside the template.
 */
function deferAppScripts(): Plugin {
  return {
    name: 'shop-defer-app-scripts',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      handler(html, context) {
        const tags: string[] = [];
        // main.tsx loads the app in stages with import(): preload those chunks with the entry, so
        // nothing waits on a request chain (and the first-load size counts them).
        const bundle = context.bundle ?? {};
        const entry = context.chunk;
        const staged = new Set<string>();
        const visit = (fileName: string) => {
          const chunk = bundle[fileName];
          if (!chunk || chunk.type !== 'chunk' || staged.has(fileName) || fileName === entry?.fileName)
            return;
          staged.add(fileName);
          chunk.imports.forEach(visit);
        };
        entry?.dynamicImports.forEach(visit);
        const preloads = [...staged].filter((fileName) => !html.includes(`/${fileName}"`));
        const rest = html.replace(
          /\s*<(?:script type="module"[^>]*><\/script>|link rel="modulepreload"[^>]*>)/g,
          (tag) => {
            tags.push(tag.trim());
            return '';
          },
        );
        if (tags.length === 0) return html;
        tags.push(
          ...preloads.map((fileName) => `<link rel="modulepreload" crossorigin href="/${fileName}">`),
        );
        return rest.replace(
          '</head>',
          `  <template id="boot-scripts">\n      ${tags.join('\n      ')}\n    </template>\n  </head>`,
        );
      },
    },
  };
}

export default defineConfig({
  plugins: [react(), tailwindcss(), bootTexts(), deferAppScripts()],
  server: {
    proxy: {
      '/api': API_TARGET,
      '/uploads': API_TARGET,
    },
  },
  build: {
    target: 'es2022',
    // The back office is reached only through React.lazy(import('features/admin/admin-app')), so
    // Rolldown already puts it in its own chunks; a manualChunks rule for it pulled the shared
    // vendor code into the admin chunk and made the storefront preload it.
  },
});
