import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { ConfigError, loadConfig } from './config.js';

const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-fiscal-config-'));
afterAll(() => rmSync(dataDir, { recursive: true, force: true }));

const load = (env: NodeJS.ProcessEnv) => loadConfig({ DATA_DIR: dataDir, ...env });
function variableRefused(env: NodeJS.ProcessEnv): string {
  try {
    load(env);
  } catch (error) {
    if (error instanceof ConfigError) return error.variable;
    throw error;
  }
  throw new Error('accepted');
}

describe('fiscal configuration', () => {
  it('defaults to 12 % VAT with no TIN and no service codes', () => {
    expect(load({}).fiscal).toEqual({
      vatPercent: 12,
      shopTin: undefined,
      delivery: undefined,
      assembly: undefined,
    });
  });

  it('reads the rate, the TIN and the service codes', () => {
    const config = load({
      VAT_PERCENT: '0',
      SHOP_TIN: '123456789',
      DELIVERY_IKPU: '10112006002000000',
      DELIVERY_PACKAGE_CODE: '1209885',
      ASSEMBLY_IKPU: '10112001001000000',
      ASSEMBLY_PACKAGE_CODE: '1209886',
    });
    expect(config.fiscal).toEqual({
      vatPercent: 0,
      shopTin: '123456789',
      delivery: { ikpu: '10112006002000000', packageCode: '1209885' },
      assembly: { ikpu: '10112001001000000', packageCode: '1209886' },
    });
  });

  it.each([
    [{ VAT_PERCENT: '15' }, 'VAT_PERCENT'],
    [{ SHOP_TIN: '12345678' }, 'SHOP_TIN'],
    [{ DELIVERY_IKPU: '123' }, 'DELIVERY_IKPU'],
    [{ ASSEMBLY_PACKAGE_CODE: 'abc' }, 'ASSEMBLY_PACKAGE_CODE'],
    [{ DELIVERY_IKPU: '10112006002000000' }, 'DELIVERY_PACKAGE_CODE'],
    [{ ASSEMBLY_PACKAGE_CODE: '1209885' }, 'ASSEMBLY_IKPU'],
  ])('refuses %j naming %s', (env, variable) => {
    expect(variableRefused(env)).toBe(variable);
  });
});
