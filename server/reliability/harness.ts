import { execFileSync, spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import pg from 'pg';
import { afterAll } from 'vitest';
import { PAGE_SIZE, type Order, type Paged, type Product } from '@shop/common';

const SERVER_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const POSTGRES_URL =
  process.env.RELIABILITY_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
export const ADMIN = { phone: '+998900000001', password: 'admin12345' };
export const QUICK = process.env.RELIABILITY_QUICK === '1';

export async function freePort(): Promise<number> {
  const server = net.createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as net.AddressInfo;
  await new Promise((resolve) => server.close(resolve));
  return port;
}

export const DATABASES = [
  { variant: 'PGlite', postgres: false },
  { variant: 'PostgreSQL', postgres: true },
];

export type Cleanup = (step: () => unknown) => void;

/** Collects undo steps (stop a process, drop a database) and runs them after the file, last first. */
export function cleanupAfterAll(): Cleanup {
  const steps: (() => unknown)[] = [];
  afterAll(async () => {
    for (const step of steps.reverse()) await step();
  });
  return (step) => void steps.push(step);
}

/** A fresh data folder and, for PostgreSQL, a freshly created database, both removed afterwards. */
export async function freshStorage(
  postgres: boolean,
  cleanup: Cleanup,
): Promise<{ dataDir: string; databaseUrl?: string }> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'shop-reliability-'));
  cleanup(() => rmSync(dataDir, { recursive: true, force: true }));
  if (!postgres) return { dataDir };
  const database = await createPostgresDatabase();
  cleanup(database.drop);
  return { dataDir, databaseUrl: database.url };
}

export interface ShopOptions {
  dataDir: string;
  databaseUrl?: string;
  port?: number;
  env?: Record<string, string>;
  /** Runs the bundle `npm start` runs (dist/main.js, see buildServer) instead of the sources. */
  built?: boolean;
}

/**
 * The shop as a shopper meets it: `server/src/main.ts` in its own Node process (tsx as a loader,
 * not the tsx CLI, so a signal reaches the shop itself and not a wrapper).
 */
export class ShopProcess {
  readonly logLines: string[] = [];
  readonly exited: Promise<{ code: number | null; signal: NodeJS.Signals | null }>;

  private constructor(
    readonly child: ChildProcess,
    readonly url: string,
    readonly options: ShopOptions & { port: number },
  ) {
    this.exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
    const keep = (chunk: Buffer) => this.logLines.push(...chunk.toString('utf8').split('\n').filter(Boolean));
    child.stdout!.on('data', keep);
    child.stderr!.on('data', keep);
  }

