import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The server package's folder, found by walking up from this module: the same answer whether the
 * code runs from `src/` (tsx in development) or from the bundle in `dist/` (`npm start`).
 */
function findServerRoot(): string {
  let dir = path.dirname(fileURLToPath(import.meta.url));
  while (!existsSync(path.join(dir, 'drizzle', 'meta', '_journal.json'))) {
    const parent = path.dirname(dir);
    if (parent === dir) throw new Error('cannot find the server folder (drizzle/meta/_journal.json)');
    dir = parent;
  }
  return dir;
}

export const SERVER_ROOT = findServerRoot();
/** Relative paths in the environment are taken from the repository root, wherever npm runs. */
export const REPO_ROOT = path.dirname(SERVER_ROOT);
export const MIGRATIONS_DIR = path.join(SERVER_ROOT, 'drizzle');
export const DEMO_IMAGES_DIR = path.join(SERVER_ROOT, 'src', 'seed', 'images');
