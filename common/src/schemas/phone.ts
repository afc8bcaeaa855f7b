import { z } from 'zod';
import { normalizePhone } from '../phone.js';

/**
 * Every phone field of the shop (checkout, lookup, sign-up, log-in, reset, staff accounts, quotes,
 * instalments): any way of writing an Uzbek mobile number that `normalizePhone` reads, such as
 * `901112233`, `90 111 22 33` or `+998 90 111 22 33`, arrives as `+998901112233`.
 */
export const phoneField = z
  .string()
  .trim()
  .min(1, 'Phone number is required')
  .max(40)
  .transform((raw, ctx) => {
    const phone = normalizePhone(raw);
    if (!phone) {
      ctx.addIssue({
        code: 'custom',
        message: 'Please enter a valid phone number',
        params: { kind: 'phoneFormat' },
      });
      return z.NEVER;
    }
    return phone;
  });
