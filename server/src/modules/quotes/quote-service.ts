import { and, count, desc, eq, sql } from 'drizzle-orm';
import {
  DEFAULT_LANGUAGE,
  newId,
  type Paged,
  type PlacedOrder,
  type PriceQuote,
  type QuoteCreated,
} from '@shop/common';
import type { z } from 'zod';
import type {
  quoteAcceptSchema,
  quoteCreateSchema,
  quoteListQuerySchema,
  quotePatchSchema,
} from '@shop/common';
import type { Config } from '../../config/config.js';
import type { Db } from '../../db/client.js';
import type { ConsentRecord } from '../../db/columns.js';
import { offsetOf, toPage } from '../../db/paging.js';
import { quotes, type QuoteRow } from '../../db/schema.js';
import { queueSms } from '../../sms/sms-outbox.js';
import { isStaff, type CurrentUser } from '../../plugins/auth.js';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import { AppError, conflict, notFound } from '../../plugins/errors.js';
import { pricedLines } from '../orders/order-lines.js';
import type { PlaceOrder } from '../orders/order-request.js';
import type { OrderService } from '../orders/order-service.js';
import type { Clock } from '../payments/clock.js';
import { isExpired, productsOf, toQuoteDto, variantsOf } from './quote-dto.js';
import { quoteKey, quoteKeyMatches } from './quote-key.js';
import { checkQuoteLimits } from './quote-limits.js';

type QuoteCreate = z.output<typeof quoteCreateSchema>;
type QuotePatch = z.output<typeof quotePatchSchema>;
type QuoteAccept = z.output<typeof quoteAcceptSchema>;
type QuoteListQuery = z.output<typeof quoteListQuerySchema>;

const quoteNotFound = () => notFound('QUOTE_NOT_FOUND', 'Price request not found');
/** The SMS with the answer's link is worth sending for a day; after that the buyer has the page. */
const SMS_GIVE_UP_MS = 24 * 3_600_000;

/** Price requests for bulk: asked by a buyer, answered by staff, accepted into an order. */
export class QuoteService {
  constructor(
    private readonly db: Db,
    private readonly orders: OrderService,
    private readonly config: Pick<Config, 'jwtSecret' | 'publicUrl' | 'shopName'>,
    private readonly clock: Clock,
    /** Called after an SMS is queued, so it leaves at once. */
    private readonly smsQueued: () => void = () => {},
  ) {}

  /**
   * The products must be on sale in the colours asked; quantities may exceed the stock. Each
   * request lands on staff's desk and its answer sends an SMS to the phone typed, so one address
   * and one phone are held to `QUOTE_LIMITS` (counted in the table, under the address's lock).
   * `consent`: what the request agreed to, kept with it (null from a client that does not ask).
   */
  async create(
    input: QuoteCreate,
    clientAddress: string,
    consent: ConsentRecord | null,
  ): Promise<QuoteCreated> {
    const id = newId();
    const byId = await productsOf(this.db, input.items);
    const lines = pricedLines(id, input.items, byId, this.clock.now(), await variantsOf(this.db, byId));
    await this.db.transaction(async (tx) => {
      await checkQuoteLimits(tx, clientAddress, input.contact.phoneNumber, this.clock.now());
      await tx.insert(quotes).values({
        id,
        contactName: input.contact.name,
        phoneNumber: input.contact.phoneNumber,
        company: input.contact.company || null,
        items: input.items.map(({ variantId: _asked, ...item }, i) => {
          const { variantId, sku, variantLabel, color } = lines[i]!;
          const variant =
            variantId && sku && variantLabel ? { _id: variantId, sku, label: variantLabel } : null;
          return { ...item, color, price: null, ...(variant && { variant }) };
        }),
        note: input.note,
        language: input.language ?? null,
        clientAddress,
        consent,
      });
    });
    return { _id: id, key: quoteKey(this.config.jwtSecret, id) };
  }

  async list(query: QuoteListQuery): Promise<Paged<PriceQuote>> {
    const where = query.status && query.status !== 'all' ? eq(quotes.status, query.status) : undefined;
    const [rows, [totals]] = await Promise.all([
      this.db
        .select()
        .from(quotes)
        .where(where)
        .orderBy(desc(quotes.createdAt), desc(quotes.id))
        .limit(query.limit)
        .offset(offsetOf(query)),
      this.db.select({ total: count() }).from(quotes).where(where),
    ]);
    const byId = await productsOf(
      this.db,
      rows.flatMap((row) => row.items),
    );
    const now = this.clock.now();
    const variants = await variantsOf(this.db, byId);
    return toPage(
      rows.map((row) => toQuoteDto(row, byId, now, variants)),
      totals?.total ?? 0,
      query,
    );
  }

