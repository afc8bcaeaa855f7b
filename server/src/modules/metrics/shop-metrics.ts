import { count, min, sql, type SQL } from 'drizzle-orm';
import type { PgColumn, PgTable } from 'drizzle-orm/pg-core';
import type { FastifyRequest } from 'fastify';
import { Counter, Gauge, Histogram, Registry, collectDefaultMetrics } from 'prom-client';
import type { Db } from '../../db/client.js';
import { clickFiscalOutbox } from '../../db/schema-fiscal.js';
import { smsOutbox, staffAlerts } from '../../db/schema-messages.js';
import { orderNews } from '../../db/schema-telegram.js';
import { orders } from '../../db/schema.js';

/** Each outbox, and what counts as still to send in it. */
const OUTBOXES: { name: string; table: PgTable; createdAt: PgColumn; waiting: SQL }[] = [
  {
    name: 'staff_alerts',
    table: staffAlerts,
    createdAt: staffAlerts.createdAt,
    waiting: sql`${staffAlerts.state} = 'pending'`,
  },
  {
    name: 'sms',
    table: smsOutbox,
    createdAt: smsOutbox.createdAt,
    waiting: sql`${smsOutbox.state} = 'pending'`,
  },
  {
    name: 'click_receipts',
    table: clickFiscalOutbox,
    createdAt: clickFiscalOutbox.createdAt,
    waiting: sql`${clickFiscalOutbox.state} in ('pending', 'submitted')`,
  },
  {
    name: 'telegram_news',
    table: orderNews,
    createdAt: orderNews.createdAt,
    waiting: sql`${orderNews.state} = 'pending'`,
  },
];

/** A failed SMS's stored error, as a reason with few values (a label, not free text). */
export function smsFailureReason(error: string | null): string {
  if (!error) return 'unknown';
  if (/expired/.test(error)) return 'code_expired';
  const status = /answered (\d{3})/.exec(error)?.[1];
  if (status) return `provider_${status}`;
  if (/did not answer/.test(error)) return 'provider_unreachable';
  return 'other';
}

/**
 * What the shop is doing, for Prometheus: HTTP traffic and latency, orders placed and payments,
 * the outboxes' backlog, SMS failures, the public-read cache and the event loop. The database
 * figures are read when scraped, so every process reports the same shop-wide state.
 */
export class ShopMetrics {
  readonly registry = new Registry();
  private readonly requests = new Counter({
    name: 'http_requests_total',
    help: 'HTTP requests answered, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: 'http_request_duration_seconds',
    help: 'Time to answer an HTTP request, by method, route and status',
    labelNames: ['method', 'route', 'status'],
    buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
    registers: [this.registry],
  });
  private readonly ordersPlaced = new Counter({
    name: 'shop_orders_placed_total',
    help: 'Orders placed through this process',
    registers: [this.registry],
  });
  private readonly cacheReads = new Counter({
    name: 'shop_public_read_cache_total',
    help: 'Public reads answered from the cache (hit) or made afresh (miss)',
    labelNames: ['result'],
    registers: [this.registry],
  });

  constructor(db: Db) {
    collectDefaultMetrics({ register: this.registry });
    this.databaseGauges(db);
  }

  /** Called once per answered request. */
  observe(request: FastifyRequest, status: number, elapsedMs: number): void {
    const route = request.routeOptions.url ?? 'unmatched';
    const labels = { method: request.method, route, status: String(status) };
    this.requests.inc(labels);
    this.latency.observe(labels, elapsedMs / 1000);
    if (request.method === 'POST' && route === '/api/orders' && status === 201) this.ordersPlaced.inc();
    if (request.routeOptions.config.publicRead && request.method === 'GET' && status < 400) {
      this.cacheReads.inc({ result: request.publicReadServed ? 'hit' : 'miss' });
    }
  }

  private databaseGauges(db: Db): void {
    const registers = [this.registry];
    new Gauge({
      name: 'shop_payments',
      help: 'Orders by payment method and payment outcome',
      labelNames: ['method', 'outcome'],
      registers,
      async collect() {
        const rows = await db
          .select({ method: orders.paymentMethod, outcome: orders.paymentStatus, total: count() })
          .from(orders)
          .groupBy(orders.paymentMethod, orders.paymentStatus);
        this.reset();
        for (const row of rows) this.set({ method: row.method, outcome: row.outcome }, row.total);
      },
    });
    const outboxes = () =>
      Promise.all(
        OUTBOXES.map(async (outbox) => {
          const [row] = await db
            .select({ waiting: count(), oldest: min(outbox.createdAt) })
            .from(outbox.table)
            .where(outbox.waiting);
          const oldest = row?.oldest ? new Date(row.oldest as Date).getTime() : undefined;
          return { outbox: outbox.name, waiting: row?.waiting ?? 0, oldest };
        }),
      );
    new Gauge({
      name: 'shop_outbox_depth',
      help: 'Messages waiting to be sent, by outbox',
      labelNames: ['outbox'],
      registers,
      async collect() {
        for (const { outbox, waiting } of await outboxes()) this.set({ outbox }, waiting);
      },
    });
    new Gauge({
      name: 'shop_outbox_oldest_age_seconds',
      help: 'Age of the oldest message waiting to be sent, by outbox (0 when none waits)',
      labelNames: ['outbox'],
      registers,
      async collect() {
        const now = Date.now();
        for (const { outbox, oldest } of await outboxes()) {
          this.set({ outbox }, oldest === undefined ? 0 : Math.max(0, (now - oldest) / 1000));
        }
      },
    });
    new Gauge({
      name: 'shop_sms_failures',
      help: 'SMS not sent or not delivered, by reason (moderation, balance, number, refused, expired, undelivered)',
      labelNames: ['reason'],
      registers,
      async collect() {
        const rows = await db
          .select({ failure: smsOutbox.failure, error: smsOutbox.lastError, total: count() })
          .from(smsOutbox)
          .where(sql`${smsOutbox.state} = 'dead' or ${smsOutbox.delivery} = 'failed'`)
          .groupBy(smsOutbox.failure, smsOutbox.lastError);
        this.reset();
        const byReason = new Map<string, number>();
        for (const row of rows) {
          // Messages given up before reasons were kept have only their error to go by.
          const reason = row.failure ?? smsFailureReason(row.error);
          byReason.set(reason, (byReason.get(reason) ?? 0) + row.total);
        }
        for (const [reason, total] of byReason) this.set({ reason }, total);
      },
    });
  }
}
