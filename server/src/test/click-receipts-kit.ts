import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { clickFiscalOutbox } from '../db/schema.js';
import { CLICK, click } from './payment-test-kit.js';
import { FakeClickFiscal } from './fake-click-fiscal.js';
import type { TestShop } from './test-app.js';

/** Click with receipts on, pointed at a stand-in fiscalization API; retries shortened for tests. */
export async function clickWithReceipts() {
  const fake = await new FakeClickFiscal('4321', CLICK.secretKey).start();
  const payments = {
    click: { ...CLICK, apiRoot: fake.url, merchantUserId: '4321' },
    clickReceiptTiming: { pollMs: 30, maxBackoffMs: 200 },
  };
  return { fake, payments };
}

let clickIds = 500_000_000;

/** Prepare and complete one Click payment of an order, as Click calls; the Click payment id. */
export async function payWithClick(shop: TestShop, orderId: string, amount: string): Promise<number> {
  const click_trans_id = String((clickIds += 1));
  const prepared = await click(shop, 'prepare', { click_trans_id, merchant_trans_id: orderId, amount });
  expect(prepared.error, prepared.error_note).toBe(0);
  const completed = await click(shop, 'complete', {
    click_trans_id,
    merchant_trans_id: orderId,
    amount,
    merchant_prepare_id: String(prepared.merchant_prepare_id),
  });
  expect(completed.error, completed.error_note).toBe(0);
  // The payment test kit sends click_paydoc_id as click_trans_id + 7.
  return Number(click_trans_id) + 7;
}

/** Passes of the receipts worker until nothing is left to send, or `timeoutMs` passes. */
export async function drainClickReceipts(shop: TestShop, timeoutMs = 10_000): Promise<void> {
  const worker = shop.app.services.payments.clickReceipts!;
  const until = Date.now() + timeoutMs;
  while (Date.now() < until) {
    await worker.pass();
    const waiting = await shop.database.db
      .select({ id: clickFiscalOutbox.id })
      .from(clickFiscalOutbox)
      .where(eq(clickFiscalOutbox.state, 'pending'));
    const submitted = await shop.database.db
      .select({ id: clickFiscalOutbox.id })
      .from(clickFiscalOutbox)
      .where(eq(clickFiscalOutbox.state, 'submitted'));
    if (waiting.length + submitted.length === 0) return;
    await new Promise((resolve) => setTimeout(resolve, 40));
  }
}
