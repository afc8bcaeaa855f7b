import type { InjectOptions } from 'fastify';
import type { OnecSettings } from '../config/onec-settings.js';
import type { TestShop } from './test-app.js';

/** The exchange as a shop turns it on: ONEC_USER, ONEC_PASSWORD, and the defaults of the rest. */
export const TEST_ONEC: OnecSettings = {
  user: 'exchange1c',
  password: 'walnut-desk-ledger-1c',
  fileLimit: 1024 * 1024,
  folderLimit: 20 * 1024 * 1024,
  categoryRules: new Map([['мебель для руководителя', 'office']]),
  defaultCategory: 'office',
  priceType: 'Розничная',
};

export const basic = (user = TEST_ONEC.user, password = TEST_ONEC.password) => ({
  authorization: `Basic ${Buffer.from(`${user}:${password}`).toString('base64')}`,
});

/** One call of 1C to the exchange, signed in with Basic unless other headers are given. */
export function exchange(
  shop: TestShop,
  query: string,
  { body, headers = basic() }: { body?: string | Buffer; headers?: Record<string, string> } = {},
) {
  const options: InjectOptions = {
    method: body === undefined ? 'GET' : 'POST',
    url: `/api/1c/exchange?${query}`,
    headers: { ...headers, ...(body !== undefined && { 'content-type': 'application/octet-stream' }) },
    ...(body !== undefined && { payload: body }),
  };
  return shop.app.inject(options);
}

/** Calls `mode=import` as 1C does, again while it answers `progress`; the answers in order. */
export async function importFile(shop: TestShop, filename: string): Promise<string[]> {
  const answers: string[] = [];
  for (let call = 0; call < 10; call += 1) {
    const response = await exchange(
      shop,
      `type=catalog&mode=import&filename=${encodeURIComponent(filename)}`,
    );
    answers.push(response.body);
    if (response.body !== 'progress') break;
  }
  return answers;
}

/** A whole catalogue exchange as 1C runs it: init, every file, then the imports of both XML files. */
export async function runCatalogueExchange(
  shop: TestShop,
  files: { importXml: string; offersXml: string; pictures?: Record<string, Buffer> },
): Promise<string[][]> {
  await exchange(shop, 'type=catalog&mode=init');
  const sent: [string, string | Buffer][] = [
    ['import.xml', files.importXml],
    ...Object.entries(files.pictures ?? {}),
    ['offers.xml', files.offersXml],
  ];
  for (const [name, body] of sent) {
    const response = await exchange(shop, `type=catalog&mode=file&filename=${encodeURIComponent(name)}`, {
      body,
    });
    if (response.body !== 'success') throw new Error(`${name}: ${response.statusCode} ${response.body}`);
  }
  return [await importFile(shop, 'import.xml'), await importFile(shop, 'offers.xml')];
}
