import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { loadConfig } from './config.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-seed-demo-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const seeds = (env: Record<string, string>) => loadConfig({ DATA_DIR: dataDir, ...env }).seedDemoData;

describe('SEED_DEMO', () => {
  it('loads the demo products while trying the shop, as the README promises', () => {
    expect(seeds({})).toBe(true);
    expect(seeds({ SEED_DEMO: 'off' })).toBe(false);
  });

  it('leaves a production shop empty unless asked', () => {
    const production = { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) };
    expect(seeds(production)).toBe(false);
    expect(seeds({ ...production, SEED_DEMO: 'on' })).toBe(true);
  });

  it('refuses a value other than on or off, naming the variable', () => {
    expect(() => seeds({ SEED_DEMO: 'yes' })).toThrow(/^SEED_DEMO: /);
  });
});
