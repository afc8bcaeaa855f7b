import { eq } from 'drizzle-orm';
import {
  productFormSchema,
  productUpdateSchema,
  type Category,
  type ProductForm,
  type ProductUpdate,
} from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { onecProducts, products, type OnecProductRow, type ProductRow } from '../../db/schema.js';
import type { Actor } from '../audit/audit-log.js';
import type { ProductWrites } from '../products/product-writes.js';
import { categoryOfGroups } from './category-rules.js';
import type { CatalogueItem, OnecGroup } from './commerceml.js';
import { samePictures, storedPictures, uploadsOf, type SentPicture } from './exchange-pictures.js';
import { XmlRefused } from './xml-reader.js';

/** A catalogue item as read and checked in the import's first step, pictures fingerprinted. */
export interface ReadItem extends CatalogueItem {
  sentPictures: SentPicture[];
}

/** What the import's first step keeps for the second (JSON in the exchange folder). */
export interface ReadCatalogue {
  complete: boolean;
  groups: [string, OnecGroup][];
  items: ReadItem[];
}

export interface ExchangeCounts {
  created: number;
  updated: number;
  unchanged: number;
  hidden: number;
  /** Linked to a product deleted in the shop, or offers of a product the shop does not know. */
  skipped: number;
}

export const noCounts = (): ExchangeCounts => ({
  created: 0,
  updated: 0,
  unchanged: 0,
  hidden: 0,
  skipped: 0,
});

/** A product and its link to 1C, read inside the import's transaction. */
export interface Linked {
  link: OnecProductRow;
  product: ProductRow;
}

export async function linkedProducts(tx: Tx): Promise<Map<string, Linked>> {
  const rows = await tx
    .select({ link: onecProducts, product: products })
    .from(onecProducts)
    .innerJoin(products, eq(products.id, onecProducts.productId));
  return new Map(rows.map((row) => [row.link.onecId, row]));
}

/** Refuses the file with the form's own message when a value breaks the product form's rules. */
export function checked<T>(
  schema: {
    safeParse(value: unknown): {
      success: boolean;
      data?: T;
      error?: { issues: { path: PropertyKey[]; message: string }[] };
    };
  },
  value: unknown,
  id: string,
): T {
  const result = schema.safeParse(value);
  if (result.success) return result.data as T;
  const issue = result.error!.issues[0]!;
  throw new XmlRefused(`product ${id}: ${issue.path.join('.')}: ${issue.message}`);
}

/**
 * import.xml into the catalogue: 1C's text becomes the Russian name and description (the Uzbek main
 * text is 1C's only for a new product, so staff's translation is never overwritten), its groups
 * the category, its pictures the product's; a new product waits paused until offers.xml prices it.
 */
export class CatalogueExchange {
  constructor(
    private readonly writes: ProductWrites,
    private readonly rules: { categoryRules: ReadonlyMap<string, Category>; defaultCategory: Category },
  ) {}

  async apply(db: Db, folder: string, read: ReadCatalogue, actor: Actor): Promise<ExchangeCounts> {
    const groups = new Map(read.groups);
    return db.transaction(async (tx) => {
      const counts = noCounts();
      const linked = await linkedProducts(tx);
      const seen = new Set<string>();
      for (const item of read.items) {
        seen.add(item.id);
        const category = categoryOfGroups(item.groupIds, groups, this.rules.categoryRules);
        const known = linked.get(item.id);
        if (known?.product.isDeleted) counts.skipped += 1;
        else if (item.removed) await this.hide(tx, known, actor, counts);
        else if (known) await this.update(tx, folder, item, category, known, actor, counts);
        else await this.create(tx, folder, item, category ?? this.rules.defaultCategory, actor, counts);
      }
      if (read.complete) {
        for (const [onecId, known] of linked)
          if (!seen.has(onecId) && !known.product.isDeleted) await this.hide(tx, known, actor, counts);
      }
      return counts;
    });
  }

  private async create(
    tx: Tx,
    folder: string,
    item: ReadItem,
    category: Category,
    actor: Actor,
    counts: ExchangeCounts,
  ) {
    const text = textOf(item);
    const form = checked<ProductForm>(
      productFormSchema,
      { ...text, translations: { ru: text }, price: 0, category, stock: 0, status: 'onPaused', color: [] },
      item.id,
    );
    const uploads = await uploadsOf(folder, item.sentPictures);
    const product = await this.writes.create(form, uploads, actor, { within: tx });
    await tx.insert(onecProducts).values({
      onecId: item.id,
      productId: product._id,
      pictures: storedPictures(item.sentPictures, product.productImages),
      heldBy: 'noOffer',
    });
    counts.created += 1;
  }

  private async update(
    tx: Tx,
    folder: string,
    item: ReadItem,
    category: Category | undefined,
    { link, product }: Linked,
    actor: Actor,
    counts: ExchangeCounts,
  ) {
    const text = textOf(item);
    const ru = product.translations.ru;
    const changes: ProductUpdate = {};
    if (ru?.name !== text.name || ru?.description !== text.description) changes.translations = { ru: text };
    if (category && category !== product.category) changes.category = category;
    if (link.heldBy === 'missing') changes.status = 'active';
    const picturesChanged = !samePictures(link.pictures, item.sentPictures);
    if (picturesChanged) {
      changes.imagesToDelete = link.pictures
        .map((picture) => picture.stored)
        .filter((stored) => product.productImages.includes(stored));
    }
    if (Object.keys(changes).length === 0) {
      counts.unchanged += 1;
      return;
    }
    checked(productUpdateSchema, changes, item.id);
    const uploads = picturesChanged ? await uploadsOf(folder, item.sentPictures) : [];
    const updated = await this.writes.update(product.id, changes, uploads, actor, tx);
    await tx
      .update(onecProducts)
      .set({
        heldBy: link.heldBy === 'missing' ? null : link.heldBy,
        ...(picturesChanged && { pictures: storedPictures(item.sentPictures, updated.productImages) }),
      })
      .where(eq(onecProducts.onecId, link.onecId));
    counts.updated += 1;
  }

  /** Gone from 1C's full catalogue, or marked deleted there: paused, never deleted, and shown again when back. */
  private async hide(tx: Tx, known: Linked | undefined, actor: Actor, counts: ExchangeCounts) {
    if (!known || known.product.status !== 'active') return;
    await this.writes.update(known.product.id, { status: 'onPaused' }, [], actor, tx);
    await tx
      .update(onecProducts)
      .set({ heldBy: 'missing' })
      .where(eq(onecProducts.onecId, known.link.onecId));
    counts.hidden += 1;
  }
}

/** 1C's name and description; a product without a description shows its name. */
function textOf(item: CatalogueItem) {
  return { name: item.name, description: item.description || item.name };
}
