import { eq, inArray } from 'drizzle-orm';
import type { Tx } from '../../db/client.js';
import { orderNews, telegramLinks } from '../../db/schema.js';

/** The account's Telegram link and the news kept for its chat. */
export async function removeTelegramLink(tx: Tx, userId: string): Promise<void> {
  const links = await tx
    .delete(telegramLinks)
    .where(eq(telegramLinks.userId, userId))
    .returning({ chatId: telegramLinks.chatId });
  if (links.length) {
    await tx.delete(orderNews).where(
      inArray(
        orderNews.chatId,
        links.map((link) => link.chatId),
      ),
    );
  }
}
