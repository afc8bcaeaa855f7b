import { randomBytes } from 'node:crypto';
import { and, desc, eq, ne, sql } from 'drizzle-orm';
import { newId, type Language } from '@shop/common';
import type { Db } from '../../db/client.js';
import { orders, telegramLinks, users, type OrderRow, type UserRow } from '../../db/schema.js';
import { hashPassword } from '../users/passwords.js';

/** Orders `/orders` lists, newest first. */
const ORDERS_LISTED = 5;

export interface SharedContact {
  telegramUserId: number;
  chatId: number;
  /** Already normalized to +998XXXXXXXXX. */
  phone: string;
  fullName: string;
  language: Language;
}

export type LinkOutcome = { kind: 'linked'; user: UserRow; created: boolean } | { kind: 'staff' };

/**
 * Telegram accounts tied to shop accounts. A contact Telegram vouches for (the sender's own) proves
 * the phone: its account is marked verified, or made when the phone has none, so the Mini App can
 * sign the shopper in at once. Staff accounts are never tied: a Telegram login must not open the
 * back office.
 */
export class TelegramLinks {
  constructor(private readonly db: Db) {}

  async link(contact: SharedContact): Promise<LinkOutcome> {
    // A made account gets a password nobody knows; the shopper sets one with an SMS reset if ever needed.
    const unknownPassword = await hashPassword(randomBytes(24).toString('base64url'));
    return this.db.transaction(async (tx) => {
      const [existing] = await tx
        .select()
        .from(users)
        .where(eq(users.phoneNumber, contact.phone))
        .for('update');
      if (existing && existing.role !== 'customer') return { kind: 'staff' } as const;
      const [user] = existing
        ? await tx
            .update(users)
            .set({ phoneVerified: true, updatedAt: sql`now()` })
            .where(eq(users.id, existing.id))
            .returning()
        : await tx
            .insert(users)
            .values({
              id: newId(),
              fullName: contact.fullName,
              phoneNumber: contact.phone,
              passwordHash: unknownPassword,
              role: 'customer',
              phoneVerified: true,
            })
            .onConflictDoNothing()
            .returning();
      // Two contacts for one new phone at once: the other made the account; this one tries again.
      if (!user) throw new Error('the account for this phone was made meanwhile');
      // The newest Telegram account to prove the phone takes the link.
      await tx
        .delete(telegramLinks)
        .where(
          and(eq(telegramLinks.userId, user.id), ne(telegramLinks.telegramUserId, contact.telegramUserId)),
        );
      const row = { userId: user.id, chatId: contact.chatId, language: contact.language, news: true };
      await tx
        .insert(telegramLinks)
        .values({ telegramUserId: contact.telegramUserId, ...row })
        .onConflictDoUpdate({ target: telegramLinks.telegramUserId, set: { ...row, updatedAt: sql`now()` } });
      return { kind: 'linked', user, created: !existing } as const;
    });
  }

  /** The shop account a Telegram account is tied to, if any. */
  async userOf(telegramUserId: number): Promise<UserRow | undefined> {
    const [row] = await this.db
      .select({ user: users })
      .from(telegramLinks)
      .innerJoin(users, eq(users.id, telegramLinks.userId))
      .where(eq(telegramLinks.telegramUserId, telegramUserId));
    return row?.user;
  }

  /** Turns news on or off and keeps the chat's language; false when the account is not tied. */
  async setNews(telegramUserId: number, news: boolean, language: Language): Promise<boolean> {
    const rows = await this.db
      .update(telegramLinks)
      .set({ news, language, updatedAt: sql`now()` })
      .where(eq(telegramLinks.telegramUserId, telegramUserId))
      .returning({ id: telegramLinks.telegramUserId });
    return rows.length > 0;
  }

  /** The tied account's latest orders (by its phone, as the shop ties orders to accounts). */
  async recentOrders(user: Pick<UserRow, 'phoneNumber'>): Promise<OrderRow[]> {
    return this.db
      .select()
      .from(orders)
      .where(eq(orders.phoneNumber, user.phoneNumber))
      .orderBy(desc(orders.createdAt), desc(orders.id))
      .limit(ORDERS_LISTED);
  }
}
