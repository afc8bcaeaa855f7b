import { and, arrayOverlaps, asc, count, desc, eq, inArray, not, sql, type SQL } from 'drizzle-orm';
import {
  newId,
  type DiscountInput,
  type Paged,
  type Product,
  type ProductForm,
  type ProductListQuery,
  type ProductSuggestion,
  type ProductTranslations,
  type ProductTranslationsInput,
  type ProductUpdate,
  type SuggestQuery,
} from '@shop/common';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import type { Db } from '../../db/client.js';
import { offsetOf, toPage } from '../../db/paging.js';
import { products, type ProductRow } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { CountCache } from './count-cache.js';
import { discountRunningAt } from './discount-running.js';
import { ImageStore, prepareImages, sameImage, type ImageUpload } from './images.js';
import { toProductDto, toSuggestion } from './product-dto.js';
import { ProductSearch, type SearchPlan } from './search/product-search.js';
import { searchColumns } from './search/search-document.js';
import { isVisibleToShoppers, visibleToShoppers } from './shopper-visibility.js';

const newestFirst = [desc(products.createdAt), desc(products.id)];

/** The audit records what staff changed, not the search columns derived from it. */
function withoutSearchColumns(row: ProductRow) {
  const { searchName: _name, searchText: _text, searchVersion: _version, ...rest } = row;
  return rest;
}

/** Sent translations merged over the stored ones: a sent field replaces, an empty one removes. */
function mergedTranslations(
  stored: ProductTranslations,
  sent: ProductTranslationsInput | undefined,
): ProductTranslations {
  const merged: ProductTranslations = structuredClone(stored);
  for (const [language, fields] of Object.entries(sent ?? {}) as [
    keyof ProductTranslations,
    Record<string, string | undefined>,
  ][]) {
    const text = { ...merged[language] } as Record<string, string>;
    for (const [field, value] of Object.entries(fields)) {
      if (value === undefined) continue;
      if (value) text[field] = value;
      else delete text[field];
    }
    if (Object.keys(text).length) merged[language] = text;
    else delete merged[language];
  }
  return merged;
}

const productNotFound = () => notFound('PRODUCT_NOT_FOUND', 'Product not found');

function discountColumns(isDiscounted: boolean, discount: DiscountInput | null | undefined) {
  if (!isDiscounted || !discount) {
    return {
      isDiscounted: false,
      discountType: null,
      discountValue: null,
      discountStart: null,
      discountEnd: null,
    };
  }
  return {
    isDiscounted: true,
    discountType: discount.type,
    discountValue: Math.round(discount.value),
    discountStart: discount.startDate ? new Date(discount.startDate) : null,
    discountEnd: discount.endDate ? new Date(discount.endDate) : null,
  };
}

function requireDiscountDetails(isDiscounted: boolean, discount: DiscountInput | null | undefined): void {
  if (isDiscounted && !discount) {
    throw new AppError(400, 'VALIDATION_ERROR', 'Invalid input', [
      { path: 'discounts', message: 'Discount details are required when the product is discounted' },
    ]);
  }
}

export class ProductService {
  private readonly counts = new CountCache();
  readonly search: ProductSearch;

  constructor(
    private readonly db: Db,
    readonly images: ImageStore,
  ) {
    this.search = new ProductSearch(db);
  }

