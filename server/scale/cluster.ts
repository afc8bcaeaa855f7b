import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { ADMIN, POSTGRES_URL, sleep } from '../reliability/harness.js';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** The scale test's ports (the team's range for it): shops from 5401, nginx and a spare Redis from 5450. */
export const SHOP_PORT_BASE = 5401;
export const PROXY_PORT = 5450;
/** A Redis of the test's own, which it may stop (the machine's shared one it must not). */
export const SPARE_REDIS_PORT = 5451;
export const SHARED_REDIS_URL = process.env.SCALE_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Debian installs nginx in /usr/sbin, which is not on every user's PATH. */
export function findNginx(): string | undefined {
  for (const candidate of ['nginx', '/usr/sbin/nginx']) {
    if (spawnSync(candidate, ['-v']).status === 0) return candidate;
  }
  return undefined;
}

/** A fresh PostgreSQL database for this run, dropped (with its connections) afterwards. */
export async function createScaleDatabase(suffix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_scale_${process.pid}_${suffix}`;
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: POSTGRES_URL });
    await client.connect();
    try {
      await client.query(sql);
    } finally {
      await client.end();
    }
  };
  await run(`drop database if exists ${name} with (force)`);
  await run(`create database ${name}`);
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return { url: url.toString(), drop: () => run(`drop database if exists ${name} with (force)`) };
}

export interface ShopEnv {
  databaseUrl: string;
  dataDir: string;
  redisUrl: string;
  redisPrefix: string;
  jwtSecret: string;
}

/** One shop process as production runs it: `node dist/main.js` (the compiled server). */
export class ShopNode {
  readonly logLines: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;
  readonly url: string;

  private constructor(
    readonly child: ChildProcess,
    readonly port: number,
    readonly env: ShopEnv,
  ) {
    this.url = `http://127.0.0.1:${port}`;
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const keep = (chunk: Buffer) => {
      this.logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
      if (this.logLines.length > 500) this.logLines.splice(0, this.logLines.length - 500);
    };
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
  }

  static async start(port: number, env: ShopEnv, timeoutMs = 60_000): Promise<ShopNode> {
    const child = spawn(process.execPath, ['dist/main.js'], {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        NODE_ENV: 'production',
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: env.dataDir,
        DATABASE_URL: env.databaseUrl,
        REDIS_URL: env.redisUrl,
        REDIS_PREFIX: env.redisPrefix,
        JWT_SECRET: env.jwtSecret,
        // nginx is the only client; its X-Forwarded-For names the shopper.
        TRUST_PROXY: '127.0.0.1',
        // The load generator is one machine behind nginx: as one address it would meet the
        // order limits (10 an hour), and the scale rows measure throughput, not the limits.
        ORDER_LIMITS: 'off',
        // The scale rows sign up and look orders up across processes; SMS codes have their own
        // cross-process tests (phone-codes.test.ts with two shops on one Redis).
        PHONE_VERIFICATION: 'off',
        ORDER_LOOKUP: 'open',
        ADMIN_PHONE: ADMIN.phone,
        ADMIN_PASSWORD: ADMIN.password,
        WEB_DIST_DIR: path.join(env.dataDir, 'no-web-build'),
        LOG_LEVEL: 'warn',
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const node = new ShopNode(child, port, env);
    await node.waitHealthy(timeoutMs);
    return node;
  }

  restart(): Promise<ShopNode> {
    return ShopNode.start(this.port, this.env);
  }

  private async waitHealthy(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void this.exited.then(() => (exited = true));
    while (Date.now() < deadline) {
      if (exited) throw new Error(`shop on ${this.port} exited while starting:\n${this.log()}`);
      const response = await fetch(`${this.url}/api/health`).catch(() => undefined);
      if (response?.ok) return;
      await sleep(100);
    }
    throw new Error(`shop on ${this.port} not healthy in ${timeoutMs} ms:\n${this.log()}`);
  }

  /** Signals the process and waits (bounded) for it to exit. */
  async stop(signal: NodeJS.Signals, timeoutMs = 20_000) {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    const timedOut = sleep(timeoutMs).then(() => 'timed out' as const);
    const result = await Promise.race([this.exited, timedOut]);
    if (result === 'timed out') {
      this.child.kill('SIGKILL');
      throw new Error(`shop on ${this.port} did not exit within ${timeoutMs} ms of ${signal}`);
    }
    return result;
  }

  log(): string {
    return this.logLines.slice(-20).join('\n');
  }
}

/** nginx in the foreground with a configuration of our own, round robin over the shops. */
export class Proxy {
  private constructor(
    readonly child: ChildProcess,
    readonly dir: string,
    readonly url: string,
  ) {}

  static async start(nginx: string, shopPorts: number[], port = PROXY_PORT): Promise<Proxy> {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'shop-scale-nginx-'));
    for (const sub of ['logs', 'temp']) mkdirSync(path.join(dir, sub));
    const conf = path.join(dir, 'nginx.conf');
    writeFileSync(conf, nginxConfig(dir, shopPorts, port));
    const child = spawn(nginx, ['-p', dir, '-c', conf, '-e', path.join(dir, 'logs/error.log')], {
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString('utf8')));
    const proxy = new Proxy(child, dir, `http://127.0.0.1:${port}`);
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      if (child.exitCode !== null) throw new Error(`nginx exited: ${output}${proxy.errorLog()}`);
      const response = await fetch(`${proxy.url}/api/health`).catch(() => undefined);
      if (response?.ok) return proxy;
      await sleep(100);
    }
    throw new Error(`nginx did not answer in 10 s: ${output}${proxy.errorLog()}`);
  }

  errorLog(): string {
    const file = path.join(this.dir, 'logs/error.log');
    return existsSync(file) ? readFileSync(file, 'utf8') : '';
  }

  /** Requests nginx sent to more than one shop (one failed, the next answered), from its access log. */
  retriedRequests(): { retried: number; lines: string[] } {
    const file = path.join(this.dir, 'logs/access.log');
    const lines = existsSync(file) ? readFileSync(file, 'utf8').split('\n').filter(Boolean) : [];
    const retried = lines.filter((line) => line.split('|')[1]!.includes(','));
    return { retried: retried.length, lines: retried };
  }

  async stop(): Promise<void> {
    if (this.child.exitCode === null) {
      this.child.kill('SIGQUIT');
      const exited = new Promise((resolve) => this.child.once('exit', resolve));
      await Promise.race([exited, sleep(5000)]);
      if (this.child.exitCode === null) this.child.kill('SIGKILL');
    }
    rmSync(this.dir, { recursive: true, force: true });
  }
}

