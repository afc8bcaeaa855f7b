import { eq } from 'drizzle-orm';
import { REMOVED_PERSONAL_DATA } from '@shop/common';
import type { Tx } from '../../db/client.js';
import { instalmentContracts } from '../../db/schema.js';

/** The phone on every instalment contract of `phone`, replaced; Uzum keeps its own record. */
export async function removeContractPhones(tx: Tx, phone: string): Promise<void> {
  await tx
    .update(instalmentContracts)
    .set({ phone: REMOVED_PERSONAL_DATA, updatedAt: new Date() })
    .where(eq(instalmentContracts.phone, phone));
}
