/**
 * The import's row messages come from the server in English; the ones the sheet's own rules give
 * are known here and shown in the staff member's language, with their names and numbers kept.
 * Any other message (a form rule's) is shown as sent.
 */
const KNOWN: readonly [RegExp, string, readonly string[]][] = [
  [/^This sku is on an earlier row too$/, 'duplicateSku', []],
  [/^An sku is 8 characters of 0-9 and A-F/, 'skuFormat', []],
  [/^Two products share this sku/, 'sharedSku', []],
  [/^This product is deleted/, 'deleted', []],
  [/^This product has variants: give each its own row/, 'hasVariants', []],
  [/^Only a variant is made to order/, 'plainMadeToOrder', []],
  [/^This sku is another product's variant$/, 'otherProductsSku', []],
  [/^Rows of one product with variants share a key here/, 'productKey', []],
  [/^Rows of one product must agree: row (\d+) says otherwise$/, 'disagree', ['row']],
  [/^Every variant of this product needs a value code here/, 'optionValue', []],
  [/^This product's options are (.+): options are added or removed/, 'optionsFixed', ['options']],
  [/^Expected yes or no$/, 'yesNo', []],
  [/^Expected whole days from 0 to (\d+)$/, 'leadDays', ['max']],
  [/^The discounted price must be below the price$/, 'discountBelow', []],
  [/^Expected a whole number of so‘m$/, 'wholeSom', []],
  [/^This is not the product of this sku$/, 'wrongProduct', []],
  [/^Leave blank for a new product$/, 'productBlank', []],
  [/^No picture named (.+) in the zip’s images folder$/, 'pictureMissing', ['name']],
  [/^(.+) is not a stored picture$/, 'pictureNotStored', ['name']],
  [/^(.+) is not a JPEG, PNG, WebP, AVIF or GIF image$/, 'notPicture', ['name']],
  [/^(.+) could not be read as an image$/, 'unreadablePicture', ['name']],
  [/^Keep the stored pictures as exported/, 'keepPictures', []],
];

/** The translation key and values of a known message, or null. */
export function knownImportMessage(message: string): { key: string; values: Record<string, string> } | null {
  for (const [pattern, key, names] of KNOWN) {
    const match = pattern.exec(message);
    if (match)
      return { key, values: Object.fromEntries(names.map((name, index) => [name, match[index + 1]!])) };
  }
  return null;
}
