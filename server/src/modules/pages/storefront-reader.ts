import {
  ID_PATTERN,
  productListQuerySchema,
  type InstalmentTermsResponse,
  type PrivacyDocument,
  type StorefrontReader,
} from '@shop/common';
import { AppError, validationError } from '../../plugins/errors.js';
import type { ProductReads } from '../products/product-reads.js';

/**
 * The catalogue as a server-rendered page reads it: the product service itself (no HTTP hop),
 * with the API's own query rules and a shopper's view (no paused or deleted products), and the
 * instalment terms every price's "from … so'm/month" is computed from, the delivery and
 * reviews a product page's structured data names, and the privacy text of the shop's settings.
 */
export function storefrontReader(
  products: ProductReads,
  instalments: { terms(): InstalmentTermsResponse },
  productFacts: StorefrontReader['productFacts'],
  privacy: PrivacyDocument,
): StorefrontReader {
  return {
    instalmentTerms: () => instalments.terms(),
    productFacts,
    privacy: () => privacy,
    async listProducts(query) {
      const parsed = productListQuerySchema.safeParse(query);
      if (!parsed.success) throw validationError(parsed.error);
      return products.listForShoppers(parsed.data);
    },
    async product(id) {
      if (!ID_PATTERN.test(id)) return null;
      try {
        return await products.get(id, false);
      } catch (error) {
        if (error instanceof AppError && error.statusCode === 404) return null;
        throw error;
      }
    },
  };
}
