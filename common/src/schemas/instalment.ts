import { z } from 'zod';
import { LIMITS } from '../constants.js';
import { phoneField } from './phone.js';

/** The one instalment provider the shop speaks to. */
export const INSTALMENT_PROVIDER = 'uzum_nasiya' as const;

const money = z.number().int().min(0);

export const instalmentPlanSchema = z.object({
  months: z.number().int().min(1),
  monthly: money,
  total: money,
  overpayment: money,
});

/** The shop's advertised terms: the storefront computes every card's monthly price from them. */
export const instalmentTermsSchema = z.object({
  provider: z.literal(INSTALMENT_PROVIDER),
  plans: z.array(z.object({ months: z.number().int().min(1), markupPercent: z.number().min(0) })),
});
export type InstalmentTermsResponse = z.infer<typeof instalmentTermsSchema>;

export const instalmentOfferQuerySchema = z.object({
  amount: z.coerce
    .number()
    .int()
    .min(1)
    .max(LIMITS.maxPrice * 1000),
});

export const instalmentOfferSchema = z.object({
  provider: z.literal(INSTALMENT_PROVIDER),
  plans: z.array(instalmentPlanSchema),
});
export type InstalmentOffer = z.infer<typeof instalmentOfferSchema>;

/** Checkout asks whether the buyer can pay monthly, before placing the order. */
export const instalmentCheckSchema = z.object({
  phoneNumber: phoneField,
  amount: z
    .number()
    .int()
    .min(1)
    .max(LIMITS.maxPrice * 1000),
});
export type InstalmentCheck = z.input<typeof instalmentCheckSchema>;

/**
 * `verified`: the buyer's own plans from Uzum Nasiya. `register`: not registered (or not finished),
 * with Uzum's registration page. `refused`: Uzum will not give this buyer a contract; no reason is
 * passed on (it may be a debt, which is the buyer's business, not the shop's).
 */
export const instalmentBuyerSchema = z.discriminatedUnion('status', [
  z.object({ status: z.literal('verified'), plans: z.array(instalmentPlanSchema) }),
  z.object({ status: z.literal('register'), registrationUrl: z.string() }),
  z.object({ status: z.literal('refused') }),
]);
export type InstalmentBuyer = z.infer<typeof instalmentBuyerSchema>;

export const instalmentContractBodySchema = z.object({ months: z.number().int().min(1).max(60) });

/** The contract made for the order; Uzum has sent the buyer an SMS code to sign it. */
export const instalmentContractSchema = instalmentPlanSchema.extend({ contractId: z.string() });
export type InstalmentContract = z.infer<typeof instalmentContractSchema>;

export const instalmentCodeBodySchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{4,6}$/, 'The code is the 4 to 6 digits from the SMS'),
});

/** `paid` once Uzum activated the contract; `pending` when the code was right but Uzum did not answer yet. */
export const instalmentConfirmResultSchema = z.object({ status: z.enum(['paid', 'pending']) });
