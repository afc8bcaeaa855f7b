import { createHash } from 'node:crypto';
import { createReadStream, createWriteStream, mkdtempSync, rmSync, type WriteStream } from 'node:fs';
import { rm } from 'node:fs/promises';
import { once } from 'node:events';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { PassThrough, type Readable } from 'node:stream';
import { sql } from 'drizzle-orm';
import type { Language } from '@shop/common';
import type { Db } from '../../db/client.js';
import { deliveryZones, products, productVariants } from '../../db/schema.js';
import { discountRunningAt } from '../products/discount-running.js';
import { visibleToShoppers } from '../products/shopper-visibility.js';
import { FEED_FORMATS, type FeedName, type FeedShop } from './feed-formats.js';
import { feedItems, type FeedContext } from './feed-items.js';

export interface FeedAnswer {
  etag: string;
  contentType: string;
  /** The feed's bytes: from the cached file, or written while they are read. */
  body: () => Readable;
}

interface CachedFeed {
  etag: string;
  file: string;
}

/**
 * The three catalogue feeds, written a page of products at a time to the reply and, alongside, to
 * a file that answers the next requests while the catalogue stays the same. Whether it stayed the
 * same is asked of the database on every request (aggregates over products, variants and zones), so
 * a feed is never older than the last committed change, and every process of the shop agrees.
 */
export class FeedService {
  private readonly dir = mkdtempSync(path.join(tmpdir(), 'shop-feeds-'));
  private readonly cached = new Map<string, CachedFeed>();
  private generation = 0;

  constructor(
    private readonly db: Db,
    private readonly shop: FeedShop,
    private readonly clock: () => Date = () => new Date(),
  ) {}

  /** The ETag of a feed as the catalogue is now: it changes with any product, variant, price, stock or zone. */
  async etag(name: FeedName, language: Language): Promise<string> {
    const now = this.clock();
    const result = await this.db.execute(sql`
      select (select max(${products.updatedAt})::text from ${products}) as products_changed,
             (select count(*) from ${products} where ${visibleToShoppers})::text as visible,
             (select coalesce(sum(hashtext(${products.id})), 0) from ${products}
               where ${visibleToShoppers} and ${discountRunningAt(now)})::text as on_sale,
             (select max(${deliveryZones.updatedAt})::text from ${deliveryZones}) as zones_changed,
             (select count(*)::text || ':' || coalesce(sum(hashtext(row(${productVariants.id},
                ${productVariants.sku}, ${productVariants.values}, ${productVariants.price},
                ${productVariants.discountedPrice}, ${productVariants.stock}, ${productVariants.madeToOrder},
                ${productVariants.status}, ${productVariants.image}, ${productVariants.position})::text)), 0)
               from ${productVariants}) as variants`);
    const row = (result as unknown as { rows: Record<string, unknown>[] }).rows[0];
    const state = JSON.stringify([name, language, this.shop, row]);
    return `W/"${createHash('sha1').update(state).digest('base64url').slice(0, 22)}"`;
  }

  async answer(name: FeedName, language: Language): Promise<FeedAnswer> {
    const etag = await this.etag(name, language);
    const key = `${name}-${language}`;
    const contentType = FEED_FORMATS[name].contentType;
    const ready = this.cached.get(key);
    if (ready?.etag === etag) return { etag, contentType, body: () => createReadStream(ready.file) };
    return { etag, contentType, body: () => this.write(name, language, key, etag) };
  }

  /** Streams the feed and keeps its copy once it is written to the end. */
  private write(name: FeedName, language: Language, key: string, etag: string): Readable {
    const out = new PassThrough();
    const file = path.join(this.dir, `${key}-${++this.generation}`);
    const copy = createWriteStream(file);
    copy.on('error', () => {});
    this.fill(name, language, out, copy).then(
      async () => {
        // The copy is kept before the reply ends: a client's next request finds it.
        copy.end();
        await once(copy, 'close');
        const previous = this.cached.get(key);
        this.cached.set(key, { etag, file });
        out.end();
        if (previous) await rm(previous.file, { force: true });
      },
      (error: unknown) => {
        out.destroy(error instanceof Error ? error : new Error(String(error)));
        copy.destroy();
        void rm(file, { force: true });
      },
    );
    return out;
  }

  private async fill(name: FeedName, language: Language, out: PassThrough, copy: WriteStream) {
    const format = FEED_FORMATS[name];
    const now = this.clock();
    const zones = await this.db.select().from(deliveryZones);
    const context: FeedContext = { language, publicUrl: this.shop.publicUrl, zones, now };
    const put = async (text: string) => {
      if (!text) return;
      copy.write(text);
      // The reader sets the pace: a slow client holds a page of rows, not the catalogue.
      if (!out.write(text)) await Promise.race([once(out, 'drain'), once(out, 'close')]);
      if (out.destroyed) throw new Error('The client left before the feed was written');
    };
    await put(format.head(this.shop, context));
    for await (const item of feedItems(this.db, context)) await put(format.item(item, this.shop));
    await put(format.tail());
  }

  /** Removes the cached files (the app is closing). */
  close(): void {
    rmSync(this.dir, { recursive: true, force: true });
  }
}
