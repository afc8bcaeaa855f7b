import { z } from 'zod';

const translatedTextSchema = z.object({ name: z.string().optional(), description: z.string().optional() });
/**
 * Russian and English text of a product on the wire; absent where nobody wrote it (decision 012).
 * A file of its own: reviews and the dashboard name products too, and product.ts imports reviews.
 */
export const productTranslationsSchema = z.object({
  ru: translatedTextSchema.optional(),
  en: translatedTextSchema.optional(),
});
