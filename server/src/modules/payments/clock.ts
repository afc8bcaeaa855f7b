/** Where payments read the time, so tests can move it past a provider's timeout instead of waiting. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };
