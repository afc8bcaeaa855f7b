import { z } from 'zod';
import { LANGUAGES, ROLES } from '../constants.js';
import { idSchema, pageQuerySchema, pagedSchema } from './common.js';
import { dayOrDateTime, orderListQuerySchema } from './order.js';

/*
 * Staff operations (decision 013): the audit log, the order export and the staff alerts' status.
 * Their field and value names are what the back office and the export's readers rely on: a
 * renamed one breaks them.
 */

export const AUDIT_ENTITIES = [
  'product',
  'order',
  'user',
  'review',
  'alert',
  'delivery',
  'quote',
  'promo',
] as const;
export type AuditEntity = (typeof AUDIT_ENTITIES)[number];

export const AUDIT_ACTIONS = [
  'create',
  'update',
  'delete',
  'restore',
  'deleteImage',
  'signIn',
  'signInFailed',
  'passwordReset',
  /** Staff read a customer's personal details: their orders, one order, or an export. */
  'read',
] as const;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/** Each changed field, before → after (`null` where it did not exist). Never a password or hash. */
export type AuditChanges = Record<string, { before: unknown; after: unknown }>;
const auditChangesSchema = z.record(
  z.string(),
  z.object({ before: z.unknown(), after: z.unknown() }),
) as z.ZodType<AuditChanges>;

export const auditEntrySchema = z.object({
  _id: z.string(),
  at: z.string(),
  actor: z
    .object({ _id: z.string(), name: z.string(), phoneNumber: z.string(), role: z.enum(ROLES) })
    .nullable(),
  action: z.enum(AUDIT_ACTIONS),
  entity: z.enum(AUDIT_ENTITIES),
  entityId: z.string(),
  changes: auditChangesSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;
export const auditPageSchema = pagedSchema(auditEntrySchema);

export const auditQuerySchema = pageQuerySchema.extend({
  /** A staff member's id. */
  actor: idSchema.optional(),
  entity: z.enum(AUDIT_ENTITIES).optional(),
  action: z.enum(AUDIT_ACTIONS).optional(),
  startDate: dayOrDateTime.optional(),
  endDate: dayOrDateTime.optional(),
});
export type AuditQuery = z.infer<typeof auditQuerySchema>;

export const EXPORT_FORMATS = ['csv', 'xlsx'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];
/** The longest period one export may cover, in days (a year, leap day included). */
export const EXPORT_MAX_DAYS = 366;

export const orderExportQuerySchema = orderListQuerySchema.omit({ page: true, limit: true }).extend({
  format: z.enum(EXPORT_FORMATS).default('csv'),
  /** The language of the column titles and of the statuses written out. */
  lang: z.enum(LANGUAGES).optional(),
});
export type OrderExportQuery = z.infer<typeof orderExportQuerySchema>;

export const STAFF_ALERT_KINDS = [
  'orderPlaced',
  'orderCancelled',
  'orderExpired',
  'paymentReversed',
  'paymentReceived',
] as const;
export type StaffAlertKind = (typeof STAFF_ALERT_KINDS)[number];
export const STAFF_ALERT_STATES = ['pending', 'sent', 'dead'] as const;
export type StaffAlertState = (typeof STAFF_ALERT_STATES)[number];

/** What an alert tells, taken when the event happened. */
export interface StaffAlertPayload {
  orderNumber: string;
  customerName: string;
  phoneNumber: string;
  total: number;
  paymentMethod: string;
  /** An organisation's order: its name and STIR. */
  company?: { name: string; tin: string };
  /** `variant` (its Uzbek label) and `sku`: a product with options; absent in older alerts. */
  lines: {
    name: string;
    color: string;
    quantity: number;
    lineTotal: number;
    variant?: string;
    sku?: string;
  }[];
  /** Absent in alerts written before delivery existed. */
  delivery?: {
    method: string;
    region?: string;
    address?: { street: string; house: string; apartment?: string; landmark?: string };
    floor?: number;
    lift?: boolean;
    date?: string;
    slot?: string;
    assembly: boolean;
  };
}

/** How the alerts are doing, for the admin status screen. */
export const alertStatusSchema = z.object({
  /** `off`: no token or chat id; `refused`: Telegram refused them (fix and restart). */
  telegram: z.enum(['off', 'ok', 'failing', 'refused']),
  problem: z.string().nullable(),
  problemAt: z.string().nullable(),
  counts: z.object({ pending: z.number().int(), sent: z.number().int(), dead: z.number().int() }),
  dead: z.array(
    z.object({
      _id: z.string(),
      kind: z.enum(STAFF_ALERT_KINDS),
      orderId: z.string(),
      orderNumber: z.string(),
      attempts: z.number().int(),
      lastError: z.string().nullable(),
      createdAt: z.string(),
    }),
  ),
});
export type AlertStatus = z.infer<typeof alertStatusSchema>;
export const alertIdParamsSchema = z.object({ id: z.string().regex(/^\d{1,12}$/, 'Invalid id') });
