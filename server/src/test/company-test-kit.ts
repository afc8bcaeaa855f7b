import { expect } from 'vitest';
import { PDFParse } from 'pdf-parse';
import type { CompanyBuyer, PlacedOrder } from '@shop/common';
import { uniquePhone, type TestShop } from './test-app.js';

/** A school as it fills the checkout: spaces in the account, as people type it. */
export const SCHOOL: CompanyBuyer = {
  type: 'company',
  name: '“Gʻuzor” 12-maktab / Школа № 12',
  tin: '207654321',
  bankAccount: '2021 2000 9001 2345 6789',
  mfo: '00440',
  bank: 'Oʻzmilliybank, Qarshi filiali',
  address: 'Qashqadaryo, Gʻuzor, Mustaqillik 5',
  contactName: 'Dilnoza Karimova',
};

let addressCounter = 0;
/** Each order from its own address, so the per-address limit stays out of these tests. */
export const shopperAddress = () =>
  `10.9.${Math.floor(addressCounter / 250)}.${(addressCounter++ % 250) + 1}`;

export async function placeCompanyOrder(
  shop: TestShop,
  productId: string,
  quantity = 1,
  extra: Record<string, unknown> = {},
): Promise<PlacedOrder> {
  const response = await shop.app.inject({
    method: 'POST',
    url: '/api/orders',
    remoteAddress: shopperAddress(),
    payload: {
      customerName: 'Dilnoza Karimova',
      phoneNumber: uniquePhone(),
      items: [{ productId, quantity, color: 'oq' }],
      paymentMethod: 'bank_transfer',
      buyer: SCHOOL,
      ...extra,
    },
  });
  expect(response.statusCode, response.body).toBe(201);
  return response.json();
}

/** A PDF's text as a reader's copy-and-paste would give it. */
export async function pdfText(pdf: Buffer): Promise<string> {
  const parser = new PDFParse({ data: new Uint8Array(pdf) });
  try {
    return (await parser.getText()).text;
  } finally {
    await parser.destroy();
  }
}
