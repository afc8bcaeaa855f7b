/** The variant of an order line as the order keeps it (absent or null: a plain product). */
export interface LineVariantText {
  sku: string | null;
  variantLabel: { uz: string; ru: string; en: string } | null;
}

/**
 * An order line as documents and messages name it: "Desk (140×70 cm · Oak)" for a variant, the
 * product and its colour for a plain product, the bare name otherwise. The variant's label already
 * holds its colour, so the colour is not repeated.
 */
export function orderLineName(
  name: string,
  line: { color?: string | null } & Partial<LineVariantText>,
  language: 'uz' | 'ru' | 'en',
): string {
  if (line.variantLabel) return `${name} (${line.variantLabel[language]})`;
  return line.color ? `${name} (${line.color})` : name;
}
