import { eq, sql } from 'drizzle-orm';
import {
  newId,
  type DiscountInput,
  type Product,
  type ProductForm,
  type ProductTranslations,
  type ProductTranslationsInput,
  type ProductImage,
  type ProductUpdate,
} from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { products, type ProductRow } from '../../db/schema.js';
import { AppError, notFound } from '../../plugins/errors.js';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import type { CountCache } from './count-cache.js';
import {
  describeImages,
  prepareImages,
  sameImage,
  type ImageStore,
  type ImageUpload,
  type PreparedImage,
} from './images.js';
import { holdPictureCopies, variantNames } from './image-variants.js';
import { toProductDto } from './product-dto.js';
import { productNotFound } from './product-reads.js';
import type { ProductSearch } from './search/product-search.js';
import { withVariants } from './variant-reads.js';
import { refuseDerivedChanges } from './variant-writes.js';
import { searchColumns } from './search/search-document.js';

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

/**
 * Staff changes to the catalogue, each in one transaction with its audit entry; a picture is
 * written before and removed after, so a failed write leaves no file behind.
 */
export class ProductWrites {
  constructor(
    private readonly db: Db,
    private readonly images: ImageStore,
    private readonly search: ProductSearch,
    private readonly counts: CountCache,
    /** VAT_PERCENT: the rate of a new product whose form sends none. */
    private readonly defaultVatPercent: number,
  ) {}

  /**
   * `within`: a caller's transaction this write joins (a savepoint), so that many writes, such as a
   * spreadsheet's rows, stand or fall together; `id`: the new product's id, when its SKU was chosen.
   */
  async create(
    form: ProductForm,
    uploads: readonly ImageUpload[],
    actor: Actor,
    { id, within }: { id?: string; within?: Tx } = {},
  ): Promise<Product> {
    requireDiscountDetails(form.isDiscounted, form.discounts);
    const prepared = await prepareImages(uploads);
    const paths = await this.images.save(prepared);
    const translations = mergedTranslations({}, form.translations);
    const search = searchColumns({ name: form.name, description: form.description, translations });
    try {
      const row = await this.inTransaction(within, async (tx) => {
        await this.keepCopiesOf(tx, prepared);
        const [created] = await tx
          .insert(products)
          .values({
            id: id ?? newId(),
            name: form.name,
            description: form.description,
            translations,
            ...search,
            price: form.price,
            assemblyPrice: form.assemblyPrice,
            category: form.category,
            stock: form.stock,
            color: form.color,
            status: form.status,
            isNewProduct: form.isNewProduct,
            ikpu: form.ikpu ?? null,
            packageCode: form.packageCode ?? null,
            vatPercent: form.vatPercent ?? this.defaultVatPercent,
            productImages: paths,
            imageVariants: describeImages(prepared, paths),
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
      await this.dropUnusedCopies(describeImages(prepared, paths));
      throw error;
    }
  }

  async update(
    id: string,
    changes: ProductUpdate,
    uploads: readonly ImageUpload[],
    actor: Actor,
    within?: Tx,
  ): Promise<Product> {
    const prepared = await prepareImages(uploads);
    const added = await this.images.save(prepared);
    let removed: string[] = [];
    let removedImages: ProductImage[] = [];
    try {
      const row = await this.inTransaction(within, async (tx) => {
        const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
        if (!current) throw productNotFound();
        refuseDerivedChanges(current, changes);
        await this.keepCopiesOf(tx, prepared);
        const toDelete = changes.imagesToDelete ?? [];
        removed = current.productImages.filter((image) => toDelete.some((path) => sameImage(path, image)));
        const kept = current.productImages.filter((image) => !removed.includes(image));
        removedImages = current.imageVariants.filter((image) => removed.includes(image.src));

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
            ...(changes.assemblyPrice !== undefined && { assemblyPrice: changes.assemblyPrice }),
            ...(changes.category !== undefined && { category: changes.category }),
            ...(changes.stock !== undefined && { stock: changes.stock }),
            ...(changes.color !== undefined && { color: changes.color }),
            ...(changes.status !== undefined && { status: changes.status }),
            ...(changes.isNewProduct !== undefined && { isNewProduct: changes.isNewProduct }),
            ...(changes.ikpu !== undefined && { ikpu: changes.ikpu }),
            ...(changes.packageCode !== undefined && { packageCode: changes.packageCode }),
            ...(changes.vatPercent !== undefined && { vatPercent: changes.vatPercent }),
            translations: text.translations,
            ...search,
            ...discountColumns(isDiscounted, discount),
            productImages: [...kept, ...added],
            imageVariants: [
              ...current.imageVariants.filter((image) => kept.includes(image.src)),
              ...describeImages(prepared, added),
            ],
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
      await this.dropUnusedCopies(removedImages);
      return this.dto(row, within);
    } catch (error) {
      await this.images.remove(added);
      await this.dropUnusedCopies(describeImages(prepared, added));
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
    return this.dto(row);
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
          imageVariants: current.imageVariants.filter((variant) => variant.src !== match),
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
      return {
        updated: updated!,
        match,
        images: current.imageVariants.filter((variant) => variant.src === match),
      };
    });
    await this.images.remove([row.match]);
    await this.dropUnusedCopies(row.images);
    return this.dto(row.updated);
  }

  /** The product as staff read it, with all its variants. */
  private async dto(row: ProductRow, within?: Tx): Promise<Product> {
    const [product] = await withVariants(within ?? this.db, [row], true, (stored, variants) =>
      toProductDto(stored, new Date(), variants),
    );
    return product!;
  }

  /** Runs `work` in a transaction of its own, or as a savepoint of the caller's. */
  private inTransaction<T>(within: Tx | undefined, work: (tx: Tx) => Promise<T>): Promise<T> {
    return within ? within.transaction(work) : this.db.transaction(work);
  }

  /**
   * Before a row names new pictures' sized copies: under `holdPictureCopies`, writes again any a
   * removal of the same picture deleted since they were prepared.
   */
  private async keepCopiesOf(tx: Tx, prepared: readonly PreparedImage[]) {
    if (prepared.length === 0) return;
    await holdPictureCopies(tx);
    await this.images.restoreCopies(prepared);
  }

  /**
   * Deletes the sized copies of pictures just taken off that no product shows any more; a copy
   * another product's identical picture shares stays. One look over the products for them all,
   * under `holdPictureCopies`, so an upload naming the same copies waits or is seen.
   */
  private async dropUnusedCopies(images: readonly ProductImage[]): Promise<void> {
    const names = [...new Set(images.flatMap(variantNames))];
    if (names.length === 0) return;
    const pattern = names.map((name) => name.replace('.', '\\.')).join('|');
    await this.db.transaction(async (tx) => {
      await holdPictureCopies(tx);
      const sharing = await tx
        .select({ text: sql<string>`${products.imageVariants}::text` })
        .from(products)
        .where(sql`${products.imageVariants}::text ~ ${pattern}`);
      await this.images.removeCopies(names.filter((name) => !sharing.some((row) => row.text.includes(name))));
    });
  }
}
