import { BlockList, isIP } from 'node:net';
import { z } from 'zod';

/** Who may read `GET /metrics`: these addresses, or a caller with the bearer token. */
export interface MetricsSettings {
  /** Addresses and CIDR ranges (`METRICS_ALLOW`, default loopback). */
  allow: string[];
  /** `METRICS_TOKEN`: a scraper elsewhere sends `Authorization: Bearer <token>`. */
  token: string | undefined;
}

export const DEFAULT_METRICS_SETTINGS: MetricsSettings = { allow: ['127.0.0.1/8', '::1'], token: undefined };

/** An address (`10.0.0.5`) or a range (`10.0.0.0/8`). */
function isAddressOrRange(entry: string): boolean {
  const [address = '', bits, ...rest] = entry.split('/');
  if (rest.length > 0 || !isIP(address)) return false;
  if (bits === undefined) return true;
  const max = isIP(address) === 4 ? 32 : 128;
  return /^\d{1,3}$/.test(bits) && Number(bits) <= max;
}

export const metricsEnvSchema = z.object({
  METRICS_ALLOW: z
    .string()
    .trim()
    .optional()
    .transform((value) =>
      value === undefined || value === ''
        ? DEFAULT_METRICS_SETTINGS.allow
        : value.split(/[\s,]+/).filter(Boolean),
    )
    .refine((entries) => entries.every(isAddressOrRange), {
      message: 'must be addresses or CIDR ranges, comma-separated (e.g. 127.0.0.1,10.0.0.0/8)',
    }),
  METRICS_TOKEN: z
    .string()
    .trim()
    .optional()
    .transform((value) => value || undefined)
    .pipe(z.string().min(16, 'must be at least 16 characters').optional()),
});

export function metricsSettingsFrom(vars: z.output<typeof metricsEnvSchema>): MetricsSettings {
  return { allow: vars.METRICS_ALLOW, token: vars.METRICS_TOKEN };
}

/** Whether a client address is one `allow` names; IPv4 seen through IPv6 (::ffff:a.b.c.d) counts as IPv4. */
export function allowedAddress(allow: string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of allow) {
    const [address = '', bits] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(bits), type);
  }
  return (ip) => {
    const plain = ip.replace(/^::ffff:(?=\d+\.\d+\.\d+\.\d+$)/i, '');
    const type = isIP(plain);
    return type !== 0 && list.check(plain, type === 4 ? 'ipv4' : 'ipv6');
  };
}
