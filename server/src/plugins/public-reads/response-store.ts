import { createHash } from 'node:crypto';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { FastifyReply, FastifyRequest } from 'fastify';

/** Browsers and proxies may reuse a public answer this long without asking again. */
const SHARED_MAX_AGE_S = 5;
export const PUBLIC_CACHE_CONTROL = `public, max-age=${SHARED_MAX_AGE_S}, must-revalidate`;

export type Encoding = 'br' | 'gzip' | 'identity';

export interface StoredResponse {
  /** The change-signal token the answer was made under. */
  token: string;
  /** After this moment (a discount starts or ends) the answer is no longer what shoppers pay. */
  freshUntil: number;
  etag: string;
  contentType: string;
  body: Buffer;
  /** Compressed copies, made on the first request that accepts each encoding. */
  encoded: Partial<Record<Exclude<Encoding, 'identity'>, Buffer>>;
}

/** The client's preferred encoding among the two the shop keeps (a q=0 refusal is honoured). */
export function chooseEncoding(acceptEncoding: string | undefined): Encoding {
  if (!acceptEncoding) return 'identity';
  const accepts = (name: string) => {
    const match = new RegExp(`(?:^|,)\\s*${name}\\s*(?:;\\s*q=([0-9.]+))?`, 'i').exec(acceptEncoding);
    return !!match && (match[1] === undefined || Number(match[1]) > 0);
  };
  if (accepts('br')) return 'br';
  if (accepts('gzip')) return 'gzip';
  return 'identity';
}

export const etagOf = (body: Buffer | string): string =>
  `W/"${createHash('sha1').update(body).digest('base64url').slice(0, 22)}"`;

export function encode(entry: StoredResponse, encoding: Encoding): Buffer {
  if (encoding === 'identity') return entry.body;
  let bytes = entry.encoded[encoding];
  if (!bytes) {
    // Brotli quality 5: most of the size gain of 11 at a small part of its time.
    bytes =
      encoding === 'br'
        ? brotliCompressSync(entry.body, { params: { [constants.BROTLI_PARAM_QUALITY]: 5 } })
        : gzipSync(entry.body, { level: 6 });
    entry.encoded[encoding] = bytes;
  }
  return bytes;
}

/** Whether the client's `If-None-Match` names this ETag (weak comparison, as for a GET). */
export function matchesEtag(request: FastifyRequest, etag: string): boolean {
  const header = request.headers['if-none-match'];
  if (!header) return false;
  if (header.trim() === '*') return true;
  const bare = etag.replace(/^W\//, '');
  return header.split(',').some((tag) => tag.trim().replace(/^W\//, '') === bare);
}

/**
 * Sends a stored answer as it is: its ETag (304 when the client has it), its caching rule, and
 * the compressed copy the client accepts. `vary` names what else chose this answer.
 */
export function sendStored(
  request: FastifyRequest,
  reply: FastifyReply,
  entry: StoredResponse,
  { vary = 'accept-encoding', cacheControl = PUBLIC_CACHE_CONTROL } = {},
) {
  reply.header('etag', entry.etag).header('cache-control', cacheControl).header('vary', vary);
  if (matchesEtag(request, entry.etag)) return reply.code(304).send();
  const encoding = chooseEncoding(request.headers['accept-encoding']);
  reply.header('content-type', entry.contentType);
  if (encoding !== 'identity') reply.header('content-encoding', encoding);
  return reply.send(encode(entry, encoding));
}

/** Ready answers by URL, least recently used dropped first, bounded in count and bytes. */
export class ResponseStore {
  private readonly entries = new Map<string, StoredResponse>();
  private bytes = 0;

  constructor(
    private readonly maxEntries = 5000,
    private readonly maxBytes = 64 * 1024 * 1024,
  ) {}

  get(key: string, token: string, now: number): StoredResponse | undefined {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    if (entry.token !== token || entry.freshUntil <= now) {
      this.delete(key);
      return undefined;
    }
    // Map order is recency order.
    this.entries.delete(key);
    this.entries.set(key, entry);
    return entry;
  }

  set(key: string, entry: StoredResponse): void {
    this.delete(key);
    this.entries.set(key, entry);
    this.bytes += entry.body.length * 2;
    for (const [oldest] of this.entries) {
      if (this.entries.size <= this.maxEntries && this.bytes <= this.maxBytes) break;
      this.delete(oldest);
    }
  }

  clear(): void {
    this.entries.clear();
    this.bytes = 0;
  }

  get size(): number {
    return this.entries.size;
  }

  private delete(key: string): void {
    const entry = this.entries.get(key);
    if (!entry) return;
    this.entries.delete(key);
    this.bytes -= entry.body.length * 2;
  }
}
