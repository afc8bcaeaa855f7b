import { z } from 'zod';
import {
  DEFAULT_VAT_PERCENT,
  IKPU_PATTERN,
  PACKAGE_CODE_PATTERN,
  VAT_PERCENTS,
  type VatPercent,
} from '@shop/common';
import { ConfigError, optionalText } from './env.js';

/** A service line's codes on a fiscal receipt (delivery, assembly and carrying up). */
export interface ServiceCodes {
  ikpu: string;
  packageCode: string;
}

export interface FiscalConfig {
  /** The rate of a new product whose form sends none. */
  vatPercent: VatPercent;
  /** The shop's taxpayer number (INN), 9 digits: Click's `CommissionInfo.TIN`. */
  shopTin: string | undefined;
  /** Delivery and carrying up are one service code; assembly its own. Unset: such a fee cannot be paid online. */
  delivery: ServiceCodes | undefined;
  assembly: ServiceCodes | undefined;
}

const ikpu = optionalText.pipe(z.string().regex(IKPU_PATTERN, 'must be 17 digits (an MXIK code)').optional());
const packageCode = optionalText.pipe(
  z.string().regex(PACKAGE_CODE_PATTERN, 'must be digits (the package code of the MXIK code)').optional(),
);

export const fiscalEnvSchema = z.object({
  VAT_PERCENT: z.coerce
    .number()
    .refine((rate): rate is VatPercent => (VAT_PERCENTS as readonly number[]).includes(rate), {
      message: `must be one of ${VAT_PERCENTS.join(', ')}`,
    })
    .default(DEFAULT_VAT_PERCENT),
  SHOP_TIN: optionalText.pipe(
    z
      .string()
      .regex(/^\d{9}$/, 'must be 9 digits (the INN)')
      .optional(),
  ),
  DELIVERY_IKPU: ikpu,
  DELIVERY_PACKAGE_CODE: packageCode,
  ASSEMBLY_IKPU: ikpu,
  ASSEMBLY_PACKAGE_CODE: packageCode,
});
export type FiscalEnv = z.output<typeof fiscalEnvSchema>;

function serviceCodes(code: string | undefined, pack: string | undefined, prefix: string) {
  if (!code && !pack) return undefined;
  if (!code || !pack) {
    const missing = code ? `${prefix}_PACKAGE_CODE` : `${prefix}_IKPU`;
    throw new ConfigError(missing, `set ${prefix}_IKPU and ${prefix}_PACKAGE_CODE together`);
  }
  return { ikpu: code, packageCode: pack };
}

export function fiscalConfigFrom(vars: FiscalEnv): FiscalConfig {
  return {
    vatPercent: vars.VAT_PERCENT as VatPercent,
    shopTin: vars.SHOP_TIN,
    delivery: serviceCodes(vars.DELIVERY_IKPU, vars.DELIVERY_PACKAGE_CODE, 'DELIVERY'),
    assembly: serviceCodes(vars.ASSEMBLY_IKPU, vars.ASSEMBLY_PACKAGE_CODE, 'ASSEMBLY'),
  };
}

/** No codes set: the shop's defaults (tests add what they need). */
export const FISCAL_CONFIG_DEFAULT: FiscalConfig = {
  vatPercent: DEFAULT_VAT_PERCENT,
  shopTin: undefined,
  delivery: undefined,
  assembly: undefined,
};
