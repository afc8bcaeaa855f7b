import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import type { ReliabilityFigure } from '../src/test/reliability-figures.js';

const usage = `npm run test:reliability [-- --quick]
  Runs the security tests and the load and fault runs (127.0.0.1 only), then writes the table of
  figures: to docs/reliability.md, or with --quick (shorter load runs, as CI does) to
  reports/reliability.md.`;

const { values } = parseArgs({
  options: { quick: { type: 'boolean', default: false }, help: { type: 'boolean', default: false } },
});
if (values.help) {
  console.log(usage);
  process.exit(0);
}

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const ROOT = path.resolve(SERVER_DIR, '..');
const REPORTS = path.join(ROOT, 'reports');
const FIGURES = path.join(REPORTS, 'reliability-figures');
const command = `npm run test:reliability${values.quick ? ' -- --quick' : ''}`;

/** The rows of the table, in the order a reader asks about them. */
const ROWS: { test: string; variants?: string[]; measures: string; optional?: Record<string, string> }[] = [
  {
    test: 'checkout storm',
    variants: ['PGlite', 'PostgreSQL'],
    measures: 'orders ok / refused / 5xx, final stock',
  },
  {
    test: 'one address flooding the checkout',
    variants: ['PGlite', 'PostgreSQL'],
    measures: 'orders placed from one address in 30 s, stock left for others',
  },
  { test: 'cancel / un-cancel race', variants: ['PGlite', 'PostgreSQL'], measures: 'units accounted for' },
  { test: 'staff edits vs orders', variants: ['PGlite', 'PostgreSQL'], measures: 'lost updates' },
  {
    test: 'browse load',
    variants: ['PGlite', 'PostgreSQL'],
    measures: 'errors, throughput, p50/p99, ÷ bare',
  },
  { test: 'kill -9 under load', variants: ['PGlite', 'PostgreSQL'], measures: 'acknowledged orders lost' },
  {
    test: 'payment forgery',
    variants: ['PGlite', 'PostgreSQL'],
    measures: 'forged provider calls accepted, state changed, secrets logged',
  },
  { test: 'provider call storm', variants: ['PGlite', 'PostgreSQL'], measures: 'payments per order' },
  {
    test: 'kill -9 between create and perform',
    variants: ['PGlite', 'PostgreSQL'],
    measures: 'acknowledged transactions lost',
  },
  {
    test: 'instalment contracts under kill -9',
    variants: ['PGlite', 'PostgreSQL'],
    measures: 'contracts confirmed twice, orders paid twice',
  },
  {
    test: 'database outage',
    variants: ['connection cut', 'server stopped'],
    measures: 'recovery without restart',
    optional: {
      'server stopped': 'runs only with RELIABILITY_STOP_POSTGRES=1, as it stops the local PostgreSQL',
    },
  },
  {
    test: 'disk full / unwritable uploads',
    measures: 'half-written products, orphan files',
    // Mounting the small tmpfs that plays the full disk takes root (CI runs as root).
    optional:
      process.getuid?.() === 0 ? undefined : { '': 'needs root, to mount a small tmpfs as the full disk' },
  },
  {
    test: 'kill -9 during a backup',
    measures: 'archives left under the name, cut archives restore accepted',
  },
  { test: 'SIGTERM', measures: 'in-flight requests finished, exit code' },
  { test: 'Telegram outage', measures: 'staff alerts lost or sent twice' },
  { test: 'SMS code guessing', measures: 'wrong guesses accepted, code void after 5 tries' },
  {
    test: 'SMS codes for one phone from many addresses',
    measures: 'codes sent (at most 10 an hour per phone)',
  },
  { test: 'Eskiz outage', measures: 'SMS codes lost or sent twice' },
  {
    test: 'Eskiz refusing every text',
    measures: 'shoppers not told their code failed, messages stuck, sent twice',
  },
  { test: 'Click fiscal API outage', measures: 'Click receipts lost or submitted twice' },
  {
    test: 'kill -9 with alerts pending',
    variants: ['PGlite', 'PostgreSQL'],
    measures: 'staff alerts lost or sent twice',
  },
  {
    test: 'order export 100 000 lines',
    variants: ['PGlite', 'PostgreSQL'],
    measures: 'first byte, resident memory the download adds (each format in a fresh process)',
  },
  { test: 'audit entry for every staff write', measures: 'staff writes without their entry' },
  { test: 'permission matrix', measures: 'routes × roles checked, violations' },
  { test: 'tokens', measures: 'bad tokens refused' },
  { test: 'bad-input corpus', measures: 'payloads sent, 5xx, stored scripts' },
  { test: 'property-based tests', measures: 'generated cases, failures' },
  { test: 'upload abuse', measures: 'cases refused' },
  { test: 'brute force', measures: 'attempts before 429' },
  { test: 'security headers', measures: 'responses without CSP / nosniff / frame denial' },
  { test: 'secrets in responses and logs', measures: 'hashes, tokens, passwords seen' },
];

