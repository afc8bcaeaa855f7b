import { and, asc, eq, inArray, ne, sql } from 'drizzle-orm';
import {
  productionLeadDays,
  REGIONS,
  REGION_NAMES,
  amountToCollect,
  deliveryDays,
  earliestDeliveryDay,
  orderNumber,
  priceDelivery,
  unitPrice,
  type DeliveryPrice,
  type DeliveryRun,
  type DeliverySettings,
  type DeliverySettingsUpdate,
  type DeliveryZoneDto,
  type DeliveryZoneUpdate,
  type Language,
  type Quote,
  type Region,
} from '@shop/common';
import type { z } from 'zod';
import type { quoteRequestSchema } from '@shop/common';
import type { Db } from '../../db/client.js';
import {
  deliverySettings,
  deliveryZones,
  orderLines,
  orders,
  productVariants,
  products,
} from '../../db/schema.js';
import { notFound } from '../../plugins/errors.js';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import { discountOf } from '../products/product-dto.js';
import { variantDiscountedPrice } from '../products/variant-reads.js';
import { choosePromo, type PromoChoice } from '../promotions/promo-use.js';
import { openZone, readSettings, slotFill, toZone } from './delivery-rules.js';

type QuoteBody = z.output<typeof quoteRequestSchema>;

const zoneDto = (zone: ReturnType<typeof toZone>, lang: Language): DeliveryZoneDto => ({
  ...zone,
  name: REGION_NAMES[zone.region][lang],
  names: REGION_NAMES[zone.region],
});

/** The quote's totals with the code's own line: the goods discount off the total, or the fee waived. */
function withPromo(price: DeliveryPrice, { row, applied }: PromoChoice) {
  const promo = { code: row.code, kind: applied.kind, discount: applied.discount };
  const delivery = applied.kind === 'free_delivery' ? 0 : price.delivery;
  return { ...price, delivery, total: price.total - applied.discount, promo };
}

export class DeliveryService {
  constructor(
    private readonly db: Db,
    /** The shop's clock (the one payments read): the quote's days are counted from its Tashkent day. */
    private readonly clock: { now(): Date } = { now: () => new Date() },
    /** FREE_DELIVERY_FROM: goods total from which delivery is free in every zone. */
    private readonly freeDeliveryFrom: number | null = null,
  ) {}

  /** Every region, in the fixed order of the region codes. */
  async zones(lang: Language): Promise<DeliveryZoneDto[]> {
    const rows = await this.db.select().from(deliveryZones);
    const byRegion = new Map(rows.map((row) => [row.region, toZone(row)]));
    return REGIONS.filter((region) => byRegion.has(region)).map((region) =>
      zoneDto(byRegion.get(region)!, lang),
    );
  }

