import { z } from 'zod';

/** A variable the shop cannot start with; the message names it, so the operator knows what to fix. */
export class ConfigError extends Error {
  constructor(
    readonly variable: string,
    message: string,
  ) {
    super(`${variable}: ${message}`);
  }
}

/** Unset and empty are the same: an env file often carries `NAME=` for a variable not in use. */
export const optionalText = z
  .string()
  .trim()
  .optional()
  .transform((value) => value || undefined);

/** An optional number written with exactly `count` digits; spaces are allowed for readability. */
export const optionalDigits = (count: number) =>
  z
    .string()
    .optional()
    .transform((value) => value?.replace(/\s/g, '') || undefined)
    .pipe(
      z
        .string()
        .regex(new RegExp(`^\\d{${count}}$`), `must be ${count} digits`)
        .optional(),
    );

const isHttpUrl = (value: string) => {
  try {
    return ['http:', 'https:'].includes(new URL(value).protocol);
  } catch {
    return false;
  }
};

/** An http(s) address without its trailing slashes, so paths can be appended with `/`. */
export const httpUrl = z
  .string()
  .trim()
  .refine(isHttpUrl, 'must be an http:// or https:// URL')
  .transform((value) => value.replace(/\/+$/, ''));
