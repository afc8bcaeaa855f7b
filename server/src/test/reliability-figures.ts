import { mkdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';

/**
 * One row of the table in docs/reliability.md. `test` names the row ("checkout storm"),
 * `variant` tells runs of the same row apart ("PGlite", "PostgreSQL").
 */
export interface ReliabilityFigure {
  test: string;
  variant?: string;
  figure: string;
  ok: boolean;
}

/**
 * Keeps a figure for the reliability report. A no-op unless `npm run test:reliability` set
 * RELIABILITY_FIGURES_DIR, so the same tests run quietly inside `npm test`.
 */
export function recordFigure(entry: ReliabilityFigure): void {
  const dir = process.env.RELIABILITY_FIGURES_DIR;
  if (!dir) return;
  mkdirSync(dir, { recursive: true });
  const slug = `${entry.test} ${entry.variant ?? ''}`
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
  writeFileSync(path.join(dir, `${slug}.json`), JSON.stringify(entry));
}