  async updateZone(region: Region, patch: DeliveryZoneUpdate, actor: Actor): Promise<DeliveryZoneDto> {
    return this.db.transaction(async (tx) => {
      const [before] = await tx
        .select()
        .from(deliveryZones)
        .where(eq(deliveryZones.region, region))
        .for('update');
      if (!before) throw notFound('NOT_FOUND', 'No such region');
      const [after] = await tx
        .update(deliveryZones)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(deliveryZones.region, region))
        .returning();
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'delivery',
        entityId: region,
        before: { ...toZone(before) },
        after: { ...toZone(after!) },
      });
      return zoneDto(toZone(after!), 'uz');
    });
  }

  settings(): Promise<DeliverySettings> {
    return readSettings(this.db);
  }

  async updateSettings(patch: DeliverySettingsUpdate, actor: Actor): Promise<DeliverySettings> {
    return this.db.transaction(async (tx) => {
      const before = await readSettings(tx);
      await tx
        .update(deliverySettings)
        .set({ ...patch, updatedAt: sql`now()` })
        .where(eq(deliverySettings.id, 1));
      const after = await readSettings(tx);
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'delivery',
        entityId: 'settings',
        before: { ...before },
        after: { ...after },
      });
      return after;
    });
  }

  /** What the cart would cost delivered, and the days and slots still open; the order prices the same way. */
  async quote(body: QuoteBody, now = this.clock.now()): Promise<Quote> {
    const zone = await openZone(this.db, body.region, 'region');
    const settings = await readSettings(this.db);
    const ids = [...new Set(body.items.map((item) => item.productId))];
    const rows = await this.db.select().from(products).where(inArray(products.id, ids));
    const byId = new Map(rows.map((row) => [row.id, row]));
    const variantIds = body.items.flatMap((item) => (item.variantId ? [item.variantId] : []));
    const variants = variantIds.length
      ? await this.db.select().from(productVariants).where(inArray(productVariants.id, variantIds))
      : [];
    const lines = body.items.flatMap((item) => {
      const row = byId.get(item.productId);
      if (!row || row.isDeleted || row.status !== 'active') return [];
      const variant = variants.find((known) => known.id === item.variantId && known.productId === row.id);
      const priced = { price: row.price, isDiscounted: row.isDiscounted, discounts: discountOf(row) };
      return [
        {
          productId: row.id,
          category: row.category,
          unitPrice: variant
            ? (variantDiscountedPrice(variant, row, now) ?? variant.price)
            : unitPrice(priced, now),
          quantity: item.quantity,
          assemblyPrice: row.assemblyPrice,
          variant,
        },
      ];
    });
    const priced = priceDelivery({
      lines,
      method: 'courier',
      zone,
      carryPerFloor: settings.carryPerFloor,
      assembly: body.assembly,
      floor: body.floor,
      lift: body.lift,
      freeFromEverywhere: this.freeDeliveryFrom,
    });
    const price = body.promoCode
      ? withPromo(priced, await choosePromo(this.db, body.promoCode, lines, priced.delivery, now))
      : priced;
    const lead = productionLeadDays(lines);
    const earliestDate = earliestDeliveryDay(now, zone.leadDays + lead, settings.closedWeekdays);
    const days = deliveryDays(now, earliestDate, settings.closedWeekdays, undefined, lead);
    const fill = await slotFill(this.db, days);
    const dates = days.map((date) => ({
      date,
      slots: settings.slots.map((slot) => {
        const left = Math.max(0, settings.slotCapacity - (fill.get(`${date} ${slot}`) ?? 0));
        return { slot, available: left > 0, left };
      }),
    }));
    return { ...price, earliestDate, assemblyOffered: lines.some((line) => line.assemblyPrice > 0), dates };
  }

  /** A day's courier deliveries that are not cancelled, by slot and region: the run sheet. */
  async runs(day: string): Promise<DeliveryRun[]> {
    const rows = await this.db
      .select()
      .from(orders)
      .where(
        and(
          eq(orders.deliveryDate, day),
          eq(orders.deliveryMethod, 'courier'),
          ne(orders.status, 'cancelled'),
        ),
      )
      .orderBy(asc(orders.deliverySlot), asc(orders.deliveryRegion), asc(orders.createdAt), asc(orders.id));
    if (rows.length === 0) return [];
    const lines = await this.db
      .select({
        orderId: orderLines.orderId,
        name: products.name,
        color: orderLines.color,
        quantity: orderLines.quantity,
        sku: orderLines.sku,
        variantLabel: orderLines.variantLabel,
      })
      .from(orderLines)
      .innerJoin(products, eq(products.id, orderLines.productId))
      .where(
        inArray(
          orderLines.orderId,
          rows.map((row) => row.id),
        ),
      )
      .orderBy(asc(orderLines.orderId), asc(orderLines.position));
    return rows.map((row) => ({
      _id: row.id,
      orderNumber: orderNumber(row.id),
      customer: { fullName: row.customerName, phoneNumber: row.phoneNumber },
      region: row.deliveryRegion!,
      slot: row.deliverySlot!,
      address: row.deliveryAddress!,
      floor: row.deliveryFloor ?? 1,
      lift: row.deliveryLift ?? false,
      assembly: row.deliveryAssembly,
      status: row.deliveryStatus,
      lines: lines
        .filter((line) => line.orderId === row.id)
        .map(({ orderId: _id, sku, variantLabel, ...line }) => ({
          ...line,
          ...(sku && variantLabel && { variant: { sku, label: variantLabel } }),
        })),
      total: row.total,
      payment: { method: row.paymentMethod, status: row.paymentStatus },
      toCollect: amountToCollect(row),
    }));
  }
}
