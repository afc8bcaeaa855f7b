import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';

const script = path.resolve(import.meta.dirname, '..', '..', 'scripts', 'build-if-stale.mjs');
let root = '';
afterEach(() => rmSync(root, { recursive: true, force: true }));

/** A file at `relative` under the temporary checkout, last changed `minutesAgo`. */
function file(relative: string, minutesAgo: number) {
  const full = path.join(root, relative);
  mkdirSync(path.dirname(full), { recursive: true });
  writeFileSync(full, relative);
  const at = new Date(Date.now() - minutesAgo * 60_000);
  utimesSync(full, at, at);
}

/** What `npm start` would build in the checkout, without building it. */
function plan(): string[] {
  const result = spawnSync(process.execPath, [script, '--dry-run', root], { encoding: 'utf8' });
  expect(result.stderr).toBe('');
  expect(result.status).toBe(0);
  return result.stdout.trim().split('\n');
}

/** A checkout built 10 minutes ago from sources 20 minutes old. */
function builtCheckout() {
  root = mkdtempSync(path.join(os.tmpdir(), 'build-if-stale-'));
  for (const source of ['web/src/main.tsx', 'server/src/main.ts', 'common/src/index.ts', 'package-lock.json'])
    file(source, 20);
  // Folders take the time their last entry was added: as old as the sources.
  for (const folder of ['web/src', 'server/src', 'common/src', 'web', 'server', 'common'])
    utimesSync(
      path.join(root, folder),
      new Date(Date.now() - 20 * 60_000),
      new Date(Date.now() - 20 * 60_000),
    );
  file('web/dist/.built', 10);
  file('server/dist/.built', 10);
}

describe('npm start builds only what changed', () => {
  it('builds nothing when every output is newer than its sources (a restart for a setting)', () => {
    builtCheckout();
    expect(plan()).toEqual(['web: up to date', 'server: up to date']);
  });

  it("builds the part whose source changed, and both for common's or the lock file's change", () => {
    builtCheckout();
    file('server/src/main.ts', 1);
    expect(plan()).toEqual(['web: up to date', 'server: building']);
    file('common/src/index.ts', 1);
    expect(plan()).toEqual(['web: building', 'server: building']);
  });

  it('builds a part never built, or whose last build stopped before its stamp', () => {
    builtCheckout();
    rmSync(path.join(root, 'web/dist/.built'));
    expect(plan()).toEqual(['web: building', 'server: up to date']);
  });
});
