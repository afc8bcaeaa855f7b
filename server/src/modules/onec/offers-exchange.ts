import { eq } from 'drizzle-orm';
import {
  LIMITS,
  colorListField,
  derivedProductFields,
  productUpdateSchema,
  type ProductUpdate,
} from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { onecProducts, productVariants } from '../../db/schema.js';
import type { Actor } from '../audit/audit-log.js';
import type { ProductVariantWrites } from '../products/product-variants.js';
import type { ProductWrites } from '../products/product-writes.js';
import { checked, linkedProducts, noCounts, type ExchangeCounts, type Linked } from './catalogue-exchange.js';
import type { OfferItem, OffersFile, PriceType } from './commerceml.js';
import { COLOUR_TRAITS, sameVariants, variantsOf } from './offer-variants.js';
import { XmlRefused } from './xml-reader.js';

/** How 1C names the so'm (its currency's code, number or short name); no currency at all is so'm too. */
const SOM = new Set(['', 'uzs', '860', 'сум', 'сўм', "so'm", 'soʻm', 'som', 'сум.']);

/** The price type whose prices the shop sells at: ONEC_PRICE_TYPE (Ид or name), else the first listed. */
export function chosenPriceType(
  types: readonly PriceType[],
  wanted: string | undefined,
): PriceType | undefined {
  if (!wanted) return types[0];
  const found = types.find((type) => type.id === wanted || type.name.toLowerCase() === wanted.toLowerCase());
  if (!found) throw new XmlRefused(`price type "${wanted}" (ONEC_PRICE_TYPE) is not in the file`);
  return found;
}

/** The offer's price in whole so'm, or undefined when the file gives none of the chosen type. */
function priceOf(offer: OfferItem, priceType: PriceType | undefined): number | undefined {
  const price = priceType ? offer.prices.find((each) => each.typeId === priceType.id) : offer.prices[0];
  if (!price) return undefined;
  if (!SOM.has(price.currency.toLowerCase()))
    throw new XmlRefused(`offer ${offer.id}: price in ${price.currency}; the shop sells in so'm (UZS)`);
  return Math.round(price.value);
}

/** A plain product's offer: its price, stock and colours as changes of the product. */
function plainChanges(offers: readonly OfferItem[], priceType: PriceType | undefined, { product }: Linked) {
  const prices = offers.flatMap((offer) => priceOf(offer, priceType) ?? []);
  const quantities = offers.flatMap((offer) => offer.quantity ?? []);
  const colours = offers.flatMap((offer) =>
    offer.traits.filter((trait) => COLOUR_TRAITS.has(trait.name.toLowerCase())).map((trait) => trait.value),
  );
  const changes: ProductUpdate = {};
  const price = prices.length ? Math.min(...prices) : undefined;
  if (price !== undefined && price !== product.price) changes.price = price;
  if (quantities.length) {
    const stock = Math.min(LIMITS.maxStock, Math.max(0, Math.floor(quantities.reduce((a, b) => a + b, 0))));
    if (stock !== product.stock) changes.stock = stock;
  }
  if (colours.length) {
    const keys = checked<string[]>(colorListField, colours, offers[0]!.productId);
    if ([...keys].sort().join('\n') !== [...product.color].sort().join('\n')) changes.color = keys;
  }
  return { changes, price: price ?? product.price };
}

/**
 * offers.xml into the catalogue: a product's offer gives its price, stock and colours; offers with
 * characteristics (`Ид#характеристика`) become its options and variants, through the products
 * module's variant writer.
 */
export class OffersExchange {
  constructor(
    private readonly writes: ProductWrites,
    private readonly variants: ProductVariantWrites,
    private readonly priceType: string | undefined,
  ) {}

  async apply(db: Db, file: OffersFile, actor: Actor): Promise<ExchangeCounts> {
    const priceType = chosenPriceType(file.priceTypes, this.priceType);
    const byProduct = new Map<string, OfferItem[]>();
    for (const offer of file.offers)
      byProduct.set(offer.productId, [...(byProduct.get(offer.productId) ?? []), offer]);
    return db.transaction(async (tx) => {
      const counts = noCounts();
      const linked = await linkedProducts(tx);
      for (const [productId, offers] of byProduct) {
        const known = linked.get(productId);
        if (!known || known.product.isDeleted) counts.skipped += 1;
        else {
          const changed = offers.some((offer) => offer.traits.length > 0 && offer.id.includes('#'))
            ? await this.applyVariants(tx, offers, priceType, known, actor)
            : await this.applyPlain(tx, offers, priceType, known, actor);
          counts[changed ? 'updated' : 'unchanged'] += 1;
        }
      }
      return counts;
    });
  }

  private async applyPlain(
    tx: Tx,
    offers: readonly OfferItem[],
    priceType: PriceType | undefined,
    known: Linked,
    actor: Actor,
  ): Promise<boolean> {
    // 1C no longer sends its characteristics: the product is a plain one again.
    const hadVariants = known.product.options.length > 0;
    if (hadVariants) await this.variants.save(known.product.id, { options: [], variants: [] }, actor, tx);
    const { changes, price } = plainChanges(offers, priceType, known);
    const priced = this.activate(known, price, changes);
    if (Object.keys(changes).length === 0) return hadVariants;
    checked(productUpdateSchema, changes, known.link.onecId);
    await this.writes.update(known.product.id, changes, [], actor, tx);
    if (priced) await this.released(tx, known);
    return true;
  }

  private async applyVariants(
    tx: Tx,
    offers: readonly OfferItem[],
    priceType: PriceType | undefined,
    known: Linked,
    actor: Actor,
  ): Promise<boolean> {
    const stored = await tx
      .select()
      .from(productVariants)
      .where(eq(productVariants.productId, known.product.id));
    const input = variantsOf(known.product, offers, (offer) => priceOf(offer, priceType), stored);
    const same = sameVariants(known.product, stored, input);
    const changes: ProductUpdate = {};
    const priced = this.activate(known, derivedProductFields(input.options, input.variants).price, changes);
    if (same && !priced) return false;
    if (!same) await this.variants.save(known.product.id, input, actor, tx);
    if (priced) {
      await this.writes.update(known.product.id, changes, [], actor, tx);
      await this.released(tx, known);
    }
    return true;
  }

  /** A product 1C created waits paused for its first price: with one, it is put on sale. */
  private activate({ link }: Linked, price: number, changes: ProductUpdate): boolean {
    if (link.heldBy !== 'noOffer' || price <= 0) return false;
    changes.status = 'active';
    return true;
  }

  private async released(tx: Tx, { link }: Linked) {
    await tx.update(onecProducts).set({ heldBy: null }).where(eq(onecProducts.onecId, link.onecId));
  }
}
