import pg from 'pg';
import type { Database } from '../db/client.js';

/** Decides which one process of the shop does a piece of background work (staff alerts, SMS). */
export interface Leadership {
  /** True while this process is the one; asks again (cheaply) when it is not. */
  acquire(): Promise<boolean>;
  release(): Promise<void>;
}

/** PGlite: one process per data folder, so that process is always the one. */
const alone: Leadership = { acquire: async () => true, release: async () => {} };

/** How long a process that lost the election waits before asking again. */
const RETRY_MS = 5_000;

/**
 * PostgreSQL: a session-level advisory lock held on a connection of its own. The lock lives as
 * long as that connection: when the leading process dies (even by kill -9) the server ends its
 * session and frees the lock, and another process takes it on its next ask.
 */
class AdvisoryLockLeadership implements Leadership {
  private client: pg.Client | undefined;
  private nextAskAt = 0;

  constructor(
    private readonly connectionString: string,
    private readonly lockName: string,
  ) {}

  async acquire(): Promise<boolean> {
    if (this.client) return true;
    if (Date.now() < this.nextAskAt) return false;
    this.nextAskAt = Date.now() + RETRY_MS;
    const client = new pg.Client({ connectionString: this.connectionString, connectionTimeoutMillis: 5000 });
    // A dropped connection loses the lock with it: stop sending until it is taken again.
    client.on('error', () => {
      if (this.client === client) this.client = undefined;
      client.end().catch(() => {});
    });
    try {
      await client.connect();
      const { rows } = await client.query<{ leader: boolean }>(
        'select pg_try_advisory_lock(hashtext($1)) as leader',
        [this.lockName],
      );
      if (rows[0]?.leader) {
        this.client = client;
        return true;
      }
    } catch {
      // The database is away: the worker tries again later, as it would after any failure.
    }
    await client.end().catch(() => {});
    return false;
  }

  async release(): Promise<void> {
    const client = this.client;
    this.client = undefined;
    await client?.end().catch(() => {});
  }
}

/** `lockName` names the work: each kind has its own leader. */
export function leadershipFor(database: Database, lockName = 'shop:staff-alerts'): Leadership {
  return database.kind === 'postgres' && database.url
    ? new AdvisoryLockLeadership(database.url, lockName)
    : alone;
}
