import { CATEGORIES, REGION_ISO_CODES, REGION_NAMES } from '@shop/common';
import { CATEGORY_NAMES } from './category-names.js';
import { categoryNumber, orderable, type FeedContext, type FeedItem } from './feed-items.js';
import { xmlElement, xmlText } from '../xml/xml-text.js';
import { clip, csvRow, feedPrice } from './feed-text.js';

/** What a feed's head names: the shop. */
export interface FeedShop {
  shopName: string;
  publicUrl: string;
}

/** A feed format: its head, one record per item and its end, written one after another. */
export interface FeedFormat {
  contentType: string;
  head(shop: FeedShop, context: FeedContext): string;
  item(item: FeedItem, shop: FeedShop): string;
  tail(): string;
}

export const FEED_NAMES = ['google', 'yandex', 'meta'] as const;
export type FeedName = (typeof FEED_NAMES)[number];

// Merchant Center's limits: title 150 characters, description 5000, 10 additional images.
const GOOGLE_TITLE_MAX = 150;
const DESCRIPTION_MAX = 5000;
const ADDITIONAL_IMAGES_MAX = 10;
// Google's product taxonomy: 436 is "Furniture".
const GOOGLE_FURNITURE_CATEGORY = 436;

const isoDate = (date: Date) => date.toISOString().replace(/\.\d{3}Z$/, 'Z');

/** Merchant Center's `sale_price_effective_date`: start/end, open ends filled by far dates. */
function saleDates(item: FeedItem): string | null {
  if (!item.saleStart && !item.saleEnd) return null;
  const start = item.saleStart ?? new Date(0);
  const end = item.saleEnd ?? new Date(Date.UTC(2099, 11, 31));
  return `${isoDate(start)}/${isoDate(end)}`;
}

const googleAvailability = (item: FeedItem) => (orderable(item) ? 'in_stock' : 'out_of_stock');

/** Google Merchant Center product data in RSS 2.0 with the `g:` namespace. */
const google: FeedFormat = {
  contentType: 'application/rss+xml; charset=utf-8',
  head: (shop, { language }) =>
    `<?xml version="1.0" encoding="UTF-8"?>\n<rss version="2.0" xmlns:g="http://base.google.com/ns/1.0"><channel>` +
    `${xmlElement('title', shop.shopName)}${xmlElement('link', shop.publicUrl)}` +
    `${xmlElement('description', `${shop.shopName} (${language})`)}\n`,
  item: (item, shop) =>
    '<item>' +
    xmlElement('g:id', item.id) +
    xmlElement('g:title', clip(item.title, GOOGLE_TITLE_MAX)) +
    xmlElement('g:description', clip(item.description, DESCRIPTION_MAX)) +
    xmlElement('g:link', item.link) +
    xmlElement('g:image_link', item.images[0]) +
    item.images
      .slice(1, 1 + ADDITIONAL_IMAGES_MAX)
      .map((url) => xmlElement('g:additional_image_link', url))
      .join('') +
    xmlElement('g:availability', googleAvailability(item)) +
    xmlElement('g:price', feedPrice(item.price)) +
    (item.salePrice === null ? '' : xmlElement('g:sale_price', feedPrice(item.salePrice))) +
    xmlElement('g:sale_price_effective_date', saleDates(item)) +
    xmlElement('g:brand', shop.shopName) +
    xmlElement('g:mpn', item.mpn) +
    xmlElement('g:condition', 'new') +
    xmlElement('g:item_group_id', item.groupId) +
    xmlElement('g:google_product_category', GOOGLE_FURNITURE_CATEGORY) +
    xmlElement('g:product_type', item.categoryName) +
    item.shipping
      .map(
        ({ zone, price }) =>
          '<g:shipping>' +
          xmlElement('g:country', 'UZ') +
          xmlElement('g:region', REGION_ISO_CODES[zone.region]) +
          xmlElement('g:service', REGION_NAMES[zone.region].en) +
          xmlElement('g:price', feedPrice(price)) +
          xmlElement('g:min_transit_time', zone.leadDays) +
          xmlElement('g:max_transit_time', zone.leadDays) +
          '</g:shipping>',
      )
      .join('') +
    '</item>\n',
  tail: () => '</channel></rss>\n',
};

