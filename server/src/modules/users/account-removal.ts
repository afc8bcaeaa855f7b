import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { users } from '../../db/schema.js';

/** The account's row; its saved items go with it, its reviews stay without it (the foreign keys say so). */
export async function removeAccountRow(tx: Tx, id: string): Promise<void> {
  await tx.delete(users).where(eq(users.id, id));
}
