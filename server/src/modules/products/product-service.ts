import { and, arrayOverlaps, asc, count, desc, eq, isNull, lte, gte, or, sql, type SQL } from 'drizzle-orm';
import {
  newId,
  type DiscountInput,
  type Paged,
  type Product,
  type ProductForm,
  type ProductListQuery,
  type ProductUpdate,
} from '@shop/common';
import type { Db } from '../../db/client.js';
import { offsetOf, toPage } from '../../db/paging.js';
import { products, type ProductRow } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { CountCache } from './count-cache.js';
import { ImageStore, prepareImages, sameImage, type ImageUpload } from './images.js';
import { toProductDto } from './product-dto.js';
import { isVisibleToShoppers } from './shopper-visibility.js';

const escapeLike = (term: string) => term.replace(/[\\%_]/g, (c) => `\\${c}`);

/** Matches the expression of products_search_idx, so the trigram index serves the search. */
const searchText = sql`(lower(${products.name}) || ' ' || lower(${products.description}))`;

const discountRunningNow = and(
  eq(products.isDiscounted, true),
  sql`${products.discountType} is not null`,
  or(isNull(products.discountStart), lte(products.discountStart, sql`now()`)),
  or(isNull(products.discountEnd), gte(products.discountEnd, sql`now()`)),
);

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

  constructor(
    private readonly db: Db,
    readonly images: ImageStore,
  ) {}

  async list(query: ProductListQuery, asStaff: boolean): Promise<Paged<Product>> {
    const where = this.listConditions(query, asStaff);
    const order =
      query.sort === 'price_asc'
        ? [asc(products.price), asc(products.id)]
        : query.sort === 'price_desc'
          ? [desc(products.price), desc(products.id)]
          : [desc(products.createdAt), desc(products.id)];
    const cacheKey = JSON.stringify([
      asStaff,
      query.status,
      query.category,
      query.search,
      query.filter,
      query.color,
      query.isDiscounted,
      query.isDeleted,
    ]);
    const [rows, totalDocs] = await Promise.all([
      this.db
        .select()
        .from(products)
        .where(where)
        .orderBy(...order)
        .limit(query.limit)
        .offset(offsetOf(query)),
      this.counts.get(cacheKey, async () => {
        const [row] = await this.db.select({ total: count() }).from(products).where(where);
        return row?.total ?? 0;
      }),
    ]);
    const now = new Date();
    return toPage(
      rows.map((row) => toProductDto(row, now)),
      totalDocs,
      query,
    );
  }

  private listConditions(query: ProductListQuery, asStaff: boolean): SQL | undefined {
    const conditions: (SQL | undefined)[] = [];
    // Paused and deleted products are for staff eyes only (decisions.md).
    const deleted = asStaff ? (query.isDeleted ?? 'false') : 'false';
    if (deleted !== 'all') conditions.push(eq(products.isDeleted, deleted === 'true'));
    const status = asStaff ? query.status : 'active';
    if (status !== 'all') conditions.push(eq(products.status, status));
    if (query.category && query.category !== 'all') conditions.push(eq(products.category, query.category));
    if (query.search)
      conditions.push(sql`${searchText} like ${`%${escapeLike(query.search.toLowerCase())}%`}`);
    if (query.filter === 'new') conditions.push(eq(products.isNewProduct, true));
    if (query.filter === 'discount') conditions.push(discountRunningNow);
    if (asStaff && query.color) {
      const colors = query.color
        .split(',')
        .map((c) => c.trim())
        .filter(Boolean);
      if (colors.length) conditions.push(arrayOverlaps(products.color, colors));
    }
    if (asStaff && query.isDiscounted !== undefined)
      conditions.push(eq(products.isDiscounted, query.isDiscounted));
    return and(...conditions);
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

  async create(form: ProductForm, uploads: readonly ImageUpload[]): Promise<Product> {
    requireDiscountDetails(form.isDiscounted, form.discounts);
    const prepared = await prepareImages(uploads);
    const paths = await this.images.save(prepared);
    try {
      const [row] = await this.db
        .insert(products)
        .values({
          id: newId(),
          name: form.name,
          description: form.description,
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
      this.counts.clear();
      return toProductDto(row!);
    } catch (error) {
      await this.images.remove(paths);
      throw error;
    }
  }

  async update(id: string, changes: ProductUpdate, uploads: readonly ImageUpload[]): Promise<Product> {
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
            ...discountColumns(isDiscounted, discount),
            productImages: [...kept, ...added],
            updatedAt: sql`now()`,
          })
          .where(eq(products.id, id))
          .returning();
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

  async setDeleted(id: string, isDeleted: boolean): Promise<Product> {
    const [row] = await this.db
      .update(products)
      .set({ isDeleted, updatedAt: sql`now()` })
      .where(eq(products.id, id))
      .returning();
    if (!row) throw productNotFound();
    this.counts.clear();
    return toProductDto(row);
  }

  async deleteImage(id: string, image: string): Promise<Product> {
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
      return { updated: updated!, match };
    });
    await this.images.remove([row.match]);
    return toProductDto(row.updated);
  }
}
