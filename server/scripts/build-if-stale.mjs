#!/usr/bin/env node
// `npm start` builds the web app and the server only when a source is newer than the last build, so
// a restart to change a setting takes seconds instead of a full build. A build that finished writes
// a stamp in its output folder; no stamp (never built, or a build that stopped half way) builds again.
// `node build-if-stale.mjs [--dry-run] [root]`: --dry-run only says what would be built.
import { execSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, utimesSync, writeFileSync } from 'node:fs';
import { join, dirname } from 'node:path';
import { fileURLToPath } from 'node:url';

const args = process.argv.slice(2);
const dryRun = args.includes('--dry-run');
const root =
  args.find((arg) => !arg.startsWith('--')) ?? join(dirname(fileURLToPath(import.meta.url)), '..', '..');
const STAMP = '.built';

/** What each part is built from; the lock file and common's sources count for both. */
const PARTS = [
  {
    name: 'web',
    output: 'web/dist',
    sources: [
      'web/src',
      'web/public',
      'web/index.html',
      'web/vite.config.ts',
      'web/package.json',
      'web/scripts',
    ],
  },
  { name: 'server', output: 'server/dist', sources: ['server/src', 'server/scripts', 'server/package.json'] },
];
const SHARED = ['common/src', 'common/package.json', 'package-lock.json'];

/** The newest modification time under a file or folder (0 when it does not exist). */
function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  let latest = stat.mtimeMs;
  for (const entry of readdirSync(path)) latest = Math.max(latest, newest(join(path, entry)));
  return latest;
}

for (const part of PARTS) {
  const stamp = join(root, part.output, STAMP);
  const builtAt = existsSync(stamp) ? statSync(stamp).mtimeMs : 0;
  const changedAt = Math.max(...[...part.sources, ...SHARED].map((source) => newest(join(root, source))));
  if (builtAt > changedAt) {
    console.log(`${part.name}: up to date`);
    continue;
  }
  console.log(`${part.name}: building`);
  if (dryRun) continue;
  // Stamped with the time the build began: a source saved while it ran is newer, and builds next time.
  const began = new Date();
  execSync(`npm run build -w ${part.name}`, { cwd: root, stdio: 'inherit' });
  writeFileSync(stamp, `${began.toISOString()}\n`);
  utimesSync(stamp, began, began);
}
