import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { phoneCodes, smsOutbox } from '../../db/schema.js';

/** Every code and SMS kept for `phone`: once the account is gone nothing ties them to anyone. */
export async function removePhoneMessages(tx: Tx, phone: string): Promise<void> {
  await tx.delete(smsOutbox).where(eq(smsOutbox.phone, phone));
  await tx.delete(phoneCodes).where(eq(phoneCodes.phone, phone));
}
