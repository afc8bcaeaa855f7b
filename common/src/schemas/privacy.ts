import { z } from 'zod';
import { LANGUAGES, type Language } from '../constants.js';

/**
 * What a form that asks for consent sends beside its data: the version of the text the shopper was
 * shown and their yes. A client that sends neither (one written before consent was asked) is served
 * as before; one that sends the version must send `consent: true`.
 */
export const consentInputShape = {
  consent: z.boolean().optional().describe('The shopper agreed to the privacy text of `consentVersion`.'),
  consentVersion: z
    .string()
    .trim()
    .max(64)
    .optional()
    .describe('The version of the privacy text shown (`GET /api/privacy`).'),
};

export interface ConsentInput {
  consent?: boolean;
  consentVersion?: string;
}

/** A consent as staff see it on an order or an account. */
export const consentSchema = z.object({ version: z.string(), at: z.string() });
export type Consent = z.infer<typeof consentSchema>;

export const privacyDocumentSchema = z.object({
  version: z.string().describe('Changes whenever the text changes; sent back as `consentVersion`.'),
  text: z.object(
    Object.fromEntries(LANGUAGES.map((language) => [language, z.string()])) as Record<Language, z.ZodString>,
  ),
});
export type PrivacyDocument = z.infer<typeof privacyDocumentSchema>;

/**
 * The consent a request gives: `none` from a client that does not ask for it, `given` with the
 * version shown, `refused` when the version was sent without a yes, `outdated` when the text changed
 * after the shopper read it.
 */
export function consentOf(
  input: ConsentInput,
  currentVersion: string,
): { kind: 'none' } | { kind: 'given'; version: string } | { kind: 'refused' | 'outdated' } {
  if (input.consentVersion === undefined && input.consent === undefined) return { kind: 'none' };
  if (input.consent !== true) return { kind: 'refused' };
  if (input.consentVersion !== undefined && input.consentVersion !== currentVersion)
    return { kind: 'outdated' };
  return { kind: 'given', version: currentVersion };
}

/** `DELETE /api/me`: the SMS code of purpose `account` sent to the account's phone. */
export const accountDeletionSchema = z.object({
  code: z
    .string()
    .trim()
    .regex(/^\d{6}$/, 'The code has 6 digits'),
});
export type AccountDeletion = z.infer<typeof accountDeletionSchema>;

/** What a removed buyer's name, phone and address read as on orders kept for accounting. */
export const REMOVED_PERSONAL_DATA = 'deleted';

const row = z.record(z.string(), z.unknown());

/** `GET /api/me/data`: everything the shop keeps about the signed-in customer, as JSON. */
export const personalDataSchema = z.object({
  exportedAt: z.string(),
  account: z.object({
    fullName: z.string(),
    phoneNumber: z.string(),
    phoneVerified: z.boolean(),
    createdAt: z.string(),
    consent: consentSchema.nullable(),
  }),
  orders: z.array(row).describe("Every order placed with the account's phone, with its lines."),
  savedItems: z.array(row),
  reviews: z.array(row),
  quotes: z.array(row).describe("Price requests made with the account's phone."),
  instalments: z.array(row),
  telegram: row.nullable().describe('The Telegram account linked to this one, if any.'),
});
export type PersonalData = z.infer<typeof personalDataSchema>;