function nginxConfig(dir: string, shopPorts: number[], port: number): string {
  const temp = (name: string) => `${name}_temp_path ${path.join(dir, 'temp', name)};`;
  return `
daemon off;
master_process on;
worker_processes 1;
${process.getuid?.() === 0 ? 'user root;' : ''}
pid ${path.join(dir, 'nginx.pid')};
error_log ${path.join(dir, 'logs/error.log')} warn;
events { worker_connections 1024; }
http {
  log_format scale '$status|$upstream_status|$request_method $request_uri';
  access_log ${path.join(dir, 'logs/access.log')} scale;
  ${['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map(temp).join('\n  ')}
  client_max_body_size 12m;
  upstream shop {
    ${shopPorts.map((shopPort) => `server 127.0.0.1:${shopPort} max_fails=1 fail_timeout=2s;`).join('\n    ')}
  }
  server {
    listen 127.0.0.1:${port};
    proxy_set_header Host $host;
    proxy_set_header X-Forwarded-For $proxy_add_x_forwarded_for;
    # Which shop answered, so the test can tell when a restarted one is back in rotation.
    add_header X-Upstream $upstream_addr always;
    proxy_connect_timeout 1s;
    proxy_read_timeout 30s;
    proxy_next_upstream_tries 3;
    location / {
      proxy_pass http://shop;
      # A shop that refuses the connection (stopped, restarting) or answers 502-504 is skipped.
      # A POST is retried only when nginx could not send it (never "non_idempotent"): a sign-in or
      # a staff write a dying process may have done is not done twice.
      proxy_next_upstream error timeout http_502 http_503 http_504;
    }
    # An order with an Idempotency-Key is safe to send again: the shop answers a repeated key with
    # the order it placed. Only such an order goes through the location that retries a sent POST.
    location = /api/orders {
      if ($http_idempotency_key) {
        rewrite ^ /keyed-order last;
      }
      proxy_pass http://shop;
      proxy_next_upstream error timeout http_502 http_503 http_504;
    }
    location = /keyed-order {
      internal;
      proxy_pass http://shop/api/orders;
      proxy_next_upstream error timeout http_502 http_503 http_504 non_idempotent;
    }
  }
}
`;
}
