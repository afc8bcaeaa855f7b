import { eq } from 'drizzle-orm';
import { REMOVED_PERSONAL_DATA } from '@shop/common';
import type { Tx } from '../../db/client.js';
import { quotes } from '../../db/schema.js';

/** The contact on every price request from `phone`, replaced; the lines and prices stay. */
export async function removeQuoteContacts(tx: Tx, phone: string): Promise<void> {
  await tx
    .update(quotes)
    .set({
      contactName: REMOVED_PERSONAL_DATA,
      phoneNumber: REMOVED_PERSONAL_DATA,
      consent: null,
      clientAddress: null,
      updatedAt: new Date(),
    })
    .where(eq(quotes.phoneNumber, phone));
}
