import { asc, desc, eq, inArray } from 'drizzle-orm';
import { orderNumber, type PersonalData, type PhoneCodePurpose } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import {
  instalmentContracts,
  orderLines,
  orders,
  products,
  quotes,
  reviews,
  telegramLinks,
  users,
  wishlistItems,
  type OrderRow,
  type UserRow,
} from '../../db/schema.js';
import { consentView } from '../../plugins/consent.js';
import { notFound } from '../../plugins/errors.js';

/** One owner's part of removing an account: its module replaces or deletes what it keeps of it. */
export type AccountRemoval = (tx: Tx, account: { id: string; phone: string }) => Promise<void>;

export interface CodeCheck {
  require(phone: string, purpose: PhoneCodePurpose, code: string | undefined): Promise<void>;
}

const iso = (date: Date | null) => date?.toISOString() ?? null;

function orderView(order: OrderRow, lines: (typeof orderLines.$inferSelect)[]) {
  return {
    _id: order.id,
    orderNumber: orderNumber(order.id),
    createdAt: iso(order.createdAt),
    status: order.status,
    customerName: order.customerName,
    phoneNumber: order.phoneNumber,
    total: order.total,
    payment: { method: order.paymentMethod, status: order.paymentStatus, paidAt: iso(order.paidAt) },
    delivery: { method: order.deliveryMethod, region: order.deliveryRegion, address: order.deliveryAddress },
    company: order.company,
    consent: consentView(order.consent),
    lines: lines.map(({ productId, color, quantity, price, discountedPrice, sku, variantLabel }) => ({
      productId,
      ...(sku && variantLabel && { variant: { sku, label: variantLabel } }),
      color,
      quantity,
      price,
      discountedPrice,
    })),
  };
}

/** What the shop keeps about a customer, handed to them, and their account's removal. */
export class PersonalDataService {
  constructor(
    private readonly db: Db,
    private readonly codes: CodeCheck,
    /** Every module that keeps something of an account, in the order they remove it. */
    private readonly removals: readonly AccountRemoval[],
  ) {}

  private async account(userId: string): Promise<UserRow> {
    const [account] = await this.db.select().from(users).where(eq(users.id, userId));
    if (!account) throw notFound('USER_NOT_FOUND', 'User not found');
    return account;
  }

  async dataOf(userId: string): Promise<PersonalData> {
    const account = await this.account(userId);
    const phone = account.phoneNumber;
    const [placed, saved, written, asked, contracts, [link]] = await Promise.all([
      this.db.select().from(orders).where(eq(orders.phoneNumber, phone)).orderBy(desc(orders.createdAt)),
      this.db
        .select({ productId: wishlistItems.productId, name: products.name, savedAt: wishlistItems.savedAt })
        .from(wishlistItems)
        .innerJoin(products, eq(products.id, wishlistItems.productId))
        .where(eq(wishlistItems.userId, userId))
        .orderBy(desc(wishlistItems.id)),
      this.db.select().from(reviews).where(eq(reviews.userId, userId)),
      this.db.select().from(quotes).where(eq(quotes.phoneNumber, phone)),
      this.db.select().from(instalmentContracts).where(eq(instalmentContracts.phone, phone)),
      this.db.select().from(telegramLinks).where(eq(telegramLinks.userId, userId)),
    ]);
    const lines = placed.length
      ? await this.db
          .select()
          .from(orderLines)
          .where(
            inArray(
              orderLines.orderId,
              placed.map((order) => order.id),
            ),
          )
          .orderBy(asc(orderLines.orderId), asc(orderLines.position))
      : [];
    return {
      exportedAt: new Date().toISOString(),
      account: {
        fullName: account.fullName,
        phoneNumber: phone,
        phoneVerified: account.phoneVerified,
        createdAt: account.createdAt.toISOString(),
        consent: consentView(account.consent),
      },
      orders: placed.map((order) =>
        orderView(
          order,
          lines.filter((line) => line.orderId === order.id),
        ),
      ),
      savedItems: saved.map((item) => ({ ...item, savedAt: iso(item.savedAt) })),
      reviews: written.map(({ productId, rating, text, author, status, createdAt }) => ({
        productId,
        rating,
        text,
        author,
        status,
        createdAt: iso(createdAt),
      })),
      quotes: asked.map(({ id, contactName, phoneNumber, company, items, note, status, createdAt }) => ({
        _id: id,
        contactName,
        phoneNumber,
        company,
        items,
        note,
        status,
        createdAt: iso(createdAt),
      })),
      instalments: contracts.map(({ contractId, orderId, months, monthly, total, state, createdAt }) => ({
        contractId,
        orderId,
        months,
        monthly,
        total,
        state,
        createdAt: iso(createdAt),
      })),
      telegram: link
        ? { linked: true, news: link.news, language: link.language, linkedAt: iso(link.createdAt) }
        : null,
    };
  }

  /**
   * Removes a customer's account with an SMS code sent to its phone: orders stay for accounting with
   * the buyer's personal data replaced, everything else that names them goes, in one transaction.
   */
  async deleteAccount(userId: string, code: string): Promise<void> {
    const account = await this.account(userId);
    await this.codes.require(account.phoneNumber, 'account', code);
    await this.db.transaction(async (tx) => {
      for (const remove of this.removals) await remove(tx, { id: account.id, phone: account.phoneNumber });
    });
  }
}