  /** For whoever holds its key, and staff; anyone else gets the 404 of no quote. */
  async get(id: string, key: string | undefined, user: CurrentUser | undefined): Promise<PriceQuote> {
    const row = await this.readable(id, key, user);
    return this.dtoOf(row);
  }

  private async readable(id: string, key: string | undefined, user: CurrentUser | undefined) {
    const [row] = await this.db.select().from(quotes).where(eq(quotes.id, id)).limit(1);
    if (!row || !(isStaff(user) || quoteKeyMatches(this.config.jwtSecret, id, key))) throw quoteNotFound();
    return row;
  }

  /**
   * Staff answer (or answer again) with a unit price per line and a validity day; the buyer gets an
   * SMS. The audit log keeps who set which prices, the old ones beside the new.
   */
  async answer(id: string, patch: QuotePatch, actor: Actor): Promise<PriceQuote> {
    const row = await this.db.transaction(async (tx) => {
      const [quote] = await tx.select().from(quotes).where(eq(quotes.id, id)).for('update');
      if (!quote) throw quoteNotFound();
      if (quote.status === 'accepted') throw conflict('QUOTE_ACCEPTED', 'This quote is already accepted');
      if (patch.lines.length !== quote.items.length) {
        const message = `Give one price for each of the ${quote.items.length} lines`;
        throw new AppError(400, 'VALIDATION_ERROR', message, [{ path: 'lines', message }]);
      }
      const [updated] = await tx
        .update(quotes)
        .set({
          items: quote.items.map((item, i) => ({ ...item, price: patch.lines[i]!.price })),
          validUntil: patch.validUntil,
          replyNote: patch.note,
          status: 'answered',
          updatedAt: sql`now()`,
        })
        .where(eq(quotes.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'quote',
        entityId: id,
        before: { prices: quote.items.map((item) => item.price), validUntil: quote.validUntil },
        after: { prices: updated!.items.map((item) => item.price), validUntil: updated!.validUntil },
      });
      const link = `${this.config.publicUrl}/quote/${id}?key=${quoteKey(this.config.jwtSecret, id)}`;
      await queueSms(tx, {
        phone: quote.phoneNumber,
        purpose: 'quote',
        language: quote.language ?? DEFAULT_LANGUAGE,
        shopName: this.config.shopName,
        value: link,
        giveUpAt: new Date(Date.now() + SMS_GIVE_UP_MS),
      });
      return updated!;
    });
    this.smsQueued();
    return this.dtoOf(row);
  }

  /**
   * Places the order at the quoted prices, the stock checked now. The quote is claimed first (one
   * conditional update), so two accepts cannot both place an order; a refused order frees it again.
   */
  async accept(id: string, body: QuoteAccept, user: CurrentUser | undefined): Promise<PlacedOrder> {
    const quote = await this.readable(id, body.key, user);
    if (quote.status === 'accepted') throw conflict('QUOTE_ACCEPTED', 'This quote is already accepted');
    if (quote.status !== 'answered')
      throw conflict('QUOTE_NOT_ANSWERED', 'The shop has not answered this price request yet');
    if (isExpired(quote, this.clock.now())) throw conflict('QUOTE_EXPIRED', 'This quote has expired');
    const [claimed] = await this.db
      .update(quotes)
      .set({ status: 'accepted', updatedAt: sql`now()` })
      .where(and(eq(quotes.id, id), eq(quotes.status, 'answered')))
      .returning();
    if (!claimed) throw conflict('QUOTE_ACCEPTED', 'This quote is already accepted');
    try {
      const order = await this.orders.place(this.orderOf(claimed, body));
      await this.db.update(quotes).set({ orderId: order._id }).where(eq(quotes.id, id));
      return order;
    } catch (error) {
      await this.db.update(quotes).set({ status: 'answered' }).where(eq(quotes.id, id));
      throw error;
    }
  }

  private async dtoOf(row: QuoteRow): Promise<PriceQuote> {
    const byId = await productsOf(this.db, row.items);
    return toQuoteDto(row, byId, this.clock.now(), await variantsOf(this.db, byId));
  }

  private orderOf(quote: QuoteRow, body: QuoteAccept): PlaceOrder {
    return {
      customerName: quote.contactName,
      phoneNumber: quote.phoneNumber,
      items: quote.items.map((item) => ({
        productId: item.productId,
        color: item.color,
        quantity: item.quantity,
        quotedPrice: item.price!,
        ...(item.variant && { variantId: item.variant._id }),
      })),
      paymentMethod: body.paymentMethod,
      buyer: body.buyer,
      delivery: body.delivery,
      ...(quote.language && { language: quote.language }),
    };
  }
}
