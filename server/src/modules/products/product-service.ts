import type { Db } from '../../db/client.js';
import { CountCache } from './count-cache.js';
import type { ImageStore } from './images.js';
import { ProductReads } from './product-reads.js';
import { ProductVariantWrites } from './product-variants.js';
import { ProductWrites } from './product-writes.js';
import { ProductSearch } from './search/product-search.js';

/** The catalogue: its reads and staff writes, sharing the search and the list totals they count. */
export class ProductService {
  private readonly counts = new CountCache();
  readonly search: ProductSearch;
  readonly reads: ProductReads;
  readonly writes: ProductWrites;
  readonly variants: ProductVariantWrites;

  constructor(
    /** The export reads the catalogue in pages of its own. */
    readonly db: Db,
    readonly images: ImageStore,
    defaultVatPercent: number,
  ) {
    this.search = new ProductSearch(db);
    this.reads = new ProductReads(db, this.search, this.counts);
    this.writes = new ProductWrites(db, images, this.search, this.counts, defaultVatPercent);
    this.variants = new ProductVariantWrites(db, this.counts);
  }

  /** Another process changed the catalogue: list totals counted here may be out of date. */
  forgetCounts(): void {
    this.counts.clear();
  }
}