rmSync(FIGURES, { recursive: true, force: true });
mkdirSync(FIGURES, { recursive: true });
const startedAt = new Date();
const vitest = spawnSync(
  'npx',
  [
    'vitest',
    'run',
    '-c',
    'vitest.reliability.config.ts',
    '--reporter=default',
    '--reporter=json',
    `--outputFile.json=${path.join(REPORTS, 'reliability.json')}`,
  ],
  {
    cwd: SERVER_DIR,
    stdio: 'inherit',
    env: { ...process.env, RELIABILITY_FIGURES_DIR: FIGURES, RELIABILITY_QUICK: values.quick ? '1' : '0' },
  },
);
const minutes = ((Date.now() - startedAt.getTime()) / 60_000).toFixed(1);

const figures = new Map<string, ReliabilityFigure>();
for (const file of readdirSync(FIGURES)) {
  const figure = JSON.parse(readFileSync(path.join(FIGURES, file), 'utf8')) as ReliabilityFigure;
  figures.set(`${figure.test}|${figure.variant ?? ''}`, figure);
}
const report = existsSync(path.join(REPORTS, 'reliability.json'))
  ? (JSON.parse(readFileSync(path.join(REPORTS, 'reliability.json'), 'utf8')) as {
      numPassedTests: number;
      numFailedTests: number;
      numPendingTests: number;
    })
  : undefined;

const lines: string[] = [];
let red = 0;
for (const row of ROWS) {
  for (const variant of row.variants ?? ['']) {
    // A row without variants takes the figure whichever database its test ran on.
    const figure = row.variants
      ? figures.get(`${row.test}|${variant}`)
      : [...figures.values()].find((candidate) => candidate.test === row.test);
    const name = variant ? `${row.test} (${variant})` : row.test;
    if (figure?.ok) {
      lines.push(`| ${name} | ${figure.figure} | ✅ green |`);
    } else if (!figure && row.optional?.[variant]) {
      lines.push(`| ${name} | not run: ${row.optional[variant]} | ⏭ skipped |`);
    } else {
      red += 1;
      lines.push(
        `| ${name} | ${row.measures}: ${figure ? figure.figure : 'no figure: failed or did not run'} | ❌ red |`,
      );
    }
  }
}

const pgVersion =
  spawnSync('psql', ['--version'], { encoding: 'utf8' }).stdout?.trim() || 'PostgreSQL: unknown';
const markdown = `# Reliability and security figures

Produced by \`${command}\` on ${startedAt.toISOString().slice(0, 16).replace('T', ' ')} UTC
(${minutes} min; ${os.cpus().length} cores, Node ${process.versions.node}, ${pgVersion}).
${report ? `Tests: ${report.numPassedTests} passed, ${report.numFailedTests} failed, ${report.numPendingTests} skipped.` : 'Tests: no report.'}
${values.quick ? '\nQuick run (as in CI): the browse load runs 5 s instead of 30 s.\n' : ''}
| test | figure | result |
|---|---|---|
${lines.join('\n')}

Timings on this 2-core machine are noisy: a load figure is one run, and its ratio to a bare
Fastify route measured in the same run is the figure to compare, not the absolute rate.
How each row is produced, and what it does not cover: [reliability-method.md](reliability-method.md).
`;

const target = values.quick
  ? path.join(REPORTS, 'reliability.md')
  : path.join(ROOT, 'docs', 'reliability.md');
writeFileSync(target, markdown);
console.log(`\n${markdown}\nWritten to ${path.relative(ROOT, target)}`);
if (red > 0) console.error(`${red} row(s) of the table are red.`);
process.exit(vitest.status === 0 && red === 0 ? 0 : 1);
