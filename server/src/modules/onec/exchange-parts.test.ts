import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, describe, expect, it } from 'vitest';
import { AppError } from '../../plugins/errors.js';
import { categoryOfGroups } from './category-rules.js';
import { readOffers } from './commerceml.js';
import { ExchangeFolder, exchangePath } from './exchange-folder.js';
import { statusOf } from './sale-exchange.js';

const root = mkdtempSync(path.join(os.tmpdir(), 'onec-parts-'));
afterAll(() => rmSync(root, { recursive: true, force: true }));

const body = (bytes: number) => Readable.from([Buffer.alloc(bytes, 0x61)]);

describe('the exchange folder', () => {
  it('keeps names inside the folder', () => {
    const folder = path.join(root, 'catalog');
    expect(exchangePath(folder, 'import_files/4e/4e1b.jpg')).toBe(
      path.join(folder, 'import_files', '4e', '4e1b.jpg'),
    );
    expect(exchangePath(folder, 'Выгрузка товаров.xml')).toBe(path.join(folder, 'Выгрузка товаров.xml'));
    for (const name of [
      '..',
      '../x',
      'a/../../x',
      '/etc/passwd',
      'a\\b',
      '.steps/x.json',
      'a//b',
      'a/./b',
      'x\u0000y',
    ])
      expect(() => exchangePath(folder, name), name).toThrow(AppError);
  });

  it('refuses a part past the folder limit, leaving the file as it was, and makes room again on init', async () => {
    const folder = new ExchangeFolder(path.join(root, 'limited'), { fileLimit: 100, folderLimit: 150 });
    await folder.clear('catalog');
    const file = await folder.append('catalog', 'import.xml', body(100));
    await expect(folder.append('catalog', 'import.xml', body(60))).rejects.toMatchObject({
      statusCode: 413,
      message: expect.stringMatching(/folder is full/),
    });
    expect(readFileSync(file).length).toBe(100);
    await expect(folder.append('catalog', 'offers.xml', body(101))).rejects.toMatchObject({
      statusCode: 413,
    });
    await folder.clear('catalog');
    await expect(folder.append('catalog', 'import.xml', body(100))).resolves.toBe(file);
  });
});

describe('CommerceML rules', () => {
  const groups = new Map([
    ['g1', { name: 'Мебель', parent: undefined }],
    ['g2', { name: 'Парты', parent: 'g1' }],
    ['g3', { name: 'Loft kolleksiyasi', parent: 'g1' }],
    ['g4', { name: 'Прочее', parent: 'g1' }],
  ]);

  it('places a group by a rule first, then by a keyword of it or a group it sits in', () => {
    expect(categoryOfGroups(['g2'], groups, new Map())).toBe('school');
    expect(categoryOfGroups(['g3'], groups, new Map())).toBe('loft');
    expect(categoryOfGroups(['g4'], groups, new Map())).toBeUndefined();
    expect(categoryOfGroups(['g4'], groups, new Map([['мебель', 'office']]))).toBe('office');
    expect(categoryOfGroups(['g2'], groups, new Map([['g2', 'kinder']]))).toBe('kinder');
    expect(categoryOfGroups(['unknown'], groups, new Map())).toBeUndefined();
  });

  it('reads the status 1C gives an order', () => {
    const doc = (details: Record<string, string>) => ({
      id: 'x',
      number: '1',
      details: new Map(Object.entries(details)),
    });
    expect(statusOf(doc({ Отменен: 'true', Проведен: 'true' }))).toBe('cancelled');
    expect(statusOf(doc({ ПометкаУдаления: 'true' }))).toBe('cancelled');
    expect(statusOf(doc({ 'Статус заказа': '[F] Выполнен' }))).toBe('ordered');
    expect(statusOf(doc({ 'Статус заказа': 'Новый' }))).toBe('new');
    expect(statusOf(doc({ Проведен: 'true' }))).toBe('ordered');
    expect(statusOf(doc({ Проведен: 'false', Отменен: 'false' }))).toBeUndefined();
  });

  it('reads windows-1251 files and stock kept in Остатки', async () => {
    const xml =
      '<?xml version="1.0" encoding="windows-1251"?><КоммерческаяИнформация ВерсияСхемы="2.08"><ПакетПредложений>' +
      '<Предложения><Предложение><Ид>p1#c1</Ид><Цены><Цена><ИдТипаЦены>t</ИдТипаЦены><ЦенаЗаЕдиницу>1 250 000,50</ЦенаЗаЕдиницу>' +
      '<Валюта>сум</Валюта></Цена></Цены><Остатки><Остаток><Склад><Ид>s1</Ид><Количество>2</Количество></Склад></Остаток>' +
      '<Остаток><Количество>3</Количество></Остаток></Остатки></Предложение></Предложения></ПакетПредложений></КоммерческаяИнформация>';
    const file = path.join(root, 'rests.xml');
    await writeFile(file, cp1251(xml));
    const read = await readOffers(file);
    expect(read.offers).toEqual([
      {
        id: 'p1#c1',
        productId: 'p1',
        traits: [],
        prices: [{ typeId: 't', value: 1_250_000.5, currency: 'сум' }],
        quantity: 5,
      },
    ]);
  });
});

/** Cyrillic text in windows-1251, as older exports write it. */
function cp1251(text: string): Uint8Array {
  return Uint8Array.from(
    [...text].map((char) => {
      const code = char.charCodeAt(0);
      if (code < 0x80) return code;
      if (code >= 0x410 && code <= 0x44f) return code - 0x410 + 0xc0;
      if (code === 0x401) return 0xa8;
      if (code === 0x451) return 0xb8;
      return 0x3f;
    }),
  );
}
