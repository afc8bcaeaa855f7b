import { z } from 'zod';

/*
 * Click's Shop API (Click calls the shop, form-encoded, twice per payment: prepare, then
 * complete). Cross-checked against public implementations, see docs/decisions/011-payments.md.
 */

export const CLICK_ACTION = { prepare: '0', complete: '1' } as const;

export const CLICK_ERROR = {
  success: 0,
  signFailed: -1,
  wrongAmount: -2,
  actionNotFound: -3,
  alreadyPaid: -4,
  orderNotFound: -5,
  transactionNotFound: -6,
  /** The shop failed on its side (its database): Click gives the money back, nothing was recorded. */
  failedToUpdate: -7,
  badRequest: -8,
  cancelled: -9,
} as const;
export type ClickErrorCode = (typeof CLICK_ERROR)[keyof typeof CLICK_ERROR];

/** Click's own wording, as its samples send it. */
export const CLICK_ERROR_NOTE: Record<ClickErrorCode, string> = {
  [CLICK_ERROR.success]: 'Success',
  [CLICK_ERROR.signFailed]: 'SIGN CHECK FAILED!',
  [CLICK_ERROR.wrongAmount]: 'Incorrect parameter amount',
  [CLICK_ERROR.actionNotFound]: 'Action not found',
  [CLICK_ERROR.alreadyPaid]: 'Already paid',
  [CLICK_ERROR.orderNotFound]: 'Order does not exist',
  [CLICK_ERROR.transactionNotFound]: 'Transaction does not exist',
  [CLICK_ERROR.failedToUpdate]: 'Failed to update the order',
  [CLICK_ERROR.badRequest]: 'Error in request from click',
  [CLICK_ERROR.cancelled]: 'Transaction cancelled',
};

/** Form fields arrive as text; a JSON body may carry numbers. Either way the signature is over the text. */
const text = z.union([z.string(), z.number()]).transform(String);
/** Ids Click sends as numbers and gets back as numbers: within what a JSON number holds exactly. */
const numericId = text.pipe(z.string().regex(/^\d{1,15}$/));

export const clickPrepareSchema = z.object({
  click_trans_id: numericId,
  service_id: numericId,
  click_paydoc_id: numericId,
  merchant_trans_id: text.pipe(z.string().min(1).max(100)),
  /** So'm, as Click writes it (`1250000` or `1250000.00`). */
  amount: text.pipe(z.string().regex(/^\d{1,13}(\.\d{1,2})?$/)),
  action: text.pipe(z.string().regex(/^-?\d{1,3}$/)),
  error: text.pipe(z.string().regex(/^-?\d{1,9}$/)),
  error_note: text.pipe(z.string().max(1000)).optional(),
  sign_time: text.pipe(z.string().min(1).max(50)),
  sign_string: text.pipe(z.string().min(1).max(100)),
});
export type ClickPrepare = z.output<typeof clickPrepareSchema>;

export const clickCompleteSchema = clickPrepareSchema.extend({ merchant_prepare_id: numericId });
export type ClickComplete = z.output<typeof clickCompleteSchema>;

export const clickAnswerSchema = z.object({
  click_trans_id: z.number().int().optional(),
  merchant_trans_id: z.string().optional(),
  merchant_prepare_id: z.number().int().optional(),
  merchant_confirm_id: z.number().int().optional(),
  error: z.number().int(),
  error_note: z.string(),
});
export type ClickAnswer = z.infer<typeof clickAnswerSchema>;
