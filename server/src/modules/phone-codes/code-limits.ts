import { PHONE_CODE, type PhoneCodePurpose } from '@shop/common';
import { LocalFailureCounts, type FailureCounts } from '../../shared-state/local-failure-counts.js';

/** Counts shared by every process (Redis) when the shop runs several; this process's otherwise. */
export type CountsFactory = (name: string, limit: number, windowMs: number) => FailureCounts;

export const localCounts: CountsFactory = (_name, limit, windowMs) => new LocalFailureCounts(limit, windowMs);

const HOUR_MS = 3_600_000;
export const CODES_PER_PHONE_PER_HOUR = 5;
export const CODES_PER_ADDRESS_PER_HOUR = 20;

/**
 * Who may ask for a code now: one per phone and purpose a minute, 5 per phone and 20 per client
 * address an hour. Every SMS costs the shop money and lands on someone's phone, so both sides cap.
 */
export class CodeRequestLimits {
  private readonly cooldown: FailureCounts;
  private readonly perPhone: FailureCounts;
  private readonly perAddress: FailureCounts;

  constructor(counts: CountsFactory = localCounts) {
    this.cooldown = counts('cooldown', 1, PHONE_CODE.cooldownSeconds * 1000);
    this.perPhone = counts('phone', CODES_PER_PHONE_PER_HOUR, HOUR_MS);
    this.perAddress = counts('address', CODES_PER_ADDRESS_PER_HOUR, HOUR_MS);
  }

  /** 0 when a code may be sent (and it is counted), else the milliseconds to wait (nothing counted). */
  async admit(phone: string, purpose: PhoneCodePurpose, address: string): Promise<number> {
    const cooldownKey = `${phone}:${purpose}`;
    const cooldownWait = await this.cooldown.attempt(cooldownKey);
    if (cooldownWait > 0) return cooldownWait;
    const phoneWait = await this.perPhone.attempt(phone);
    if (phoneWait > 0) {
      await this.cooldown.forgive(cooldownKey);
      return phoneWait;
    }
    const addressWait = await this.perAddress.attempt(address);
    if (addressWait > 0) {
      await Promise.all([this.cooldown.forgive(cooldownKey), this.perPhone.forgive(phone)]);
      return addressWait;
    }
    return 0;
  }
}