/** YML's `date`: local time with the offset, minutes precision. */
const ymlDate = (now: Date) => `${now.toISOString().slice(0, 16)}+00:00`;
/** YML's `group_id` is a number of at most 9 digits: drawn from the product's hex id. */
const ymlGroupId = (groupId: string) => String(parseInt(groupId.slice(-7), 16));

/** Yandex YML (`yml_catalog`), the simplified offer type. */
const yandex: FeedFormat = {
  contentType: 'application/xml; charset=utf-8',
  head: (shop, { language, now, zones }) => {
    const open = zones.filter((zone) => zone.enabled);
    const cheapest = open.reduce<(typeof open)[number] | undefined>(
      (best, zone) => (!best || zone.fee < best.fee ? zone : best),
      undefined,
    );
    return (
      `<?xml version="1.0" encoding="UTF-8"?>\n<yml_catalog date="${ymlDate(now)}"><shop>` +
      xmlElement('name', shop.shopName) +
      xmlElement('company', shop.shopName) +
      xmlElement('url', shop.publicUrl) +
      '<currencies><currency id="UZS" rate="1"/></currencies><categories>' +
      CATEGORIES.map(
        (category) =>
          `<category id="${categoryNumber(category)}">${xmlText(CATEGORY_NAMES[category][language])}</category>`,
      ).join('') +
      '</categories>' +
      (cheapest
        ? `<delivery-options><option cost="${cheapest.fee}" days="${cheapest.leadDays}"/></delivery-options>`
        : '') +
      '<offers>\n'
    );
  },
  item: (item, shop) =>
    `<offer id="${xmlText(item.id)}" available="${orderable(item)}"` +
    (item.groupId === null ? '' : ` group_id="${ymlGroupId(item.groupId)}"`) +
    '>' +
    xmlElement('name', item.title) +
    xmlElement('vendor', shop.shopName) +
    xmlElement('vendorCode', item.mpn) +
    xmlElement('url', item.link) +
    xmlElement('price', item.salePrice ?? item.price) +
    (item.salePrice === null ? '' : xmlElement('oldprice', item.price)) +
    xmlElement('currencyId', 'UZS') +
    xmlElement('categoryId', categoryNumber(item.category)) +
    item.images.map((url) => xmlElement('picture', url)).join('') +
    xmlElement('delivery', String(item.shipping.length > 0)) +
    xmlElement('description', clip(item.description, 3000)) +
    xmlElement('count', item.stock) +
    '</offer>\n',
  tail: () => '</offers></shop></yml_catalog>\n',
};

/** Meta commerce catalogue: the data feed's CSV columns, one header row. */
export const META_COLUMNS = [
  'id',
  'title',
  'description',
  'availability',
  'condition',
  'price',
  'link',
  'image_link',
  'brand',
  'additional_image_link',
  'sale_price',
  'sale_price_effective_date',
  'item_group_id',
  'google_product_category',
  'product_type',
  'quantity_to_sell_on_facebook',
] as const;

// Meta's limits: title 200 characters, description 9999.
const META_TITLE_MAX = 200;
const META_DESCRIPTION_MAX = 9999;

const meta: FeedFormat = {
  contentType: 'text/csv; charset=utf-8',
  head: () => csvRow(META_COLUMNS),
  item: (item, shop) =>
    csvRow([
      item.id,
      clip(item.title, META_TITLE_MAX),
      clip(item.description, META_DESCRIPTION_MAX),
      orderable(item) ? 'in stock' : 'out of stock',
      'new',
      feedPrice(item.price),
      item.link,
      item.images[0],
      shop.shopName,
      item.images.slice(1, 1 + ADDITIONAL_IMAGES_MAX).join(','),
      item.salePrice === null ? null : feedPrice(item.salePrice),
      saleDates(item),
      item.groupId,
      GOOGLE_FURNITURE_CATEGORY,
      item.categoryName,
      item.stock,
    ]),
  tail: () => '',
};

export const FEED_FORMATS: Record<FeedName, FeedFormat> = { google, yandex, meta };
