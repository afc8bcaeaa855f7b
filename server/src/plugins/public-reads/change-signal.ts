import { randomUUID } from 'node:crypto';

/**
 * Names the state of everything a shopper can read. Every shopper-visible write replaces the
 * token; a cached answer is served only while the token it was made under is still current.
 */
export interface ChangeSignal {
  /** The current token, or undefined when it cannot be known now (then nothing is cached). */
  current(): string | undefined | Promise<string | undefined>;
  /** Called after a write committed and before it is acknowledged. */
  changed(): Promise<void>;
}

/** One process: the token lives in memory. */
export class MemorySignal implements ChangeSignal {
  private token = randomUUID();

  current(): string {
    return this.token;
  }

  async changed(): Promise<void> {
    this.token = randomUUID();
  }
}
