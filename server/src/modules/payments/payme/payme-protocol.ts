import { z } from 'zod';

/*
 * Payme Merchant API (JSON-RPC 2.0, Payme calls the shop): the request and answer shapes and the
 * error codes. Cross-checked against public implementations, see docs/decisions/011-payments.md.
 */

export const PAYME_ERROR = {
  badCredentials: -32504,
  notPost: -32300,
  unparsable: -32700,
  badRequest: -32600,
  unknownMethod: -32601,
  system: -32400,
  wrongAmount: -31001,
  transactionNotFound: -31003,
  cannotCancel: -31007,
  cannotPerform: -31008,
  orderNotFound: -31050,
  orderNotPayable: -31051,
} as const;
export type PaymeErrorCode = (typeof PAYME_ERROR)[keyof typeof PAYME_ERROR];

interface Message {
  uz: string;
  ru: string;
  en: string;
}

/** Payme shows these to the shopper and to the merchant, in their language. */
const MESSAGES: Record<PaymeErrorCode, Message> = {
  [PAYME_ERROR.badCredentials]: {
    uz: "Ruxsat yoʻq: avtorizatsiya ma'lumotlari notoʻgʻri",
    ru: 'Недостаточно привилегий: неверные данные авторизации',
    en: 'Insufficient privilege: wrong credentials',
  },
  [PAYME_ERROR.notPost]: {
    uz: 'Soʻrov POST usulida yuborilishi kerak',
    ru: 'Запрос должен быть отправлен методом POST',
    en: 'The request must be sent with POST',
  },
  [PAYME_ERROR.unparsable]: {
    uz: 'Soʻrovdagi JSON oʻqib boʻlmadi',
    ru: 'Ошибка разбора JSON',
    en: 'The JSON of the request could not be parsed',
  },
  [PAYME_ERROR.badRequest]: {
    uz: 'Soʻrov notoʻgʻri: majburiy maydonlar yoʻq yoki turi notoʻgʻri',
    ru: 'Неверный запрос: отсутствуют обязательные поля или неверен их тип',
    en: 'Invalid request: required fields are missing or of the wrong type',
  },
  [PAYME_ERROR.unknownMethod]: {
    uz: 'Bunday metod yoʻq',
    ru: 'Запрашиваемый метод не найден',
    en: 'Method not found',
  },
  [PAYME_ERROR.system]: {
    uz: 'Tizim xatosi, keyinroq qayta urinib koʻring',
    ru: 'Системная ошибка, повторите попытку позже',
    en: 'System error, please try again later',
  },
  [PAYME_ERROR.wrongAmount]: {
    uz: 'Notoʻgʻri summa',
    ru: 'Неверная сумма',
    en: 'Wrong amount',
  },
  [PAYME_ERROR.transactionNotFound]: {
    uz: 'Tranzaksiya topilmadi',
    ru: 'Транзакция не найдена',
    en: 'Transaction not found',
  },
  [PAYME_ERROR.cannotCancel]: {
    uz: 'Buyurtma topshirilgan, tranzaksiyani bekor qilib boʻlmaydi',
    ru: 'Заказ выдан покупателю, транзакцию невозможно отменить',
    en: 'The order has been handed over; the transaction cannot be cancelled',
  },
  [PAYME_ERROR.cannotPerform]: {
    uz: 'Bu amalni bajarib boʻlmaydi',
    ru: 'Невозможно выполнить данную операцию',
    en: 'This operation cannot be performed',
  },
  [PAYME_ERROR.orderNotFound]: {
    uz: 'Buyurtma topilmadi',
    ru: 'Заказ не найден',
    en: 'Order not found',
  },
  [PAYME_ERROR.orderNotPayable]: {
    uz: 'Buyurtmani toʻlab boʻlmaydi: u toʻlangan, bekor qilingan yoki boshqa toʻlov kutilmoqda',
    ru: 'Заказ нельзя оплатить: он уже оплачен, отменён или ожидает другой платёж',
    en: 'The order cannot be paid: it is paid, cancelled or awaiting another payment',
  },
};

/** An answer of Payme's own kind: it travels as a JSON-RPC error with HTTP 200, never as an HTTP error. */
export class PaymeError extends Error {
  constructor(
    readonly code: PaymeErrorCode,
    /** The request field the error is about (Payme shows it for account errors). */
    readonly data?: string,
  ) {
    super(MESSAGES[code].en);
  }

  toJson() {
    return { code: this.code, message: MESSAGES[this.code], ...(this.data ? { data: this.data } : {}) };
  }
}

// ---- requests ----

const requestId = z.union([z.number(), z.string().max(100)]);

export const paymeRequestSchema = z.object({
  jsonrpc: z.literal('2.0').optional(),
  id: requestId,
  method: z.string().max(100),
  params: z.record(z.string(), z.unknown()),
});
export type PaymeRequest = z.infer<typeof paymeRequestSchema>;

