import { PHONE_CODE, type PhoneCodePurpose } from '@shop/common';
import { LocalFailureCounts, type FailureCounts } from '../../shared-state/local-failure-counts.js';

/** Counts shared by every process (Redis) when the shop runs several; this process's otherwise. */
export type CountsFactory = (name: string, limit: number, windowMs: number) => FailureCounts;

export const localCounts: CountsFactory = (_name, limit, windowMs) => new LocalFailureCounts(limit, windowMs);

const HOUR_MS = 3_600_000;
/** Codes to one phone asked from one client address. */
export const CODES_PER_PHONE_AND_ADDRESS_PER_HOUR = 5;
export const CODES_PER_PHONE_PER_HOUR = 10;
export const CODES_PER_ADDRESS_PER_HOUR = 20;

/**
 * Who may ask for a code now: one per phone and purpose a minute; an hour, 5 per phone from one
 * client address, 10 per phone in all, 20 per client address. Every SMS costs the shop money and
 * lands on someone's phone, so both sides cap; the pair's cap is below the phone's, so a stranger
 * from one or two addresses cannot use up the owner's codes.
 */
export class CodeRequestLimits {
  private readonly cooldown: FailureCounts;
  private readonly perPair: FailureCounts;
  private readonly perPhone: FailureCounts;
  private readonly perAddress: FailureCounts;

  constructor(counts: CountsFactory = localCounts) {
    this.cooldown = counts('cooldown', 1, PHONE_CODE.cooldownSeconds * 1000);
    this.perPair = counts('pair', CODES_PER_PHONE_AND_ADDRESS_PER_HOUR, HOUR_MS);
    this.perPhone = counts('phone', CODES_PER_PHONE_PER_HOUR, HOUR_MS);
    this.perAddress = counts('address', CODES_PER_ADDRESS_PER_HOUR, HOUR_MS);
  }

  /** 0 when a code may be sent (and it is counted), else the milliseconds to wait (nothing counted). */
  async admit(phone: string, purpose: PhoneCodePurpose, address: string): Promise<number> {
    const steps: [FailureCounts, string][] = [
      [this.cooldown, `${phone}:${purpose}`],
      [this.perPair, `${phone}@${address}`],
      [this.perPhone, phone],
      [this.perAddress, address],
    ];
    for (const [index, [counts, key]] of steps.entries()) {
      const wait = await counts.attempt(key);
      if (wait > 0) {
        // A refusal counts nothing: the tries already taken are given back.
        await Promise.all(steps.slice(0, index).map(([taken, takenKey]) => taken.forgive(takenKey)));
        return wait;
      }
    }
    return 0;
  }
}
