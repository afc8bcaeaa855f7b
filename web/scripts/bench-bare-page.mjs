// Part of npm run bench:web: builds the bare React page (bench-bare-react.js, React 19 in its
// production build, no aliases) and serves it the way the shop serves its files (brotli when
// asked for), on a port of its own.
import { createServer } from 'node:http';
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { brotliCompressSync, constants } from 'node:zlib';
import { build } from 'vite';

const here = path.dirname(fileURLToPath(import.meta.url));

const HTML = (script) =>
  `<!DOCTYPE html><html lang="en"><head><meta charset="UTF-8"><title>Bare React</title></head>` +
  `<body><div id="root"><p>A bare React page</p></div><script type="module" src="/${script}"></script></body></html>`;

/** Builds the page; resolves to its origin and a function that stops the server and removes the build. */
export async function serveBarePage(port) {
  const outDir = mkdtempSync(path.join(os.tmpdir(), 'shop-bench-bare-'));
  await build({
    configFile: false,
    root: here,
    logLevel: 'warn',
    mode: 'production',
    define: { 'process.env.NODE_ENV': JSON.stringify('production') },
    build: {
      outDir,
      emptyOutDir: true,
      target: 'es2022',
      rollupOptions: { input: path.join(here, 'bench-bare-react.js'), output: { entryFileNames: 'bare.js' } },
    },
  });
  const script = readdirSync(outDir).find((name) => name.endsWith('.js'));
  const code = readFileSync(path.join(outDir, script));
  const files = {
    '/': { type: 'text/html; charset=utf-8', body: Buffer.from(HTML(script)) },
    [`/${script}`]: { type: 'text/javascript', body: code },
  };
  const brotli = brotliCompressSync(code, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } });
  const server = createServer((request, response) => {
    const file = files[request.url ?? '/'];
    if (!file) return response.writeHead(404).end();
    const br = file.body === code && /\bbr\b/.test(request.headers['accept-encoding'] ?? '');
    response.writeHead(200, { 'content-type': file.type, ...(br ? { 'content-encoding': 'br' } : {}) });
    response.end(br ? brotli : file.body);
  });
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return {
    origin: `http://127.0.0.1:${port}`,
    brotliBytes: brotli.length,
    stop: async () => {
      await new Promise((resolve) => server.close(resolve));
      rmSync(outDir, { recursive: true, force: true });
    },
  };
}
