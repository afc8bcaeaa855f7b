import {
  and,
  arrayOverlaps,
  asc,
  count,
  desc,
  eq,
  inArray,
  isNotNull,
  isNull,
  not,
  or,
  type SQL,
} from 'drizzle-orm';
import type { Paged, Product, ProductListQuery, ProductSuggestion, SuggestQuery } from '@shop/common';
import type { Db } from '../../db/client.js';
import { offsetOf, toPage } from '../../db/paging.js';
import { products, type ProductRow } from '../../db/schema.js';
import { notFound } from '../../plugins/errors.js';
import type { CountCache } from './count-cache.js';
import { discountRunningAt, unitPriceAt } from './discount-running.js';
import { toProductDto, toSuggestion } from './product-dto.js';
import type { ProductSearch, SearchPlan } from './search/product-search.js';
import { isVisibleToShoppers, visibleToShoppers } from './shopper-visibility.js';
import { hasActiveVariantWith, matchesSku, withVariants } from './variant-reads.js';

const newestFirst = [desc(products.createdAt), desc(products.id)];

export const productNotFound = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');

/** The catalogue as shoppers and staff read it: lists, search-as-you-type, one product. */
export class ProductReads {
  constructor(
    private readonly db: Db,
    private readonly search: ProductSearch,
    private readonly counts: CountCache,
  ) {}

  /** The storefront's list: active products only (the route has refused staff filters). */
  listForShoppers(query: ProductListQuery): Promise<Paged<Product>> {
    return this.page(query, 'shop', and(visibleToShoppers, ...this.sharedConditions(query)));
  }

  /** The back office's list: not deleted by default; status, deletion, colour and discount filters. */
  listForStaff(query: ProductListQuery): Promise<Paged<Product>> {
    const conditions = this.sharedConditions(query);
    const deleted = query.isDeleted ?? 'false';
    if (deleted !== 'all') conditions.push(eq(products.isDeleted, deleted === 'true'));
    if (query.status !== 'all') conditions.push(eq(products.status, query.status));
    const colors = (query.color ?? '')
      .split(',')
      .map((c) => c.trim())
      .filter(Boolean);
    if (colors.length) conditions.push(arrayOverlaps(products.color, colors));
    if (query.isDiscounted !== undefined) conditions.push(eq(products.isDiscounted, query.isDiscounted));
    if (query.missingFiscalData !== undefined) {
      const complete = and(isNotNull(products.ikpu), isNotNull(products.packageCode))!;
      conditions.push(
        query.missingFiscalData ? or(isNull(products.ikpu), isNull(products.packageCode))! : complete,
      );
    }
    return this.page(query, 'staff', and(...conditions));
  }

  private sharedConditions(query: ProductListQuery): SQL[] {
    const conditions: SQL[] = [];
    if (query.category && query.category !== 'all') conditions.push(eq(products.category, query.category));
    if (query.filter === 'new') conditions.push(eq(products.isNewProduct, true));
    if (query.filter === 'discount') conditions.push(discountRunningAt());
    if (query.opt && Object.keys(query.opt).length > 0) conditions.push(hasActiveVariantWith(query.opt));
    return conditions;
  }

  /** The words' plan, widened by an exact SKU; null when the search can find nothing. */
  private async planFor(search: string): Promise<SearchPlan | null> {
    const [plan, sku] = [await this.search.plan(search), await matchesSku(this.db, search)];
    if (!sku) return plan;
    if (!plan) return { matches: sku, matchesName: sku };
    return { matches: or(plan.matches, sku)!, matchesName: or(plan.matchesName, sku)! };
  }

  private dtos(rows: readonly ProductRow[], audience: 'shop' | 'staff', now: Date): Promise<Product[]> {
    return withVariants(
      this.db,
      rows,
      audience === 'staff',
      (row, variants) => toProductDto(row, now, variants),
      now,
    );
  }

  private async page(
    query: ProductListQuery,
    audience: 'shop' | 'staff',
    where: SQL | undefined,
  ): Promise<Paged<Product>> {
    if (query.ids) return this.listByIds(query.ids, where, audience);
    const plan = query.search ? await this.planFor(query.search) : null;
    // A search with no searchable word (only punctuation, emoji or single letters) finds nothing.
    if (query.search && !plan) return toPage([], 0, query);
    const filters = where;
    where = and(filters, plan?.matches);
    const now = new Date();
    // By the price the shopper pays: a discounted sofa sorts by its sale price.
    const order =
      query.sort === 'price_asc'
        ? [asc(unitPriceAt(now)), asc(products.id)]
        : query.sort === 'price_desc'
          ? [desc(unitPriceAt(now)), desc(products.id)]
          : newestFirst;
    const cacheKey = JSON.stringify([
      audience,
      query.status,
      query.category,
      query.search,
      query.filter,
      query.color,
      query.isDiscounted,
      query.isDeleted,
      query.missingFiscalData,
      query.opt,
    ]);
    if (plan && !query.sort) {
      const { rows, totalDocs } = await this.listByRelevance(filters, plan, query, cacheKey);
      return toPage(await this.dtos(rows, audience, now), totalDocs, query);
    }
    const [rows, totalDocs] = await Promise.all([
      this.db
        .select()
        .from(products)
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(offsetOf(query)),
      this.countOf(cacheKey, where),
    ]);
    return toPage(await this.dtos(rows, audience, now), totalDocs, query);
  }

