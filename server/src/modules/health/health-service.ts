import { readFileSync } from 'node:fs';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import type { Database } from '../../db/client.js';
import { MIGRATIONS_DIR } from '../../paths.js';
import type { SharedRedis } from '../../shared-state/redis.js';

export interface HealthAnswer {
  status: 'ok' | 'error';
  database: Database['kind'];
  message?: string;
}

export interface ReadinessAnswer {
  status: 'ready' | 'not_ready';
  database: 'ok' | 'unavailable' | 'migrations_pending';
  redis: 'ok' | 'unavailable' | 'not_configured';
}

/** How many migrations this build ships; the database has applied them all when it holds as many. */
const shippedMigrations = (): number =>
  (
    JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta', '_journal.json'), 'utf8')) as {
      entries: unknown[];
    }
  ).entries.length;

/** Whether the database (and Redis, when the shop has one) answers, and which kind it is. */
export class HealthService {
  private readonly expectedMigrations = shippedMigrations();

  constructor(
    private readonly database: Database,
    private readonly redis?: SharedRedis,
  ) {}

  async check(): Promise<HealthAnswer> {
    const kind = this.database.kind;
    try {
      await this.database.db.execute(sql`select 1`);
      return { status: 'ok', database: kind };
    } catch {
      return { status: 'error', database: kind, message: 'The database is unavailable' };
    }
  }

  /** Whether this process may take traffic: its database answers and is migrated, and Redis when set. */
  async ready(): Promise<ReadinessAnswer> {
    const [database, redis] = await Promise.all([this.databaseState(), this.redisState()]);
    const ready = database === 'ok' && redis !== 'unavailable';
    return { status: ready ? 'ready' : 'not_ready', database, redis };
  }

  private async databaseState(): Promise<ReadinessAnswer['database']> {
    try {
      const result = await this.database.db.execute(
        sql`select count(*)::int as applied from drizzle.__drizzle_migrations`,
      );
      const applied = Number((result as unknown as { rows: { applied: number }[] }).rows[0]?.applied ?? 0);
      return applied >= this.expectedMigrations ? 'ok' : 'migrations_pending';
    } catch {
      return 'unavailable';
    }
  }

  private async redisState(): Promise<ReadinessAnswer['redis']> {
    if (!this.redis) return 'not_configured';
    try {
      return (await this.redis.client.ping()) === 'PONG' ? 'ok' : 'unavailable';
    } catch {
      return 'unavailable';
    }
  }
}
