import { spawnSync } from 'node:child_process';
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import uzAdmin from './uz/admin.json';
import uzCommon from './uz/common.json';
import ruAdmin from './ru/admin.json';
import ruCommon from './ru/common.json';

const here = path.dirname(new URL(import.meta.url).pathname);
const script = path.join(here, '..', '..', 'scripts', 'check-locales.mjs');
const copy = mkdtempSync(path.join(os.tmpdir(), 'locales-'));
afterAll(() => rmSync(copy, { recursive: true, force: true }));

const check = (folder: string) => spawnSync(process.execPath, [script, folder], { encoding: 'utf8' });

describe('the locale check', () => {
  it('passes the shipped locales', () => {
    const result = check(here);
    expect(result.stderr).toBe('');
    expect(result.status).toBe(0);
  });

  it.each(["'", '’', '‘', '`'])('fails Uzbek text that writes oʻ with %s', (apostrophe) => {
    cpSync(here, copy, { recursive: true, filter: (source) => !source.endsWith('.ts') });
    const file = path.join(copy, 'uz', 'common.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.nav.signup = `Roʻyxatdan o${apostrophe}tish`;
    writeFileSync(file, JSON.stringify(json));
    const result = check(copy);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(`uz/common.json: nav.signup writes "o${apostrophe}"`);
  });

  it.each(["'", '’', 'ʻ'])('fails Uzbek text that writes the tutuq belgisi with %s', (mark) => {
    cpSync(here, copy, { recursive: true, filter: (source) => !source.endsWith('.ts') });
    const file = path.join(copy, 'uz', 'storefront.json');
    const json = JSON.parse(readFileSync(file, 'utf8'));
    json.myOrders.personalInfo = `Shaxsiy ma${mark}lumotlar`;
    writeFileSync(file, JSON.stringify(json));
    const result = check(copy);
    expect(result.status).toBe(1);
    expect(result.stderr).toContain(
      `uz/storefront.json: myOrders.personalInfo writes "a${mark}l": use ʼ (U+02BC) for the tutuq belgisi`,
    );
  });
});

describe('the back office names itself alike in its tab and its heading', () => {
  it.each([
    ['uz', uzCommon, uzAdmin],
    ['ru', ruCommon, ruAdmin],
  ])('%s', (_language, common, admin) => {
    expect(common.nav.admin).toBe(admin.nav.title);
  });
});