  static async start(options: ShopOptions): Promise<ShopProcess> {
    const port = options.port ?? (await freePort());
    const entry = options.built ? ['dist/main.js'] : ['--import', 'tsx', 'src/main.ts'];
    const child = spawn(process.execPath, entry, {
      cwd: SERVER_DIR,
      env: {
        PATH: process.env.PATH,
        HOME: process.env.HOME,
        PORT: String(port),
        HOST: '127.0.0.1',
        DATA_DIR: options.dataDir,
        ADMIN_PHONE: ADMIN.phone,
        ADMIN_PASSWORD: ADMIN.password,
        WEB_DIST_DIR: path.join(options.dataDir, 'no-web-build'),
        LOG_LEVEL: 'info',
        // These tests are many shoppers arriving from one address (this machine), most at full
        // speed: the per-address and per-phone order limits would measure themselves, not the
        // stock. The row that measures the limits (order-flood.test.ts) turns them on.
        ORDER_LIMITS: 'off',
        ...(options.databaseUrl ? { DATABASE_URL: options.databaseUrl } : {}),
        ...options.env,
      },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    const shop = new ShopProcess(child, `http://127.0.0.1:${port}`, { ...options, port });
    await shop.waitHealthy(90_000);
    return shop;
  }

  /** Starts a new process on the same data folder, database and port. */
  restart(): Promise<ShopProcess> {
    return ShopProcess.start(this.options);
  }

  async waitHealthy(timeoutMs: number): Promise<void> {
    const deadline = Date.now() + timeoutMs;
    let exited = false;
    void this.exited.then(() => (exited = true));
    while (Date.now() < deadline) {
      if (exited) throw new Error(`the shop exited while starting:\n${this.logLines.slice(-20).join('\n')}`);
      const response = await fetch(`${this.url}/api/health`).catch(() => undefined);
      if (response?.ok) return;
      await sleep(200);
    }
    throw new Error(
      `the shop did not become healthy in ${timeoutMs} ms:\n${this.logLines.slice(-20).join('\n')}`,
    );
  }

  async kill(signal: NodeJS.Signals = 'SIGKILL') {
    if (this.child.exitCode === null && this.child.signalCode === null) this.child.kill(signal);
    return this.exited;
  }

  get pid(): number {
    return this.child.pid!;
  }
}

/**
 * Bundles the server into dist/ as `npm run build -w server` does. A memory figure is taken on
 * this bundle: the TypeScript loader alone adds some 70 MB to the process.
 */
export function buildServer(): void {
  execFileSync(process.execPath, ['scripts/build.mjs'], { cwd: SERVER_DIR, stdio: 'ignore' });
}

export const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export interface Answer<T = unknown> {
  status: number;
  body: T;
}

/** A JSON call that reports a dropped connection as status 0 instead of throwing. */
export async function call<T = unknown>(
  shop: { url: string },
  method: string,
  url: string,
  options: { token?: string; body?: unknown; form?: FormData; headers?: Record<string, string> } = {},
): Promise<Answer<T>> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers['content-type'] = 'application/json';
  try {
    const response = await fetch(`${shop.url}${url}`, {
      method,
      headers,
      body: options.form ?? (options.body === undefined ? undefined : JSON.stringify(options.body)),
    });
    const text = await response.text();
    return { status: response.status, body: (text ? JSON.parse(text) : undefined) as T };
  } catch {
    return { status: 0, body: undefined as T };
  }
}

export async function loginAdmin(shop: { url: string }): Promise<string> {
  const answer = await call<{ token: string }>(shop, 'POST', '/api/auth/login', {
    body: { phoneNumber: ADMIN.phone, password: ADMIN.password },
  });
  if (answer.status !== 200) throw new Error(`admin login failed: ${answer.status}`);
  return answer.body.token;
}

export async function createProduct(
  shop: { url: string },
  token: string,
  fields: { name: string; price: number; stock: number; color: string[] },
): Promise<Product> {
  const form = new FormData();
  form.append('name', fields.name);
  form.append('description', `${fields.name} for the reliability suite`);
  form.append('price', String(fields.price));
  form.append('category', 'office');
  form.append('stock', String(fields.stock));
  form.append('color', fields.color.join(','));
  form.append('status', 'active');
  // Example fiscal codes, so the products can be paid online (decision 023).
  form.append('ikpu', '09403001001000000');
  form.append('packageCode', '1514296');
  const answer = await call<Product>(shop, 'POST', '/api/products', { token, form });
  if (answer.status !== 201)
    throw new Error(`product create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

export interface OrderLineRequest {
  productId: string;
  quantity: number;
  color: string;
}

export const placeOrder = (shop: { url: string }, phone: string, items: OrderLineRequest[]) =>
  call<Order & { code?: string }>(shop, 'POST', '/api/orders', {
    body: { customerName: 'Reliability shopper', phoneNumber: phone, items },
  });

/** A distinct valid Uzbek mobile number per shopper. */
export function shopperPhone(index: number): string {
  return `+99891${String(index).padStart(7, '0')}`;
}

/**
 * A code for `phone` as its owner receives it: asked for over HTTP, read from the shop's log
 * (SMS_PROVIDER=log, the shop's default, writes each SMS there).
 */
export async function phoneCode(shop: ShopProcess, phone: string, purpose = 'orders'): Promise<string> {
  const asked = await call(shop, 'POST', '/api/auth/codes', { body: { phoneNumber: phone, purpose } });
  if (asked.status !== 202) throw new Error(`no code for ${phone}: ${asked.status}`);
  const digits = phone.replace(/\D/g, '');
  const deadline = Date.now() + 10_000;
  while (Date.now() < deadline) {
    for (const line of [...shop.logLines].reverse()) {
      if (!line.includes(digits.slice(-9))) continue;
      const sms = (JSON.parse(line) as { sms?: { to: string; text: string } }).sms;
      const code =
        sms && sms.to.replace(/\D/g, '') === digits ? /\b(\d{6})\b/.exec(sms.text)?.[1] : undefined;
      if (code) return code;
    }
    await sleep(100);
  }
  throw new Error(`the code for ${phone} never reached the log`);
}

export async function readProduct(shop: { url: string }, token: string, id: string): Promise<Product> {
  const answer = await call<Product>(shop, 'GET', `/api/products/${id}`, { token });
  if (answer.status !== 200) throw new Error(`product read failed: ${answer.status}`);
  return answer.body;
}

/** Every order the shop holds, read through the staff list page by page. */
export async function allOrders(shop: { url: string }, token: string): Promise<Order[]> {
  const found: Order[] = [];
  for (let page = 1; ; page += 1) {
    const answer = await call<Paged<Order>>(shop, 'GET', `/api/orders?page=${page}&limit=${PAGE_SIZE.max}`, {
      token,
    });
    if (answer.status !== 200)
      throw new Error(`order list failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    found.push(...answer.body.docs);
    if (page >= answer.body.totalPages) return found;
  }
}

/** Units of a product held by orders that are not cancelled. */
export function unitsHeld(orders: readonly Order[], productId: string): number {
  return orders
    .filter((order) => order.status !== 'cancelled')
    .flatMap((order) => order.products)
    .filter((line) => line.product._id === productId)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** A fresh, empty PostgreSQL database; the shop migrates it on start. */
export async function createPostgresDatabase(): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `shop_reliability_${randomBytes(5).toString('hex')}`;
  const admin = new pg.Client({ connectionString: POSTGRES_URL });
  await admin.connect();
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(POSTGRES_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const client = new pg.Client({ connectionString: POSTGRES_URL });
      await client.connect();
      await client.query(`drop database if exists ${name} with (force)`);
      await client.end();
    },
  };
}