/** `account` carries the shop's own fields; the order id is checked against the database, not here. */
const account = z.record(z.string(), z.unknown());
/** Payme's own id: a NUL character cannot be one (nor be stored), so it is a malformed request. */
const transactionId = z
  .string()
  .min(1)
  .max(100)
  .refine((id) => !id.includes('\u0000'));
const ms = z.number().int().nonnegative();

export const PAYME_PARAMS = {
  CheckPerformTransaction: z.object({ amount: z.number(), account }),
  CreateTransaction: z.object({ id: transactionId, time: ms, amount: z.number(), account }),
  PerformTransaction: z.object({ id: transactionId }),
  CancelTransaction: z.object({ id: transactionId, reason: z.number().int() }),
  CheckTransaction: z.object({ id: transactionId }),
  GetStatement: z.object({ from: ms, to: ms }),
  SetFiscalData: z.object({
    id: transactionId,
    type: z.enum(['PERFORM', 'CANCEL']),
    fiscal_data: z
      .object({
        receipt_id: z.union([z.string().max(100), z.number()]).optional(),
        status_code: z.number().int().optional(),
        message: z.string().max(1000).optional(),
        terminal_id: z.string().max(100).optional(),
        fiscal_sign: z.string().max(100).optional(),
        qr_code_url: z.string().max(1000).optional(),
        date: z.string().max(100).optional(),
      })
      .loose(),
  }),
  ChangePassword: z.object({ password: z.string().min(1).max(500) }),
} as const;
export type PaymeMethod = keyof typeof PAYME_PARAMS;
export type PaymeParams<M extends PaymeMethod> = z.infer<(typeof PAYME_PARAMS)[M]>;

export const isPaymeMethod = (method: string): method is PaymeMethod => Object.hasOwn(PAYME_PARAMS, method);

// ---- answers ----

const state = z.union([z.literal(1), z.literal(2), z.literal(-1), z.literal(-2)]);
/** Times are milliseconds since the epoch; 0 when the event has not happened. */
const time = z.number().int().nonnegative();

/** The receipt's lines (decision 023): tiyin per unit, the discount for the whole line. */
const detailSchema = z.strictObject({
  receipt_type: z.literal(0),
  items: z.array(
    z.strictObject({
      title: z.string(),
      price: z.number().int(),
      count: z.number().int(),
      code: z.string(),
      package_code: z.string(),
      vat_percent: z.number().int(),
      discount: z.number().int().optional(),
    }),
  ),
  shipping: z.strictObject({ title: z.string(), price: z.number().int() }).optional(),
});
export const checkPerformResultSchema = z.strictObject({ allow: z.literal(true), detail: detailSchema });
export const successResultSchema = z.strictObject({ success: z.literal(true) });
export const createResultSchema = z.strictObject({ create_time: time, transaction: z.string(), state });
export const performResultSchema = z.strictObject({ transaction: z.string(), perform_time: time, state });
export const cancelResultSchema = z.strictObject({ transaction: z.string(), cancel_time: time, state });
export const checkResultSchema = z.strictObject({
  create_time: time,
  perform_time: time,
  cancel_time: time,
  transaction: z.string(),
  state,
  reason: z.number().int().nullable(),
});
export const statementEntrySchema = z.strictObject({
  id: z.string(),
  time,
  amount: z.number().int(),
  account: z.strictObject({ order_id: z.string() }),
  create_time: time,
  perform_time: time,
  cancel_time: time,
  transaction: z.string(),
  state,
  reason: z.number().int().nullable(),
});
export const statementResultSchema = z.strictObject({ transactions: z.array(statementEntrySchema) });

export type CheckPerformResult = z.infer<typeof checkPerformResultSchema>;
export type CreateResult = z.infer<typeof createResultSchema>;
export type PerformResult = z.infer<typeof performResultSchema>;
export type CancelResult = z.infer<typeof cancelResultSchema>;
export type CheckResult = z.infer<typeof checkResultSchema>;
export type StatementResult = z.infer<typeof statementResultSchema>;
export type SuccessResult = z.infer<typeof successResultSchema>;
export type PaymeResult =
  | CheckPerformResult
  | CreateResult
  | PerformResult
  | CancelResult
  | CheckResult
  | StatementResult
  | SuccessResult;

const answerId = z.union([z.number(), z.string(), z.null()]);

export const paymeAnswerSchema = z.union([
  z.strictObject({
    jsonrpc: z.literal('2.0'),
    id: answerId,
    result: z.union([
      checkPerformResultSchema,
      createResultSchema,
      performResultSchema,
      cancelResultSchema,
      checkResultSchema,
      statementResultSchema,
      successResultSchema,
    ]),
  }),
  z.strictObject({
    jsonrpc: z.literal('2.0'),
    id: answerId,
    error: z.strictObject({
      code: z.number().int(),
      message: z.strictObject({ uz: z.string(), ru: z.string(), en: z.string() }),
      data: z.string().optional(),
    }),
  }),
]);
export type PaymeAnswer = z.infer<typeof paymeAnswerSchema>;
