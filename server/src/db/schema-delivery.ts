import { sql } from 'drizzle-orm';
import { boolean, check, integer, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import type { Region } from '@shop/common';
import { money } from './columns.js';

/** One tariff per region; every region has a row from the first migration on (decision 018). */
export const deliveryZones = pgTable(
  'delivery_zones',
  {
    region: text('region').$type<Region>().primaryKey(),
    enabled: boolean('enabled').notNull(),
    fee: money('fee').notNull(),
    freeFrom: money('free_from'),
    leadDays: integer('lead_days').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('delivery_zones_money', sql`${t.fee} >= 0 and ${t.leadDays} >= 0`)],
);

/** The one row of slot settings (id is always 1). */
export const deliverySettings = pgTable(
  'delivery_settings',
  {
    id: integer('id').primaryKey().default(1),
    slots: text('slots').array().notNull(),
    slotCapacity: integer('slot_capacity').notNull(),
    closedWeekdays: integer('closed_weekdays').array().notNull(),
    carryPerFloor: money('carry_per_floor').notNull(),
    updatedAt: timestamp('updated_at', { withTimezone: true, mode: 'date' }).notNull().defaultNow(),
  },
  (t) => [check('delivery_settings_one_row', sql`${t.id} = 1`)],
);

export type DeliveryZoneRow = typeof deliveryZones.$inferSelect;
export type DeliverySettingsRow = typeof deliverySettings.$inferSelect;
