import { eq, sql } from 'drizzle-orm';
import type { Product, ProductVariantsInput } from '@shop/common';
import type { Db } from '../../db/client.js';
import { products } from '../../db/schema.js';
import { recordAudit, type Actor } from '../audit/audit-log.js';
import type { CountCache } from './count-cache.js';
import { toProductDto } from './product-dto.js';
import { productNotFound } from './product-reads.js';
import { toVariantDto } from './variant-reads.js';
import { derivedColumns, writeVariants } from './variant-writes.js';

/** Staff's writes of a product's options and variants, with the products row kept in step. */
export class ProductVariantWrites {
  constructor(
    private readonly db: Db,
    private readonly counts: CountCache,
  ) {}

  /** Options and variants as sent, the derived price, stock and colours, and the audit, in one transaction. */
  async save(id: string, input: ProductVariantsInput, actor: Actor): Promise<Product> {
    const { row, variants } = await this.db.transaction(async (tx) => {
      const [current] = await tx.select().from(products).where(eq(products.id, id)).for('update');
      if (!current) throw productNotFound();
      const change = await writeVariants(tx, current, input);
      const [updated] = await tx
        .update(products)
        .set({ ...derivedColumns(input), updatedAt: sql`now()` })
        .where(eq(products.id, id))
        .returning();
      await recordAudit(tx, actor, {
        action: 'update',
        entity: 'product',
        entityId: id,
        before: {
          options: current.options,
          variants: change.before,
          price: current.price,
          stock: current.stock,
        },
        after: {
          options: updated!.options,
          variants: change.after,
          price: updated!.price,
          stock: updated!.stock,
        },
      });
      return { row: updated!, variants: change.after };
    });
    this.counts.clear();
    const now = new Date();
    return toProductDto(
      row,
      now,
      row.options.length > 0 ? variants.map((variant) => toVariantDto(variant, row, now)) : [],
    );
  }
}
