import { z } from 'zod';
import { pagedSchema, pageQuerySchema } from './common.js';

/** What an SMS is for: a code's purpose (an instalment check's code apart), or a quote's answer. */
export const SMS_PURPOSES = ['signup', 'reset', 'orders', 'instalment', 'account', 'quote'] as const;
export type SmsPurpose = (typeof SMS_PURPOSES)[number];

export const SMS_STATUSES = ['queued', 'sent', 'delivered', 'failed'] as const;
export type SmsStatus = (typeof SMS_STATUSES)[number];

/** One SMS as staff see it: the phone masked but for its last 4 digits, never the text. */
export const smsMessageSchema = z.object({
  _id: z.string(),
  phoneNumber: z.string(),
  purpose: z.enum(SMS_PURPOSES).nullable(),
  status: z.enum(SMS_STATUSES),
  reason: z.string().nullable(),
  createdAt: z.string(),
});
export type SmsMessage = z.infer<typeof smsMessageSchema>;

export const smsMessagePageSchema = pagedSchema(smsMessageSchema);
export const smsMessageQuerySchema = pageQuerySchema;

/** Eskiz's delivery report, as it posts it to `callback_url` (form or JSON; extra fields kept out). */
export const eskizStatusSchema = z.object({
  request_id: z.coerce.string().trim().max(100).optional(),
  message_id: z.coerce.string().trim().max(100).optional(),
  user_sms_id: z.coerce.string().trim().max(100).optional(),
  status: z.string().trim().min(1).max(40),
});
export type EskizStatus = z.infer<typeof eskizStatusSchema>;
