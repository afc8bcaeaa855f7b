import { eq } from 'drizzle-orm';
import { LIMITS, colorListField, productUpdateSchema, type ProductUpdate } from '@shop/common';
import type { Db, Tx } from '../../db/client.js';
import { onecProducts } from '../../db/schema.js';
import type { Actor } from '../audit/audit-log.js';
import type { ProductWrites } from '../products/product-writes.js';
import { checked, linkedProducts, noCounts, type ExchangeCounts, type Linked } from './catalogue-exchange.js';
import type { OfferItem, OffersFile, PriceType } from './commerceml.js';
import { XmlRefused } from './xml-reader.js';

/** How 1C names the so'm (its currency's code, number or short name); no currency at all is so'm too. */
const SOM = new Set(['', 'uzs', '860', 'сум', 'сўм', "so'm", 'soʻm', 'som', 'сум.']);
/** Characteristics that are the product's colour. */
const COLOUR_TRAITS = new Set(['цвет', 'цвет товара', 'rang', 'rangi', 'color', 'colour']);

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

/** Offers of one product: its price is the lowest of its offers', its stock their sum, its colours theirs. */
function productChanges(
  offers: readonly OfferItem[],
  priceType: PriceType | undefined,
  { link, product }: Linked,
) {
  const prices = offers.flatMap((offer) => {
    const price = priceType ? offer.prices.find((each) => each.typeId === priceType.id) : offer.prices[0];
    if (!price) return [];
    if (!SOM.has(price.currency.toLowerCase()))
      throw new XmlRefused(`offer ${offer.id}: price in ${price.currency}; the shop sells in so'm (UZS)`);
    return [Math.round(price.value)];
  });
  const quantities = offers.flatMap((offer) => (offer.quantity === undefined ? [] : [offer.quantity]));
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
    const stored = [...product.color].sort().join('\n');
    if ([...keys].sort().join('\n') !== stored) changes.color = keys;
  }
  // A product 1C created waits paused for its first price.
  const priced = link.heldBy === 'noOffer' && (price ?? product.price) > 0;
  if (priced) changes.status = 'active';
  return { changes, priced };
}

/** offers.xml into the catalogue: prices, stock and colours of the products import.xml linked. */
export class OffersExchange {
  constructor(
    private readonly writes: ProductWrites,
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
        else await this.applyOffers(tx, offers, priceType, known, actor, counts);
      }
      return counts;
    });
  }

  private async applyOffers(
    tx: Tx,
    offers: readonly OfferItem[],
    priceType: PriceType | undefined,
    known: Linked,
    actor: Actor,
    counts: ExchangeCounts,
  ) {
    const { changes, priced } = productChanges(offers, priceType, known);
    if (Object.keys(changes).length === 0) {
      counts.unchanged += 1;
      return;
    }
    checked(productUpdateSchema, changes, known.link.onecId);
    await this.writes.update(known.product.id, changes, [], actor, tx);
    if (priced)
      await tx.update(onecProducts).set({ heldBy: null }).where(eq(onecProducts.onecId, known.link.onecId));
    counts.updated += 1;
  }
}