  private countOf(cacheKey: string, where: SQL | undefined): Promise<number> {
    return this.counts.get(cacheKey, async () => {
      const [row] = await this.db.select({ total: count() }).from(products).where(where);
      return row?.total ?? 0;
    });
  }

  /**
   * Relevance (decision 012): hits by name first, then hits by description only, each newest
   * first. Two index-served reads, each stopping at the page's end, instead of ranking every hit.
   * A product's search text begins with its search name, so a hit by name needs no second check
   * against the text (one trigram index read instead of two).
   */
  private async listByRelevance(
    filters: SQL | undefined,
    plan: SearchPlan,
    page: ProductListQuery,
    cacheKey: string,
  ): Promise<{ rows: ProductRow[]; totalDocs: number }> {
    const where = and(filters, plan.matches);
    const byName = and(filters, plan.matchesName);
    const [totalDocs, nameHits] = await Promise.all([
      this.countOf(cacheKey, where),
      this.countOf(`${cacheKey}|name`, byName),
    ]);
    const offset = offsetOf(page);
    const fromNames =
      offset < nameHits
        ? await this.db
            .select()
            .from(products)
            .where(byName)
            .orderBy(...newestFirst)
            .limit(page.limit)
            .offset(offset)
        : [];
    const room = page.limit - fromNames.length;
    const fromDescriptions =
      room > 0 && totalDocs > nameHits
        ? await this.db
            .select()
            .from(products)
            .where(and(where, not(plan.matchesName)))
            .orderBy(...newestFirst)
            .limit(room)
            .offset(Math.max(0, offset - nameHits))
        : [];
    return { rows: [...fromNames, ...fromDescriptions], totalDocs };
  }

  /** Header search-as-you-type: a few active products, by name first, in the shopper's language. */
  async suggest({ q, limit, lang }: SuggestQuery): Promise<{ docs: ProductSuggestion[] }> {
    const plan = await this.search.plan(q);
    if (!plan) return { docs: [] };
    const columns = {
      id: products.id,
      name: products.name,
      translations: products.translations,
      price: products.price,
      isDiscounted: products.isDiscounted,
      discountType: products.discountType,
      discountValue: products.discountValue,
      discountStart: products.discountStart,
      discountEnd: products.discountEnd,
      productImages: products.productImages,
    };
    const byName = await this.db
      .select(columns)
      .from(products)
      .where(and(visibleToShoppers, plan.matchesName))
      .orderBy(...newestFirst)
      .limit(limit);
    const more =
      byName.length < limit
        ? await this.db
            .select(columns)
            .from(products)
            .where(and(visibleToShoppers, plan.matches, not(plan.matchesName)))
            .orderBy(...newestFirst)
            .limit(limit - byName.length)
        : [];
    const now = new Date();
    return { docs: [...byName, ...more].map((row) => toSuggestion(row, lang, now)) };
  }

  /**
   * The cart's refresh: the listed products, all on one page and counted fresh (never from the
   * count cache), under the same visibility rules as the list.
   */
  private async listByIds(
    ids: string[],
    where: SQL | undefined,
    audience: 'shop' | 'staff',
  ): Promise<Paged<Product>> {
    const rows = await this.db
      .select()
      .from(products)
      .where(and(inArray(products.id, ids), where))
      .orderBy(asc(products.id));
    return toPage(await this.dtos(rows, audience, new Date()), rows.length, {
      page: 1,
      limit: ids.length,
    });
  }

  async get(id: string, asStaff: boolean): Promise<Product> {
    const row = await this.findRow(id);
    if (!row || (!asStaff && !isVisibleToShoppers(row))) throw productNotFound();
    const [product] = await this.dtos([row], asStaff ? 'staff' : 'shop', new Date());
    return product!;
  }

  private async findRow(id: string): Promise<ProductRow | undefined> {
    const [row] = await this.db.select().from(products).where(eq(products.id, id)).limit(1);
    return row;
  }
}
