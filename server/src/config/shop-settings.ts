import { z } from 'zod';
import type { ShopContacts } from '@shop/common';
import { httpUrl, optionalText } from './env.js';

/** The shop's name, telephone and footer contacts, as page titles and structured data show them. */
export interface ShopIdentity {
  shopName: string;
  shopPhone: string | undefined;
  /** The footer's contacts and social pages; each unset one is hidden. */
  shopContacts: ShopContacts;
  /** Days a shopper has to return a product; 0: the shop takes none back. */
  returnDays: number;
}

export const shopEnvSchema = z.object({
  // The shop's name and telephone in page titles and structured data (decision 010).
  SHOP_NAME: z
    .string()
    .trim()
    .min(1, 'must not be empty')
    .max(80, 'must be at most 80 characters')
    .default('Mebel Shop'),
  SHOP_PHONE: optionalText.pipe(
    z
      .string()
      .regex(/^\+?[0-9][0-9 ()-]{6,24}$/, 'must be a telephone number such as +998712000000')
      .optional(),
  ),
  // Contacts and social pages in the storefront's footer; each left out is not shown (decision 021).
  SHOP_EMAIL: optionalText.pipe(z.email('must be an e-mail address such as info@mebel.uz').optional()),
  SHOP_ADDRESS: optionalText.pipe(z.string().max(200, 'must be at most 200 characters').optional()),
  SHOP_HOURS: optionalText.pipe(z.string().max(100, 'must be at most 100 characters').optional()),
  SHOP_TELEGRAM: optionalText.pipe(httpUrl.optional()),
  SHOP_INSTAGRAM: optionalText.pipe(httpUrl.optional()),
  SHOP_FACEBOOK: optionalText.pipe(httpUrl.optional()),
  // The return window product pages' structured data state; the consumer law's 10 days by default.
  RETURN_DAYS: z.coerce.number().int('must be a whole number').min(0).max(365).default(10),
});

export function shopIdentityFrom(vars: z.output<typeof shopEnvSchema>): ShopIdentity {
  return {
    shopName: vars.SHOP_NAME,
    shopPhone: vars.SHOP_PHONE,
    shopContacts: {
      email: vars.SHOP_EMAIL,
      address: vars.SHOP_ADDRESS,
      hours: vars.SHOP_HOURS,
      social: {
        telegram: vars.SHOP_TELEGRAM,
        instagram: vars.SHOP_INSTAGRAM,
        facebook: vars.SHOP_FACEBOOK,
      },
    },
    returnDays: vars.RETURN_DAYS,
  };
}