  /** Another process changed the catalogue: list totals counted here may be out of date. */
  forgetCounts(): void {
    this.counts.clear();
  }

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
    return this.page(query, 'staff', and(...conditions));
  }

  private sharedConditions(query: ProductListQuery): SQL[] {
    const conditions: SQL[] = [];
    if (query.category && query.category !== 'all') conditions.push(eq(products.category, query.category));
    if (query.filter === 'new') conditions.push(eq(products.isNewProduct, true));
    if (query.filter === 'discount') conditions.push(discountRunningAt());
    return conditions;
  }

  private async page(
    query: ProductListQuery,
    audience: 'shop' | 'staff',
    where: SQL | undefined,
  ): Promise<Paged<Product>> {
    if (query.ids) return this.listByIds(query.ids, where);
    const plan = query.search ? await this.search.plan(query.search) : null;
    // A search with no searchable word (only punctuation, emoji or single letters) finds nothing.
    if (query.search && !plan) return toPage([], 0, query);
    const filters = where;
    where = and(filters, plan?.matches);
    const order =
      query.sort === 'price_asc'
        ? [asc(products.price), asc(products.id)]
        : query.sort === 'price_desc'
          ? [desc(products.price), desc(products.id)]
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
    ]);
    const now = new Date();
    if (plan && !query.sort) {
      const { rows, totalDocs } = await this.listByRelevance(filters, plan, query, cacheKey);
      return toPage(
        rows.map((row) => toProductDto(row, now)),
        totalDocs,
        query,
      );
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
    return toPage(
      rows.map((row) => toProductDto(row, now)),
      totalDocs,
      query,
    );
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
  private async listByIds(ids: string[], where: SQL | undefined): Promise<Paged<Product>> {
    const rows = await this.db
      .select()
      .from(products)
      .where(and(inArray(products.id, ids), where))
      .orderBy(asc(products.id));
    const now = new Date();
    return toPage(
      rows.map((row) => toProductDto(row, now)),
      rows.length,
      { page: 1, limit: ids.length },
    );
  }

  async get(id: string, asStaff: boolean): Promise<Product> {
    const row = await this.findRow(id);
    if (!row || (!asStaff && !isVisibleToShoppers(row))) throw productNotFound();
    return toProductDto(row);
  }

  private async findRow(id: string): Promise<ProductRow | undefined> {
    const [row] = await this.db.select().from(products).where(eq(products.id, id)).limit(1);
    return row;
  }

  async create(form: ProductForm, uploads: readonly ImageUpload[], actor: Actor): Promise<Product> {
    requireDiscountDetails(form.isDiscounted, form.discounts);
    const prepared = await prepareImages(uploads);
    const paths = await this.images.save(prepared);
    const translations = mergedTranslations({}, form.translations);
    const search = searchColumns({ name: form.name, description: form.description, translations });
    try {
      const row = await this.db.transaction(async (tx) => {
        const [created] = await tx
          .insert(products)
          .values({
            id: newId(),
            name: form.name,
            description: form.description,
            translations,
            ...search,
            price: form.price,
            category: form.category,
            stock: form.stock,
            color: form.color,
            status: form.status,
            isNewProduct: form.isNewProduct,
            productImages: paths,
            ...discountColumns(form.isDiscounted, form.discounts),
          })
          .returning();
        await this.search.remember(tx, search.searchText);
        await recordAudit(tx, actor, {
          action: 'create',
          entity: 'product',
          entityId: created!.id,
          after: withoutSearchColumns(created!),
        });
        return created!;
      });
      this.counts.clear();
      return toProductDto(row);
    } catch (error) {
      await this.images.remove(paths);
      throw error;
    }
  }

  async update(
    id: string,
    changes: ProductUpdate,
    uploads: readonly ImageUpload[],
    actor: Actor,
  ): Promise<Product> {
    const prepared = await prepareImages(uploads);
    const added = await this.images.save(prepared);
    let removed: string[] = [];
    try {
      const row = await this.db.transaction(async (tx) => {
        const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!current) throw productNotFound();
        const toDelete = changes.imagesToDelete ?? [];
        removed = current.productImages.filter((image) => toDelete.some((path) => sameImage(path, image)));
        const kept = current.productImages.filter((image) => !removed.includes(image));

        const isDiscounted = changes.isDiscounted ?? current.isDiscounted;
        const discount =
          changes.discounts !== undefined
            ? changes.discounts
            : current.discountType
              ? {
                  type: current.discountType,
                  value: current.discountValue ?? 0,
                  startDate: current.discountStart?.toISOString() ?? null,
                  endDate: current.discountEnd?.toISOString() ?? null,
                }
              : null;
        requireDiscountDetails(isDiscounted, discount);
        const text = {
          name: changes.name ?? current.name,
          description: changes.description ?? current.description,
          translations: mergedTranslations(current.translations, changes.translations),
        };
        const search = searchColumns(text);

        const [updated] = await tx
          .update(products)
          .set({
            ...(changes.name !== undefined && { name: changes.name }),
            ...(changes.description !== undefined && { description: changes.description }),
            ...(changes.price !== undefined && { price: changes.price }),
            ...(changes.category !== undefined && { category: changes.category }),
            ...(changes.stock !== undefined && { stock: changes.stock }),
            ...(changes.color !== undefined && { color: changes.color }),
            ...(changes.status !== undefined && { status: changes.status }),
            ...(changes.isNewProduct !== undefined && { isNewProduct: changes.isNewProduct }),
            translations: text.translations,
            ...search,
            ...discountColumns(isDiscounted, discount),
            productImages: [...kept, ...added],
            updatedAt: sql`now()`,
          })
          .where(eq(products.id, id))
          .returning();
        await this.search.remember(tx, search.searchText);
        await recordAudit(tx, actor, {
          action: 'update',
          entity: 'product',
          entityId: id,
          before: withoutSearchColumns(current),
          after: withoutSearchColumns(updated!),
        });
        return updated!;
      });
      this.counts.clear();
      await this.images.remove(removed);
      return toProductDto(row);
    } catch (error) {
      await this.images.remove(added);
      throw error;
    }
  }

  async setDeleted(id: string, isDeleted: boolean, actor: Actor): Promise<Product> {
    const row = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!current) throw productNotFound();
      const [updated] = await tx
        .update(products)
        .set({ isDeleted, updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: isDeleted ? 'delete' : 'restore',
        entity: 'product',
        entityId: id,
        before: { isDeleted: current.isDeleted },
        after: { isDeleted },
      });
      return updated!;
    });
    this.counts.clear();
    return toProductDto(row);
  }

  async deleteImage(id: string, image: string, actor: Actor): Promise<Product> {
    const row = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!current) throw productNotFound();
      const match = current.productImages.find((stored) => sameImage(stored, image));
      if (!match) throw notFound('NOT_FOUND', 'This product has no such image');
      const [updated] = await tx
        .update(products)
        .set({
          productImages: current.productImages.filter((stored) => stored !== match),
          updatedAt: sql`now()`,
        })
        .where(eq(products.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'deleteImage',
        entity: 'product',
        entityId: id,
        before: { productImages: current.productImages },
        after: { productImages: updated!.productImages },
      });
      return { updated: updated!, match };
    });
    await this.images.remove([row.match]);
    return toProductDto(row.updated);
  }
}
