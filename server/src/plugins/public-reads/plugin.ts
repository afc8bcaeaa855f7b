import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { isStaff } from '../auth.js';
import type { ChangeSignal } from './change-signal.js';
import { nextDiscountBoundary } from './discount-boundary.js';
import {
  PUBLIC_CACHE_CONTROL,
  ResponseStore,
  etagOf,
  matchesEtag,
  sendStored,
  type StoredResponse,
} from './response-store.js';

/** Staff see paused and deleted products: never stored by anyone. */
const STAFF_CACHE_CONTROL = 'private, no-store';
/** An answer is re-made at least this often even if nothing announced a change. */
const MAX_KEEP_MS = 10 * 60_000;
/**
 * Writes under these paths change nothing a shopper reads from the cached routes; every other
 * write (a new route included) drops the cache, so forgetting to hook a write cannot leave a
 * stale price.
 */
const WRITES_SHOPPERS_DO_NOT_SEE = ['/api/auth/', '/api/me/', '/api/users', '/api/audit'];

export interface PublicReads {
  /** The one call after a write shoppers can see that did not come through an HTTP request. */
  invalidate(): Promise<void>;
  /** Runs when another process announced a change (e.g. to drop other per-process caches). */
  onChange(listener: () => void): void;
  /**
   * For another cache of what shoppers read (the server-rendered pages): the token an answer made
   * now is made under, and until when it stays true (the next discount boundary). Undefined when
   * nothing may be cached now (the cache is off, or the token or the boundary cannot be read).
   */
  freshness(): Promise<{ token: string; freshUntil: number } | undefined>;
}

declare module 'fastify' {
  interface FastifyInstance {
    publicReads: PublicReads;
  }
  interface FastifyContextConfig {
    /** A public GET whose answer is the same for every shopper: ETag, Cache-Control, cached bytes. */
    publicRead?: boolean;
  }
  interface FastifyRequest {
    publicReadFill?: { key: string; token: string; freshUntil: number };
    publicReadServed?: boolean;
  }
}

export interface PublicReadsOptions {
  signal: ChangeSignal;
  /** Off: answers still carry ETag and Cache-Control, but every one is made afresh. */
  cache: boolean;
}

const isRead = (request: FastifyRequest) => request.method === 'GET' || request.method === 'HEAD';

export default fp(
  async function publicReadsPlugin(app: FastifyInstance, options: PublicReadsOptions) {
    const store = new ResponseStore();
    const listeners: (() => void)[] = [];
    let lastToken: string | undefined;
    let boundary: { token: string; at: Promise<number | null> } | undefined;

    async function currentToken(): Promise<string | undefined> {
      const token = await options.signal.current();
      if (token !== undefined && token !== lastToken) {
        if (lastToken !== undefined) {
          store.clear();
          for (const listener of listeners) listener();
        }
        lastToken = token;
      }
      return token;
    }

    /** The discount boundary is asked once per catalogue state, again once it has passed. */
    async function freshUntil(token: string, now: number): Promise<number> {
      if (!boundary || boundary.token !== token) {
        boundary = { token, at: nextDiscountBoundary(app.db, new Date(now)) };
        boundary.at.catch(() => (boundary = undefined));
      }
      let at = await boundary.at;
      if (at !== null && at <= now) {
        boundary = { token, at: nextDiscountBoundary(app.db, new Date(now)) };
        at = await boundary.at;
      }
      return Math.min(at ?? Infinity, now + MAX_KEEP_MS);
    }

    function serve(request: FastifyRequest, reply: FastifyReply, entry: StoredResponse) {
      request.publicReadServed = true;
      return sendStored(request, reply, entry);
    }

    async function lookUp(request: FastifyRequest, reply: FastifyReply) {
      if (!options.cache) return;
      let token: string | undefined;
      try {
        token = await currentToken();
      } catch {
        token = undefined;
      }
      if (token === undefined) return;
      const now = Date.now();
      const entry = store.get(request.url, token, now);
      if (entry) return serve(request, reply, entry);
      try {
        request.publicReadFill = { key: request.url, token, freshUntil: await freshUntil(token, now) };
      } catch (error) {
        request.log.warn({ err: error }, 'Public read cache: cannot read discount times; not caching');
      }
    }

    // Guests are looked up before anything else runs; a request with a token after `identify`
    // (the route's own onRequest) has said whether it is staff.
    app.addHook('onRequest', async (request, reply) => {
      if (!request.routeOptions.config.publicRead || !isRead(request) || request.headers.authorization)
        return;
      return lookUp(request, reply);
    });
    app.addHook('preValidation', async (request, reply) => {
      if (!request.routeOptions.config.publicRead || !isRead(request) || !request.headers.authorization)
        return;
      if (isStaff(request.currentUser)) return;
      return lookUp(request, reply);
    });

    app.addHook('onSend', async (request, reply, payload) => {
      if (!isRead(request)) {
        const url = request.url;
        const status = reply.statusCode;
        const failedBeforeWriting = status >= 400 && status < 500;
        if (
          request.method !== 'OPTIONS' &&
          url.startsWith('/api/') &&
          !failedBeforeWriting &&
          !WRITES_SHOPPERS_DO_NOT_SEE.some((prefix) => url.startsWith(prefix))
        )
          await invalidate();
        return payload;
      }
      if (!request.routeOptions.config.publicRead || request.publicReadServed) return payload;
      if (reply.statusCode !== 200 || !(typeof payload === 'string' || Buffer.isBuffer(payload)))
        return payload;
      if (isStaff(request.currentUser)) {
        reply.header('cache-control', STAFF_CACHE_CONTROL);
        return payload;
      }
      const etag = etagOf(payload);
      reply
        .header('etag', etag)
        .header('cache-control', PUBLIC_CACHE_CONTROL)
        .header('vary', 'accept-encoding');
      const fill = request.publicReadFill;
      if (fill) {
        store.set(fill.key, {
          token: fill.token,
          freshUntil: fill.freshUntil,
          etag,
          contentType: String(reply.getHeader('content-type') ?? 'application/json; charset=utf-8'),
          body: Buffer.from(payload),
          encoded: {},
        });
      }
      if (matchesEtag(request, etag)) {
        reply.code(304);
        return '';
      }
      return payload;
    });

    async function invalidate(): Promise<void> {
      store.clear();
      boundary = undefined;
      await options.signal.changed();
      for (const listener of listeners) listener();
    }

    async function freshness(): Promise<{ token: string; freshUntil: number } | undefined> {
      if (!options.cache) return undefined;
      try {
        const token = await currentToken();
        if (token === undefined) return undefined;
        return { token, freshUntil: await freshUntil(token, Date.now()) };
      } catch {
        return undefined;
      }
    }

    app.decorate('publicReads', {
      invalidate,
      onChange: (listener: () => void) => void listeners.push(listener),
      freshness,
    } satisfies PublicReads);
  },
  { name: 'public-reads', dependencies: ['auth'] },
);
