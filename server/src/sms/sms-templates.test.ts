import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LANGUAGES } from '@shop/common';
import { SMS_PURPOSES, allModeratedTexts, smsPartSize, smsText, templateSheet } from './sms-templates.js';

const SHOP = 'Mebel Shop';
const SRC = join(import.meta.dirname, '..');

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return sourceFiles(path);
    return name.endsWith('.ts') && !name.endsWith('.test.ts') ? [path] : [];
  });
}

describe('SMS templates (what Eskiz moderates)', () => {
  it('has one text per purpose and language, the shop’s name and one variable part in each', () => {
    const texts = allModeratedTexts(SHOP);
    expect(texts).toHaveLength(SMS_PURPOSES.length * LANGUAGES.length);
    for (const { purpose, text } of texts) {
      expect(text.startsWith(`${SHOP}: `)).toBe(true);
      const variables = text.match(/\{[a-z]+\}/g) ?? [];
      expect(variables).toEqual([purpose === 'quote' ? '{link}' : '{code}']);
    }
  });

  it('keeps Uzbek and English to the GSM alphabet (ASCII apostrophe), each in one part of 160', () => {
    for (const { purpose, language, text } of allModeratedTexts(SHOP).filter((t) => t.language !== 'ru')) {
      expect(text, `${purpose} ${language}`).not.toMatch(/[ʻʼ‘’]/);
      const sent = smsText(purpose, language, SHOP, purpose === 'quote' ? '' : '123456');
      expect(smsPartSize(sent), `${purpose} ${language}`).toBe(160);
      expect(sent.length, `${purpose} ${language}`).toBeLessThanOrEqual(160);
    }
  });

  it('fits each Russian code text in one 70-character part', () => {
    for (const purpose of ['signup', 'reset', 'orders'] as const) {
      const sent = smsText(purpose, 'ru', SHOP, '123456');
      expect(smsPartSize(sent)).toBe(70);
      expect(sent.length, purpose).toBeLessThanOrEqual(70);
    }
    expect(smsText('quote', 'ru', SHOP, '').length).toBeLessThanOrEqual(70);
  });

  it('prints, for `npm run sms:templates`, every text exactly as it is to be submitted', () => {
    const sheet = templateSheet(SHOP);
    const printed = sheet.split('\n').filter((line) => line && !line.startsWith('# '));
    expect(printed).toEqual(allModeratedTexts(SHOP).map(({ text }) => text));
    expect(sheet).not.toContain('LONGER THAN ONE PART');
    expect(templateSheet('A shop name far too long for one Russian SMS part')).toContain(
      'LONGER THAN ONE PART',
    );
  });

  it('is the only way into the SMS outbox: no other code writes a text to it', () => {
    const writers = sourceFiles(SRC)
      .filter((path) => /insert\(smsOutbox\)/.test(readFileSync(path, 'utf8')))
      .map((path) => relative(SRC, path));
    expect(writers).toEqual(['sms/sms-outbox.ts']);
  });
});
